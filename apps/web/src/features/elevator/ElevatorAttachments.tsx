import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  DISPLAY_IMAGE_EXTENSIONS,
  type ElevatorAttachment,
  elevatorCalls,
  fileCalls,
  fileExtension,
  MAX_ELEVATOR_ATTACHMENTS,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Image, Modal, Popconfirm, Space, Spin, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { FileUpload, type StoredFileRef } from '../../components/index.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { usePermission } from '../../lib/access.ts';
import { call, download, saveFile } from '../../lib/api.ts';
import { formatBytes } from '../../lib/format.ts';
import { elevatorKeys } from './queries.ts';

const PdfViewer = lazy(() =>
  import('../../components/PdfViewer.tsx').then((m) => ({ default: m.PdfViewer })),
);

const kindOf = (name: string) => {
  const ext = fileExtension(name);
  if (ext === 'pdf') return 'pdf';
  if (DISPLAY_IMAGE_EXTENSIONS.includes(ext)) return 'image';
  return 'other';
};

/** Saves one stored file under its own name. */
async function downloadFile(a: ElevatorAttachment) {
  try {
    const file = await download(fileCalls.showFile, { id: a.fileId });
    saveFile({ blob: file.blob, fileName: a.fileName });
  } catch {
    // shown by the request layer
  }
}

/** The preview dialog: PDFs in the shared PDF viewer, pictures inline, other files to download. */
function AttachmentPreview({ file, onClose }: { file: ElevatorAttachment | null; onClose: () => void }) {
  const kind = file ? kindOf(file.fileName) : 'other';
  const image = useQuery({
    queryKey: ['imageBase64', file?.fileId],
    queryFn: () => call(fileCalls.imageBase64, { id: file!.fileId }),
    enabled: !!file && kind === 'image',
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Modal
      title={file?.fileName}
      open={!!file}
      footer={
        file ? (
          <Button icon={<DownloadOutlined />} onClick={() => downloadFile(file)}>
            下载
          </Button>
        ) : null
      }
      width={kind === 'pdf' ? 820 : 640}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="attachment-preview">
        {file && kind === 'pdf' ? (
          <Suspense fallback={<Spin />}>
            <PdfViewer fileId={file.fileId} />
          </Suspense>
        ) : file && kind === 'image' ? (
          image.data ? (
            <Image src={image.data} alt={file.fileName} preview={false} style={{ width: '100%' }} />
          ) : (
            <Spin />
          )
        ) : (
          <span>该类型文件不支持在线预览，请下载后查看。</span>
        )}
      </div>
    </Modal>
  );
}

/**
 * 附件 tab of the elevator detail: the elevator's files with size, uploader and time; upload (the
 * shared attachment upload, then attached by file id), preview and removal with confirmation.
 */
export function ElevatorAttachments({ elevatorId }: { elevatorId: number }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = usePermission('elevator:edit');
  const [preview, setPreview] = useState<ElevatorAttachment | null>(null);
  const [attaching, setAttaching] = useState(false);
  const key = elevatorKeys.detail('attachments', elevatorId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(elevatorCalls.attachmentList, { elevatorId }, { signal }),
  });
  const rows = list.data ?? [];

  const attach = async (files: StoredFileRef[]) => {
    if (files.length === 0) return;
    setAttaching(true);
    try {
      const next = await call(elevatorCalls.attachmentAdd, { elevatorId, fileIds: files.map((f) => f.id) });
      client.setQueryData(key, next);
      message.success(`已上传附件：${files.map((f) => f.fileName).join('、')}`);
    } catch {
      // shown by the request layer
    } finally {
      setAttaching(false);
      void client.invalidateQueries({ queryKey: key });
    }
  };

  const remove = async (row: ElevatorAttachment) => {
    try {
      await call(elevatorCalls.attachmentRemove, { elevatorId, ids: [row.id] });
      message.success(`已删除附件：${row.fileName}`);
    } catch {
      // shown by the request layer
    } finally {
      await client.invalidateQueries({ queryKey: key });
    }
  };

  return (
    <div data-testid="elevator-attachments">
      {canEdit && (
        <Space align="start" style={{ marginBottom: 12 }} wrap>
          <Spin spinning={attaching} size="small">
            <FileUpload
              kind="attachment"
              multiple
              maxCount={Math.max(0, MAX_ELEVATOR_ATTACHMENTS - rows.length)}
              value={[]}
              onChange={(files) => void attach(files)}
            />
          </Spin>
          <Typography.Text type="secondary">
            支持 DOC、DOCX、XLS、XLSX、PDF、ZIP、RAR，单个文件不超过 5M，每台电梯最多{' '}
            {MAX_ELEVATOR_ATTACHMENTS} 个附件。
          </Typography.Text>
        </Space>
      )}
      <Table<ElevatorAttachment>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? (
            '附件加载失败，请刷新重试'
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" />
          ),
        }}
        columns={[
          {
            title: '文件名',
            dataIndex: 'fileName',
            render: (_, row) => (
              <Typography.Link onClick={() => setPreview(row)} title="预览">
                {row.fileName}
              </Typography.Link>
            ),
          },
          { title: '大小', dataIndex: 'size', width: 100, render: (_, row) => formatBytes(row.size) },
          {
            title: '上传人',
            dataIndex: 'uploaderName',
            width: 120,
            render: (_, row) => row.uploaderName ?? '—',
          },
          { title: '上传时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: canEdit ? 170 : 120,
            render: (_, row) => (
              <Space size="small">
                <RowAction icon={<EyeOutlined />} onClick={() => setPreview(row)}>
                  预览
                </RowAction>
                <RowAction icon={<DownloadOutlined />} onClick={() => downloadFile(row)}>
                  下载
                </RowAction>
                {canEdit && (
                  <Popconfirm
                    title={`确定删除附件「${row.fileName}」吗？`}
                    description="删除后该文件不再属于这台电梯。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(row)}
                  >
                    <RowAction danger>删除</RowAction>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AttachmentPreview file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
