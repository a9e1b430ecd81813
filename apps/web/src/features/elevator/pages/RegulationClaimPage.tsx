import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../lib/permission.tsx';
import { useClaimAudit } from '../ClaimAudit.tsx';
import { ClaimHistoryDrawer } from '../ClaimHistory.tsx';
import { ClaimRecordTable } from '../ClaimRecordTable.tsx';
import { claimDetailUrl, ELEVATOR_PATHS, useCanOpen } from '../paths.ts';
import { RowAction } from '../RowAction.tsx';

/** 监管认领: claims in the regulator's area awaiting review; each opens the audit dialog. */
export default function RegulationClaimPage() {
  const navigate = useNavigate();
  const canAudit = usePermission('elevator:claim:audit');
  const canDetail = useCanOpen(ELEVATOR_PATHS.regulationClaimDetail);
  const audit = useClaimAudit();
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  return (
    <>
      <ClaimRecordTable
        testId="pending-claims"
        source="pending"
        withType
        actions={{
          width: 150,
          render: (row) => [
            canAudit && (
              <RowAction key="audit" onClick={() => audit.open(row)}>
                审核
              </RowAction>
            ),
            canDetail && (
              <RowAction key="detail" onClick={() => navigate(claimDetailUrl(row.id))}>
                详情
              </RowAction>
            ),
            <RowAction key="history" onClick={() => setHistoryOf(row.id)}>
              历史
            </RowAction>,
          ],
        }}
      />
      {audit.dialog}
      <ClaimHistoryDrawer claimId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
