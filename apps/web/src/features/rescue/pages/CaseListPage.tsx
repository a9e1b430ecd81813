import { RESCUE_CASE_TOPIC, RESCUE_PERMISSIONS, type RescueCaseRow, rescueCaseCalls } from '@ec/contract';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { useLiveRefresh } from '../../../lib/live.ts';
import { CaseDrawer } from '../CaseDrawer.tsx';
import { caseColumns, toCaseQuery } from '../columns.tsx';
import { rescueKeys } from '../queries.ts';

/**
 * 处置工单记录 (/getrecore): every case in the user's scope, filtered by keyword, state, kind, source,
 * level, district, month or dates and 超时; a row opens its detail (steps, calls, times, close).
 * Live: a case that moves anywhere refreshes the list.
 */
export default function CaseListPage() {
  useLiveRefresh([RESCUE_CASE_TOPIC], rescueKeys.list);
  const [open, setOpen] = useState<number | null>(null);
  const columns = [
    ...caseColumns(setOpen),
    actionColumn<RescueCaseRow>(80, (row) => (
      <RowAction key="detail" onClick={() => setOpen(row.id)}>
        详情
      </RowAction>
    )),
  ];
  return (
    <>
      <ContractTable<RescueCaseRow>
        testId="rescue-case-list"
        call={rescueCaseCalls.orderList}
        queryKey={rescueKeys.list}
        columns={columns}
        toQuery={toCaseQuery}
        hiddenColumns={['responseMinutes', 'rescueMinutes', 'callerPhone', 'closedAt', 'agentName']}
        exports={[
          { call: rescueCaseCalls.exportCases, permission: RESCUE_PERMISSIONS.caseList, unsorted: true },
        ]}
        emptyText="暂无处置工单"
      />
      <CaseDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
