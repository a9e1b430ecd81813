import { AD_TASK_KIND, adTaskCalls as C, AD_TASK_PERMISSIONS as P, shanghaiToday } from '@ec/contract';
import { streamXlsx } from '../../../platform/excel.ts';
import { implement } from '../../../platform/http/implement.ts';
import type { AdPart } from '../part.ts';
import { seedTasks } from './seed.ts';
import {
  assignWorker,
  bindQrCode,
  cancelOpenChanges,
  cancelOpenTasks,
  changeByFilters,
  changeByIds,
  generateTasks,
  listLogs,
  listTasks,
  logBatches,
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
    implement(C.updateStatus, (input, { user, db }) => reviewLog(db, user, input), tx),
    implement(C.getTaskLogStatList, (f, { user, db }) => logStats(db, user, f)),
    implement(C.export, (f, { user, reply, db }) =>
      streamXlsx(reply, {
        fileName: `投放日志_${shanghaiToday()}.xlsx`,
        sheetName: '投放日志',
        columns: [
          { header: '日志编号', width: 10, value: (r) => r.id },
          { header: '订单号', width: 22, value: (r) => r.orderNo ?? '' },
          { header: '点位编号', width: 18, value: (r) => r.pointName ?? '' },
          { header: '注册代码', width: 24, value: (r) => r.registerCode ?? '' },
          { header: '地址', width: 36, value: (r) => r.address ?? '' },
          { header: '任务类型', width: 10, value: (r) => r.taskKindLabel },
          { header: '安装人员', width: 12, value: (r) => r.workerName ?? '' },
          { header: '提交时间', width: 20, value: (r) => r.logTime },
          { header: '距电梯（米）', width: 12, value: (r) => r.distanceM ?? '' },
          { header: '距离超限', width: 10, value: (r) => (r.far ? '是' : '否') },
          { header: '状态', width: 10, value: (r) => r.statusLabel },
          { header: '审核人', width: 12, value: (r) => r.reviewerName ?? '' },
          { header: '审核时间', width: 20, value: (r) => r.reviewTime ?? '' },
          { header: '审核意见', width: 30, value: (r) => r.reviewRemark ?? '' },
        ],
        batches: logBatches(db, user, f),
      }),
    ),
  ],
  orderHooks: {
    confirmed: [
      async (t, order) => {
        await generateTasks(t, order, AD_TASK_KIND.install);
      },
    ],
    finished: [
      async (t, order) => {
        await cancelOpenChanges(t, order);
        await generateTasks(t, order, AD_TASK_KIND.removal);
      },
    ],
    cancelled: [(t, order) => cancelOpenTasks(t, order)],
  },
  demoSeeders: [(t, _config, storage) => seedTasks(t, storage)],
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
