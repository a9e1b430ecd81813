import { rescueCaseCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { locateLifts } from '../../elevator/api.ts';
import { hitchTypes } from '../repairs/hitch-types.ts';
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
import { locatedLifts } from './locate.ts';
import { board, caseDetail, caseInScope, caseSteps, listCases, myCases } from './read.ts';

const tx = { tx: true };
const C = rescueCaseCalls;

export const caseRoutes = [
  implement(C.orderList, (f, { user, db }) => listCases(db, user, f)),
  implement(C.detail, async ({ id }, { user, db }) => {
    await caseInScope(db, user, id);
    return caseDetail(db, id);
  }),
  implement(C.orderRecordList, async ({ id }, { user, db }) => {
    await caseInScope(db, user, id);
    return caseSteps(db, id);
  }),
  implement(C.elevatorList, async ({ keyword, limit }, { db }) =>
    locatedLifts(db, await locateLifts(db, keyword, limit)),
  ),
  implement(C.hitchTypeList, (_input, { db }) => hitchTypes(db)),
  implement(C.board, ({ areaCode }, { user, db }) => board(db, user, areaCode)),
  implement(C.myCases, ({ all }, { user, db }) => myCases(db, user, all === 'true')),
  implement(C.saveOrder, (input, { user, db }) => saveCase(db, user, input), tx),
  implement(C.alarm, (input, { db }) => alarm(db, input), tx),
  implement(C.locate, (input, { user, db }) => locate(db, user, input), tx),
  implement(C.dispatch, (input, { user, db }) => dispatch(db, user, input), tx),
  implement(C.fireBrigade, (input, { user, db }) => fireBrigade(db, user, input), tx),
  implement(C.accept, (input, { user, db }) => accept(db, user, input), tx),
  implement(C.arrive, (input, { user, db }) => arrive(db, user, input), tx),
  implement(C.free, (input, { user, db }) => free(db, user, input), tx),
  implement(C.close, (input, { user, db }) => close(db, user, input), tx),
  implement(C.addNote, (input, { user, db }) => addNote(db, user, input), tx),
];
