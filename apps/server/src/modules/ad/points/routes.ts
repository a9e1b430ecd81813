import {
  AD_POINT_STATE_LABEL,
  areaLabel,
  adPointCalls as C,
  dictionarySeed,
  shanghaiToday,
} from '@ec/contract';
import { streamXlsx } from '../../../platform/excel.ts';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import { adLifts } from '../../elevator/api.ts';
import { pointColumns, pointExport, pointMapExport } from './exports.ts';
import {
  addPoint,
  batchAddPoints,
  countPoints,
  deletePoints,
  listPoints,
  mapPoints,
  pointDetail,
  pointsWithBookings,
  updatePoint,
  updatePointsBatch,
} from './service.ts';

const tx = { tx: true };

const occasions = new Map(
  (dictionarySeed.find((d) => d.code === 'use_occasion')?.childs ?? []).map((c) => [c.key, c.value]),
);
const LIFT_TYPE_LABEL: Record<string, string> = { '1': '直梯', '2': '扶梯' };

/** Points: thin bindings over the scoped services (service.ts). */
export const pointRoutes = [
  implement(C.list, (f, { user, db }) => listPoints(db, user, f)),
  implement(C.detail, ({ id }, { user, db }) => pointDetail(db, user, id)),
  implement(C.add, (input, { user, db }) => addPoint(db, user, input), tx),
  implement(C.updatePoint, (input, { user, db }) => updatePoint(db, user, input), tx),
  implement(C.updateBatch, (input, { user, db }) => updatePointsBatch(db, user, input), tx),
  implement(C.delete, ({ ids }, { user, db }) => deletePoints(db, user, ids), tx),
  implement(C.batchAddPoint, (input, { user, db }) => batchAddPoints(db, user, input), tx),
  implement(C.getPointAll, (f, { user, db }) => mapPoints(db, user, f)),
  implement(C.count, (f, { user, db }) =>
    countPoints(db, user, f, 'state', (k) => AD_POINT_STATE_LABEL[Number(k)] ?? String(k)),
  ),
  implement(C.countByArea, (f, { user, db }) =>
    countPoints(db, user, f, 'area', (k) => (k ? (areaLabel(k) ?? k) : '未知')),
  ),
  implement(C.countByOccasion, (f, { user, db }) =>
    countPoints(db, user, f, 'occasion', (k) => (k ? (occasions.get(k) ?? k) : '未填写')),
  ),
  implement(C.countByLiftType, (f, { user, db }) =>
    countPoints(db, user, f, 'liftType', (k) => LIFT_TYPE_LABEL[k ?? ''] ?? String(k)),
  ),
  implement(C.lifts, async ({ keyword, areaCode }, { db }) =>
    (await adLifts(db, { keyword, areaCode, limit: 200 })).map((l) => ({
      id: l.id,
      registerCode: l.registerCode,
      name: l.name,
      address: l.address,
      areaCode: l.areaCode,
      useOccasion: l.useOccasion,
    })),
  ),
  implement(C.export, (f, ctx) => exportList(ctx, pointExport, f)),
  implement(C.getPointAllExport, (f, ctx) => exportList(ctx, pointMapExport, f)),
  implement(C.exportByPoint, async ({ ids }, { user, reply, db }) => {
    const rows = await pointsWithBookings(db, user, ids);
    return streamXlsx(reply, {
      fileName: `点位预订_${shanghaiToday()}.xlsx`,
      sheetName: '点位预订',
      columns: [
        ...pointColumns
          .slice(0, 11)
          .map((c) => ({ ...c, value: (r: (typeof rows)[number]) => c.value(r.point) })),
        { header: '订单编号', width: 20, value: (r) => r.booking?.orderNo ?? '' },
        { header: '客户', width: 24, value: (r) => r.booking?.customName ?? '' },
        { header: '开始日期', width: 12, value: (r) => r.booking?.startDate ?? '' },
        { header: '结束日期', width: 12, value: (r) => r.booking?.endDate ?? '' },
        { header: '订单状态', width: 10, value: (r) => r.booking?.statusLabel ?? '' },
      ],
      batches: (async function* () {
        yield rows;
      })(),
    });
  }),
];
