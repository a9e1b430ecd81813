import {
  type MaintenanceOrderRow,
  maintenanceOrderCalls,
  ORDER_PERMISSIONS,
  ORDER_STATUS,
  ORDER_STATUSES,
} from '@ec/contract';
import { Alert, Button, Radio, Space } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { toOrderQuery, useOrderColumns } from '../columns.tsx';
import { useOrderAudit } from '../Decisions.tsx';
import { ExportPdfButton } from '../ExportPdf.tsx';
import { maintenanceKeys, useLiveMaintenance, useOrderLinks } from '../queries.ts';

/** The states the audit page shows: awaiting audit (by default), passed, rejected. */
const AUDIT_STATES = [ORDER_STATUS.completed, ORDER_STATUS.approved, ORDER_STATUS.rejected] as const;
type AuditState = (typeof AUDIT_STATES)[number];

/**
 * 维保审核: the records the use units confirmed (已完成), awaiting the regulator's audit; passed one by
 * one or many at once, or rejected with a reason (the maintenance company redoes the visit). The
 * passed and rejected records are a click away; the chosen records of any state export as one PDF.
 */
export default function OrderAuditPage() {
  useLiveMaintenance();
  const navigate = useNavigate();
  const links = useOrderLinks();
  const mayAudit = useCanAudit(ORDER_PERMISSIONS.audit);
  const mayExport = usePermission(ORDER_PERMISSIONS.export);
  const [state, setState] = useState<AuditState>(ORDER_STATUS.completed);
  // The table's clearSelection, kept for after a decision (the decided rows leave the list).
  const clearSelection = useRef<() => void>(undefined);
  const audit = useOrderAudit(() => clearSelection.current?.());
  const awaiting = state === ORDER_STATUS.completed;
  const columns = useOrderColumns(
    actionColumn<MaintenanceOrderRow>(150, (row) => [
      links.detail && (
        <RowAction key="detail" onClick={() => navigate(links.detail!(row.id))}>
          详情
        </RowAction>
      ),
      mayAudit && row.status === ORDER_STATUS.completed && (
        <RowAction key="pass" onClick={() => audit.pass([row.id])}>
          通过
        </RowAction>
      ),
      mayAudit && row.status === ORDER_STATUS.completed && (
        <RowAction key="reject" danger onClick={() => audit.reject([row.id])}>
          驳回
        </RowAction>
      ),
    ]),
    { statusSearch: false },
  );
  return (
    <>
      {!mayAudit && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="维保记录由监管部门审核，这里显示审核进度和结果"
        />
      )}
      <ContractTable<MaintenanceOrderRow>
        testId="maintenance-audit-list"
        call={maintenanceOrderCalls.queryList}
        params={{ status: state }}
        queryKey={maintenanceKeys.orders}
        columns={columns}
        toQuery={toOrderQuery}
        // Chosen rows are audited together (awaiting audit) or exported as one PDF (any state).
        selectable={mayAudit && awaiting ? (row) => row.status === ORDER_STATUS.completed : mayExport}
        toolbar={(ctx) => [<ExportPdfButton key="pdf" label="批量导出PDF" ctx={ctx} />]}
        selectionLabel={(n) => `已选择 ${n} 条维保记录`}
        headerTitle={(ctx) => {
          clearSelection.current = ctx.clearSelection;
          return (
            <Space wrap>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                value={state}
                data-testid="audit-state"
                onChange={(e) => {
                  ctx.clearSelection();
                  setState(e.target.value);
                }}
                options={AUDIT_STATES.map((s) => ({
                  value: s,
                  label: s === ORDER_STATUS.completed ? '待审核' : ORDER_STATUSES[s],
                }))}
              />
              {mayAudit && awaiting && (
                <>
                  <Button
                    type="primary"
                    data-testid="batch-pass"
                    onClick={() => {
                      const ids = ctx.requireIds();
                      if (ids) audit.pass(ids);
                    }}
                  >
                    批量审核通过
                  </Button>
                  <Button
                    danger
                    data-testid="batch-reject"
                    onClick={() => {
                      const ids = ctx.requireIds();
                      if (ids) audit.reject(ids);
                    }}
                  >
                    批量驳回
                  </Button>
                </>
              )}
            </Space>
          );
        }}
        emptyText={awaiting ? '暂无待审核的维保记录' : '暂无维保记录'}
      />
      {audit.dialog}
    </>
  );
}
