import type { ProColumns } from '@ant-design/pro-components';
import { allCalls, type CallOutput, oplogCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { splitRange, toInput } from '../../../components/table-input.ts';
import { call } from '../../../lib/api.ts';
import { PERMS } from '../shared/labels.ts';
import { systemKeys } from '../shared/queries.ts';

type OplogRow = CallOutput<typeof oplogCalls.query>['records'][number];

/** The writes the platform records (reads are not logged), for the 接口 filter. */
const CALL_OPTIONS = allCalls
  .filter((c) => c.method !== 'GET')
  .map((c) => ({
    // Path parameters are filled in the record; filter on the part before them.
    value: c.path.split('{')[0],
    label: `${c.summary}（${c.method} ${c.path}）`,
  }))
  .filter((o, i, list) => list.findIndex((x) => x.value === o.value) === i);

const METHOD_COLORS: Record<string, string> = { POST: 'blue', PUT: 'cyan', DELETE: 'red' };

function OplogDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...systemKeys.oplog, 'detail', id],
    queryFn: () => call(oplogCalls.detail, { id: id! }),
    enabled: id !== null,
  });
  const r = detail.data;
  return (
    <Drawer open={id !== null} title="操作详情" width={640} onClose={onClose} destroyOnHidden>
      {detail.isLoading ? (
        <Spin />
      ) : !r ? (
        <Empty description="没有找到该操作记录" />
      ) : (
        <Descriptions column={1} size="small" bordered className="oplog-detail">
          <Descriptions.Item label="操作时间">{r.createTime}</Descriptions.Item>
          <Descriptions.Item label="操作人">{r.username ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="IP">{r.ip ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="操作">{r.summary ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="接口">
            <Tag color={METHOD_COLORS[r.method]}>{r.method}</Tag>
            <Typography.Text code>{r.path}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="结果">
            <Tag color={r.success ? 'success' : 'error'}>{r.success ? '成功' : '失败'}</Tag>
            状态码 {r.status}
          </Descriptions.Item>
          <Descriptions.Item label="说明">{r.message ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="耗时">{r.durationMs} 毫秒</Descriptions.Item>
          <Descriptions.Item label="请求编号">
            {r.requestId ? <Typography.Text copyable>{r.requestId}</Typography.Text> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="请求参数">
            {r.params === null || r.params === undefined ? (
              '—'
            ) : (
              <pre
                style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}
              >
                {JSON.stringify(r.params, null, 2)}
              </pre>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/** 操作记录: every write on the platform, with who, what, when and the outcome; export to Excel. */
export default function OplogPage() {
  const [detailId, setDetailId] = useState<number | null>(null);

  const columns: ProColumns<OplogRow>[] = [
    {
      title: '操作时间',
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      search: false,
      width: 170,
    },
    { title: '时间范围', dataIndex: 'timeRange', valueType: 'dateTimeRange', hideInTable: true },
    { title: '操作人', dataIndex: 'username', render: (_, r) => r.username ?? '—' },
    { title: '操作', dataIndex: 'summary', search: false, render: (_, r) => r.summary ?? '—' },
    {
      title: '接口',
      dataIndex: 'path',
      valueType: 'select',
      fieldProps: {
        options: CALL_OPTIONS,
        showSearch: true,
        optionFilterProp: 'label',
        popupMatchSelectWidth: 420,
      },
      render: (_, r) => (
        <span>
          <Tag color={METHOD_COLORS[r.method]}>{r.method}</Tag>
          {r.path}
        </span>
      ),
    },
    {
      title: '请求方式',
      dataIndex: 'method',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { POST: { text: 'POST' }, PUT: { text: 'PUT' }, DELETE: { text: 'DELETE' } },
    },
    {
      title: '结果',
      dataIndex: 'success',
      valueType: 'select',
      valueEnum: { true: { text: '成功', status: 'Success' }, false: { text: '失败', status: 'Error' } },
      render: (_, r) => (
        <Tag color={r.success ? 'success' : 'error'}>{r.success ? '成功' : `失败 ${r.status}`}</Tag>
      ),
    },
    { title: '说明', dataIndex: 'message', search: false, ellipsis: true, width: 220 },
    {
      title: '耗时（毫秒）',
      dataIndex: 'durationMs',
      key: 'durationMs',
      sorter: true,
      search: false,
      align: 'right',
    },
    { title: 'IP', dataIndex: 'ip', search: false, render: (_, r) => r.ip ?? '—' },
    actionColumn(70, (r) => [
      <RowAction key="detail" onClick={() => setDetailId(r.id)}>
        详情
      </RowAction>,
    ]),
  ];

  return (
    <>
      <ContractTable<OplogRow>
        testId="oplog-table"
        call={oplogCalls.query}
        queryKey={systemKeys.oplog}
        searchExpanded
        columns={columns}
        toQuery={(v) => toInput(splitRange(v, 'timeRange', 'startTime', 'endTime'))}
        emptyText="没有符合条件的操作记录"
        exports={[{ call: oplogCalls.export, permission: PERMS.oplogList, unsorted: true }]}
      />
      <OplogDetail id={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
