import {
  CERT_STATUS_LABEL,
  CERT_TYPE_LABEL,
  CONTRACT_FLAG_LABEL,
  CONTRACT_STATUS_LABEL,
  FILING_STATE_LABEL,
  LICENCE_GRADES,
  LICENCE_GRADES_BY_TYPE,
  LICENCE_TYPE_LABEL,
  type LicenceType,
  PLAN_TYPE_LABEL,
  USE_UNIT_TYPE_LABEL,
} from '@ec/contract';
import { Tag } from 'antd';

const CERT_COLOR: Record<string, string> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  none: 'default',
};
export function CertTag({ status }: { status: keyof typeof CERT_STATUS_LABEL }) {
  return <Tag color={CERT_COLOR[status]}>{CERT_STATUS_LABEL[status]}</Tag>;
}

const CONTRACT_COLOR: Record<string, string> = {
  draft: 'default',
  pending: 'processing',
  rejected: 'error',
  notStarted: 'default',
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
};
export function ContractTag({ status }: { status: keyof typeof CONTRACT_STATUS_LABEL }) {
  return <Tag color={CONTRACT_COLOR[status]}>{CONTRACT_STATUS_LABEL[status]}</Tag>;
}
export function FlagTag({ flag }: { flag: keyof typeof CONTRACT_FLAG_LABEL }) {
  return <Tag color={flag === 'expiring' ? 'warning' : 'error'}>{CONTRACT_FLAG_LABEL[flag]}</Tag>;
}

const enumOf = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));
export const filingEnum = enumOf(FILING_STATE_LABEL);
export const certTypeEnum = enumOf({ T: CERT_TYPE_LABEL.T, A: CERT_TYPE_LABEL.A });
export const certStatusEnum = enumOf(CERT_STATUS_LABEL);
export const contractStatusEnum = enumOf(CONTRACT_STATUS_LABEL);
export const flagEnum = enumOf(CONTRACT_FLAG_LABEL);
export const unitTypeEnum = enumOf(USE_UNIT_TYPE_LABEL);
export const gradeEnum = enumOf(Object.fromEntries(LICENCE_GRADES.map((g) => [g, `${g} 级`])));

export const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
export const licenceTypeOptions = options(LICENCE_TYPE_LABEL);
/** The 许可等级 a 许可项目 has (LICENCE_GRADES_BY_TYPE); none until the 许可项目 is chosen. */
export const gradeOptionsFor = (type: string | undefined) =>
  (LICENCE_GRADES_BY_TYPE[type as LicenceType] ?? []).map((g) => ({ value: g, label: `${g} 级` }));
export const certTypeOptions = options(CERT_TYPE_LABEL);
export const planTypeOptions = options(PLAN_TYPE_LABEL);
export const unitTypeOptions = options(USE_UNIT_TYPE_LABEL);
