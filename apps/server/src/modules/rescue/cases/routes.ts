import { rescueCaseCalls } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { hitchTypes } from '../repairs/hitch-types.ts';
import { caseExport } from './exports.ts';
import {
  accept,
  addNote,
  alarm,
  arrive,
  close,
  dispatch,
  fireBrigade,
  free,
  locate,
  saveCase,
} from './flow.ts';
import { locateForCallCentre } from './locate.ts';
import { board, caseDetail, caseInScope, caseSteps, listCases, myCases } from './read.ts';
import { callerInFull } from './scope.ts';

const tx = { tx: true };
const C = rescueCaseCalls;

export const caseRoutes = [
  implement(C.orderList, (f, { user, db }) => listCases(db, user, f)),
  implement(C.exportCases, (f, ctx) => exportList(ctx, caseExport, f)),
  implement(C.detail, async ({ id }, { user, db }) => {
    await caseInScope(db, user, id);
    return caseDetail(db, id, callerInFull(user));
  }),
  implement(C.orderRecordList, async ({ id }, { user, db }) => {
    await caseInScope(db, user, id);
    return caseSteps(db, id);
  }),
  implement(C.elevatorList, ({ keyword, limit }, { db }) => locateForCallCentre(db, keyword, limit)),
  implement(C.hitchTypeList, (_input, { db }) => hitchTypes(db)),
  implement(C.board, ({ areaCode }, { user, db }) => board(db, user, areaCode)),
  implement(C.myCases, ({ all }, { user, db }) => myCases(db, user, all === 'true')),
  implement(C.saveOrder, (input, { user, db }) => saveCase(db, user, input), tx),
  implement(C.alarm, (input, { db, user }) => alarm(db, input, user), tx),
  implement(C.locate, (input, { user, db }) => locate(db, user, input), tx),
  implement(C.dispatch, (input, { user, db }) => dispatch(db, user, input), tx),
  implement(C.fireBrigade, (input, { user, db }) => fireBrigade(db, user, input), tx),
  implement(C.accept, (input, { user, db }) => accept(db, user, input), tx),
  implement(C.arrive, (input, { user, db }) => arrive(db, user, input), tx),
  implement(C.free, (input, { user, db }) => free(db, user, input), tx),
  implement(C.close, (input, { user, db }) => close(db, user, input), tx),
  implement(C.addNote, (input, { user, db }) => addNote(db, user, input), tx),
];
