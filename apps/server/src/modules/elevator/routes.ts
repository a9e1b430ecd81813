import { claimCalls, elevatorCalls } from '@ec/contract';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { preparedRows } from '../../platform/db/sql.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { attachmentHeader, keysetBatches, streamXlsx, XLSX_MIME } from '../../platform/excel.ts';
import { receiveSpreadsheet, storeGenerated } from '../../platform/files/service.ts';
import { implement } from '../../platform/http/implement.ts';
import { maskedPhone, shownPhone } from '../../platform/masking.ts';
import { historySteps } from '../../platform/workflow.ts';
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
import { importElevators, readSyncSheet, templateBuffer } from './import.ts';
import { countInspections, filterConditions, listElevators, textSearch } from './list.ts';
import { EXPORT_ROW_FROM, type ExportRow, selectElevators, toDetail } from './rows.ts';
import { claimTypeOf, elevatorScope } from './scope.ts';
import {
  createElevator,
  deleteElevators,
  getDetail,
  nextInspection,
  scopedIds,
  setStatus,
  syncRecords,
  updateElevator,
} from './service.ts';
import { exportColumns, fullExportColumns } from './sheet.ts';
import { elevator, elevatorClaim } from './tables.ts';

const EXPORT_NAME = () => `电梯台账_${new Date().toISOString().slice(0, 10)}.xlsx`;

/** A party of the elevator; its contact phone in full only for its own accounts (one policy: masking.ts). */
async function companyInfo(db: Queryable, id: number | null, viewer?: AuthUser) {
  if (id === null) return null;
  const [c] = await db.select().from(enterprise).where(eq(enterprise.id, id));
  if (!c) return null;
  return {
    id: c.id,
    name: c.name,
    creditCode: c.creditCode,
    areaCode: c.areaCode,
    address: c.address,
    legalPerson: c.legalPerson,
    contactName: c.contactName,
    contactPhone: viewer
      ? shownPhone(viewer, { companyId: c.id }, c.contactPhone)
      : maskedPhone(c.contactPhone),
  };
}

/** The rows of an export in keyset batches, flat as the sheet reads them. */
function exportRows(db: Queryable, where: SQL | undefined) {
  return keysetBatches((afterId, size) =>
    preparedRows<ExportRow>(
      db,
      sql`${EXPORT_ROW_FROM} where ${where ?? sql`true`} and "elevator"."id" > ${afterId}
        order by "elevator"."id" limit ${size}`,
    ),
  );
}

export const elevatorRoutes = [
  implement(elevatorCalls.queryList, (f, { user, platform }) =>
    listElevators(platform.db, elevatorScope(user), user.dataScope === 'all', f),
  ),
  implement(elevatorCalls.queryElevatorList, (f, { user, platform }) =>
    listElevators(platform.db, elevatorScope(user), user.dataScope === 'all', f),
  ),
  implement(elevatorCalls.inspectionCounts, (_input, { user, platform }) =>
    countInspections(platform.db, elevatorScope(user)),
  ),
  implement(elevatorCalls.query, async ({ keyword, limit }, { user, platform }) => {
    const search = keyword
      ? keyword.length >= 6 && /^[0-9A-Za-z]+$/.test(keyword)
        ? sql`${elevator.registerCode} >= ${keyword.toUpperCase()} and ${elevator.registerCode} < ${`${keyword.toUpperCase()}\uffff`}`
        : textSearch(keyword)
      : undefined;
    const rows = await platform.db
      .select({
        id: elevator.id,
        registerCode: elevator.registerCode,
        name: elevator.name,
        address: elevator.address,
      })
      .from(elevator)
      .where(and(elevatorScope(user), search))
      .orderBy(elevator.id)
      .limit(limit);
    return rows;
  }),
  implement(elevatorCalls.queryClaim, (f, { user, platform }) => {
    const type = f.claimType ?? claimTypeOf(user) ?? 'maintenance';
    const mine =
      user.companyId === null
        ? sql`false`
        : sql`exists (select 1 from ${elevatorClaim} where ${elevatorClaim.elevatorId} = ${elevator.id}
            and ${elevatorClaim.companyId} = ${user.companyId} and ${elevatorClaim.claimType} = ${type} and ${elevatorClaim.state} in (2, 3))`;
    return listElevators(platform.db, mine, false, f);
  }),
  implement(elevatorCalls.queryUnClaim, (f, { user, platform }) => {
    const type = f.claimType ?? claimTypeOf(user) ?? 'maintenance';
    const state = type === 'maintenance' ? elevator.maintenanceClaimState : elevator.useClaimState;
    // Company users may claim any unclaimed elevator of the city; regulators see those of their scope.
    const scope = claimTypeOf(user) ? sql`true` : elevatorScope(user);
    return listElevators(platform.db, scope, false, f, [eq(state, 0), eq(elevator.status, 1)]);
  }),
  implement(elevatorCalls.queryByPoint, async (input, { user, platform }) => {
    let box: SQL;
    if (
      input.minLng !== undefined &&
      input.maxLng !== undefined &&
      input.minLat !== undefined &&
      input.maxLat !== undefined
    ) {
      box = sql`${elevator.longitude} between ${input.minLng} and ${input.maxLng} and ${elevator.latitude} between ${input.minLat} and ${input.maxLat}`;
    } else {
      // A degree of latitude is ~111 km; a degree of longitude shrinks with the cosine of the latitude.
      const dLat = input.radiusKm! / 111;
      const dLng = input.radiusKm! / (111 * Math.cos((input.lat! * Math.PI) / 180));
      box = sql`${elevator.longitude} between ${input.lng! - dLng} and ${input.lng! + dLng}
        and ${elevator.latitude} between ${input.lat! - dLat} and ${input.lat! + dLat}
        and power((${elevator.longitude} - ${input.lng!}) * ${111 * Math.cos((input.lat! * Math.PI) / 180)}, 2)
          + power((${elevator.latitude} - ${input.lat!}) * 111, 2) <= ${input.radiusKm! ** 2}`;
    }
    const rows = await platform.db
      .select({
        id: elevator.id,
        registerCode: elevator.registerCode,
        name: elevator.name,
        address: elevator.address,
        longitude: elevator.longitude,
        latitude: elevator.latitude,
        type: elevator.type,
      })
      .from(elevator)
      .where(and(elevatorScope(user), isNotNull(elevator.longitude), isNotNull(elevator.latitude), box))
      .limit(input.limit);
    return rows.map((r) => ({ ...r, longitude: r.longitude!, latitude: r.latitude! }));
  }),
  implement(elevatorCalls.queryElevator, async ({ code }, { user, platform }) => {
    const c = code.toUpperCase();
    const [row] = await selectElevators(platform.db)
      .where(
        and(
          elevatorScope(user),
          sql`(${elevator.registerCode} = ${c} or ${elevator.deviceCode} = ${c} or ${elevator.rescueCode} = ${code})`,
        ),
      )
      .limit(1);
    if (!row) throw notFound('没有找到该编号的电梯');
    return toDetail(row);
  }),

  implement(elevatorCalls.save, (f, { user, platform }) => createElevator(platform.db, user, f)),
  implement(elevatorCalls.saveedit, ({ id, version, ...f }, { user, platform }) =>
    id ? updateElevator(platform.db, user, id, version, f) : createElevator(platform.db, user, f),
  ),
  implement(elevatorCalls.update, ({ id, version, ...f }, { user, platform }) =>
    updateElevator(platform.db, user, id, version, f),
  ),
  implement(elevatorCalls.updateBatch, async ({ ids, ...fields }, { user, platform }) => {
    const own = await scopedIds(platform.db, user, ids);
    if (fields.useCompanyId) {
      const [c] = await platform.db
        .select({ id: enterprise.id })
        .from(enterprise)
        .where(and(eq(enterprise.id, fields.useCompanyId), eq(enterprise.kind, 'use')));
      if (!c) throw notFound('使用单位不存在');
    }
    const rows = await platform.db
      .update(elevator)
      .set({ ...fields, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
      .where(inArray(elevator.id, own))
      .returning({ id: elevator.id });
    return { updated: rows.length };
  }),
  implement(elevatorCalls.delete, async ({ ids }, { user, platform }) => ({
    deleted: await platform.db.transaction((tx) => deleteElevators(tx, user, ids)),
  })),
  implement(elevatorCalls.enAble, async ({ ids }, { user, platform }) => ({
    updated: await setStatus(platform.db, user, ids, 1),
  })),
  implement(elevatorCalls.disAble, async ({ ids }, { user, platform }) => ({
    updated: await setStatus(platform.db, user, ids, 0),
  })),
  implement(elevatorCalls.unbindingEmergencyCode, async ({ id }, { user, platform }) => {
    await scopedIds(platform.db, user, [id]);
    const rows = await platform.db
      .update(elevator)
      .set({ rescueCode: null, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
      .where(and(eq(elevator.id, id), isNotNull(elevator.rescueCode)))
      .returning({ id: elevator.id });
    if (rows.length === 0) throw conflict('该电梯没有绑定应急救援识别码');
    return null;
  }),
  implement(elevatorCalls.supervisionCode, async ({ id, supervisionCode }, { user, platform }) => {
    await scopedIds(platform.db, user, [id]);
    await platform.db
      .update(elevator)
      .set({
        supervisionCode: supervisionCode.toUpperCase(),
        version: sql`${elevator.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(elevator.id, id));
    return null;
  }),
  implement(elevatorCalls.distributionElevator, async ({ ids, maintenanceCompanyId }, { user, platform }) => {
    const own = await scopedIds(platform.db, user, ids);
    return {
      updated: await platform.db.transaction((tx) => distribute(tx, user, own, maintenanceCompanyId)),
    };
  }),
  implement(elevatorCalls.syncModify, async ({ id, ...fields }, { user, platform }) => {
    await scopedIds(platform.db, user, [id]);
    const set = {
      ...fields,
      ...(fields.lastInspectDate && !fields.nextInspectDate
        ? { nextInspectDate: nextInspection(fields.lastInspectDate) }
        : {}),
    };
    await platform.db
      .update(elevator)
      .set({ ...set, version: sql`${elevator.version} + 1`, updatedAt: new Date() })
      .where(eq(elevator.id, id));
    return getDetail(platform.db, user, id);
  }),
  implement(elevatorCalls.syncData, ({ records }, { user, platform }) =>
    platform.db.transaction((tx) => syncRecords(tx, user, records)),
  ),
  implement(elevatorCalls.syncSheet, async (_input, { req, user, platform }) => {
    const { body } = await receiveSpreadsheet(req);
    return readSyncSheet(platform.db, user, body);
  }),
  implement(elevatorCalls.refreshInspectTime, async ({ id }, { user, platform }) => {
    const current = await getDetail(platform.db, user, id);
    await platform.db
      .update(elevator)
      .set({
        nextInspectDate: nextInspection(current.lastInspectDate) ?? current.nextInspectDate,
        updatedAt: new Date(),
      })
      .where(eq(elevator.id, id));
    return getDetail(platform.db, user, id);
  }),
  implement(elevatorCalls.refreshAllInspectTime, async (_input, { user, platform }) => ({
    updated: await refreshAllInspectTimes(platform.db, elevatorScope(user)),
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
  implement(elevatorCalls.export, (f, { user, reply, platform }) =>
    streamXlsx(reply, {
      fileName: EXPORT_NAME(),
      sheetName: '电梯台账',
      columns: exportColumns,
      batches: exportRows(platform.db, and(elevatorScope(user), ...filterConditions(f))),
    }),
  ),
  implement(elevatorCalls.exportExcel, (f, { user, reply, platform }) =>
    streamXlsx(reply, {
      fileName: `电梯台账（含技术参数）_${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheetName: '电梯台账',
      columns: fullExportColumns,
      batches: exportRows(platform.db, and(elevatorScope(user), ...filterConditions(f))),
    }),
  ),
  implement(elevatorCalls.exportByIds, async ({ ids }, { user, reply, platform }) => {
    const own = await scopedIds(platform.db, user, ids);
    return streamXlsx(reply, {
      fileName: EXPORT_NAME(),
      sheetName: '电梯台账',
      columns: exportColumns,
      batches: exportRows(platform.db, inArray(elevator.id, own)),
    });
  }),
  implement(elevatorCalls.exportElevatorDataByIds, async ({ ids }, { user, reply, platform }) => {
    const own = await scopedIds(platform.db, user, ids);
    return streamXlsx(reply, {
      fileName: EXPORT_NAME(),
      sheetName: '电梯资料',
      columns: fullExportColumns,
      batches: exportRows(platform.db, inArray(elevator.id, own)),
    });
  }),

  implement(elevatorCalls.detailInfo, ({ elevatorId }, { user, platform }) =>
    getDetail(platform.db, user, elevatorId),
  ),
  implement(elevatorCalls.detailMaintenanceInfo, async ({ elevatorId }, { user, platform }) =>
    companyInfo(platform.db, (await getDetail(platform.db, user, elevatorId)).maintenanceCompanyId, user),
  ),
  implement(elevatorCalls.detailBuildingCompanyInfo, async ({ elevatorId }, { user, platform }) =>
    companyInfo(platform.db, (await getDetail(platform.db, user, elevatorId)).useCompanyId, user),
  ),
  implement(elevatorCalls.attachmentList, ({ elevatorId }, { user, platform }) =>
    listAttachments(platform.db, user, elevatorId),
  ),
  implement(elevatorCalls.attachmentAdd, ({ elevatorId, fileIds }, { user, platform }) =>
    platform.db.transaction((tx) => addAttachments(tx, user, elevatorId, fileIds)),
  ),
  implement(elevatorCalls.attachmentRemove, ({ elevatorId, ids }, { user, platform }) =>
    platform.db.transaction((tx) => removeAttachments(tx, user, elevatorId, ids)),
  ),
  implement(elevatorCalls.auditDetailInfo, async ({ auditId }, { user, platform }) =>
    toDetail((await claimedElevator(platform.db, user, eq(elevatorClaim.auditId, auditId))).joined),
  ),
  implement(elevatorCalls.auditDetailUserCompany, async ({ auditId }, { user, platform }) =>
    companyInfo(platform.db, await claimPartyCompany(platform.db, user, auditId, 'use')),
  ),
  implement(elevatorCalls.auditDetailMaintenance, async ({ auditId }, { user, platform }) =>
    companyInfo(platform.db, await claimPartyCompany(platform.db, user, auditId, 'maintenance')),
  ),
  implement(elevatorCalls.queryClaimElevatorList, (f, { user, platform }) =>
    listClaims(platform.db, user, { ...f, state: 2 }),
  ),
  implement(elevatorCalls.queryClaimElevatorDetail, async ({ id }, { user, platform }) => {
    const claim = await getClaim(platform.db, user, eq(elevatorClaim.id, id));
    const { joined } = await claimedElevator(platform.db, user, eq(elevatorClaim.id, id));
    return { claim, elevator: toDetail(joined), history: await historySteps(platform.db, claim.auditId) };
  }),
  implement(elevatorCalls.claim, async ({ ids }, { user, platform }) => ({
    submitted: await platform.db.transaction((tx) => claimElevators(tx, user, ids, 'maintenance')),
  })),
  implement(elevatorCalls.unClaim, async ({ ids }, { user, platform }) => ({
    released: await platform.db.transaction((tx) => releaseElevators(tx, user, ids, 'maintenance')),
  })),

  implement(claimCalls.submitClaim, async ({ ids, communityId }, { user, platform }) => ({
    submitted: await platform.db.transaction((tx) => claimElevators(tx, user, ids, 'use', communityId)),
  })),
  implement(claimCalls.unSubmitObject, async ({ ids }, { user, platform }) => ({
    released: await platform.db.transaction((tx) => releaseElevators(tx, user, ids, 'use')),
  })),
  implement(claimCalls.auditPass, (input, { user, platform }) =>
    platform.db.transaction((tx) => decideClaim(tx, user, input, 'pass')),
  ),
  implement(claimCalls.auditReject, (input, { user, platform }) =>
    platform.db.transaction((tx) => decideClaim(tx, user, input, 'reject')),
  ),
  implement(claimCalls.queryHistoryList, (f, { user, platform }) => listClaims(platform.db, user, f)),
  implement(claimCalls.elevatorHistoryDetail, async ({ id }, { user, platform }) => {
    const claim = await getClaim(platform.db, user, eq(elevatorClaim.id, id));
    return { claim, history: await historySteps(platform.db, claim.auditId) };
  }),
  implement(claimCalls.historyElevatorClaim, ({ elevatorId }, { user, platform }) =>
    elevatorClaims(platform.db, user, elevatorId),
  ),
  implement(claimCalls.batchRemoveElevator, async ({ ids }, { user, platform }) => ({
    deleted: await platform.db.transaction((tx) => removeClaims(tx, user, ids)),
  })),
];

/** Next inspection = last inspection + 1 year, for every elevator in scope that has a last date. */
export async function refreshAllInspectTimes(db: Queryable, scope: ReturnType<typeof elevatorScope>) {
  const rows = await db
    .update(elevator)
    .set({ nextInspectDate: sql`(${elevator.lastInspectDate} + interval '1 year')::date` })
    .where(
      and(
        scope,
        isNotNull(elevator.lastInspectDate),
        sql`${elevator.nextInspectDate} is distinct from (${elevator.lastInspectDate} + interval '1 year')::date`,
      ),
    )
    .returning({ id: elevator.id });
  return rows.length;
}
