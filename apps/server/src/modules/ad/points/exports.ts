import {
  type AdPointRow,
  type adPointCalls,
  areaLabel,
  type CallParsedInput,
  shanghaiToday,
} from '@ec/contract';
import { type ExcelColumn, keysetBatches } from '../../../platform/excel.ts';
import type { ExportSource } from '../../../platform/exports.ts';
import { exportBatch, locatedPoints, pointCount } from './service.ts';

type Calls = typeof adPointCalls;

export const pointColumns: ExcelColumn<AdPointRow>[] = [
  { header: '点位编号', width: 24, value: (r) => r.pointNo },
  { header: '电梯注册代码', width: 24, value: (r) => r.registerCode ?? '' },
  { header: '电梯名称', width: 16, value: (r) => r.liftName ?? '' },
  { header: '地址', width: 36, value: (r) => r.address ?? '' },
  { header: '区域', width: 12, value: (r) => areaLabel(r.areaCode) ?? r.areaCode },
  { header: '使用单位', width: 24, value: (r) => r.useCompanyName ?? '' },
  { header: '位置', width: 10, value: (r) => r.positionLabel },
  { header: '尺寸', width: 12, value: (r) => r.size },
  { header: '媒介', width: 10, value: (r) => r.mediumLabel },
  { header: '价格（元/周期）', width: 14, value: (r) => r.price },
  { header: '状态', width: 8, value: (r) => r.stateLabel },
  { header: '二维码', width: 20, value: (r) => r.qrCode ?? '' },
  { header: '广告运营商', width: 24, value: (r) => r.companyName ?? '' },
];

/** 导出 of 广告点位 by the list's filters: in the background when large (platform/exports.ts). */
export const pointExport: ExportSource<CallParsedInput<Calls['export']>, AdPointRow> = {
  name: 'ad-point',
  label: '广告点位',
  sheetName: '广告点位',
  fileName: () => `广告点位_${shanghaiToday()}.xlsx`,
  columns: pointColumns,
  count: (db, user, f) => pointCount(db, user, f),
  batches: (db, user, f) => keysetBatches((after, size) => exportBatch(db, user, f, after, size)),
};

/** 导出 of 点位地图: the points the map shows for its filters (district, state, medium), with coordinates. */
export const pointMapExport: ExportSource<CallParsedInput<Calls['getPointAllExport']>, AdPointRow> = {
  name: 'ad-point-map',
  label: '点位地图',
  sheetName: '点位地图',
  fileName: () => `点位地图_${shanghaiToday()}.xlsx`,
  columns: [
    ...pointColumns,
    { header: '经度', width: 12, value: (r) => r.longitude ?? '' },
    { header: '纬度', width: 12, value: (r) => r.latitude ?? '' },
  ],
  count: (db, user, f) => pointCount(db, user, f, locatedPoints),
  batches: (db, user, f) =>
    keysetBatches((after, size) => exportBatch(db, user, f, after, size, locatedPoints)),
};
