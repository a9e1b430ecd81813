import { INSPECTION_PERMISSIONS as P } from '@ec/contract';
import { DAILY } from '../../../platform/jobs.ts';
import type { ModulePart } from '../../../platform/module.ts';
import { overdueLiftExport } from './exports.ts';
import { notifyInspectionDue } from './reminders.ts';
import { orderRoutes } from './routes.ts';
import { orderFiles } from './scope.ts';
import { seedOrders } from './seed.ts';

const list = { name: '查询检验申请', perms: P.orderList };
const apply = { name: '申请定期检验', perms: P.orderApply };
const accept = { name: '受理、退回、关闭检验申请', perms: P.orderAccept };
const charge = { name: '报价、签发收费通知单、登记缴费', perms: P.orderCharge };
const distribute = { name: '分配检验人员', perms: P.orderDistribute };

/**
 * Inspection orders (检验申请, part 2): the use unit's application within the 30-day window, the
 * organisation's acceptance, quote, charge notice and distribution (DOMAIN.md §3.2). The buttons:
 * a page's role decides who holds them, the services who may act on which order (the use unit on
 * its applications, the organisation on those applied to it).
 */
export const ordersPart: ModulePart = {
  routes: orderRoutes,
  exports: [overdueLiftExport],
  demoSeeders: [(tx, _config, storage) => seedOrders(tx, storage)],
  menuButtons: {
    '/organization/inspection': [list],
    '/organization/inspectionDetail': [list],
    '/organization/inspectionAdd': [list, apply],
    '/organization/Acceptance': [list, accept, charge],
    '/organization/acceptanceDetail': [list, accept, charge],
    '/organization/taskAllotment': [list, distribute],
  },
  fileReferences: [orderFiles],
  jobs: [
    {
      name: 'inspection-due-notices',
      label: '定期检验提醒（每周：到期与超期未检的电梯，告知使用单位与辖区监管）',
      everyMs: DAILY,
      async run(db) {
        await notifyInspectionDue(db);
      },
    },
  ],
};
