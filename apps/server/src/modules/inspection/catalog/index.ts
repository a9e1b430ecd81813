import type { ModulePart } from '../../../platform/module.ts';

/** The item catalogue (检验项目) per lift variety, and the tariff (检验收费标准) with the quotes computed from it. */
export const catalogPart: ModulePart = {};
