import { RESCUE_PERMISSIONS, repairCalls, shanghaiToday } from '@ec/contract';
import { streamXlsx } from '../../../platform/excel.ts';
import { implement } from '../../../platform/http/implement.ts';
import type { RescuePart } from '../part.ts';
import { hitchTypes } from './hitch-types.ts';
import { seedRepairs } from './seed.ts';
import { listRepairs, moveRepair, repairBatches, repairDetail, repairLifts, saveRepair } from './service.ts';

const R = repairCalls;
const tx = { tx: true };

const list = { name: '查询故障报修', perms: RESCUE_PERMISSIONS.repairList };
const edit = { name: '故障报修与处理', perms: RESCUE_PERMISSIONS.repairEdit };

/** Repairs (故障报修): the registry's 维修记录 page ('repairs' beside 'community'). */
export const repairPart: RescuePart = {
  routes: [
    implement(R.queryPage, (f, { user, db }) => listRepairs(db, user, f)),
    implement(R.hitchTypeList, (_i, { db }) => hitchTypes(db)),
    implement(R.lifts, ({ keyword }, { user, db }) => repairLifts(db, user, keyword)),
    implement(R.info, ({ id }, { user, db }) => repairDetail(db, user, id)),
    implement(R.save, (input, { user, db }) => saveRepair(db, user, input), tx),
    implement(R.accept, (input, { user, db }) => moveRepair(db, user, input, 'accept'), tx),
    implement(R.finish, (input, { user, db }) => moveRepair(db, user, input, 'finish'), tx),
    implement(R.export, (f, { user, reply, db }) =>
      streamXlsx(reply, {
        fileName: `故障报修_${shanghaiToday()}.xlsx`,
        sheetName: '故障报修',
        columns: [
          { header: '报修单号', width: 22, value: (r) => r.repairNo },
          { header: '注册代码', width: 24, value: (r) => r.registerCode ?? '' },
          { header: '电梯地址', width: 36, value: (r) => r.address ?? '' },
          { header: '故障类型', width: 16, value: (r) => r.hitchTypeLabel },
          { header: '故障描述', width: 36, value: (r) => r.description ?? '' },
          { header: '报修人', width: 12, value: (r) => r.reporterName ?? '' },
          { header: '联系电话', width: 16, value: (r) => r.reporterPhone ?? '' },
          { header: '来源', width: 10, value: (r) => r.sourceLabel },
          { header: '状态', width: 10, value: (r) => r.statusLabel },
          { header: '维保单位', width: 28, value: (r) => r.maintenanceCompanyName ?? '' },
          { header: '使用单位', width: 28, value: (r) => r.useCompanyName ?? '' },
          { header: '报修时间', width: 20, value: (r) => r.createTime },
          { header: '完成时间', width: 20, value: (r) => r.finishTime ?? '' },
          { header: '处理结果', width: 36, value: (r) => r.result ?? '' },
        ],
        batches: repairBatches(db, user, f),
      }),
    ),
  ],
  demoSeeders: [(tx) => seedRepairs(tx)],
  menuButtons: {
    '/basicInformation/repairs': [list, edit],
    '/basicInformationb/repairs': [list, edit],
  },
};
