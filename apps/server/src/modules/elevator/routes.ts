import { claimCalls, elevatorCalls } from '@ec/contract';
import { eq, inArray } from 'drizzle-orm';
import { attachmentHeader, streamXlsx, XLSX_MIME } from '../../platform/excel.ts';
import { exportList } from '../../platform/exports.ts';
import { receiveSpreadsheet, storeGenerated } from '../../platform/files/service.ts';
import { implement } from '../../platform/http/implement.ts';
import { FILING, historySteps } from '../../platform/workflow.ts';
import { addAttachments, listAttachments, removeAttachments } from './attachments.ts';
import {
  claimElevators,
  claimedElevator,
  claimPartyCompany,
  decideClaim,
  distribute,
  elevatorClaims,
  getClaim,
  listClaims,
  releaseElevators,
  removeClaims,
} from './claims.ts';
import { EXPORT_NAME, elevatorExport, elevatorFullExport } from './exports.ts';
import { importElevators, readSyncSheet, templateBuffer } from './import.ts';
import { countInspections, listElevators } from './list.ts';
import {
  claimedElevators,
  companyInfo,
  elevatorByCode,
  elevatorsNear,
  findElevators,
  unclaimedElevators,
} from './lookups.ts';
import { exportRows, toDetail } from './rows.ts';
import { elevatorScope, elevatorScopeGrams } from './scope.ts';
import {
  createElevator,
  deleteElevators,
  getDetail,
  refreshAllInspectTimes,
  refreshInspectTime,
  scopedIds,
  setStatus,
  setSupervisionCode,
  syncOne,
  syncRecords,
  updateElevator,
  updateMany,
} from './service.ts';
import { exportColumns, fullExportColumns } from './sheet.ts';
import { elevator, elevatorClaim } from './tables.ts';

/** Exports are named by today's date in Asia/Shanghai, as every date the platform shows. */

/** The registry's calls: each hands its input to a service (SQL lives there, not here). */
export const elevatorRoutes = [
  implement(elevatorCalls.queryList, (f, { user, db }) =>
    listElevators(db, elevatorScope(user), user.dataScope === 'all', f, [], elevatorScopeGrams(user)),
  ),
  implement(elevatorCalls.queryElevatorList, (f, { user, db }) =>
    listElevators(db, elevatorScope(user), user.dataScope === 'all', f, [], elevatorScopeGrams(user)),
  ),
  implement(elevatorCalls.inspectionCounts, (_input, { user, db }) =>
    countInspections(db, elevatorScope(user)),
  ),
  implement(elevatorCalls.query, ({ keyword, limit }, { user, db }) =>
    findElevators(db, user, keyword, limit),
  ),
  implement(elevatorCalls.queryClaim, (f, { user, db }) => claimedElevators(db, user, f)),
  implement(elevatorCalls.queryUnClaim, (f, { user, db }) => unclaimedElevators(db, user, f)),
  implement(elevatorCalls.queryByPoint, (input, { user, db }) => elevatorsNear(db, user, input)),
  implement(elevatorCalls.queryElevator, ({ code }, { user, db }) => elevatorByCode(db, user, code)),

  implement(elevatorCalls.save, (f, { user, db }) => createElevator(db, user, f)),
  implement(elevatorCalls.saveedit, ({ id, version, ...f }, { user, db }) =>
    id ? updateElevator(db, user, id, version, f) : createElevator(db, user, f),
  ),
  implement(elevatorCalls.update, ({ id, version, ...f }, { user, db }) =>
    updateElevator(db, user, id, version, f),
  ),
  implement(
    elevatorCalls.updateBatch,
    async (input, { user, db }) => ({ updated: await updateMany(db, user, input) }),
    { tx: true },
  ),
  implement(
    elevatorCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deleteElevators(db, user, ids) }),
    { tx: true },
  ),
  implement(elevatorCalls.enAble, async ({ ids }, { user, db }) => ({
    updated: await setStatus(db, user, ids, 1),
  })),
  implement(elevatorCalls.disAble, async ({ ids }, { user, db }) => ({
    updated: await setStatus(db, user, ids, 0),
  })),
  // unbindingEmergencyCode: implemented by the rescue module (codes/routes.ts), which keeps the codes' 解绑 records.
  implement(elevatorCalls.supervisionCode, async ({ id, supervisionCode }, { user, db }) => {
    await setSupervisionCode(db, user, id, supervisionCode);
    return null;
  }),
  implement(
    elevatorCalls.distributionElevator,
    async ({ ids, maintenanceCompanyId }, { user, db }) => ({
      updated: await distribute(
        db,
        user,
        await scopedIds(db, user, ids, { lock: true }),
        maintenanceCompanyId,
      ),
    }),
    { tx: true },
  ),
  implement(elevatorCalls.syncModify, (input, { user, db }) => syncOne(db, user, input)),
  implement(elevatorCalls.syncData, ({ records }, { user, db }) => syncRecords(db, user, records), {
    tx: true,
  }),
  implement(elevatorCalls.syncSheet, async (_input, { req, user, db }) => {
    const { body } = await receiveSpreadsheet(req);
    return readSyncSheet(db, user, body);
  }),
  implement(elevatorCalls.refreshInspectTime, ({ id }, { user, db }) => refreshInspectTime(db, user, id)),
  implement(elevatorCalls.refreshAllInspectTime, async (_input, { user, db }) => ({
    updated: await refreshAllInspectTimes(db, elevatorScope(user)),
  })),

  implement(elevatorCalls.importList, async (_input, { req, user, platform }) => {
    const { body } = await receiveSpreadsheet(req);
    const { report, errorSheet } = await importElevators(platform.db, user, body);
    if (errorSheet) {
      report.reportFileId = await storeGenerated(
        platform,
        user.id,
        '电梯导入错误报告.xlsx',
        errorSheet,
        XLSX_MIME,
      );
    }
    return report;
  }),
  implement(elevatorCalls.importTemplate, async (_input, { reply }) =>
    reply
      .type(XLSX_MIME)
      .header('Content-Disposition', attachmentHeader('电梯导入模板.xlsx'))
      .send(await templateBuffer()),
  ),
  implement(elevatorCalls.export, (f, ctx) => exportList(ctx, elevatorExport, f)),
  implement(elevatorCalls.exportExcel, (f, ctx) => exportList(ctx, elevatorFullExport, f)),
  implement(elevatorCalls.exportByIds, async ({ ids }, { user, reply, db }) =>
    streamXlsx(reply, {
      fileName: EXPORT_NAME(),
      sheetName: '电梯台账',
      columns: exportColumns,
      batches: exportRows(db, inArray(elevator.id, await scopedIds(db, user, ids))),
    }),
  ),
  implement(elevatorCalls.exportElevatorDataByIds, async ({ ids }, { user, reply, db }) =>
    streamXlsx(reply, {
      fileName: EXPORT_NAME(),
      sheetName: '电梯资料',
      columns: fullExportColumns,
      batches: exportRows(db, inArray(elevator.id, await scopedIds(db, user, ids))),
    }),
  ),

  implement(elevatorCalls.detailInfo, ({ elevatorId }, { user, db }) => getDetail(db, user, elevatorId)),
  implement(elevatorCalls.detailBuildingCompanyInfo, async ({ elevatorId }, { user, db }) =>
    companyInfo(db, (await getDetail(db, user, elevatorId)).useCompanyId, user),
  ),
  implement(elevatorCalls.attachmentList, ({ elevatorId }, { user, db }) =>
    listAttachments(db, user, elevatorId),
  ),
  implement(
    elevatorCalls.attachmentAdd,
    ({ elevatorId, fileIds }, { user, db }) => addAttachments(db, user, elevatorId, fileIds),
    { tx: true },
  ),
  implement(
    elevatorCalls.attachmentRemove,
    ({ elevatorId, ids }, { user, db }) => removeAttachments(db, user, elevatorId, ids),
    { tx: true },
  ),
  implement(elevatorCalls.auditDetailInfo, async ({ auditId }, { user, db }) =>
    toDetail((await claimedElevator(db, user, eq(elevatorClaim.auditId, auditId))).joined),
  ),
  implement(elevatorCalls.auditDetailUserCompany, async ({ auditId }, { user, db }) =>
    companyInfo(db, await claimPartyCompany(db, user, auditId, 'use')),
  ),
  implement(elevatorCalls.auditDetailMaintenance, async ({ auditId }, { user, db }) =>
    companyInfo(db, await claimPartyCompany(db, user, auditId, 'maintenance')),
  ),
  implement(elevatorCalls.queryClaimElevatorList, (f, { user, db }) =>
    listClaims(db, user, { ...f, state: FILING.pending }),
  ),
  implement(elevatorCalls.queryClaimElevatorDetail, async ({ id }, { user, db }) => {
    const claim = await getClaim(db, user, eq(elevatorClaim.id, id));
    const { joined } = await claimedElevator(db, user, eq(elevatorClaim.id, id));
    return { claim, elevator: toDetail(joined), history: await historySteps(db, claim.auditId) };
  }),
  implement(
    elevatorCalls.claim,
    async ({ ids }, { user, db }) => ({ submitted: await claimElevators(db, user, ids, 'maintenance') }),
    { tx: true },
  ),
  implement(
    elevatorCalls.unClaim,
    async ({ ids }, { user, db }) => ({ released: await releaseElevators(db, user, ids, 'maintenance') }),
    { tx: true },
  ),

  implement(
    claimCalls.submitClaim,
    async ({ ids, communityId }, { user, db }) => ({
      submitted: await claimElevators(db, user, ids, 'use', communityId),
    }),
    { tx: true },
  ),
  implement(
    claimCalls.unSubmitObject,
    async ({ ids }, { user, db }) => ({ released: await releaseElevators(db, user, ids, 'use') }),
    { tx: true },
  ),
  implement(claimCalls.auditPass, (input, { user, db }) => decideClaim(db, user, input, 'pass'), {
    tx: true,
  }),
  implement(claimCalls.auditReject, (input, { user, db }) => decideClaim(db, user, input, 'reject'), {
    tx: true,
  }),
  implement(claimCalls.queryHistoryList, (f, { user, db }) => listClaims(db, user, f)),
  implement(claimCalls.elevatorHistoryDetail, async ({ id }, { user, db }) => {
    const claim = await getClaim(db, user, eq(elevatorClaim.id, id));
    return { claim, history: await historySteps(db, claim.auditId) };
  }),
  implement(claimCalls.historyElevatorClaim, ({ elevatorId }, { user, db }) =>
    elevatorClaims(db, user, elevatorId),
  ),
  implement(
    claimCalls.batchRemoveElevator,
    async ({ ids }, { user, db }) => ({ deleted: await removeClaims(db, user, ids) }),
    { tx: true },
  ),
];
