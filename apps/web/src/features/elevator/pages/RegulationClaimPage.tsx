import { ClaimRecordTable } from '../ClaimRecordTable.tsx';
import { useReviewerActions } from '../ReviewerActions.tsx';

/** 监管认领: claims in the regulator's area awaiting review; each opens the audit dialog. */
export default function RegulationClaimPage() {
  const reviewer = useReviewerActions();
  return (
    <>
      <ClaimRecordTable testId="pending-claims" source="pending" withType actions={reviewer.actions} />
      {reviewer.dialogs}
    </>
  );
}
