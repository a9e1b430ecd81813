import {
  INSPECTION_ORDER_STATE_LABEL,
  type InspectionOrderRow,
  type InspectionOrderState,
  inspectionOrderCalls,
} from '@ec/contract';
import { Card, Col, Popconfirm, Row, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { OrderTable } from '../OrderTable.tsx';
import { useOrderMain, useOrderRights, useOrderSide, useOrderWrite } from '../queries.ts';

const MAIN_STATES: InspectionOrderState[] = [
  'applied',
  'accepted',
  'quoted',
  'noticed',
  'distributed',
  'inspecting',
];

/**
 * 检验工单: the use unit's applications (申请定期检验, 撤回, a returned one corrected), the inspector's
 * tasks, or the organisation's orders with its main figures above them.
 */
export default function InspectionPage() {
  const side = useOrderSide();
  const rights = useOrderRights();
  const navigate = useNavigate();
  const write = useOrderWrite();
  const main = useOrderMain(side === 'organization');
  const listCall =
    side === 'useUnit'
      ? inspectionOrderCalls.useUnitQuery
      : side === 'inspector'
        ? inspectionOrderCalls.inspectorQuery
        : inspectionOrderCalls.organizationQuery;
  const m = main.data;
  const figures = m && (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="order-main">
      {MAIN_STATES.map((s) => (
        <Col key={s} xs={12} sm={8} lg={4} xl={3}>
          <Card size="small">
            <Statistic title={INSPECTION_ORDER_STATE_LABEL[s]} value={m.byState[s] ?? 0} />
          </Card>
        </Col>
      ))}
      <Col xs={12} sm={8} lg={4} xl={3}>
        <Card size="small">
          <Statistic title="今日现场检验" value={m.todayDistributed} />
        </Card>
      </Col>
      <Col xs={12} sm={8} lg={4} xl={3}>
        <Card size="small">
          <Statistic title="辖区到期未申请" value={m.dueNotApplied} suffix="台" />
        </Card>
      </Col>
    </Row>
  );
  const rowActions = (r: InspectionOrderRow) =>
    rights.apply && (
      <>
        {r.state === 'returned' && (
          <RowAction onClick={() => navigate(`${ORG_PATHS.inspectionAdd}?id=${r.id}`)}>修改</RowAction>
        )}
        {(r.state === 'applied' || r.state === 'returned') && (
          <Popconfirm
            title={`撤回申请 ${r.orderNo}？`}
            description="撤回后该电梯可重新申请"
            onConfirm={() =>
              write(
                () => call(inspectionOrderCalls.cancelBind, { id: r.id, version: r.version }),
                '已撤回',
              ).catch(() => undefined)
            }
          >
            <RowAction danger>撤回</RowAction>
          </Popconfirm>
        )}
      </>
    );
  return (
    <OrderTable
      call={listCall}
      side={side}
      detailPath={ORG_PATHS.inspectionDetail}
      testId="inspection-orders"
      above={figures || undefined}
      actions={rowActions}
      emptyText={
        side === 'inspector'
          ? '暂无分配给您的检验任务'
          : side === 'useUnit'
            ? '暂无检验申请，点击“申请定期检验”为电梯报检'
            : '暂无检验申请'
      }
      add={rights.apply ? { label: '申请定期检验', onClick: () => navigate(ORG_PATHS.inspectionAdd) } : false}
    />
  );
}
