import { elevatorCalls } from '@ec/contract';
import { useNavigate } from 'react-router';
import { ExportButton } from '../../../components/index.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanOpen } from '../../../lib/page-param.ts';
import { Permission } from '../../../lib/permission.tsx';
import { LEDGER_COLUMNS } from '../columns.tsx';
import { type ElevatorListCall, ElevatorTable } from '../ElevatorTable.tsx';
import type { ElevatorQuery } from '../model.ts';
import { ELEVATOR_PATHS, elevatorDetailUrl } from '../paths.ts';

/** A read-only elevator list within the user's data scope, with export of the filtered rows. */
export function ElevatorLedger({
  listCall,
  testId,
  fixedQuery,
}: {
  listCall: ElevatorListCall;
  testId: string;
  fixedQuery?: ElevatorQuery;
}) {
  const navigate = useNavigate();
  const canDetail = useCanOpen(ELEVATOR_PATHS.detail);
  return (
    <ElevatorTable
      testId={testId}
      listCall={listCall}
      fixedQuery={fixedQuery}
      inspectionSummary={!fixedQuery}
      columns={LEDGER_COLUMNS}
      hiddenColumns={['deviceCode', 'useCertNo']}
      toolbar={(ctx) => [
        <Permission key="export" value="elevator:export">
          <ExportButton call={elevatorCalls.export} input={() => ({ ...ctx.query })} />
        </Permission>,
        <Permission key="exportExcel" value="elevator:export">
          <ExportButton call={elevatorCalls.exportExcel} input={() => ({ ...ctx.query })}>
            导出（含技术参数）
          </ExportButton>
        </Permission>,
      ]}
      actions={
        canDetail
          ? {
              width: 70,
              render: (row) => [
                <RowAction key="detail" onClick={() => navigate(elevatorDetailUrl(row.id))}>
                  详情
                </RowAction>,
              ],
            }
          : undefined
      }
    />
  );
}
