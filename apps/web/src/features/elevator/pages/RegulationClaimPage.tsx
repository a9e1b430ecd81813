import type { ClaimRecord } from '@ec/contract';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { claimRecordColumns } from '../columns.tsx';
import { claimRecordList } from '../list.tsx';
import { useReviewerActions } from '../ReviewerActions.tsx';

/** 监管认领: claims in the regulator's area awaiting review; each opens the audit dialog. */
export default function RegulationClaimPage() {
  const reviewer = useReviewerActions();
  return (
    <>
      <ContractTable<ClaimRecord>
        {...claimRecordList('pending')}
        testId="pending-claims"
        columns={claimRecordColumns({ withType: true, actions: reviewer.actions })}
      />
      {reviewer.dialogs}
    </>
  );
}
