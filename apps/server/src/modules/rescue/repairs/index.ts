import { RESCUE_PERMISSIONS, repairCalls } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import type { RescuePart } from '../part.ts';
import { repairExport } from './exports.ts';
import { hitchTypes } from './hitch-types.ts';
import { seedRepairs } from './seed.ts';
import { listRepairs, moveRepair, repairDetail, repairLifts, saveRepair } from './service.ts';

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
    implement(R.export, (f, ctx) => exportList(ctx, repairExport, f)),
  ],
  demoSeeders: [(tx) => seedRepairs(tx)],
  exports: [repairExport],
  menuButtons: {
    '/basicInformation/repairs': [list, edit],
    '/basicInformationb/repairs': [list, edit],
  },
};
