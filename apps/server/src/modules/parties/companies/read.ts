/**
 * Reading companies: lists, details, the use units' statistics and the lookups pickers use.
 */
import {
  type ApprovalState,
  addDays,
  approvalStateOf,
  type BuildingCompanyDetail,
  type BuildingCompanyRow,
  CERT_EXPIRING_DAYS,
  formatDateTime,
  type InspectionOrgDetail,
  type InspectionOrgOption,
  type InspectionOrgRow,
  LICENCE_TYPE_LABEL,
  type MaintenanceUnitDetail,
  type MaintenanceUnitRow,
  shanghaiToday,
  USE_UNIT_TYPE_LABEL,
} from '@ec/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../../platform/db/sql.ts';
import { auditRecord, enterprise, sysArea, sysUser } from '../../../platform/db/tables.ts';
import { notFound } from '../../../platform/errors.ts';
import { type AuditRecordRow, historySteps, type RecordKind } from '../../../platform/workflow.ts';
import { liftCountOf, liftsRelation } from '../../elevator/api.ts';
import { fileRefs, filingOf, phoneFor, seesInFull } from '../common.ts';
import {
  elevatorSafetyOfficer,
  inspectionOrgProfile,
  maintenanceUnitProfile,
  staffProfile,
  useUnitProfile,
} from '../tables.ts';
import { buildingCompanyKind, companyScope, inspectionOrgKind, maintenanceUnitKind } from './kinds.ts';

const caseJoin = (kind: RecordKind) =>
  and(eq(auditRecord.kind, kind.kind), eq(auditRecord.subjectId, sql`${enterprise.id}::text`));

/** The company's own users see its contact phones in full (one policy: platform/masking.ts). */
const fullFor = (user: AuthUser, companyId: number) => seesInFull(user, { companyId });

export type EnterpriseRow = typeof enterprise.$inferSelect;

function coreOf(user: AuthUser, e: EnterpriseRow, areaName: string | null, audit: AuditRecordRow | null) {
  return {
    id: e.id,
    name: e.name,
    creditCode: e.creditCode,
    areaCode: e.areaCode,
    areaName,
    address: e.address,
    legalPerson: e.legalPerson,
    contactName: e.contactName,
    contactPhone: phoneFor(fullFor(user, e.id), e.contactPhone),
    ...filingOf(e.filingState, audit),
    createTime: formatDateTime(e.createdAt),
  };
}

/** Filed (passed) people of the company still employed there, by profile role. */
const memberCount = (roles: string) =>
  sql<number>`(select count(*) from ${staffProfile} sp join sys_user su on su.id = sp.user_id
    where sp.company_id = ${enterprise.id} and sp.employed = 1 and su.filing_state = 3
      and sp.role in (${sql.raw(roles)}))`.mapWith(Number);
const staffCount = memberCount(`'staff'`);
const officerCount = memberCount(`'safety_officer', 'safety_director'`);

export function companyFilters(f: {
  name?: string;
  creditCode?: string;
  areaCode?: string;
  filingState?: number;
}) {
  return [
    f.name ? ilike(enterprise.name, likePattern(f.name)) : undefined,
    f.creditCode
      ? ilike(enterprise.creditCode, `${f.creditCode.toUpperCase().replace(/[\\%_]/g, '')}%`)
      : undefined,
    f.areaCode ? eq(enterprise.areaCode, f.areaCode) : undefined,
    f.filingState ? eq(enterprise.filingState, f.filingState) : undefined,
  ];
}

/** What a company's detail shows of its filing beyond the row: the profile's version, the last change, the steps. */
async function filedState(
  q: Queryable,
  r: {
    e: EnterpriseRow;
    p: { version: number; updatedAt: Date } | null;
    audit: AuditRecordRow | null;
  },
) {
  return {
    version: r.p?.version ?? 0,
    updateTime: formatDateTime(r.p?.updatedAt ?? r.e.updatedAt),
    history: await historySteps(q, r.audit?.id),
  };
}

/** The companies a list's condition keeps (it may name the kind's profile columns). */
async function countCompanies(
  q: Queryable,
  profile: typeof maintenanceUnitProfile | typeof useUnitProfile,
  where: SQL | undefined,
) {
  const [{ total }] = await q
    .select({ total: count() })
    .from(enterprise)
    .leftJoin(profile, eq(profile.enterpriseId, enterprise.id))
    .where(where);
  return total;
}

function selectMaintenanceUnits(q: Queryable) {
  return q
    .select({
      e: enterprise,
      p: maintenanceUnitProfile,
      audit: auditRecord,
      areaName: sysArea.name,
      staffCount,
      elevatorCount: liftCountOf('maintenance', enterprise.id),
    })
    .from(enterprise)
    .leftJoin(maintenanceUnitProfile, eq(maintenanceUnitProfile.enterpriseId, enterprise.id))
    .leftJoin(auditRecord, caseJoin(maintenanceUnitKind))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode));
}
type MaintenanceJoin = Awaited<ReturnType<ReturnType<typeof selectMaintenanceUnits>['execute']>>[number];

function maintenanceRowOf(user: AuthUser, r: MaintenanceJoin, day = shanghaiToday()): MaintenanceUnitRow {
  const p = r.p;
  return {
    ...coreOf(user, r.e, r.areaName, r.audit),
    licenceType: p?.licenceType ?? null,
    licenceTypeLabel: p?.licenceType
      ? (LICENCE_TYPE_LABEL[p.licenceType as keyof typeof LICENCE_TYPE_LABEL] ?? p.licenceType)
      : null,
    licenceGrade: p?.licenceGrade ?? null,
    licenceNo: p?.licenceNo ?? null,
    licenceExpiry: p?.licenceExpiry ?? null,
    licenceExpired: !!p?.licenceExpiry && p.licenceExpiry < day,
    staffCount: r.staffCount,
    elevatorCount: r.elevatorCount,
  };
}

export async function listMaintenanceUnits(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    name?: string;
    creditCode?: string;
    areaCode?: string;
    filingState?: number;
    licenceGrade?: string;
    licenceExpired?: boolean;
  },
) {
  const day = shanghaiToday();
  const where = and(
    eq(enterprise.kind, 'maintenance'),
    companyScope(user),
    ...companyFilters(f),
    f.licenceGrade ? eq(maintenanceUnitProfile.licenceGrade, f.licenceGrade) : undefined,
    f.licenceExpired === true ? sql`${maintenanceUnitProfile.licenceExpiry} < ${day}` : undefined,
    f.licenceExpired === false ? sql`${maintenanceUnitProfile.licenceExpiry} >= ${day}` : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      selectMaintenanceUnits(q).where(where).orderBy(desc(enterprise.id)).limit(w.limit).offset(w.offset),
    () => countCompanies(q, maintenanceUnitProfile, where),
    (r) => maintenanceRowOf(user, r, day),
  );
}

export async function maintenanceUnitDetail(
  q: Queryable,
  user: AuthUser,
  id: number,
): Promise<MaintenanceUnitDetail> {
  const [r] = await selectMaintenanceUnits(q).where(
    and(eq(enterprise.id, id), eq(enterprise.kind, 'maintenance'), companyScope(user)),
  );
  if (!r) throw notFound('维保单位不存在或无权访问');
  const files = await fileRefs(q, [r.p?.licenceFileId, r.p?.businessLicenceFileId]);
  return {
    ...maintenanceRowOf(user, r),
    licenceFile: (r.p?.licenceFileId && files.get(r.p.licenceFileId)) || null,
    businessLicenceFile: (r.p?.businessLicenceFileId && files.get(r.p.businessLicenceFileId)) || null,
    ...(await filedState(q, r)),
  };
}

function selectBuildingCompanies(q: Queryable) {
  return q
    .select({
      e: enterprise,
      p: useUnitProfile,
      audit: auditRecord,
      areaName: sysArea.name,
      officerCount,
      elevatorCount: liftCountOf('use', enterprise.id),
    })
    .from(enterprise)
    .leftJoin(useUnitProfile, eq(useUnitProfile.enterpriseId, enterprise.id))
    .leftJoin(auditRecord, caseJoin(buildingCompanyKind))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode));
}
type BuildingJoin = Awaited<ReturnType<ReturnType<typeof selectBuildingCompanies>['execute']>>[number];

function buildingRowOf(user: AuthUser, r: BuildingJoin): BuildingCompanyRow {
  const p = r.p;
  return {
    ...coreOf(user, r.e, r.areaName, r.audit),
    unitType: p?.unitType ?? null,
    unitTypeLabel: p?.unitType
      ? (USE_UNIT_TYPE_LABEL[p.unitType as keyof typeof USE_UNIT_TYPE_LABEL] ?? p.unitType)
      : null,
    safetyDirector: p?.safetyDirector ?? null,
    safetyDirectorPhone: phoneFor(fullFor(user, r.e.id), p?.safetyDirectorPhone),
    officerCount: r.officerCount,
    elevatorCount: r.elevatorCount,
  };
}

export async function listBuildingCompanies(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    name?: string;
    creditCode?: string;
    areaCode?: string;
    filingState?: number;
    unitType?: string;
  },
) {
  const where = and(
    eq(enterprise.kind, 'use'),
    companyScope(user),
    ...companyFilters(f),
    f.unitType ? eq(useUnitProfile.unitType, f.unitType) : undefined,
  );
  return paginate(
    q,
    f,
    (w) =>
      selectBuildingCompanies(q).where(where).orderBy(desc(enterprise.id)).limit(w.limit).offset(w.offset),
    () => countCompanies(q, useUnitProfile, where),
    (r) => buildingRowOf(user, r),
  );
}

export async function buildingCompanyDetail(
  q: Queryable,
  user: AuthUser,
  id: number,
): Promise<BuildingCompanyDetail> {
  const [r] = await selectBuildingCompanies(q).where(
    and(eq(enterprise.id, id), eq(enterprise.kind, 'use'), companyScope(user)),
  );
  if (!r) throw notFound('使用单位不存在或无权访问');
  const files = await fileRefs(q, [r.p?.businessLicenceFileId]);
  return {
    ...buildingRowOf(user, r),
    businessLicenceFile: (r.p?.businessLicenceFileId && files.get(r.p.businessLicenceFileId)) || null,
    ...(await filedState(q, r)),
  };
}

export async function buildingStatistics(q: Queryable, user: AuthUser, areaCode?: string) {
  const where = and(
    eq(enterprise.kind, 'use'),
    companyScope(user),
    areaCode ? eq(enterprise.areaCode, areaCode) : undefined,
  );
  const byStateRows = await q
    .select({ state: enterprise.filingState, n: count() })
    .from(enterprise)
    .where(where)
    .groupBy(enterprise.filingState);
  const byAreaRows = await q
    .select({ areaCode: enterprise.areaCode, areaName: sysArea.name, n: count() })
    .from(enterprise)
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .where(where)
    .groupBy(enterprise.areaCode, sysArea.name)
    .orderBy(asc(enterprise.areaCode));
  const companyIds = sql`(select ${enterprise.id} from ${enterprise} where ${where})`;
  const [officers] = await q
    .select({
      total: sql<number>`count(*) filter (where ${sysUser.filingState} = 3)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${sysUser.filingState} = 2)`.mapWith(Number),
    })
    .from(staffProfile)
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(
      and(
        sql`${staffProfile.companyId} in ${companyIds}`,
        eq(staffProfile.employed, 1),
        inArray(staffProfile.role, ['safety_officer', 'safety_director']),
      ),
    );
  const [lifts] = rowsOf<{ total: number; covered: number }>(
    await q.execute(sql`
      select count(*)::int as total,
        count(*) filter (where exists (select 1 from ${elevatorSafetyOfficer} o where o.elevator_id = el.id))::int as covered
      from (${liftsRelation()}) el where el.use_company_id in ${companyIds}`),
  );
  return {
    total: byStateRows.reduce((n, r) => n + r.n, 0),
    byState: [1, 2, 3, 4].map((state) => ({
      state,
      label: filingOf(state, null).filingStateLabel,
      count: byStateRows.find((r) => r.state === state)?.n ?? 0,
    })),
    byArea: byAreaRows.map((r) => ({ areaCode: r.areaCode, areaName: r.areaName, count: r.n })),
    officerCount: officers?.total ?? 0,
    officerPending: officers?.pending ?? 0,
    elevatorCount: Number(lifts?.total ?? 0),
    elevatorWithOfficer: Number(lifts?.covered ?? 0),
  };
}

// ---------------------------------------------------------------- inspection organisations

function selectInspectionOrgs(q: Queryable) {
  return q
    .select({ e: enterprise, p: inspectionOrgProfile, audit: auditRecord, areaName: sysArea.name })
    .from(enterprise)
    .leftJoin(inspectionOrgProfile, eq(inspectionOrgProfile.enterpriseId, enterprise.id))
    .leftJoin(auditRecord, caseJoin(inspectionOrgKind))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode));
}

/** The organisations a user may see (机构备案): the platform all, a regulator its districts', an organisation itself. */
export async function listInspectionOrgs(
  q: Queryable,
  user: AuthUser,
  f: {
    page: number;
    limit: number;
    name?: string;
    creditCode?: string;
    areaCode?: string;
    filingState?: number;
    approvalState?: ApprovalState;
  },
) {
  const day = shanghaiToday();
  const soon = addDays(day, CERT_EXPIRING_DAYS);
  const expiry = inspectionOrgProfile.approvalExpiry;
  const where = and(
    eq(enterprise.kind, 'inspection'),
    companyScope(user),
    ...companyFilters(f),
    f.approvalState === 'expired' ? sql`${expiry} < ${day}` : undefined,
    f.approvalState === 'expiring' ? sql`${expiry} between ${day} and ${soon}` : undefined,
    f.approvalState === 'valid' ? sql`${expiry} > ${soon}` : undefined,
  );
  return paginate(
    q,
    f,
    (w) => selectInspectionOrgs(q).where(where).orderBy(desc(enterprise.id)).limit(w.limit).offset(w.offset),
    async () => {
      const [{ total }] = await q
        .select({ total: count() })
        .from(enterprise)
        .leftJoin(inspectionOrgProfile, eq(inspectionOrgProfile.enterpriseId, enterprise.id))
        .where(where);
      return total;
    },
    (r): InspectionOrgRow => ({
      ...coreOf(user, r.e, r.areaName, r.audit),
      approvalNo: r.p?.approvalNo ?? null,
      approvalExpiry: r.p?.approvalExpiry ?? null,
      approvalState: approvalStateOf(r.p?.approvalExpiry, day),
      updateTime: formatDateTime(r.p?.updatedAt ?? r.e.updatedAt),
    }),
  );
}

const optionColumns = {
  id: enterprise.id,
  name: enterprise.name,
  areaCode: enterprise.areaCode,
  areaName: sysArea.name,
  address: enterprise.address,
  approvalNo: inspectionOrgProfile.approvalNo,
};

/**
 * Organisations as pickers show them, by name: `filed` — every organisation whose filing passed
 * (a use unit chooses where to apply); otherwise those in the user's scope (the regulator's filters).
 */
export function inspectionOrgOptions(
  q: Queryable,
  user: AuthUser,
  f: { filed: boolean; keyword?: string; areaCode?: string },
): Promise<InspectionOrgOption[]> {
  return q
    .select(optionColumns)
    .from(enterprise)
    .leftJoin(inspectionOrgProfile, eq(inspectionOrgProfile.enterpriseId, enterprise.id))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .where(
      and(
        eq(enterprise.kind, 'inspection'),
        f.filed ? eq(enterprise.filingState, 3) : companyScope(user),
        f.keyword ? ilike(enterprise.name, likePattern(f.keyword)) : undefined,
        f.areaCode ? eq(enterprise.areaCode, f.areaCode) : undefined,
      ),
    )
    .orderBy(asc(enterprise.name), asc(enterprise.id))
    .limit(500);
}

export async function inspectionOrgDetail(
  q: Queryable,
  user: AuthUser,
  id: number,
): Promise<InspectionOrgDetail> {
  const [r] = await q
    .select({ e: enterprise, p: inspectionOrgProfile, audit: auditRecord, areaName: sysArea.name })
    .from(enterprise)
    .leftJoin(inspectionOrgProfile, eq(inspectionOrgProfile.enterpriseId, enterprise.id))
    .leftJoin(auditRecord, caseJoin(inspectionOrgKind))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .where(and(eq(enterprise.id, id), eq(enterprise.kind, 'inspection'), companyScope(user)));
  if (!r) throw notFound('检验机构不存在或无权访问');
  const files = await fileRefs(q, [r.p?.approvalFileId, r.p?.businessLicenceFileId]);
  return {
    ...coreOf(user, r.e, r.areaName, r.audit),
    approvalNo: r.p?.approvalNo ?? null,
    approvalExpiry: r.p?.approvalExpiry ?? null,
    approvalFile: (r.p?.approvalFileId && files.get(r.p.approvalFileId)) || null,
    businessLicenceFile: (r.p?.businessLicenceFileId && files.get(r.p.businessLicenceFileId)) || null,
    ...(await filedState(q, r)),
  };
}
