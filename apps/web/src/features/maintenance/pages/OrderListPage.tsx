import {
  ELEVATOR_TYPES,
  MAINTENANCE_KINDS,
  type MaintenanceOrderRow,
  maintenanceOrderCalls,
  ORDER_STATUSES,
} from '@ec/contract';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { useDictLabel } from '../../../components/index.ts';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { URL_FILTERS } from '../../../components/url-filters.ts';
import { toOrderQuery, useOrderColumns } from '../columns.tsx';
import { ExportPdfButton } from '../ExportPdf.tsx';
import { maintenanceKeys, useLiveMaintenance, useOrderLinks } from '../queries.ts';

/**
 * 维保任务 (the maintenance company's orders) and the registry's 维保记录: the work orders in the
 * user's scope, filtered by company, area, state, kind, month or dates, the late ones and those with
 * open findings; the chosen ones' records export as one PDF. A link opens it filtered (a statistics
 * figure's district, company or month; the lift's use unit, use occasion or type beside the form's).
 */
export default function OrderListPage() {
  useLiveMaintenance();
  const occasionLabel = useDictLabel('use_occasion');
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
      urlFilters={[
        URL_FILTERS.areaCode(),
        URL_FILTERS.month('计划月份'),
        ...URL_FILTERS.dateRange('计划日期'),
        URL_FILTERS.maintenanceCompany(),
        URL_FILTERS.select('kind', '类别', MAINTENANCE_KINDS),
        URL_FILTERS.select('status', '状态', ORDER_STATUSES),
        URL_FILTERS.select('late', '逾期未做', { true: '是', false: '否' }),
        URL_FILTERS.buildingCompany(),
        URL_FILTERS.occasion((v) => occasionLabel(String(v))),
        URL_FILTERS.select('type', '电梯类型', ELEVATOR_TYPES),
      ]}
      selectable
      selectionLabel={(n) => `已选择 ${n} 张工单`}
      toolbar={(ctx) => [<ExportPdfButton key="pdf" label="批量导出PDF" ctx={ctx} />]}
      emptyText="暂无维保工单"
    />
  );
}
