import {
  CHECK_PERMISSIONS,
  ORDER_PERMISSIONS,
  PLAN_PERMISSIONS,
  shanghaiToday,
  TEMPLATE_PERMISSIONS,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { runOnce } from '../../platform/db/once.ts';
import type { FileReference } from '../../platform/files/references.ts';
import { DAILY } from '../../platform/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import { recordOverdueDay, refreshLiftStates } from './lifts.ts';
import { seedMaintenanceParams } from './params.ts';
import { generateOrders, PLAN_TEMPLATE_UPGRADE, upgradePlanTemplates } from './plans.ts';
import { notifyOverdue } from './reminders.ts';
import { maintenanceRoutes } from './routes.ts';
import { ORDER_TOPIC, type OrderAudience, orderScope, seesOrder } from './scope.ts';
import { seedMaintenance, seedTemplates } from './seed.ts';
import { maintenanceOrder, maintenanceOrderPhoto } from './tables.ts';
import { upgradeTemplates } from './templates/service.ts';

const list = { name: '查询维保工单', perms: ORDER_PERMISSIONS.list };
const pdf = { name: '导出维保记录PDF', perms: ORDER_PERMISSIONS.export };
const confirm = { name: '确认维保记录', perms: ORDER_PERMISSIONS.confirm };
const audit = { name: '审核维保记录', perms: ORDER_PERMISSIONS.audit };
const templates = [
  { name: '查询维保内容', perms: TEMPLATE_PERMISSIONS.list },
  { name: '编辑维保内容', perms: TEMPLATE_PERMISSIONS.edit },
];
const plans = [
  { name: '查询维保计划', perms: PLAN_PERMISSIONS.list },
  { name: '编辑维保计划', perms: PLAN_PERMISSIONS.edit },
];
const checks = [
  { name: '查询核查记录', perms: CHECK_PERMISSIONS.list },
  { name: '标记核查结论', perms: CHECK_PERMISSIONS.edit },
];

/** Photos and signatures of a work order: readable by whoever may open the order. */
const orderFiles: FileReference[] = [
  {
    name: 'maintenance-order-photo',
    readable: (user, file) =>
      sql`exists (select 1 from ${maintenanceOrderPhoto} inner join ${maintenanceOrder} on ${maintenanceOrder.id} = ${maintenanceOrderPhoto.orderId}
        where ${maintenanceOrderPhoto.fileId} = ${file} and ${orderScope(user)})`,
  },
  {
    name: 'maintenance-order-signature',
    readable: (user, file) =>
      sql`exists (select 1 from ${maintenanceOrder}
        where (${maintenanceOrder.workerSignatureFileId} = ${file} or ${maintenanceOrder.confirmSignatureFileId} = ${file})
        and ${orderScope(user)})`,
  },
];

/**
 * Electronic maintenance (电子维保): templates, plans, work orders from the worker's phone to the
 * regulator's audit, checks, tamper evidence and PDF records.
 */
export const maintenanceModule = defineModule({
  name: 'maintenance',
  routes: maintenanceRoutes,
  baseSeeders: [seedTemplates],
  // Every start: missing parameters; appendices B and C seeded with half-month items only get the
  // items of their longer intervals (once, as a new template version). Once per installation
  // (runOnce: the first start with this version): plans made before the appendix rule move to their
  // lift's appendix (upgradePlanTemplates reads every plan with its lift; savePlan keeps new plans
  // fitting, so once is enough).
  startSeeders: [
    seedMaintenanceParams,
    upgradeTemplates,
    (tx) => runOnce(tx, PLAN_TEMPLATE_UPGRADE, upgradePlanTemplates),
  ],
  demoSeeders: [(tx, _config, storage) => seedMaintenance(tx, storage)],
  menuButtons: {
    // Orders: who sees them is the order's data scope; who may act is the button.
    '/basicInformation/workOrderNo': [list, confirm, pdf],
    '/basicInformation/theLog': [list],
    '/basicInformation/maintenanceRecord': [list, pdf],
    '/basicInformation/elevatorPageDetails': [list],
    '/components/tinymce': [list, pdf],
    '/components/tinymceDetails': [list, confirm, pdf],
    '/components/theLog': [list],
    // The maintenance company's view of its audits: the decisions are the regulator's (/wisdom).
    '/components/markdown': [list, pdf],
    '/components/markdownDetails': [list],
    // The city's templates: read in the company's pages, edited in the regulator's.
    '/components/json-editor': templates.slice(0, 1),
    '/components/split-pane': templates.slice(0, 1),
    '/components/split-pane-content': templates.slice(0, 1),
    '/components/information': plans,
    '/wisdom/maintenanceAudit': [list, audit, pdf],
    '/wisdom/maintenanceContent': templates,
    '/wisdom/maintenanceProject': templates,
    '/customerDept/check': checks,
    '/customerDept/imageVerification': checks,
  },
  jobs: [
    {
      // Every day: the lifts' maintenance state from the registry, the day's overdue counts, and the
      // orders of the plans due within the look-ahead (a parameter).
      // Outside the slot's transaction: the order generation commits round by round (bounded locks,
      // resumable); the platform's period slot still runs it once per day across nodes.
      name: 'maintenance-daily',
      label: '维保每日任务（电梯维保状态、超期统计与提醒、生成工单）',
      everyMs: DAILY,
      outsideTransaction: true,
      async run(db) {
        await db.transaction(async (tx) => {
          const today = shanghaiToday();
          await refreshLiftStates(tx);
          await recordOverdueDay(tx, today);
          await notifyOverdue(tx, today);
        });
        await generateOrders(db);
      },
    },
  ],
  fileReferences: orderFiles,
  liveTopics: [
    {
      name: ORDER_TOPIC,
      // The order pages' readers: the list and its audit and confirmation, the worker's page, the checks.
      permissions: [
        ORDER_PERMISSIONS.list,
        ORDER_PERMISSIONS.audit,
        ORDER_PERMISSIONS.confirm,
        ORDER_PERMISSIONS.work,
        CHECK_PERMISSIONS.list,
      ],
      sees: (user, audience) => seesOrder(user, audience as OrderAudience),
    },
  ],
});
