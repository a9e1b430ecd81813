import type { ModulePart } from '../../../platform/module.ts';

/** Technical parameters (技术参数) of the lifts an organisation inspects, their import and export, and the lifts due for inspection (检验电梯). */
export const paramsPart: ModulePart = {};
