/**
 * The account's own filing: which filing page it needs, its state, and binding to a company already on
 * the platform.
 */
import type { FilingKind, MyFiling, UserType } from '@ec/contract';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import { filingStateOf, needsIntercept } from '../../../platform/auth/roles.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { currentCase, historySteps } from '../../../platform/workflow.ts';
import { filingLabel } from '../common.ts';

import { COMPANY_KINDS, type CompanyKey } from '../companies/kinds.ts';
import { buildingCompanyDetail, inspectionOrgDetail, maintenanceUnitDetail } from '../companies/read.ts';
import { PERSON_KINDS, type PersonKey } from '../persons/kinds.ts';
import { personDetail, profileOf } from '../persons/read.ts';
import { requestJoin } from '../persons/write.ts';

/** The initial filing page of each kind of account (doc 000 §2). */
export function filingPageOf(type: UserType): string {
  switch (type) {
    case 'maintenance':
      return '/initialFiling';
    case 'maintenance_staff':
      return '/initialRecord';
    case 'use_unit':
    case 'safety_officer':
      return '/initialFiling/initialFiling';
    case 'inspection':
    case 'inspector':
      return '/initialFiling/mechanism';
    default:
      return '/dashboard';
  }
}

const COMPANY_FILER: Partial<Record<UserType, CompanyKey>> = {
  maintenance: 'maintenance',
  use_unit: 'use',
  inspection: 'inspection',
};
const PERSON_FILER: Partial<Record<UserType, PersonKey>> = {
  maintenance_staff: 'maintenance',
  safety_officer: 'use',
  inspector: 'inspection',
};
const COMPANY_FILING_KIND: Record<CompanyKey, FilingKind> = {
  maintenance: 'maintenance-unit',
  use: 'building-company',
  inspection: 'inspection-org',
};
const PERSON_FILING_KIND: Record<PersonKey, FilingKind> = {
  maintenance: 'maintenance-user',
  use: 'building-company-user',
  inspection: 'inspection-org-user',
};

/**
 * The account's own filing: its company's (company accounts with a company), its request to join a
 * company (company accounts without one, workers, safety officers), or none (every other kind).
 */
export async function myFiling(q: Queryable, user: AuthUser): Promise<MyFiling> {
  const [account] = await q
    .select({ u: sysUser, company: enterprise })
    .from(sysUser)
    .leftJoin(enterprise, eq(enterprise.id, sysUser.companyId))
    .where(eq(sysUser.id, user.id));
  if (!account) throw notFound('用户不存在');
  const type = account.u.userType as UserType;
  const company = account.company;
  const result: MyFiling = {
    kind: null,
    page: filingPageOf(type),
    state: filingStateOf(type, account.u.filingState, company?.filingState ?? null),
    stateLabel: '',
    needIntercept: needsIntercept(type, account.u.filingState, company?.filingState ?? null),
    auditDescription: null,
    company: company
      ? {
          id: company.id,
          name: company.name,
          kind: company.kind,
          filingState: company.filingState,
          version: 0,
        }
      : null,
    person: null,
    maintenanceUnit: null,
    buildingCompany: null,
    inspectionOrg: null,
    history: [],
  };
  const companyKey = COMPANY_FILER[type];
  const profile = await profileOf(q, user.id);
  const personKey: PersonKey | undefined =
    PERSON_FILER[type] ?? (companyKey && profile && !company ? companyKey : undefined);

  if (companyKey && company) {
    result.kind = COMPANY_FILING_KIND[companyKey];
    const c = await currentCase(q, COMPANY_KINDS[companyKey].audit, company.id);
    result.auditDescription = c?.state === 4 ? c.description : null;
    result.history = await historySteps(q, c?.id);
    if (companyKey === 'maintenance')
      result.maintenanceUnit = await maintenanceUnitDetail(q, user, company.id);
    if (companyKey === 'use') result.buildingCompany = await buildingCompanyDetail(q, user, company.id);
    if (companyKey === 'inspection') result.inspectionOrg = await inspectionOrgDetail(q, user, company.id);
    result.company!.version =
      result.maintenanceUnit?.version ??
      result.buildingCompany?.version ??
      result.inspectionOrg?.version ??
      0;
  } else if (personKey) {
    result.kind = PERSON_FILING_KIND[personKey];
    if (profile) {
      result.person = await personDetail(q, user, personKey, user.id);
      const c = await currentCase(q, PERSON_KINDS[personKey].audit, user.id);
      result.auditDescription = c?.state === 4 ? c.description : null;
      result.history = await historySteps(q, c?.id);
    }
  } else if (companyKey) {
    result.kind = COMPANY_FILING_KIND[companyKey];
  }
  result.stateLabel = filingLabel(result.state);
  return result;
}

/**
 * 企业绑定: an account of a maintenance company, a use unit or an inspection organisation (or an
 * inspector) asks to join a company of its kind that is already on the platform (found by credit
 * code, its name must match). The company's reviewers audit the request — the regulator of its area,
 * for inspection organisations the holders of the organisation audit; until then the account stays
 * on the filing page.
 */
export async function bindCompany(
  tx: Queryable,
  user: AuthUser,
  input: { creditCode: string; name: string; idNumber: string; position?: string },
) {
  const key = COMPANY_FILER[user.userType] ?? (user.userType === 'inspector' ? 'inspection' : undefined);
  if (!key) throw forbidden('只有维保单位、使用单位、检验机构或检验人员的账号可以绑定单位');
  if (user.companyId !== null) throw conflict('本账号已绑定单位，不能重复绑定');
  const [company] = await tx.select().from(enterprise).where(eq(enterprise.creditCode, input.creditCode));
  if (!company)
    throw notFound(`未找到统一社会信用代码为 ${input.creditCode} 的单位，请填写单位信息提交初始备案`);
  if (company.kind !== key) {
    throw conflict(`「${company.name}」不是${COMPANY_KINDS[key].label}，不能绑定`);
  }
  if (company.name !== input.name) throw conflict('单位名称与统一社会信用代码不一致，请核对');
  if (company.filingState !== 3) throw conflict(`「${company.name}」的备案尚未通过，暂不能绑定`);
  await requestJoin(tx, user, key, company, input);
  return myFiling(tx, user);
}
