import type { ProColumns } from '@ant-design/pro-components';
import { LAST_SEEN_EVERY_SECONDS, type OnlineSession, onlineCalls } from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Popconfirm, Tag, Tooltip } from 'antd';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { monitorKeys } from '../keys.ts';
import { UserAgent } from '../UserAgent.tsx';

/**
 * 在线用户: the sessions neither signed out nor expired, with the account, its organisation, where
 * it signed in from and when it was last active; 强制下线 ends one on every server at once (not the
 * administrator's own session: 退出登录 does that).
 */
export default function OnlinePage() {
  const { message } = App.useApp();
  const client = useQueryClient();

  const end = async (r: OnlineSession) => {
    await call(onlineCalls.forceLogout, { id: r.id });
    message.success(`已强制下线 ${r.realName}（${r.username}）`);
    await client.invalidateQueries({ queryKey: monitorKeys.online });
  };

  const columns: ProColumns<OnlineSession>[] = [
    {
      title: '登录账号',
      dataIndex: 'username',
      width: 150,
      render: (_, r) => (
        <span>
          {r.username}
          {r.current ? (
            <Tag color="blue" style={{ marginLeft: 6 }}>
              当前会话
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: '姓名', dataIndex: 'realName', search: false, width: 110 },
    {
      title: '所属单位',
      dataIndex: 'orgName',
      search: false,
      ellipsis: true,
      render: (_, r) => r.orgName ?? '—',
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
    { title: '登录时间', dataIndex: 'loginTime', search: false, width: 170 },
    { title: '最后活动', dataIndex: 'lastSeenTime', search: false, width: 170 },
    { title: '会话到期', dataIndex: 'expiresTime', search: false, width: 170 },
    actionColumn(90, (r) =>
      r.current ? (
        <Tooltip title="这是您当前的会话，请使用“退出登录”结束">
          <RowAction disabled>强制下线</RowAction>
        </Tooltip>
      ) : (
        <Permission value="monitor:online:forceLogout">
          <Popconfirm
            title={`强制下线 ${r.realName}（${r.username}）？`}
            description="该会话立即失效，对方需重新登录"
            okText="强制下线"
            okButtonProps={{ danger: true }}
            onConfirm={() => end(r)}
          >
            <RowAction danger data-testid={`force-logout-${r.id}`}>
              强制下线
            </RowAction>
          </Popconfirm>
        </Permission>
      ),
    ),
  ];

  return (
    <ContractTable<OnlineSession>
      testId="online-table"
      call={onlineCalls.query}
      queryKey={monitorKeys.online}
      columns={columns}
      above={() => (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`“最后活动”每 ${LAST_SEEN_EVERY_SECONDS} 秒最多记录一次，实际活动可能比显示的时间晚至多 1 分钟。`}
        />
      )}
      emptyText="当前没有在线的会话"
    />
  );
}
