import type { ProColumns } from '@ant-design/pro-components';
import { AGENT_TOPIC, CALL_DIRECTION_LABEL, type CallRecordRow, serviceUserCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { ContractTable } from '../../components/ContractTable.tsx';
import { call } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import { useLiveRefresh } from '../../lib/live.ts';
import { callCentreKeys } from './queries.ts';

/** A call's duration as the console writes it. */
export const durationText = (s: number | null) =>
  s === null ? '—' : s < 60 ? `${s} 秒` : `${Math.floor(s / 60)} 分 ${s % 60} 秒`;

/** The columns a call shows in every list of calls (the table below, an agent's 详情). */
export const callColumns: ProColumns<CallRecordRow>[] = [
  { title: '开始时间', dataIndex: 'startedAt', key: 'startedAt', hideInSearch: true, width: 170 },
  { title: '电话号码', dataIndex: 'phone', key: 'phone', width: 140 },
  { title: '方向', dataIndex: 'directionLabel', key: 'directionLabel', hideInSearch: true, width: 70 },
  {
    title: '接听时间',
    dataIndex: 'answeredAt',
    key: 'answeredAt',
    hideInSearch: true,
    width: 170,
    render: (_, r) => dash(r.answeredAt),
  },
  {
    title: '通话时长',
    dataIndex: 'durationSeconds',
    key: 'durationSeconds',
    hideInSearch: true,
    width: 110,
    render: (_, r) => durationText(r.durationSeconds),
  },
  {
    title: '关联工单',
    dataIndex: 'caseNo',
    key: 'caseNo',
    hideInSearch: true,
    width: 150,
    render: (_, r) => dash(r.caseNo),
  },
];

/**
 * 通话记录 (on /service): every call of the centre's agents the viewer may read, newest first, by
 * agent, day, number and direction (callRecords); numbers are masked to those who do not call back.
 */
export function CallRecordsTable() {
  useLiveRefresh([AGENT_TOPIC], callCentreKeys.records);
  const agents = useQuery({
    queryKey: [...callCentreKeys.agents, 'options'],
    queryFn: ({ signal }) => call(serviceUserCalls.query, { page: 1, limit: 100 }, { signal, silent: true }),
  });
  const agentEnum = Object.fromEntries(
    (agents.data?.records ?? []).map((a) => [String(a.userId), { text: `${a.seatNo} ${a.realName}` }]),
  );
  const columns: ProColumns<CallRecordRow>[] = [
    {
      title: '坐席',
      dataIndex: 'agentId',
      key: 'agentId',
      valueType: 'select',
      valueEnum: agentEnum,
      fieldProps: { showSearch: true, placeholder: '全部坐席' },
      width: 140,
      render: (_, r) => (r.seatNo ? `${r.seatNo} ${dash(r.agentName)}` : dash(r.agentName)),
    },
    {
      title: '日期',
      dataIndex: 'date',
      key: 'date',
      valueType: 'date',
      hideInTable: true,
      fieldProps: { placeholder: '通话日期' },
    },
    {
      title: '方向',
      dataIndex: 'direction',
      key: 'direction',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(CALL_DIRECTION_LABEL).map(([k, v]) => [k, { text: v }])),
      hideInTable: true,
    },
    ...callColumns.map((c) =>
      // The number first in the search form: the field searched most, never folded away.
      c.key === 'phone' ? { ...c, order: 10, fieldProps: { placeholder: '来电或呼出号码' } } : c,
    ),
  ];
  return (
    <ContractTable<CallRecordRow>
      testId="call-records"
      call={serviceUserCalls.callRecords}
      queryKey={callCentreKeys.records}
      columns={columns}
      emptyText="暂无通话记录"
    />
  );
}
