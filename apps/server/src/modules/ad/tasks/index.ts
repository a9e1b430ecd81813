import { AD_TASK_KIND, adTaskCalls as C, AD_TASK_PERMISSIONS as P } from '@ec/contract';
import type { Tx } from '../../../platform/db/client.ts';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { seedRoleIfMissing } from '../../../platform/seed/base.ts';
import type { AdPart } from '../part.ts';
import { taskLogExport, taskStatExports } from './exports.ts';
import { seedTasks } from './seed.ts';
import {
  assignWorker,
  bindQrCode,
  cancelOpenTasks,
  cancelOpenWork,
  changeByFilters,
  changeByIds,
  generateTasks,
  listLogs,
  listTasks,
  logStats,
  resetTask,
  reviewLog,
  submitLog,
  taskDetail,
  taskLogFileReference,
  unbindQrCode,
} from './service.ts';

const tx = { tx: true };

const taskList = { name: '查询投放任务', perms: P.taskList };
const taskEdit = { name: '指派、重置任务，解绑二维码', perms: P.taskEdit };
const taskWork = { name: '绑定二维码、提交投放日志', perms: P.taskWork };
const logList = { name: '查询投放日志', perms: P.logList };

/**
 * Install and removal tasks (投放任务, /adTask) and their logs (投放日志, /adTaskLog): made by the
 * orders' moves (confirmed: install tasks; finished: removal tasks, open changes closed; cancelled:
 * open tasks closed), and poster changes (换画) the operator asks for on points 投放中
 * (/adPoint/batchAddTaskByIds, /adPoint/batchAddTask).
 */
export const taskPart: AdPart = {
  routes: [
    implement(C.getTaskList, (f, { user, db }) => listTasks(db, user, f)),
    implement(C.get, ({ id }, { user, db }) => taskDetail(db, user, id)),
    implement(C.resetTask, ({ id, version }, { user, db }) => resetTask(db, user, id, version), tx),
    implement(C.assign, ({ ids, workerId }, { user, db }) => assignWorker(db, user, ids, workerId), tx),
    implement(C.bindQrCode, ({ id, qrCode }, { user, db }) => bindQrCode(db, user, id, qrCode), tx),
    implement(C.unBindQrCode, ({ id }, { user, db }) => unbindQrCode(db, user, id), tx),
    implement(C.submitLog, (input, { user, db }) => submitLog(db, user, input), tx),
    implement(C.batchAddTaskByIds, (input, { user, db }) => changeByIds(db, user, input), tx),
    implement(C.batchAddTask, (input, { user, db }) => changeByFilters(db, user, input), tx),
    implement(C.getTaskLogListInfo, (f, { user, db }) => listLogs(db, user, f)),
    // In the route's transaction (tx): the review may move the order on and run its hooks.
    implement(C.updateStatus, (input, { user, db }) => reviewLog(db as Tx, user, input), tx),
    implement(C.getTaskLogStatList, (f, { user, db }) => logStats(db, user, f)),
    implement(C.export, (f, ctx) => exportList(ctx, taskLogExport, f)),
    implement(C.exportStat, (f, ctx) => exportList(ctx, taskStatExports[f.by], f)),
  ],
  orderHooks: {
    confirmed: [
      async (t, order) => {
        await generateTasks(t, order, AD_TASK_KIND.install);
      },
    ],
    finished: [
      async (t, order) => {
        await cancelOpenWork(t, order);
        await generateTasks(t, order, AD_TASK_KIND.removal);
      },
    ],
    cancelled: [(t, order) => cancelOpenTasks(t, order)],
  },
  // 广告安装人员 (ad_worker, the field worker's role) came after the first installations: every start
  // adds it, with its menus, where no role has its key; a role that exists keeps its edits.
  startSeeders: [(t) => seedRoleIfMissing(t, 'ad_worker')],
  demoSeeders: [(t, _config, storage) => seedTasks(t, storage)],
  exports: [taskLogExport, taskStatExports.worker, taskStatExports.order],
  fileReferences: [taskLogFileReference],
  menuButtons: {
    '/ad/point': [{ name: '换画（新建换画任务）', perms: P.taskEdit }],
    '/ad/task': [taskList, taskEdit, taskWork],
    '/ad/taskLog': [
      logList,
      { name: '审核投放日志', perms: P.logAudit },
      { name: '导出投放日志', perms: P.logExport },
    ],
    '/ad/taskLogStat': [{ name: '投放统计', perms: P.logStats }],
  },
};
