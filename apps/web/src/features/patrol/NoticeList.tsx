import type { ProColumns } from '@ant-design/pro-components';
import { PATROL_NOTICE_STATE_LABEL, type PatrolNoticeRow, patrolNoticeCalls } from '@ec/contract';
import { useState } from 'react';
import { ContractTable, type SearchValues } from '../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { useLiveRefresh } from '../../lib/live.ts';
import { NoticeDrawer, NoticeStateTag } from './NoticeDrawer.tsx';
import { PATROL_LIVE_TOPICS, patrolKeys } from './queries.ts';

/**
 * The rectification notices the user sees (the server's scope: a recipient its company's, a
 * regulator its districts'), with state and overdue filters, each opened in NoticeDrawer (which
 * offers the user's own actions: answer, or close and reopen). 我的巡检内容 and 整改通知 are this list.
 */
export function NoticeList({
  testId,
  actionLabel,
  initialValues,
  extraColumns = [],
}: {
  testId: string;
  /** The row's button, by the notice. */
  actionLabel: (r: PatrolNoticeRow) => string;
  initialValues?: SearchValues;
  /** Columns after 发现问题 (the regulator's 整改单位). */
  extraColumns?: ProColumns<PatrolNoticeRow>[];
}) {
  const [open, setOpen] = useState<number | null>(null);
  useLiveRefresh(PATROL_LIVE_TOPICS, patrolKeys.all);
  const columns: ProColumns<PatrolNoticeRow>[] = [
    { title: '通知编号', dataIndex: 'noticeNo', search: false, width: 150 },
    { title: '巡检对象', dataIndex: 'keyword', width: 220, ellipsis: true, render: (_, r) => r.targetName },
    { title: '地址', dataIndex: 'address', search: false, width: 200, ellipsis: true },
    { title: '检查内容', dataIndex: 'contentName', search: false, width: 160 },
    { title: '发现问题', dataIndex: 'problem', search: false, width: 200, ellipsis: true },
    ...extraColumns,
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
      <RowAction onClick={() => setOpen(r.id)}>{actionLabel(r)}</RowAction>
    )),
  ];
  return (
    <>
      <ContractTable<PatrolNoticeRow>
        call={patrolNoticeCalls.queryList}
        queryKey={patrolKeys.notices}
        columns={columns}
        initialValues={initialValues}
        testId={testId}
        emptyText="暂无整改通知"
      />
      <NoticeDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
