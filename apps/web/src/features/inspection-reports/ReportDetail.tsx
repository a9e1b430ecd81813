import {
  INSPECTION_REPORT_STATE_LABEL,
  type InspectionReportDetail,
  type InspectionResultRow,
} from '@ec/contract';
import { Alert, Card, Descriptions, Empty, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import { dash } from '../../lib/format.ts';
import { CONCLUSION_COLOR, STATE_COLOR } from './logic.ts';
import { useReport, useReportHistory } from './queries.ts';

export const ReportStateTag = ({ state }: { state: InspectionReportDetail['state'] }) => (
  <Tag color={STATE_COLOR[state]} data-testid="report-state">
    {INSPECTION_REPORT_STATE_LABEL[state]}
  </Tag>
);

export const ConclusionTag = ({ conclusion }: { conclusion: string | null }) =>
  conclusion ? (
    <Tag color={CONCLUSION_COLOR[conclusion] ?? 'default'} data-testid="report-conclusion">
      {conclusion}
    </Tag>
  ) : (
    <Typography.Text type="secondary">未出结论</Typography.Text>
  );

const RESULT_COLOR: Record<string, string> = { 符合: 'green', 不符合: 'red', 无此项: 'default' };

/** A report's detail: the lift and parties, conclusion and dates, results, instruments, inspectors and history. */
export function ReportDetailView({ id }: { id: number }) {
  const q = useReport(id);
  const files = useReportHistory(id);
  if (q.isError) return <Alert type="error" showIcon message="检验报告不存在或无权访问" />;
  const r = q.data;
  if (!r) return <Skeleton active />;
  const failed = r.results.filter((x) => x.result === '不符合');
  const events = [
    r.signedAt && { children: `检验人员签字 ${r.signedAt}` },
    r.pushedAt && { children: `推送（出具报告） ${r.pushedAt}`, color: 'green' },
    r.closedAt && { children: `关闭 ${r.closedAt}`, color: 'gray' },
    ...(files.data ?? []).map((f) => ({
      children: `原始记录 V${f.version}：${f.fileName ?? f.fileId}（${dash(f.uploaderName)} ${f.uploadedAt}）`,
      color: 'blue',
    })),
  ].filter(Boolean) as { children: string; color?: string }[];
  return (
    <div data-testid="report-detail">
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="报告编号">{r.reportNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <ReportStateTag state={r.state} />
        </Descriptions.Item>
        <Descriptions.Item label="检验类别">{r.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="申请单号">{r.orderNo}</Descriptions.Item>
        <Descriptions.Item label="注册代码">{r.registerCode}</Descriptions.Item>
        <Descriptions.Item label="电梯地址">{r.address}</Descriptions.Item>
        <Descriptions.Item label="使用单位">{dash(r.useUnitName)}</Descriptions.Item>
        <Descriptions.Item label="检验机构">{dash(r.orgName)}</Descriptions.Item>
        <Descriptions.Item label="检验结论">
          <ConclusionTag conclusion={r.conclusion} />
        </Descriptions.Item>
        <Descriptions.Item label="检验日期">{dash(r.inspectedOn)}</Descriptions.Item>
        <Descriptions.Item label="整改期限">{dash(r.rectificationDeadline)}</Descriptions.Item>
        <Descriptions.Item label="下次检验日期">{dash(r.nextInspectionDate)}</Descriptions.Item>
        <Descriptions.Item label="报告日期">{dash(r.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label="报告备注">{dash(r.pdfRemark)}</Descriptions.Item>
      </Descriptions>
      {failed.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`不符合项 ${failed.length} 项：${failed.map((x) => `${x.code} ${x.name}`).join('、')}`}
        />
      )}
      <Card size="small" title="检验项目与结果" style={{ marginBottom: 12 }}>
        <Table<InspectionResultRow>
          size="small"
          rowKey="itemId"
          dataSource={r.results}
          pagination={r.results.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: '暂无检验项目' }}
          columns={[
            { title: '项目号', dataIndex: 'code', width: 80 },
            { title: '类别', dataIndex: 'category', width: 120 },
            {
              title: '检验项目',
              dataIndex: 'name',
              render: (v: string, x) => (x.keyItem ? `★ ${v}` : v),
            },
            {
              title: '检验结果',
              dataIndex: 'result',
              width: 90,
              render: (v: string | null) =>
                v ? (
                  <Tag color={RESULT_COLOR[v]}>{v}</Tag>
                ) : (
                  <Typography.Text type="secondary">未录入</Typography.Text>
                ),
            },
            { title: '备注', dataIndex: 'remark', render: (v: string | null) => dash(v) },
          ]}
        />
      </Card>
      <Card size="small" title="检验设备" style={{ marginBottom: 12 }}>
        {r.instruments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未选择检验设备" />
        ) : (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={r.instruments}
            columns={[
              { title: '设备名称', dataIndex: 'name' },
              { title: '出厂编号', dataIndex: 'serialNo' },
              { title: '检定有效期至', dataIndex: 'validUntil', render: (v: string | null) => dash(v) },
            ]}
          />
        )}
      </Card>
      <Card size="small" title="检验人员" style={{ marginBottom: 12 }}>
        {r.inspectors.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无检验人员" />
        ) : (
          r.inspectors.map((p) => (
            <Tag key={p.id}>
              {p.name}（证书编号 {p.certNo ?? '未登记'}）
            </Tag>
          ))
        )}
        {r.reviewer && (
          <div style={{ marginTop: 8 }} data-testid="report-reviewer">
            审核人员：
            <Tag>
              {r.reviewer.name}（证书编号 {r.reviewer.certNo ?? '未登记'}）
            </Tag>
          </div>
        )}
      </Card>
      <Card size="small" title="记录">
        {events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />
        ) : (
          <Timeline items={events} />
        )}
      </Card>
    </div>
  );
}
