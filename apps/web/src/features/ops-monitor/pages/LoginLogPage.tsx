import type { ProColumns } from '@ant-design/pro-components';
import { type LoginLogRow, loginLogCalls } from '@ec/contract';
import { Tag } from 'antd';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { splitRange, toInput } from '../../../components/table-input.ts';
import { monitorKeys } from '../keys.ts';
import { UserAgent } from '../UserAgent.tsx';

/**
 * 登录日志: every sign-in attempt, success or failure with its reason, where from (IP, browser);
 * filter by account, outcome, IP and time; export to Excel (a large export runs in the background).
 * Kept for the days of the system parameter 登录日志保留天数 (monitor.loginlog.retentionDays).
 */
export default function LoginLogPage() {
  const columns: ProColumns<LoginLogRow>[] = [
    { title: '登录时间', dataIndex: 'createTime', search: false, width: 170 },
    { title: '时间范围', dataIndex: 'timeRange', valueType: 'dateTimeRange', hideInTable: true },
    { title: '登录账号', dataIndex: 'username', width: 140 },
    { title: '登录方式', dataIndex: 'methodLabel', search: false, width: 100 },
    {
      title: '结果',
      dataIndex: 'success',
      valueType: 'select',
      width: 90,
      valueEnum: { true: { text: '成功', status: 'Success' }, false: { text: '失败', status: 'Error' } },
      render: (_, r) => <Tag color={r.success ? 'success' : 'error'}>{r.success ? '成功' : '失败'}</Tag>,
    },
    {
      title: '失败原因',
      dataIndex: 'reason',
      search: false,
      width: 220,
      render: (_, r) => r.reason ?? '—',
    },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (_, r) => r.ip ?? '—' },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      search: false,
      ellipsis: true,
      width: 200,
      render: (_, r) => <UserAgent ua={r.userAgent} />,
    },
  ];

  return (
    <ContractTable<LoginLogRow>
      testId="login-log-table"
      call={loginLogCalls.query}
      queryKey={monitorKeys.loginLog}
      searchExpanded
      columns={columns}
      toQuery={(v) => toInput(splitRange(v, 'timeRange', 'startTime', 'endTime'))}
      emptyText="没有符合条件的登录记录"
      exports={[{ call: loginLogCalls.export, permission: 'monitor:loginlog:export', unsorted: true }]}
    />
  );
}
