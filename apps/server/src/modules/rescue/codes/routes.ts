import { emergencyCodeCalls as C, elevatorCalls, publicReportCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { bindCode, listCodeLifts, listRecords, unbindCode, unbindLiftCode } from './binding.ts';
import { claimCodes, generateBatch, listBatches, listCodes, voidCodes } from './pool.ts';
import { publicLift, publicReport } from './public.ts';
import { exportSignboards } from './signboard.ts';

const tx = { tx: true };

export const codeRoutes = [
  implement(C.generate, (input, { user, db }) => generateBatch(db, user, input), tx),
  implement(C.batchList, (f, { user, db }) => listBatches(db, user, f)),
  implement(C.list, (f, { user, db }) => listCodes(db, user, f)),
  implement(C.claim, (input, { user, db }) => claimCodes(db, user, input), tx),
  implement(C.bind, ({ code, elevatorId }, { user, db }) => bindCode(db, user, code, elevatorId), tx),
  implement(C.unbind, ({ code }, { user, db }) => unbindCode(db, user, code), tx),
  implement(C.void, ({ codes }, { user, db }) => voidCodes(db, user, codes), tx),
  implement(C.records, (f, { user, db }) => listRecords(db, user, f)),
  implement(C.lifts, (f, { user, db }) => listCodeLifts(db, user, f)),
  implement(C.signboard, ({ ids }, { user, db, req, reply }) => exportSignboards(db, user, ids, req, reply)),
  // The registry's 解绑 by lift: the elevator domain's call, with its 解绑 record kept here.
  implement(
    elevatorCalls.unbindingEmergencyCode,
    async ({ id }, { user, db }) => {
      await unbindLiftCode(db, user, id);
      return null;
    },
    tx,
  ),
  implement(publicReportCalls.lift, ({ code }, { db }) => publicLift(db, code)),
  implement(publicReportCalls.report, (input, { db, req }) => publicReport(db, req.ip, input), tx),
];
