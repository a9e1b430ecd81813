import { joinParts } from '../../platform/module.ts';
import { billsPart } from './bills/index.ts';
import { catalogPart } from './catalog/index.ts';
import { instrumentPart } from './instruments/index.ts';
import { ordersPart } from './orders/index.ts';
import { paramsPart } from './params/index.ts';
import { peoplePart } from './people/index.ts';
import { reportsPart } from './reports/index.ts';

/**
 * Periodic inspection (定期检验, DOMAIN.md §3), part 1: an inspection organisation's own resources:
 * inspectors and departments (people/), instruments and seals (instruments/), the item catalogue
 * and the tariff (catalog/), technical parameters and the lifts due for inspection (params/). Each
 * part lives in its folder and declares what it adds (platform/module.ts `ModulePart`); scope.ts
 * says who sees and edits what. Part 2's work flow: the orders (orders/: application, acceptance,
 * quote, charge notice, distribution), the reports (reports/) and the bills (bills/: fees gathered
 * per use unit and period; a report released only when its charge is paid or exempt). The organisations themselves are the parties module's.
 */
export const inspectionModule = joinParts('inspection', [
  peoplePart,
  instrumentPart,
  catalogPart,
  paramsPart,
  ordersPart,
  reportsPart,
  billsPart,
]);
