import type { ClaimRecord } from '@ec/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RowAction } from '../../components/RowAction.tsx';
import { usePermission } from '../../lib/access.ts';
import { useCanOpen } from '../../lib/page-param.ts';
import { claimDetailUrl, ELEVATOR_PATHS } from '../../lib/routes.ts';
import { useClaimAudit } from './ClaimAudit.tsx';
import { ClaimHistoryDrawer } from './ClaimHistory.tsx';

/**
 * A regulator's row actions on claim records: 审核 (where `auditable` says so and the user may audit),
 * 详情, 历史. `dialogs` holds the audit dialog and the history drawer they open.
 */
export function useReviewerActions(auditable: (row: ClaimRecord) => boolean = () => true) {
  const navigate = useNavigate();
  const canAudit = usePermission('elevator:claim:audit');
  const canDetail = useCanOpen(ELEVATOR_PATHS.regulationClaimDetail);
  const audit = useClaimAudit();
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  return {
    canAudit,
    actions: {
      width: 150,
      render: (row: ClaimRecord) => [
        canAudit && auditable(row) && (
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
    },
    dialogs: (
      <>
        {audit.dialog}
        <ClaimHistoryDrawer claimId={historyOf} onClose={() => setHistoryOf(null)} />
      </>
    ),
  };
}
