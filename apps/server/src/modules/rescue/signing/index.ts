import { RESCUE_PERMISSIONS as P, signingCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import type { RescuePart } from '../part.ts';
import { seedSigning } from './seed.ts';
import {
  deleteSignings,
  listSignings,
  partnerOptions,
  removeLift,
  saveSigning,
  signingDetail,
  useUnitLifts,
  useUnitOptions,
} from './service.ts';

const S = signingCalls;
const tx = { tx: true };

const list = { name: '查询签约', perms: P.signingList };
const edit = { name: '编辑签约', perms: P.signingEdit };

/** Use-unit and lease signing (签约管理): /userunit (kind 1), /contract (kind 2), /userunitDetail. */
export const signingPart: RescuePart = {
  routes: [
    implement(S.queryPage, (f, { user, db }) => listSignings(db, user, f)),
    implement(S.findById, ({ id }, { user, db }) => signingDetail(db, user, id)),
    implement(S.saves, (input, { user, db }) => saveSigning(db, user, input), tx),
    implement(S.deleteElevatorById, ({ id }, { user, db }) => removeLift(db, user, id), tx),
    implement(S.delete, ({ ids }, { user, db }) => deleteSignings(db, user, ids), tx),
    implement(S.useUnits, ({ keyword }, { user, db }) => useUnitOptions(db, user, keyword)),
    implement(S.partners, ({ keyword }, { db }) => partnerOptions(db, keyword)),
    implement(S.lifts, ({ useCompanyId }, { user, db }) => useUnitLifts(db, user, useCompanyId)),
  ],
  demoSeeders: [(tx) => seedSigning(tx)],
  menuButtons: {
    '/userunit': [list, edit],
    '/contract': [list, edit],
    '/userunitDetail': [list, edit],
  },
};
