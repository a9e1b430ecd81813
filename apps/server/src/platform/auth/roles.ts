import { FILING_STATE, type UserType } from '@ec/contract';

/** The built-in role each kind of account receives when it is created or registers. */
export const DEFAULT_ROLE_BY_TYPE: Record<UserType, string> = {
  platform: 'admin',
  regulator: 'regulator',
  maintenance: 'maintenance_admin',
  maintenance_staff: 'maintenance_staff',
  use_unit: 'use_admin',
  safety_officer: 'safety_officer',
  inspection: 'inspection_admin',
  inspector: 'inspector',
  rescue: 'rescue',
  callcenter: 'callcenter',
  ad: 'ad_admin',
  iot: 'iot_admin',
};

/** Kinds whose company must be filed and passed before the full console opens. */
const COMPANY_FILED: UserType[] = ['maintenance', 'use_unit', 'inspection'];
/** Kinds that file themselves as persons. */
const PERSON_FILED: UserType[] = ['maintenance_staff', 'inspector', 'safety_officer'];

export function needsIntercept(type: UserType, personState: number, companyState: number | null): boolean {
  if (COMPANY_FILED.includes(type)) return companyState !== FILING_STATE.passed;
  if (PERSON_FILED.includes(type)) return personState !== FILING_STATE.passed;
  return false;
}

/**
 * The filing state the session shows: the company's for company kinds, the person's otherwise. A
 * company account without a company yet shows its own state (its request to join one, or 1).
 */
export function filingStateOf(type: UserType, personState: number, companyState: number | null): number {
  return COMPANY_FILED.includes(type) ? (companyState ?? personState) : personState;
}
