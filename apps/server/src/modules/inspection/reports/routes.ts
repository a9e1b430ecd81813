import {
  inspectionReportCalls as C,
  reportFileHistoryCalls as H,
  inspectionResultCalls as R,
  inspectionWorkCalls as W,
} from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import {
  batchEdit,
  closeReports,
  createReinspect,
  pushReport,
  remarkPdf,
  signReport,
  updateOriginalRecord,
  updateReport,
  updateResults,
} from './flow.ts';
import { serverInfo } from './info.ts';
import { putDetectionPlan } from './plan.ts';
import { reportPdf } from './print.ts';
import { fileHistory, listReports, reportDetail } from './read.ts';
import { batchRecreate } from './recreate.ts';
import { uploadReport } from './upload.ts';
import { workDetail, workTasks } from './work.ts';

const tx = { tx: true };

/**
 * 检验报告, 检验结果 and the original records' history: thin bindings over read.ts, flow.ts, print.ts,
 * and the organisation's tools plan.ts, info.ts, upload.ts, recreate.ts.
 */
export const reportRoutes = [
  implement(R.updateResult, (v, { user, db }) => updateResults(db, user, v), tx),
  implement(C.query, (f, { user, db }) => listReports(db, user, f)),
  implement(C.detail, ({ id }, { user, db }) => reportDetail(db, user, id)),
  implement(C.update, (v, { user, db }) => updateReport(db, user, v), tx),
  implement(C.signature, (v, { user, db }) => signReport(db, user, v), tx),
  implement(C.testPDF, ({ id }, { user, db, platform, reply }) => reportPdf(db, platform, user, id, reply)),
  implement(C.remarkPdf, (v, { user, db }) => remarkPdf(db, user, v), tx),
  implement(C.pushReport, (v, { user, db }) => pushReport(db, user, v), tx),
  implement(C.createReinspect, (v, { user, db }) => createReinspect(db, user, v), tx),
  implement(
    C.updateOriginalRecord,
    async (v, { user, db }) => {
      await updateOriginalRecord(db, user, v);
      return fileHistory(db, user, v.id);
    },
    tx,
  ),
  implement(C.setiscolsebyids, (v, { user, db }) => closeReports(db, user, v), tx),
  implement(C.batchEdit, (v, { user, db }) => batchEdit(db, user, v), tx),
  implement(C.putDetectionPlan, (v, { user, db }) => putDetectionPlan(db, user, v), tx),
  implement(C.getServerInfo, () => serverInfo()),
  implement(C.uploadReport, (v, { user, db }) => uploadReport(db, user, v), tx),
  implement(C.batchRecreate, ({ ids }, { user, db, platform }) => batchRecreate(db, platform, user, ids)),
  implement(H.query, ({ reportId }, { user, db }) => fileHistory(db, user, reportId)),
  implement(W.tasks, (_v, { user, db }) => workTasks(db, user)),
  implement(W.detail, ({ orderId }, { user, db }) => workDetail(db, user, orderId)),
];
