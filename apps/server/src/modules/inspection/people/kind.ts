import { eq } from 'drizzle-orm';
import { defineKind } from '../../../platform/workflow.ts';
import { inspectionInspector } from './tables.ts';

/**
 * The organisation's audit of a joining inspector, through the shared workflow: adding an inspector
 * opens a case (待审核); the organisation's administrator (inspectorAudit) passes or rejects it; a
 * rejected inspector edited is submitted again. The case's state is mirrored onto the inspector's
 * `audit_state` in the same transaction.
 */
export const inspectorKind = defineKind({
  kind: 'inspection-inspector',
  label: '检验人员审核',
  async onTransition(tx, event) {
    await tx
      .update(inspectionInspector)
      .set({ auditState: event.to, updatedAt: new Date() })
      .where(eq(inspectionInspector.id, Number(event.record.subjectId)));
  },
});
