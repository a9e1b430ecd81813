/*
 * Periodic inspection (定期检验, DOMAIN.md §3; doc 001 §7.4–7.5), part 1: the inspection
 * organisation's own resources. What every part shares: the button permissions and the lift
 * varieties (品种) the item catalogue and the tariff are keyed by.
 */

/** Button permissions of the organisation's pages (the inspection_admin role holds all of them). */
export const INSPECTION_PERMISSIONS = {
  /** The organisation list and detail (机构备案) and its own profile. */
  orgList: 'inspection:org:list',
  orgEdit: 'inspection:org:edit',
  /** Inspectors (检验人员) and their certificates. */
  inspectorList: 'inspection:inspector:list',
  inspectorEdit: 'inspection:inspector:edit',
  /** The organisation's audit of joining inspectors (检验人员审核). */
  inspectorAudit: 'inspection:inspector:audit',
  /** Departments (部门管理) and the distribution of inspectors (人员分配). */
  departmentList: 'inspection:department:list',
  departmentEdit: 'inspection:department:edit',
  /** Instruments (检验设备) and their calibration. */
  equipmentList: 'inspection:equipment:list',
  equipmentEdit: 'inspection:equipment:edit',
  /** Seals (印章管理). */
  sealList: 'inspection:seal:list',
  sealEdit: 'inspection:seal:edit',
  /** The item catalogue (检验项目) per lift type. */
  itemList: 'inspection:item:list',
  itemEdit: 'inspection:item:edit',
  /** The tariff (检验收费标准) and quotes computed from it. */
  costList: 'inspection:cost:list',
  costEdit: 'inspection:cost:edit',
  /** Technical parameters (技术参数) and the lifts due for inspection (检验电梯). */
  paramList: 'inspection:param:list',
  paramEdit: 'inspection:param:edit',
  /** Inspection orders (检验申请, part 2): read (every party in scope), apply (the use unit). */
  orderList: 'inspection:order:list',
  orderApply: 'inspection:order:apply',
  /** The organisation accepts, sends back, closes and remarks (报检受理). */
  orderAccept: 'inspection:order:accept',
  /** The organisation quotes, issues the charge notice and records payment (收费通知单). */
  orderCharge: 'inspection:order:charge',
  /** The organisation distributes an order to an inspector (任务分配). */
  orderDistribute: 'inspection:order:distribute',
} as const;

/** 《特种设备目录》(2014) 电梯 品种 codes: the keys of the item catalogue and the tariff. */
export const LIFT_VARIETIES = [
  { code: '3110', name: '曳引驱动乘客电梯' },
  { code: '3120', name: '曳引驱动载货电梯' },
  { code: '3130', name: '强制驱动载货电梯' },
  { code: '3210', name: '液压乘客电梯' },
  { code: '3220', name: '液压载货电梯' },
  { code: '3310', name: '自动扶梯' },
  { code: '3320', name: '自动人行道' },
  { code: '3410', name: '防爆电梯' },
  { code: '3420', name: '消防员电梯' },
  { code: '3430', name: '杂物电梯' },
] as const;
export type LiftVariety = (typeof LIFT_VARIETIES)[number]['code'];
export const LIFT_VARIETY_CODES = LIFT_VARIETIES.map((v) => v.code) as [LiftVariety, ...LiftVariety[]];
export const LIFT_VARIETY_LABEL: Record<string, string> = Object.fromEntries(
  LIFT_VARIETIES.map((v) => [v.code, v.name]),
);
