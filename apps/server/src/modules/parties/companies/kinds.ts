/**
 * The kinds of company that file (maintenance units, use units, inspection organisations): their audit
 * kinds, what each may change once filed, and who sees a company.
 */
import type { UserType } from '@ec/contract';
import { eq } from 'drizzle-orm';
import { type AuthUser, scopeCondition } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { defineKind, type RecordKind, type TransitionEvent } from '../../../platform/workflow.ts';

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
