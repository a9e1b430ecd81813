import type { ProColumns } from '@ant-design/pro-components';
import { type CallOutput, EXPORT_STATE_LABEL, EXPORT_STATES, EXPORT_TOPIC, exportCalls } from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Popconfirm, Progress, Tag, Tooltip } from 'antd';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call, download, saveFile } from '../../../lib/api.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { opsKeys } from '../keys.ts';

type Row = CallOutput<typeof exportCalls.query>['records'][number];

const STATE_COLOUR: Record<Row['state'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'default',
};
const STATE_ENUM = Object.fromEntries(EXPORT_STATES.map((s) => [s, { text: EXPORT_STATE_LABEL[s] }]));

/**
 * 导出中心: the user's background exports (the administrator's: everyone's) with their progress,
 * refreshed live; download while the link is valid, cancel one in progress, remove one that ended.
 */
export default function ExportPage() {
  const client = useQueryClient();
  useLiveRefresh([EXPORT_TOPIC], opsKeys.exports);
  const changed = () => client.invalidateQueries({ queryKey: opsKeys.exports });

  const columns: ProColumns<Row>[] = [
    { title: '导出内容', dataIndex: 'name', search: false },
    { title: '文件名', dataIndex: 'fileName', search: false, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 200,
      valueType: 'select',
      valueEnum: STATE_ENUM,
      render: (_, r) =>
        r.state === 'running' ? (
          <Progress percent={r.progress} size="small" status="active" format={(p) => `生成中 ${p}%`} />
        ) : r.state === 'failed' ? (
          <Tooltip title={r.error}>
            <Tag color="error">失败：{r.error}</Tag>
          </Tooltip>
        ) : (
          <Tag color={STATE_COLOUR[r.state]}>{r.stateLabel}</Tag>
        ),
    },
    {
      title: '行数',
      dataIndex: 'rows',
      search: false,
      align: 'right',
      render: (_, r) =>
        r.state === 'done'
          ? r.rows.toLocaleString('zh-CN')
          : r.totalRows
            ? `约 ${r.totalRows.toLocaleString('zh-CN')}`
            : '—',
    },
    {
      title: '文件大小',
      dataIndex: 'bytes',
      search: false,
      align: 'right',
      render: (_, r) => (r.bytes ? formatBytes(r.bytes) : '—'),
    },
    { title: '提交人', dataIndex: 'username', search: false, width: 110 },
    { title: '提交时间', dataIndex: 'createTime', search: false, width: 170 },
    {
      title: '完成时间',
      dataIndex: 'finishTime',
      search: false,
      width: 170,
      render: (_, r) => r.finishTime ?? '—',
    },
    {
      title: '下载有效期至',
      dataIndex: 'expiresTime',
      search: false,
      width: 170,
      render: (_, r) => r.expiresTime ?? '—',
    },
    actionColumn(130, (r) => [
      r.state === 'done' ? (
        <RowAction
          key="download"
          onClick={async () => saveFile(await download(exportCalls.download, { id: r.id }))}
        >
          下载
        </RowAction>
      ) : null,
      r.state === 'queued' || r.state === 'running' ? (
        <Popconfirm
          key="cancel"
          title="取消这个导出任务？"
          onConfirm={async () => {
            await call(exportCalls.cancel, { id: r.id });
            await changed();
          }}
        >
          <RowAction danger>取消</RowAction>
        </Popconfirm>
      ) : (
        <Popconfirm
          key="remove"
          title="删除这个导出任务及其文件？"
          onConfirm={async () => {
            await call(exportCalls.remove, { id: r.id });
            await changed();
          }}
        >
          <RowAction danger>删除</RowAction>
        </Popconfirm>
      ),
    ]),
  ];

  return (
    <ContractTable<Row>
      testId="export-table"
      call={exportCalls.query}
      queryKey={opsKeys.exports}
      columns={columns}
      emptyText="暂无导出任务：数据量大的导出会自动转入这里在后台生成"
    />
  );
}
