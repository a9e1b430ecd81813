import { type ClaimRecord, claimCalls } from '@ec/contract';
import { App } from 'antd';
import { useState } from 'react';
import { type AuditDecision, AuditDialog } from '../../components/index.ts';
import { call } from '../../lib/api.ts';
import { CLAIM_TYPE_LABEL } from './model.ts';
import { useInvalidateElevators } from './queries.ts';

/**
 * Review of one pending claim through the shared AuditDialog: pass or reject (with an optional
 * reason), sent with the version that was read so a decision taken meanwhile is refused (409).
 */
export function useClaimAudit() {
  const { message } = App.useApp();
  const invalidate = useInvalidateElevators();
  const [claim, setClaim] = useState<ClaimRecord | null>(null);

  const decide = async ({ pass, description }: AuditDecision) => {
    if (!claim) return;
    const input = { auditId: claim.auditId, version: claim.version, auditDescription: description };
    try {
      await call(pass ? claimCalls.auditPass : claimCalls.auditReject, input);
      message.success(pass ? '已通过认领，电梯已绑定认领单位' : '已驳回认领');
    } finally {
      // A refused decision (e.g. already decided) also leaves the lists stale.
      await invalidate();
    }
  };

  const dialog = (
    <AuditDialog
      open={claim !== null}
      title={
        claim
          ? `审核${CLAIM_TYPE_LABEL[claim.claimType]} · ${claim.registerCode} · ${claim.companyName}`
          : '审核'
      }
      onSubmit={decide}
      onClose={() => setClaim(null)}
    />
  );
  return { open: setClaim, dialog };
}
