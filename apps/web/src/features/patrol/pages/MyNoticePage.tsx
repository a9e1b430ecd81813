import type { ProColumns } from '@ant-design/pro-components';
import { PATROL_NOTICE_STATE_LABEL, type PatrolNoticeRow, patrolNoticeCalls } from '@ec/contract';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { useLiveRefresh } from '../../../lib/live.ts';
import { NoticeDrawer, NoticeStateTag } from '../NoticeDrawer.tsx';
import { PATROL_LIVE_TOPICS, patrolKeys } from '../queries.ts';

/**
 * 我的巡检内容: the rectification notices addressed to the user's company (a use unit's or a
 * maintenance company's), opened to answer with evidence; the regulator's close or reopen shows here.
 */
export default function MyNoticePage() {
  const [open, setOpen] = useState<number | null>(null);
  useLiveRefresh(PATROL_LIVE_TOPICS, patrolKeys.all);
  const columns: ProColumns<PatrolNoticeRow>[] = [
    { title: '通知编号', dataIndex: 'noticeNo', search: false, width: 150 },
    { title: '巡检对象', dataIndex: 'keyword', width: 220, ellipsis: true, render: (_, r) => r.targetName },
    { title: '地址', dataIndex: 'address', search: false, width: 200, ellipsis: true },
    { title: '检查内容', dataIndex: 'contentName', search: false, width: 160 },
    { title: '发现问题', dataIndex: 'problem', search: false, width: 200, ellipsis: true },
    { title: '整改期限', dataIndex: 'deadline', search: false, width: 100 },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: PATROL_NOTICE_STATE_LABEL,
      width: 140,
      render: (_, r) => <NoticeStateTag state={r.state} label={r.stateLabel} overdue={r.overdue} />,
    },
    {
      title: '逾期',
      dataIndex: 'overdue',
      valueType: 'select',
      valueEnum: { true: '已逾期', false: '未逾期' },
      hideInTable: true,
    },
    { title: '通知时间', dataIndex: 'createTime', search: false, width: 160 },
    actionColumn<PatrolNoticeRow>(90, (r) => (
      <RowAction onClick={() => setOpen(r.id)}>{r.state === 'open' ? '查看并回复' : '详情'}</RowAction>
    )),
  ];
  return (
    <>
      <ContractTable<PatrolNoticeRow>
        call={patrolNoticeCalls.queryList}
        queryKey={patrolKeys.notices}
        columns={columns}
        testId="patrol-notices"
        emptyText="暂无整改通知"
      />
      <NoticeDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
