import type { ElevatorRow } from '@ec/contract';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanOpen } from '../../../lib/page-param.ts';
import { ELEVATOR_PATHS, elevatorDetailUrl } from '../../../lib/routes.ts';
import { LEDGER_COLUMNS } from '../columns.tsx';
import {
  ELEVATOR_EXPORTS,
  type ElevatorListCall,
  useElevatorList,
  useElevatorListColumns,
} from '../list.tsx';
import type { ElevatorQuery } from '../model.ts';

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
  const list = useElevatorList({ listCall, fixedQuery, inspectionSummary: !fixedQuery });
  const columns = useElevatorListColumns(
    LEDGER_COLUMNS,
    canDetail
      ? {
          width: 70,
          render: (row) => [
            <RowAction key="detail" onClick={() => navigate(elevatorDetailUrl(row.id))}>
              详情
            </RowAction>,
          ],
        }
      : undefined,
    fixedQuery,
  );
  return (
    <ContractTable<ElevatorRow>
      {...list}
      testId={testId}
      columns={columns}
      hiddenColumns={['deviceCode', 'useCertNo']}
      exports={ELEVATOR_EXPORTS}
    />
  );
}
