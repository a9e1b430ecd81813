import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { fileCalls, inspectionReportCalls, type ReportFileHistoryRow } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileUpload, type StoredFileRef } from '../../../components/index.ts';
import { call, download, saveFile } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { useReport, useReportHistory, useReportRights, useReportSide, useReportWrite } from '../queries.ts';
import { ConclusionTag, ReportStateTag } from '../ReportDetail.tsx';

/** Picks a report by its number (the reports the user reads). */
function ReportPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const [term, setTerm] = useState('');
  const list = useQuery({
    queryKey: ['inspection-reports', 'picker', term],
    queryFn: ({ signal }) =>
      call(
        inspectionReportCalls.query,
        { page: 1, limit: 20, ...(term ? { reportNo: term } : {}) },
        { signal },
      ),
  });
  return (
    <Select
      showSearch
      filterOption={false}
      style={{ width: 360 }}
      placeholder="输入报告编号查找检验报告"
      value={value ?? undefined}
      onSearch={(v) => setTerm(v.trim().slice(0, 40))}
      onChange={onChange}
      loading={list.isFetching}
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到检验报告" />}
      options={(list.data?.records ?? []).map((r) => ({
        value: r.id,
        label: `${r.reportNo}（${r.registerCode}）`,
      }))}
      data-testid="reportfilehis-picker"
    />
  );
}

/**
 * 报告原始记录: the versions of a report's original record (version, file, uploader, time, download),
 * newest first; the inspector or the organisation uploads a new version (the old ones are kept).
 */
export default function ReportFileHistoryPage() {
  const param = usePageParam('reportId');
  const [picked, setPicked] = useState<number | null>(null);
  const id = picked ?? param;
  const navigate = useNavigate();
  const report = useReport(id);
  const history = useReportHistory(id);
  const side = useReportSide();
  const rights = useReportRights();
  const write = useReportWrite();
  const [files, setFiles] = useState<StoredFileRef[]>([]);
  const [busy, setBusy] = useState(false);
  const r = report.data;
  const mayUpload =
    !!r && rights.edit && (side === 'organization' || side === 'inspector') && r.state !== 'closed';

  const uploadVersion = async () => {
    if (!r || files.length === 0) return;
    setBusy(true);
    try {
      await write(
        () => call(inspectionReportCalls.updateOriginalRecord, { id: r.id, fileId: files[0].id }),
        '已上传新版本',
      );
      setFiles([]);
    } catch {
      // the api client showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="报告原始记录"
      extra={
        <Space>
          <ReportPicker value={id} onChange={setPicked} />
          <Button onClick={() => navigate(ORG_PATHS.report)}>返回检验报告</Button>
        </Space>
      }
      data-testid="reportfilehis"
    >
      {id === null ? (
        <Empty description="请选择检验报告，或从检验报告列表的“原始记录”进入" />
      ) : report.isError ? (
        <Alert type="error" showIcon message="检验报告不存在或无权访问" />
      ) : !r ? null : (
        <>
          <Descriptions size="small" bordered column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="报告编号">{r.reportNo}</Descriptions.Item>
            <Descriptions.Item label="注册代码">{r.registerCode}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <ReportStateTag state={r.state} />
            </Descriptions.Item>
            <Descriptions.Item label="使用单位">{dash(r.useUnitName)}</Descriptions.Item>
            <Descriptions.Item label="检验日期">{dash(r.inspectedOn)}</Descriptions.Item>
            <Descriptions.Item label="检验结论">
              <ConclusionTag conclusion={r.conclusion} />
            </Descriptions.Item>
          </Descriptions>
          {mayUpload && (
            <Card size="small" title="上传新版本" style={{ marginBottom: 12 }}>
              <Space align="start" wrap>
                <FileUpload kind="image" maxCount={1} value={files} onChange={setFiles} />
                <Popconfirm
                  title="上传为原始记录的新版本？"
                  description="历史版本保留，可随时下载"
                  onConfirm={() => void uploadVersion()}
                  disabled={files.length === 0}
                >
                  <Button
                    type="primary"
                    icon={<UploadOutlined />}
                    disabled={files.length === 0}
                    loading={busy}
                    data-testid="reportfilehis-upload"
                  >
                    上传新版本
                  </Button>
                </Popconfirm>
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                支持 PDF、JPG、PNG、GIF，单个文件不超过 5 MB
              </Typography.Paragraph>
            </Card>
          )}
          <Table<ReportFileHistoryRow>
            size="small"
            rowKey="id"
            loading={history.isLoading}
            dataSource={history.data ?? []}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无原始记录" /> }}
            data-testid="reportfilehis-versions"
            columns={[
              { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `V${v}` },
              { title: '文件', dataIndex: 'fileName', render: (v: string | null) => dash(v) },
              {
                title: '上传人',
                dataIndex: 'uploaderName',
                width: 120,
                render: (v: string | null) => dash(v),
              },
              { title: '上传时间', dataIndex: 'uploadedAt', width: 170 },
              {
                title: '操作',
                key: 'download',
                width: 90,
                render: (_, x) => (
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      download(fileCalls.showFile, { id: x.fileId })
                        .then((f) => saveFile({ ...f, fileName: x.fileName ?? f.fileName }))
                        .catch(() => undefined)
                    }
                  >
                    下载
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
