import {
  CASE_KIND_LABEL,
  CASE_STATE_LABEL,
  ELEVATOR_TYPES,
  RESCUE_CASE_TOPIC,
  RESCUE_PERMISSIONS,
  type RescueCaseRow,
  rescueCaseCalls,
} from '@ec/contract';
import { useEffect, useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { useDictLabel } from '../../../components/index.ts';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { URL_FILTERS } from '../../../components/url-filters.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { CaseDrawer } from '../CaseDrawer.tsx';
import { caseColumns, toCaseQuery } from '../columns.tsx';
import { rescueKeys } from '../queries.ts';

/**
 * 处置工单记录 (/getrecore): every case in the user's scope, filtered by keyword, state, kind, source,
 * level, district, month or dates and 超时; a row opens its detail (steps, calls, times, close).
 * Live: a case that moves anywhere refreshes the list. A link opens it filtered (a statistics figure's
 * district, month or kind, and the lift's companies, use occasion or type beside the form's), or
 * opens one case (`?id=`).
 */
export default function CaseListPage() {
  useLiveRefresh([RESCUE_CASE_TOPIC], rescueKeys.list);
  const [open, setOpen] = useState<number | null>(null);
  const linked = usePageParam();
  useEffect(() => {
    if (linked) setOpen(linked);
  }, [linked]);
  const occasionLabel = useDictLabel('use_occasion');
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
        urlFilters={[
          URL_FILTERS.areaCode(),
          URL_FILTERS.month('报警月份'),
          ...URL_FILTERS.dateRange('报警日期'),
          URL_FILTERS.select('kind', '类型', CASE_KIND_LABEL),
          URL_FILTERS.select('status', '状态', CASE_STATE_LABEL),
          URL_FILTERS.maintenanceCompany(),
          URL_FILTERS.buildingCompany(),
          URL_FILTERS.occasion((v) => occasionLabel(String(v))),
          URL_FILTERS.select('type', '电梯类型', ELEVATOR_TYPES),
        ]}
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
