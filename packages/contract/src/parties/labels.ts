import { z } from 'zod';
import { FILING_STATE } from '../rules.ts';

/** Labels and enums of the parties domain. The filing states themselves are in ../rules.ts. */

export const filingStateFilter = z.coerce
  .number({ error: '备案状态应为 1–4' })
  .int('备案状态应为 1–4')
  .min(FILING_STATE.notFiled, '备案状态应为 1–4')
  .max(FILING_STATE.rejected, '备案状态应为 1–4');

/** 许可项目 of TSG 07-2019 for maintenance (DOMAIN.md §5.3). */
export const LICENCE_TYPES = ['manufacture', 'install_repair', 'repair'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_TYPE_LABEL: Record<LicenceType, string> = {
  manufacture: '电梯制造（含安装、修理、改造）',
  install_repair: '电梯安装（含修理）',
  repair: '电梯修理',
};
/** Every level a stored licence may carry, the former rules' C included (list filters). */
export const LICENCE_GRADES = ['A1', 'A2', 'A', 'B', 'C'] as const;
export type LicenceGrade = (typeof LICENCE_GRADES)[number];
/**
 * The levels each 许可项目 has, after TSG 07-2019《特种设备生产单位许可规则》 and the 2019
 * 特种设备生产单位许可目录 (市场监管总局公告 2019 年第 3 号) as we read them: 电梯制造 is graded
 * A1 / A2 / B by the rated speed of 曳引驱动乘客电梯 (A1 over 6.0 m/s, A2 over 2.5 up to 6.0 m/s,
 * B up to 2.5 m/s); 电梯安装（含修理） and 电梯修理 are graded A / B. The C level of the former
 * rules (TSG Z0004-2007) is no longer granted; older records and inspection reports may still show
 * it (DOMAIN.md §5.3, whose exact parameter limits remain to be verified).
 */
export const LICENCE_GRADES_BY_TYPE: Record<LicenceType, readonly LicenceGrade[]> = {
  manufacture: ['A1', 'A2', 'B'],
  install_repair: ['A', 'B'],
  repair: ['A', 'B'],
};
export const licenceGradeAllowed = (type: string | null | undefined, grade: string | null | undefined) =>
  !!type && !!grade && (LICENCE_GRADES_BY_TYPE[type as LicenceType] ?? []).includes(grade as LicenceGrade);

/** 作业人员证书: 2019 codes T (电梯修理) and A (安全管理), and legacy codes still on older cards. */
export const CERT_TYPES = ['T', 'A', 'T1', 'T2', 'T3', 'A4'] as const;
export const CERT_TYPE_LABEL: Record<(typeof CERT_TYPES)[number], string> = {
  T: 'T（电梯修理）',
  A: 'A（特种设备安全管理）',
  T1: 'T1（电梯机械安装维修，旧）',
  T2: 'T2（电梯电气安装维修，旧）',
  T3: 'T3（电梯司机，旧）',
  A4: 'A4（电梯安全管理，旧）',
};
/** Certificate status against today: expiring within CERT_EXPIRING_DAYS (rules.ts) days. */
export const CERT_STATUS = ['valid', 'expiring', 'expired', 'none'] as const;
export const CERT_STATUS_LABEL: Record<(typeof CERT_STATUS)[number], string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
  none: '无证书',
};

export const USE_UNIT_TYPES = ['property', 'owner', 'self', 'other'] as const;
export const USE_UNIT_TYPE_LABEL: Record<(typeof USE_UNIT_TYPES)[number], string> = {
  property: '物业服务企业',
  owner: '产权单位',
  self: '自管单位',
  other: '其他',
};

export const PLAN_TYPES = ['HALF_MONTH', 'MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR'] as const;
export const PLAN_TYPE_LABEL: Record<(typeof PLAN_TYPES)[number], string> = {
  HALF_MONTH: '半月',
  MONTH: '月度',
  QUARTER: '季度',
  HALF_YEAR: '半年',
  YEAR: '年度',
};
/** A contract's standing today; `expiring` within CONTRACT_EXPIRING_DAYS (rules.ts) days of its end. */
export const CONTRACT_STATUS = [
  'draft',
  'pending',
  'rejected',
  'notStarted',
  'valid',
  'expiring',
  'expired',
] as const;
export const CONTRACT_STATUS_LABEL: Record<(typeof CONTRACT_STATUS)[number], string> = {
  draft: '未提交',
  pending: '待审核',
  rejected: '已驳回',
  notStarted: '未生效',
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
};
/** Why an elevator is flagged: no passed contract covers today, or the last one has ended. */
export const CONTRACT_FLAGS = ['missing', 'expired', 'expiring'] as const;
export const CONTRACT_FLAG_LABEL: Record<(typeof CONTRACT_FLAGS)[number], string> = {
  missing: '无维保合同',
  expired: '合同已过期',
  expiring: '合同即将到期',
};

/** Company kinds that file on this platform, with the filing route their accounts are sent to. */
export const FILING_KINDS = [
  'maintenance-unit',
  'building-company',
  'inspection-org',
  'maintenance-user',
  'building-company-user',
  'inspection-org-user',
] as const;
export type FilingKind = (typeof FILING_KINDS)[number];

export const PERSON_ROLES = ['staff', 'admin', 'safety_officer', 'safety_director', 'inspector'] as const;
export const PERSON_ROLE_LABEL: Record<(typeof PERSON_ROLES)[number], string> = {
  staff: '维保人员',
  admin: '单位管理员',
  safety_officer: '安全员',
  safety_director: '安全总监',
  inspector: '检验人员',
};
