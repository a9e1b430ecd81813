import type { ModulePart } from '../../../platform/module.ts';
import { billRoutes } from './routes.ts';
import { seedBills } from './seed.ts';

/**
 * Inspection bills (检验账单, part 2): the organisation's bills to a use unit for a period, gathering
 * its charge notices (one bill each at most), the payments and exemptions recorded through them, the
 * reports they cover and the organisation's fee summary; and the release rule the reports' push asks
 * (api.ts). The page's buttons are the orders' (查询, 报价与收费: orders/index.ts '/organization/bill').
 */
export const billsPart: ModulePart = {
  routes: billRoutes,
  demoSeeders: [(tx) => seedBills(tx)],
};
