import {
  type AuditInfo,
  certStateOf,
  INSPECTION_PERMISSIONS,
  INSPECTOR_CATEGORY_LABEL,
  INSPECTOR_CERT_STATE_LABEL,
  type InspectorAuditRow,
  type InspectorCategory,
  shanghaiToday,
} from '@ec/contract';
import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { type AuthUser, hasPermission } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { likePattern } from '../../../platform/db/sql.ts';
import { auditRecord, enterprise } from '../../../platform/db/tables.ts';
import { forbidden } from '../../../platform/errors.ts';
import { shownPhone } from '../../../platform/masking.ts';
import { auditDesk } from '../../../platform/workflow/audit-desk.ts';
import { ownOrg } from '../scope.ts';
import { inspectorDetail } from './inspectors.ts';
import { inspectorKind } from './kind.ts';
import { inspectionInspector } from './tables.ts';

function selectInspectorCases(q: Queryable) {
  return q
    .select({ audit: auditRecord, i: inspectionInspector, orgName: enterprise.name })
    .from(auditRecord)
    .innerJoin(
      inspectionInspector,
      and(
        eq(sql`${inspectionInspector.id}::text`, auditRecord.subjectId),
        isNull(inspectionInspector.deletedAt),
      ),
    )
    .innerJoin(enterprise, eq(enterprise.id, inspectionInspector.orgId))
    .$dynamic();
}
type CaseRow = Awaited<ReturnType<ReturnType<typeof selectInspectorCases>['execute']>>[number];

const auditRow = (r: CaseRow, info: AuditInfo, viewer: AuthUser): InspectorAuditRow => {
  const certState = certStateOf(r.i.validUntil, shanghaiToday());
  return {
    ...info,
    inspectorId: r.i.id,
    orgId: r.i.orgId,
    orgName: r.orgName,
    name: r.i.name,
    certNo: r.i.certNo,
    category: r.i.category as InspectorCategory,
    categoryLabel: INSPECTOR_CATEGORY_LABEL[r.i.category as InspectorCategory] ?? r.i.category,
    validUntil: r.i.validUntil,
    certState,
    certStateLabel: INSPECTOR_CERT_STATE_LABEL[certState],
    phone: shownPhone(viewer, { userId: r.i.userId }, r.i.phone),
  };
};

/** Only the organisation's own administrator with the audit permission decides (not even the platform). */
function assertInspectorReviewer(user: AuthUser) {
  ownOrg(user, '检验人员审核');
  if (!hasPermission(user, INSPECTION_PERMISSIONS.inspectorAudit)) throw forbidden('没有审核检验人员的权限');
}

export const inspectorDesk = auditDesk({
  kind: inspectorKind,
  selectCases: selectInspectorCases,
  filters: (f: { keyword?: string }) => [
    f.keyword
      ? or(
          ilike(inspectionInspector.name, likePattern(f.keyword)),
          ilike(inspectionInspector.certNo, likePattern(f.keyword)),
        )
      : undefined,
  ],
  toRow: auditRow,
  subjectKey: 'inspector',
  loadSubject: (q, viewer, row) => inspectorDetail(q, viewer, row.inspectorId, { withDeleted: true }),
  assertReviewer: assertInspectorReviewer,
});
