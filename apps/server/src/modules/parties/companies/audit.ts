/**
 * The audit desks of the companies' filings (platform/workflow/audit-desk.ts).
 */
import type { AuditInfo, CompanyAuditRow } from '@ec/contract';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { auditRecord, enterprise, sysArea } from '../../../platform/db/tables.ts';
import { auditDesk } from '../../../platform/workflow/audit-desk.ts';
import { assertReviewer } from '../common.ts';
import { COMPANY_KINDS, type CompanyKey } from './kinds.ts';
import {
  buildingCompanyDetail,
  companyFilters,
  type EnterpriseRow,
  inspectionOrgDetail,
  maintenanceUnitDetail,
} from './read.ts';

const selectCompanyCases = (q: Queryable) =>
  q
    .select({ audit: auditRecord, e: enterprise, areaName: sysArea.name })
    .from(auditRecord)
    .innerJoin(enterprise, eq(sql`${enterprise.id}::text`, auditRecord.subjectId))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .$dynamic();

const companyAuditRow = (
  r: { e: EnterpriseRow; areaName: string | null },
  info: AuditInfo,
): CompanyAuditRow => ({
  ...info,
  companyId: r.e.id,
  kind: r.e.kind,
  name: r.e.name,
  creditCode: r.e.creditCode,
  areaCode: r.e.areaCode,
  areaName: r.areaName,
  legalPerson: r.e.legalPerson,
  contactName: r.e.contactName,
});

const companyDesk = <Subject>(
  key: CompanyKey,
  loadSubject: (q: Queryable, viewer: AuthUser, id: number) => Promise<Subject>,
) =>
  auditDesk({
    kind: COMPANY_KINDS[key].audit,
    selectCases: selectCompanyCases,
    filters: (f: { name?: string; creditCode?: string; areaCode?: string }) =>
      companyFilters({ name: f.name, creditCode: f.creditCode, areaCode: f.areaCode }),
    toRow: companyAuditRow,
    subjectKey: 'company',
    loadSubject: (q, viewer, row) => loadSubject(q, viewer, row.companyId),
    assertReviewer,
  });

/** The audit of each kind of company's filing (lists, detail, decisions, deleting decided cases). */
export const companyDesks = {
  maintenance: companyDesk('maintenance', maintenanceUnitDetail),
  use: companyDesk('use', buildingCompanyDetail),
  inspection: companyDesk('inspection', inspectionOrgDetail),
};
