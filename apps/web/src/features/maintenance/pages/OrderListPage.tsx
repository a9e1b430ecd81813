import { type MaintenanceOrderRow, maintenanceOrderCalls } from '@ec/contract';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { toOrderQuery, useOrderColumns } from '../columns.tsx';
import { ExportPdfButton } from '../ExportPdf.tsx';
import { maintenanceKeys, useLiveMaintenance, useOrderLinks } from '../queries.ts';

/**
 * 维保任务 (the maintenance company's orders) and the registry's 维保记录: the work orders in the
 * user's scope, filtered by company, area, state, kind, month or dates, the late ones and those with
 * open findings; the chosen ones' records export as one PDF.
 */
export default function OrderListPage() {
  useLiveMaintenance();
  const navigate = useNavigate();
  const links = useOrderLinks();
  const columns = useOrderColumns(
    links.detail || links.log
      ? actionColumn<MaintenanceOrderRow>(130, (row) => [
          links.detail && (
            <RowAction key="detail" onClick={() => navigate(links.detail!(row.id))}>
              详情
            </RowAction>
          ),
          links.log && (
            <RowAction key="log" onClick={() => navigate(links.log!(row.id))}>
              维保日志
            </RowAction>
          ),
        ])
      : undefined,
  );
  return (
    <ContractTable<MaintenanceOrderRow>
      testId="maintenance-order-list"
      call={maintenanceOrderCalls.queryList}
      queryKey={maintenanceKeys.orders}
      columns={columns}
      toQuery={toOrderQuery}
      selectable
      selectionLabel={(n) => `已选择 ${n} 张工单`}
      toolbar={(ctx) => [<ExportPdfButton key="pdf" ids={ctx.requireIds} />]}
      emptyText="暂无维保工单"
    />
  );
}
