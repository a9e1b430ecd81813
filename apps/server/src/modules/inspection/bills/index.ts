import { BILL_PERMISSIONS as P } from '@ec/contract';
import type { ModulePart } from '../../../platform/module.ts';
import { billExport } from './exports.ts';
import { billRoutes } from './routes.ts';
import { seedBills } from './seed.ts';

/**
 * Inspection bills (检验账单, part 2): the organisation's bills to a use unit for a period, gathering
 * its charge notices (one bill each at most), the payments and exemptions recorded through them, the
 * reports they cover and the organisation's fee summary; and the release rule the reports' push asks
 * (api.ts). The page's buttons: read and write; the services let only the bill's organisation write
 * (a use unit and a regulator holding the page read).
 */
export const billsPart: ModulePart = {
  routes: billRoutes,
  exports: [billExport],
  demoSeeders: [(tx) => seedBills(tx)],
  menuButtons: {
    '/organization/bill': [
      { name: '查询检验账单', perms: P.list },
      { name: '生成账单、登记缴费或免缴', perms: P.edit },
    ],
  },
};
