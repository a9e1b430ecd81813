import { type InspectionOrderRow, inspectionOrderCalls } from '@ec/contract';
import { Popconfirm } from 'antd';
import { RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { OrderTable } from '../OrderTable.tsx';
import { useOrderRights, useOrderWrite } from '../queries.ts';

/** 报检受理: the applications made to the organisation, 待受理 first; 受理 here, the rest on the detail. */
export default function AcceptancePage() {
  const rights = useOrderRights();
  const write = useOrderWrite();
  const actions = (r: InspectionOrderRow) =>
    rights.accept &&
    r.state === 'applied' && (
      <Popconfirm
        title={`受理申请 ${r.orderNo}？`}
        description="受理后使用单位不能再修改或撤回该申请"
        onConfirm={() =>
          write(
            () => call(inspectionOrderCalls.acceptance, { id: r.id, version: r.version }),
            '已受理',
          ).catch(() => undefined)
        }
      >
        <RowAction>受理</RowAction>
      </Popconfirm>
    );
  return (
    <OrderTable
      call={inspectionOrderCalls.organizationQuery}
      side="organization"
      detailPath={ORG_PATHS.acceptanceDetail}
      initialState="applied"
      actions={actions}
      testId="acceptance-orders"
      emptyText="暂无待受理的检验申请"
    />
  );
}
