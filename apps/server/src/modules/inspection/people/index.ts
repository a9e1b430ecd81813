import type { ModulePart } from '../../../platform/module.ts';

/** Inspectors (检验人员) with their certificates and the organisation's audit of joining inspectors, departments (部门管理) and the distribution of inspectors (人员分配). */
export const peoplePart: ModulePart = {};
