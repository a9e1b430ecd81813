import { type InspectionOrderRow, inspectionOrderCalls } from '@ec/contract';
import { useState } from 'react';
import { RowAction } from '../../../components/RowAction.tsx';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { DistributeDialog } from '../dialogs.tsx';
import { OrderTable } from '../OrderTable.tsx';
import { useOrderRights } from '../queries.ts';

/** 任务分配: the orders whose charge notice is issued (待缴费), to an inspector and an on-site date. */
export default function TaskAllotmentPage() {
  const rights = useOrderRights();
  const [row, setRow] = useState<InspectionOrderRow | null>(null);
  const actions = (r: InspectionOrderRow) =>
    rights.distribute &&
    (r.state === 'noticed' || r.state === 'distributed') && (
      <RowAction onClick={() => setRow(r)} data-testid="row-distribute">
        {r.state === 'distributed' ? '重新分配' : '分配'}
      </RowAction>
    );
  return (
    <>
      <OrderTable
        call={inspectionOrderCalls.organizationQuery}
        side="organization"
        detailPath={ORG_PATHS.acceptanceDetail}
        states={['noticed', 'distributed', 'inspecting']}
        initialState="noticed"
        actions={actions}
        testId="allotment-orders"
        emptyText="暂无待分配的检验任务"
      />
      {row && (
        <DistributeDialog
          order={row}
          current={{ inspectorId: row.inspectorId, plannedDate: row.plannedDate }}
          onClose={() => setRow(null)}
        />
      )}
    </>
  );
}
