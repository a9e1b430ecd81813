import type { ProColumns } from '@ant-design/pro-components';
import { AGENT_TOPIC, type AgentRow, RESCUE_PERMISSIONS as P, serviceUserCalls } from '@ec/contract';
import { App, Badge, Popconfirm, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { AgentDetailDrawer } from '../AgentDetailDrawer.tsx';
import { CallRecordsTable } from '../CallRecordsTable.tsx';
import { CALL_CENTRE_PAGES, callCentreKeys, useInvalidateCallCentre } from '../queries.ts';

/**
 * 客服呼叫中心 (/service): the call centre's agents with their seat, extension, duty state and
 * today's calls; 详情 shows an agent's latest calls and duty log, 新增坐席 / 编辑 open 坐席编辑,
 * 删除 asks first (the calls and duty log stay). The 通话记录 tab searches every agent's calls.
 */
export default function AgentListPage() {
  // Live: an agent going on or off duty, or recording a call, anywhere refreshes the list.
  useLiveRefresh([AGENT_TOPIC], callCentreKeys.agents);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canEdit = usePermission(P.agentEdit);
  const invalidate = useInvalidateCallCentre();
  const [shown, setShown] = useState<number | null>(null);
  const remove = async (a: AgentRow) => {
    try {
      await call(serviceUserCalls.delete, { ids: [a.userId] });
      message.success(`已删除坐席 ${a.seatNo}`);
    } catch {
      // The request layer showed the reason.
    } finally {
      await invalidate();
    }
  };
  const columns: ProColumns<AgentRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '坐席号、姓名或账号' },
    },
    { title: '坐席号', dataIndex: 'seatNo', key: 'seatNo', hideInSearch: true, width: 90 },
    { title: '姓名', dataIndex: 'realName', key: 'realName', hideInSearch: true, width: 120 },
    { title: '账号', dataIndex: 'username', key: 'username', hideInSearch: true, width: 140 },
    {
      title: '分机号',
      dataIndex: 'extension',
      key: 'extension',
      hideInSearch: true,
      width: 100,
      render: (_, a) => dash(a.extension),
    },
    {
      title: '状态',
      dataIndex: 'online',
      key: 'online',
      valueType: 'select',
      valueEnum: { true: { text: '在线' }, false: { text: '离线' } },
      width: 100,
      render: (_, a) => (
        <Badge
          data-testid={`agent-state-${a.username}`}
          status={a.online ? 'success' : 'default'}
          text={a.online ? '在线' : '离线'}
        />
      ),
    },
    {
      title: '上/下线时间',
      dataIndex: 'changedAt',
      key: 'changedAt',
      hideInSearch: true,
      width: 170,
      render: (_, a) => dash(a.changedAt),
    },
    { title: '今日通话', dataIndex: 'todayCalls', key: 'todayCalls', hideInSearch: true, width: 100 },
    {
      title: '备注',
      dataIndex: 'remark',
      key: 'remark',
      hideInSearch: true,
      ellipsis: true,
      render: (_, a) => dash(a.remark),
    },
    actionColumn<AgentRow>(canEdit ? 160 : 70, (a) => [
      <RowAction key="detail" onClick={() => setShown(a.userId)}>
        详情
      </RowAction>,
      ...(canEdit
        ? [
            <RowAction key="edit" onClick={() => navigate(`${CALL_CENTRE_PAGES.edit}?userId=${a.userId}`)}>
              编辑
            </RowAction>,
            <Popconfirm
              key="delete"
              title={`删除坐席 ${a.seatNo}（${a.realName}）？`}
              description="通话记录和上下线记录保留"
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(a)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>,
          ]
        : []),
    ]),
  ];
  return (
    <>
      <Tabs
        data-testid="service-tabs"
        items={[
          {
            key: 'agents',
            label: '坐席',
            children: (
              <ContractTable<AgentRow>
                testId="agent-list"
                call={serviceUserCalls.query}
                queryKey={callCentreKeys.agents}
                rowKey="userId"
                columns={columns}
                add={{
                  label: '新增坐席',
                  onClick: () => navigate(CALL_CENTRE_PAGES.edit),
                  permission: P.agentEdit,
                }}
                emptyText="暂无坐席"
              />
            ),
          },
          { key: 'calls', label: '通话记录', children: <CallRecordsTable /> },
        ]}
      />
      <AgentDetailDrawer userId={shown} onClose={() => setShown(null)} />
    </>
  );
}
