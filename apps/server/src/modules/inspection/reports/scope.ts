import { isReviewer, SEAL_KIND } from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { FileReference } from '../../../platform/files/references.ts';
import { liftVisibleTo } from '../../elevator/api.ts';
import { inspectionSeal as seal } from '../instruments/tables.ts';
import { isOrgAdminOf, isUseUnitUser } from '../orders/scope.ts';
import {
  inspectionReportFileHistory as h,
  inspectionReport as r,
  inspectionResult as res,
} from './tables.ts';

/**
 * Who sees an inspection report (anything outside answers 404):
 * - the platform every report;
 * - the organisation's administrators its own reports, in every state;
 * - an inspector the reports of the orders distributed to it;
 * - the use unit (its administrator and safety officers) the pushed reports of the lifts it applied for;
 * - a regulator the pushed reports of the lifts in its districts.
 * Who may act on a visible report: the assigned inspector (results, fields, signature), the
 * organisation's administrators (push, re-inspection, close, batch edit) — flow.ts.
 */
export function reportScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (isReviewer(user.dataScope)) return sql`(${r.pushed} and ${liftVisibleTo(user, r.elevatorId)})`;
  if (isUseUnitUser(user)) return sql`(${r.pushed} and ${r.useUnitId} = ${user.companyId})`;
  if (user.userType === 'inspection' && user.companyId !== null) return sql`${r.orgId} = ${user.companyId}`;
  if (user.userType === 'inspector') return sql`${r.inspectorUserId} = ${user.id}`;
  return sql`false`;
}

export { isOrgAdminOf };

/**
 * A report's files (defect photos, original records and their versions, uploaded report scans) and
 * its organisation's enabled report seal (printed on the report's PDF): readable by who reads the report.
 */
export const reportFiles: FileReference = {
  name: 'inspection-report-file',
  readable: (user, file) => sql`(exists (select 1 from ${r} where ${reportScope(user)} and (
    ${r.originalRecordFileId} = (${file})::text
    or exists (select 1 from ${h} where ${h.reportId} = ${r.id} and ${h.fileId} = (${file})::text)
    or exists (select 1 from ${res} where ${res.reportId} = ${r.id} and ${res.photoFileIds} @> array[(${file})::text])))
    or exists (select 1 from ${seal} where ${seal.fileId} = ${file} and ${seal.kind} = ${SEAL_KIND.report}
      and ${seal.enabled} and exists (select 1 from ${r} where ${r.orgId} = ${seal.orgId} and ${reportScope(user)})))`,
};
