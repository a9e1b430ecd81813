import {
  type BuildingCompanyDetail,
  type BuildingCompanyRow,
  type CompanyAuditRow,
  type CompanyBrief,
  formatDateTime,
  type InspectionOrgDetail,
  LICENCE_GRADES_BY_TYPE,
  LICENCE_TYPE_LABEL,
  type LicenceType,
  licenceGradeAllowed,
  type MaintenanceUnitDetail,
  type MaintenanceUnitRow,
  USE_UNIT_TYPE_LABEL,
  type UserType,
} from '@ec/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type AuthUser, hasPermission, scopeCondition } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { refusingConflicts } from '../../platform/db/conflicts.ts';
import { paginate } from '../../platform/db/paginate.ts';
import { likePattern, rowsOf } from '../../platform/db/sql.ts';
import { auditRecord, enterprise, sysArea, sysUser } from '../../platform/db/tables.ts';
import { versionedUpdate } from '../../platform/db/versioned.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { auditDesk } from '../../platform/workflow/audit-desk.ts';
import {
  type AuditRecordRow,
  currentCase,
  decide,
  defineKind,
  deleteCases,
  historySteps,
  type RecordKind,
  submit,
  type TransitionEvent,
} from '../../platform/workflow.ts';
import { liftCountOf, liftsRelation } from '../elevator/api.ts';
import {
  assertArea,
  assertFiles,
  assertInArea,
  assertReviewer,
  auditInfos,
  blank,
  fileRefs,
  filingOf,
  phoneFor,
  seesInFull,
  today,
} from './common.ts';
import {
  elevatorSafetyOfficer,
  inspectionOrgProfile,
  maintenanceUnitProfile,
  staffProfile,
  useUnitProfile,
} from './tables.ts';

/** Mirrors a company filing's state onto the party row, so that sign-in sees it (needIntercept). */
async function mirrorCompany(tx: Queryable, { to, record }: TransitionEvent) {
  await tx
    .update(enterprise)
    .set({ filingState: to, updatedAt: new Date() })
    .where(eq(enterprise.id, Number(record.subjectId)));
}

export const maintenanceUnitKind = defineKind({
  kind: 'maintenance-unit',
  label: '维保单位备案',
  onTransition: mirrorCompany,
});
export const buildingCompanyKind = defineKind({
  kind: 'building-company',
  label: '使用单位备案',
  onTransition: mirrorCompany,
});
export const inspectionOrgKind = defineKind({
  kind: 'inspection-org',
  label: '检验机构备案',
  onTransition: mirrorCompany,
});

export type CompanyKey = 'maintenance' | 'use' | 'inspection';

interface CompanyKindInfo {
  key: CompanyKey;
  label: string;
  audit: RecordKind;
  /** The account kind that files this kind of company for itself. */
  filer: UserType;
  /** Reviewers with this permission add companies of this kind directly (passed at once). */
  editPermission: string | null;
  /** Fields a filed (passed) company may not change itself; the regulator changes them. */
  keyFields: string[];
}

const BASE_KEYS = ['name', 'creditCode', 'areaCode', 'legalPerson'];
export const COMPANY_KINDS: Record<CompanyKey, CompanyKindInfo> = {
  maintenance: {
    key: 'maintenance',
    label: '维保单位',
    audit: maintenanceUnitKind,
    filer: 'maintenance',
    editPermission: 'maintenance:unit:edit',
    keyFields: [...BASE_KEYS, 'licenceType', 'licenceGrade', 'licenceNo', 'licenceExpiry', 'licenceFileId'],
  },
  use: {
    key: 'use',
    label: '使用单位',
    audit: buildingCompanyKind,
    filer: 'use_unit',
    editPermission: 'building:company:edit',
    keyFields: [...BASE_KEYS, 'unitType'],
  },
  inspection: {
    key: 'inspection',
    label: '检验机构',
    audit: inspectionOrgKind,
    filer: 'inspection',
    editPermission: null,
    keyFields: [...BASE_KEYS, 'approvalNo', 'approvalExpiry', 'approvalFileId'],
  },
};

/** Companies a user may see: all, the regulator's areas, their own company. */
export const companyScope = (user: AuthUser) =>
  scopeCondition(user, { area: enterprise.areaCode, company: enterprise.id });

const caseJoin = (kind: RecordKind) =>
  and(eq(auditRecord.kind, kind.kind), eq(auditRecord.subjectId, sql`${enterprise.id}::text`));

/** The company's own users see its contact phones in full (one policy: platform/masking.ts). */
const fullFor = (user: AuthUser, companyId: number) => seesInFull(user, { companyId });

type EnterpriseRow = typeof enterprise.$inferSelect;

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

function companyFilters(f: { name?: string; creditCode?: string; areaCode?: string; filingState?: number }) {
  return [
    f.name ? ilike(enterprise.name, likePattern(f.name)) : undefined,
    f.creditCode
      ? ilike(enterprise.creditCode, `${f.creditCode.toUpperCase().replace(/[\\%_]/g, '')}%`)
      : undefined,
    f.areaCode ? eq(enterprise.areaCode, f.areaCode) : undefined,
    f.filingState ? eq(enterprise.filingState, f.filingState) : undefined,
  ];
}

// ---------------------------------------------------------------- maintenance units

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

function maintenanceRowOf(user: AuthUser, r: MaintenanceJoin, day = today()): MaintenanceUnitRow {
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
  const day = today();
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
    async () => {
      const [{ total }] = await q
        .select({ total: count() })
        .from(enterprise)
        .leftJoin(maintenanceUnitProfile, eq(maintenanceUnitProfile.enterpriseId, enterprise.id))
        .where(where);
      return total;
    },
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
    version: r.p?.version ?? 0,
    updateTime: formatDateTime(r.p?.updatedAt ?? r.e.updatedAt),
    history: await historySteps(q, r.audit?.id),
  };
}

// ---------------------------------------------------------------- use units (building companies)

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
    async () => {
      const [{ total }] = await q
        .select({ total: count() })
        .from(enterprise)
        .leftJoin(useUnitProfile, eq(useUnitProfile.enterpriseId, enterprise.id))
        .where(where);
      return total;
    },
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
    version: r.p?.version ?? 0,
    updateTime: formatDateTime(r.p?.updatedAt ?? r.e.updatedAt),
    history: await historySteps(q, r.audit?.id),
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
    version: r.p?.version ?? 0,
    updateTime: formatDateTime(r.p?.updatedAt ?? r.e.updatedAt),
    history: await historySteps(q, r.audit?.id),
  };
}

// ---------------------------------------------------------------- filing: save and update

export interface CompanyInput {
  name: string;
  creditCode: string;
  areaCode: string;
  address: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  businessLicenceFileId?: string | null;
  [field: string]: unknown;
}

const profileTable = (key: CompanyKey) =>
  key === 'maintenance' ? maintenanceUnitProfile : key === 'use' ? useUnitProfile : inspectionOrgProfile;

/** The profile columns of one kind from the form. */
function profileValues(key: CompanyKey, input: CompanyInput) {
  const businessLicenceFileId = blank(input.businessLicenceFileId as string | null | undefined);
  if (key === 'maintenance') {
    if (!licenceGradeAllowed(input.licenceType as string, input.licenceGrade as string))
      throw badRequest(
        `许可项目「${LICENCE_TYPE_LABEL[input.licenceType as LicenceType]}」没有 ${input.licenceGrade} 级，可选：${LICENCE_GRADES_BY_TYPE[input.licenceType as LicenceType].join('、')} 级`,
      );
    return {
      licenceType: input.licenceType as string,
      licenceGrade: input.licenceGrade as string,
      licenceNo: input.licenceNo as string,
      licenceExpiry: input.licenceExpiry as string,
      licenceFileId: input.licenceFileId as string,
      businessLicenceFileId,
    };
  }
  if (key === 'use') {
    return {
      unitType: input.unitType as string,
      safetyDirector: input.safetyDirector as string,
      safetyDirectorPhone: input.safetyDirectorPhone as string,
      businessLicenceFileId,
    };
  }
  return {
    approvalNo: input.approvalNo as string,
    approvalExpiry: input.approvalExpiry as string,
    approvalFileId: input.approvalFileId as string,
    businessLicenceFileId,
  };
}

function fileFields(key: CompanyKey, input: CompanyInput): Record<string, string | null | undefined> {
  const v = profileValues(key, input) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => k.endsWith('FileId'))
      .map(([k, id]) => [k, (id as string | null) ?? null]),
  );
}

async function loadProfile(
  q: Queryable,
  key: CompanyKey,
  id: number,
): Promise<Record<string, unknown> | null> {
  const table = profileTable(key);
  const [row] = await q.select().from(table).where(eq(table.enterpriseId, id));
  return (row as Record<string, unknown> | undefined) ?? null;
}

/**
 * Writes a company's profile: inserts the first one, else one UPDATE conditional on the version the
 * writer saw (`versionedUpdate`): of concurrent changes from one version exactly one is stored.
 */
async function writeProfile(
  tx: Queryable,
  key: CompanyKey,
  id: number,
  input: CompanyInput,
  existing: { version: number } | null,
) {
  const values = profileValues(key, input);
  const stale = `${COMPANY_KINDS[key].label}信息已被他人修改，请刷新后重试`;
  if (key === 'maintenance') {
    const v = values as typeof maintenanceUnitProfile.$inferInsert;
    if (existing) {
      const where = eq(maintenanceUnitProfile.enterpriseId, id);
      await versionedUpdate(
        tx,
        maintenanceUnitProfile,
        where,
        existing.version,
        { ...v, updatedAt: new Date() },
        stale,
      );
    } else await tx.insert(maintenanceUnitProfile).values({ ...v, enterpriseId: id });
  } else if (key === 'use') {
    const v = values as typeof useUnitProfile.$inferInsert;
    if (existing) {
      const where = eq(useUnitProfile.enterpriseId, id);
      await versionedUpdate(
        tx,
        useUnitProfile,
        where,
        existing.version,
        { ...v, updatedAt: new Date() },
        stale,
      );
    } else await tx.insert(useUnitProfile).values({ ...v, enterpriseId: id });
  } else {
    const v = values as typeof inspectionOrgProfile.$inferInsert;
    if (existing) {
      const where = eq(inspectionOrgProfile.enterpriseId, id);
      await versionedUpdate(
        tx,
        inspectionOrgProfile,
        where,
        existing.version,
        { ...v, updatedAt: new Date() },
        stale,
      );
    } else await tx.insert(inspectionOrgProfile).values({ ...v, enterpriseId: id });
  }
}

const enterpriseValues = (input: CompanyInput) => ({
  name: input.name,
  creditCode: input.creditCode,
  areaCode: input.areaCode,
  address: input.address,
  legalPerson: input.legalPerson,
  contactName: input.contactName,
  contactPhone: input.contactPhone,
});

/** A credit code registered twice is refused, naming the company that holds it. */
async function assertCreditCodeFree(q: Queryable, creditCode: string, exceptId?: number) {
  const [clash] = await q
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(eq(enterprise.creditCode, creditCode));
  if (clash && clash.id !== exceptId) {
    throw conflict(`统一社会信用代码 ${creditCode} 已被「${clash.name}」使用，如为本单位请使用企业绑定`);
  }
}

const guardCreditCode = <T>(creditCode: string, write: () => Promise<T>) =>
  refusingConflicts(write, { unique: `统一社会信用代码 ${creditCode} 已被其他单位使用` });

/** A pending request of the account to join a company (staff_profile), if any. */
async function joinRequestOf(q: Queryable, userId: number) {
  const [row] = await q
    .select({ companyId: staffProfile.companyId, name: enterprise.name, state: sysUser.filingState })
    .from(staffProfile)
    .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
    .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
    .where(eq(staffProfile.userId, userId));
  return row ?? null;
}

/**
 * Files a new company. The company's own account (a maintenance company, a use unit, an inspection
 * organisation that has no company yet) files for itself: the company is created, bound to the
 * account and submitted (state 2). A reviewer holding the kind's edit permission adds a company
 * directly: submitted and passed at once, in its own area.
 */
export async function saveCompany(
  tx: Queryable,
  user: AuthUser,
  key: CompanyKey,
  input: CompanyInput,
): Promise<number> {
  const kind = COMPANY_KINDS[key];
  const selfFiling = user.userType === kind.filer;
  if (selfFiling) {
    if (user.companyId !== null) {
      const [own] = await tx
        .select({ name: enterprise.name })
        .from(enterprise)
        .where(eq(enterprise.id, user.companyId));
      throw conflict(`本账号已绑定「${own?.name ?? '单位'}」，如需修改请在备案信息中修改后提交`);
    }
    const request = await joinRequestOf(tx, user.id);
    if (request && request.state === 2) throw conflict(`您已申请加入「${request.name}」，请等待审核结果`);
    if (request) await tx.delete(staffProfile).where(eq(staffProfile.userId, user.id));
  } else {
    if (!kind.editPermission || !hasPermission(user, kind.editPermission) || !isReviewerScope(user)) {
      throw forbidden(`没有新增${kind.label}的权限`);
    }
    assertInArea(user, input.areaCode);
  }
  await assertArea(tx, input.areaCode);
  await assertFiles(tx, user, fileFields(key, input));
  await assertCreditCodeFree(tx, input.creditCode);
  const id = await guardCreditCode(input.creditCode, async () => {
    const [row] = await tx
      .insert(enterprise)
      .values({ ...enterpriseValues(input), kind: key, filingState: 1 })
      .returning({ id: enterprise.id });
    return row.id;
  });
  await writeProfile(tx, key, id, input, null);
  const submitted = await submit(tx, kind.audit, {
    subjectId: id,
    actorId: user.id,
    areaCode: input.areaCode,
    companyId: id,
    payload: { ...enterpriseValues(input), ...profileValues(key, input) },
    description: selfFiling ? '单位提交初始备案' : '监管部门新增',
  });
  if (selfFiling) {
    // Bound only if still unbound, in the UPDATE itself: of two filings at once by one account, one
    // company is created and the other filing is refused (and rolled back).
    const bound = await tx
      .update(sysUser)
      .set({ companyId: id, updatedAt: new Date() })
      .where(and(eq(sysUser.id, user.id), isNull(sysUser.companyId)))
      .returning({ id: sysUser.id });
    if (bound.length === 0) throw conflict('本账号已绑定单位，如需修改请在备案信息中修改后提交');
  } else {
    await decide(tx, kind.audit, {
      auditId: submitted.id,
      actorId: user.id,
      decision: 'pass',
      description: '监管部门录入，直接备案',
    });
  }
  return id;
}

const isReviewerScope = (user: AuthUser) => user.dataScope === 'all' || user.dataScope === 'area';
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * Changes a company. Its own account: while not filed or rejected, the change is submitted again
 * (state 2); while awaiting audit it is refused; once filed only the contact details may change. A
 * reviewer with the edit permission changes anything in scope without touching the filing state.
 */
export async function updateCompany(
  tx: Queryable,
  user: AuthUser,
  key: CompanyKey,
  input: CompanyInput & { id: number; version?: number },
): Promise<number> {
  const kind = COMPANY_KINDS[key];
  const self = user.userType === kind.filer && user.companyId === input.id;
  const reviewer = !!kind.editPermission && hasPermission(user, kind.editPermission) && isReviewerScope(user);
  const [current] = await tx
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, input.id), eq(enterprise.kind, key), self ? undefined : companyScope(user)));
  if (!current || (!self && !reviewer)) throw notFound(`${kind.label}不存在或无权修改`);
  const profile = await loadProfile(tx, key, input.id);
  // The version the writer saw (or, without one, the one just read) goes into the UPDATE's WHERE.
  const seen = profile && { version: input.version ?? (profile.version as number) };
  const now = { ...current, ...(profile ?? {}) } as Record<string, unknown>;
  // The one optional field: a change that does not send the business licence keeps it.
  if (input.businessLicenceFileId === undefined) {
    input = { ...input, businessLicenceFileId: (now.businessLicenceFileId as string | null) ?? null };
  }
  if (self && !reviewer) {
    if (current.filingState === 2) throw conflict(`${kind.label}备案正在审核中，审核完成前不能修改`);
    if (current.filingState === 3) {
      const changed = kind.keyFields.filter((f) => !same(now[f], input[f]));
      if (changed.length > 0) {
        throw conflict(
          `已备案的${kind.label}只能修改联系人、联系电话和地址；名称、信用代码、证照等变更请联系监管部门`,
        );
      }
    }
  } else {
    assertInArea(user, input.areaCode);
  }
  await assertArea(tx, input.areaCode);
  const currentFiles = Object.entries(now)
    .filter(([k]) => k.endsWith('FileId'))
    .map(([, v]) => v as string | null);
  await assertFiles(tx, user, fileFields(key, input), currentFiles);
  if (input.creditCode !== current.creditCode) await assertCreditCodeFree(tx, input.creditCode, input.id);
  await guardCreditCode(input.creditCode, () =>
    tx
      .update(enterprise)
      .set({ ...enterpriseValues(input), updatedAt: new Date() })
      .where(eq(enterprise.id, input.id)),
  );
  await writeProfile(tx, key, input.id, input, seen);
  if (self && (current.filingState === 1 || current.filingState === 4)) {
    await submit(tx, kind.audit, {
      subjectId: input.id,
      actorId: user.id,
      areaCode: input.areaCode,
      companyId: input.id,
      payload: { ...enterpriseValues(input), ...profileValues(key, input) },
      description: current.filingState === 4 ? '修改后重新提交' : '单位提交备案',
    });
  } else if (reviewer && current.filingState !== 2) {
    // Keep the case's area in step with the company for the reviewers' scope.
    await tx
      .update(auditRecord)
      .set({ areaCode: input.areaCode })
      .where(and(eq(auditRecord.kind, kind.audit.kind), eq(auditRecord.subjectId, String(input.id))));
  }
  return input.id;
}

/** Deletes companies in scope that nothing refers to any more; pending filings are decided first. */
export async function deleteCompanies(tx: Queryable, user: AuthUser, key: CompanyKey, ids: number[]) {
  const kind = COMPANY_KINDS[key];
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: enterprise.id, name: enterprise.name, filingState: enterprise.filingState })
    .from(enterprise)
    .where(and(inArray(enterprise.id, unique), eq(enterprise.kind, key), companyScope(user)));
  if (rows.length !== unique.length) throw notFound(`${kind.label}不存在或无权访问`);
  for (const c of rows) {
    if (c.filingState === 2) throw conflict(`「${c.name}」的备案正在审核中，请先审核`);
    const [{ users }] = await tx.select({ users: count() }).from(sysUser).where(eq(sysUser.companyId, c.id));
    const [{ members }] = await tx
      .select({ members: count() })
      .from(staffProfile)
      .where(eq(staffProfile.companyId, c.id));
    if (users + members > 0) {
      throw conflict(`「${c.name}」还有 ${Math.max(users, members)} 名人员，请先删除或转移人员`);
    }
    const current = await currentCase(tx, kind.audit, c.id);
    if (current && current.deletedAt === null) {
      await deleteCases(tx, kind.audit, [current.id], { actorId: user.id });
    }
  }
  // The state goes into the DELETE: a company whose filing was submitted meanwhile stays.
  const deleted = await refusingConflicts(
    () =>
      tx
        .delete(enterprise)
        .where(and(inArray(enterprise.id, unique), ne(enterprise.filingState, 2)))
        .returning({ id: enterprise.id }),
    { foreignKey: `${kind.label}仍有关联的电梯、合同或其他业务数据，不能删除` },
  );
  if (deleted.length !== unique.length) throw conflict(`${kind.label}的备案正在审核中或已变化，请刷新后重试`);
  return unique.length;
}

// ---------------------------------------------------------------- audit desks

const selectCompanyCases = (q: Queryable) =>
  q
    .select({ audit: auditRecord, e: enterprise, areaName: sysArea.name })
    .from(auditRecord)
    .innerJoin(enterprise, eq(sql`${enterprise.id}::text`, auditRecord.subjectId))
    .leftJoin(sysArea, eq(sysArea.code, enterprise.areaCode))
    .$dynamic();

async function companyAuditRows(
  q: Queryable,
  rows: { audit: AuditRecordRow; e: EnterpriseRow; areaName: string | null }[],
): Promise<CompanyAuditRow[]> {
  const infos = await auditInfos(
    q,
    rows.map((r) => r.audit),
  );
  return rows.map((r, i) => ({
    ...infos[i],
    companyId: r.e.id,
    kind: r.e.kind,
    name: r.e.name,
    creditCode: r.e.creditCode,
    areaCode: r.e.areaCode,
    areaName: r.areaName,
    legalPerson: r.e.legalPerson,
    contactName: r.e.contactName,
  }));
}

const companyDesk = <Subject>(
  key: CompanyKey,
  loadSubject: (q: Queryable, viewer: AuthUser, id: number) => Promise<Subject>,
) =>
  auditDesk({
    kind: COMPANY_KINDS[key].audit,
    selectCases: selectCompanyCases,
    filters: (f: { name?: string; creditCode?: string; areaCode?: string }) =>
      companyFilters({ name: f.name, creditCode: f.creditCode, areaCode: f.areaCode }),
    toRows: (q, _viewer, rows) => companyAuditRows(q, rows),
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

// ---------------------------------------------------------------- lookups

const brief = (e: EnterpriseRow): CompanyBrief => ({
  id: e.id,
  name: e.name,
  creditCode: e.creditCode,
  kind: e.kind,
  areaCode: e.areaCode,
  filingState: e.filingState,
});

/** Companies by exact credit code or by name (prefix match, at most 10): public registry facts. */
export async function lookupCompanies(q: Queryable, f: { creditCode?: string; name?: string }) {
  const conditions: SQL[] = [];
  if (f.creditCode && f.creditCode.length >= 6) {
    const code = f.creditCode.toUpperCase();
    conditions.push(
      code.length === 18
        ? eq(enterprise.creditCode, code)
        : ilike(enterprise.creditCode, `${code.replace(/[\\%_]/g, '')}%`),
    );
  }
  if (f.name && f.name.length >= 2) conditions.push(ilike(enterprise.name, likePattern(f.name)));
  if (conditions.length === 0) return [];
  const rows = await q
    .select()
    .from(enterprise)
    .where(sql.join(conditions, sql` or `))
    .orderBy(asc(enterprise.id))
    .limit(10);
  return rows.map(brief);
}

/** Filed (passed) companies of a kind, for pickers. */
export async function filedCompanies(q: Queryable, key: CompanyKey, keyword?: string, limit = 1000) {
  const rows = await q
    .select()
    .from(enterprise)
    .where(
      and(
        eq(enterprise.kind, key),
        eq(enterprise.filingState, 3),
        keyword ? ilike(enterprise.name, likePattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(enterprise.name), asc(enterprise.id))
    .limit(limit);
  return rows.map(brief);
}

/** The company and its kind, or 404. */
export async function companyOfKind(q: Queryable, id: number, key: CompanyKey) {
  const [row] = await q
    .select()
    .from(enterprise)
    .where(and(eq(enterprise.id, id), eq(enterprise.kind, key)));
  return row ?? null;
}
