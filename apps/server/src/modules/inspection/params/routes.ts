import { technicalParamCalls as C } from '@ec/contract';
import { attachmentHeader, XLSX_MIME } from '../../../platform/excel.ts';
import { exportList } from '../../../platform/exports.ts';
import { receiveSpreadsheet, storeGenerated } from '../../../platform/files/service.ts';
import { implement } from '../../../platform/http/implement.ts';
import { ownOrg } from '../scope.ts';
import { paramExport, paramFileName } from './exports.ts';
import { importParams, paramTemplate } from './import.ts';
import {
  countUndistributed,
  dueList,
  liftParams,
  listParams,
  reportParams,
  saveParams,
  undistributedList,
  visibleOrg,
} from './service.ts';

/** 技术参数 and 检验电梯: thin bindings over the scoped services. */
export const paramRoutes = [
  implement(C.query, (f, { user, db }) => listParams(db, user, f)),
  implement(C.reportTechnicalParametersList, (f, { user, db }) => reportParams(db, user, f)),
  implement(C.elevatorTechnicalParametersList, ({ elevatorId }, { user, db }) =>
    liftParams(db, user, elevatorId),
  ),
  implement(C.importTechnicalParameters, async (_input, { req, user, platform }) => {
    // The upload is received (415 when the body is not one) before the organisation is checked.
    const { body } = await receiveSpreadsheet(req);
    ownOrg(user, '技术参数');
    const { report, errorSheet } = await importParams(platform.db, user, body);
    if (errorSheet)
      report.reportFileId = await storeGenerated(
        platform,
        user.id,
        '技术参数导入错误报告.xlsx',
        errorSheet,
        XLSX_MIME,
      );
    return report;
  }),
  implement(C.importTemplate, async (_input, { reply }) =>
    reply
      .type(XLSX_MIME)
      .header('Content-Disposition', attachmentHeader('技术参数导入模板.xlsx'))
      .send(await paramTemplate()),
  ),
  implement(C.update, (f, { user, db }) => saveParams(db, user, f), { tx: true }),
  implement(C.undistributedList, (f, { user, db }) => undistributedList(db, user, f)),
  implement(C.countUndistributedList, (f, { user, db }) => countUndistributed(db, user, f)),
  implement(C.exportExcel, async (f, ctx) => {
    const org = await visibleOrg(ctx.db, ctx.user, f.id);
    return exportList(ctx, paramExport, f, paramFileName(org.name));
  }),
  implement(C.dueList, (f, { user, db }) => dueList(db, user, f)),
];
