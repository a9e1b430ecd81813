import { z } from 'zod';
import { defineCall } from '../call.ts';
import { pageOf } from '../common.ts';
import {
  STATS_PATH as D,
  faultRow,
  maintenanceRateRow,
  STATS_PERMISSIONS as P,
  statsMeta,
  statsPagedFilters,
} from './filters.ts';

/*
 * The rate queries (doc 001 §7.8 POSTs, filters in the body, `reads`): the tables of
 * /wisdom dataStatistics (basicStatistics, maintenanceStatistics, maintenanceRate,
 * safetyInspectionStatistics) and decisionAnalysis (personnelAnalysis, elevatorAnalysis,
 * maintenanceUnit, brandElevator, regionalElevator). Each answers a page of rows, the total row of
 * all rows (not just the page) and `meta`. Definitions in docs/statistics.md.
 */

/** A page of rows, the total over every row, and freshness. */
const ratePage = <R extends z.ZodObject>(row: R) => pageOf(row).extend({ meta: statsMeta, sum: row });

/** A group's maintenance, rescue and fault figures side by side (the decision pages). */
export const rateRow = maintenanceRateRow.extend({
  trappedCases: z.number().int(),
  faults: z.number().int(),
  trappedPer100: z.number().nullable(),
  faultPer100: z.number().nullable(),
  arrived: z.number().int(),
  within30: z.number().int(),
  within30Rate: z.number().nullable(),
  avgArrivalMinutes: z.number().nullable(),
  avgRescueMinutes: z.number().nullable(),
});
export type RateRow = z.infer<typeof rateRow>;

/** One lift's figures (top lifts): key = lift id. */
export const liftRateRow = rateRow.extend({
  registerCode: z.string(),
  address: z.string(),
  areaName: z.string().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  useCompanyName: z.string().nullable(),
});
export type LiftRateRow = z.infer<typeof liftRateRow>;

/** A maintenance worker's visits (personnelAnalysis): key = user id. */
export const workerRateRow = z.object({
  key: z.string(),
  label: z.string(),
  companyName: z.string().nullable(),
  /** Visits the worker signed (as one of the order's workers) with the plan date in the period. */
  orders: z.number().int(),
  completed: z.number().int(),
  onTime: z.number().int(),
  onTimeRate: z.number().nullable(),
  /** 平均作业时长 (sign-in → sign-out, minutes). */
  avgDurationMinutes: z.number().nullable(),
});
export type WorkerRateRow = z.infer<typeof workerRateRow>;

/** The registry's make-up per district (basicStatistics): key = area code. */
export const basicRow = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number().int(),
  inUse: z.number().int(),
  stopped: z.number().int(),
  scrapped: z.number().int(),
  /** 直梯 / 扶梯 among those in use. */
  vertical: z.number().int(),
  escalator: z.number().int(),
  /** In use with a maintenance company (维保认领). */
  maintained: z.number().int(),
  /** In use at a 公众聚集场所 (PUBLIC_PLACE_OCCASIONS, by name in the live dictionary: school, hospital, mall, station …). */
  publicPlaces: z.number().int(),
});
export type BasicRow = z.infer<typeof basicRow>;

/** Inspection per district (safetyInspectionStatistics): key = area code. */
export const inspectionRow = z.object({
  key: z.string(),
  label: z.string(),
  lifts: z.number().int(),
  /** Next inspection date past (超期未检), today. */
  overdue: z.number().int(),
  /** Next inspection within 30 days. */
  dueSoon: z.number().int(),
  /** Inspection reports concluded (signed or pushed) with their inspection day in the period, and of them 合格 / 复检合格. */
  inspected: z.number().int(),
  passed: z.number().int(),
  /** 检验合格率: passed / inspected. */
  passRate: z.number().nullable(),
});
export type InspectionRow = z.infer<typeof inspectionRow>;

/** One month of the on-time trend (maintenanceRate): key = yyyy-MM. */
export const monthRateRow = maintenanceRateRow;

/** Orders by state per district (maintenanceStatistics): key = area code. */
export const orderStateRow = z.object({
  key: z.string(),
  label: z.string(),
  /** Orders planned in the period. */
  planned: z.number().int(),
  /** Still 待维保 / 作业中 after the plan date (过期未做). */
  late: z.number().int(),
  awaitingConfirm: z.number().int(),
  completed: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  /** Lifts past their visit's due date, today. */
  overdueLifts: z.number().int(),
});
export type OrderStateRow = z.infer<typeof orderStateRow>;

/** A use unit's lifts and record (elevatorUserData): key = use unit id. */
export const useUnitRow = z.object({
  key: z.string(),
  label: z.string(),
  lifts: z.number().int(),
  trappedCases: z.number().int(),
  faults: z.number().int(),
  trappedPer100: z.number().nullable(),
  overdueInspection: z.number().int(),
  overdueMaintenance: z.number().int(),
});
export type UseUnitRow = z.infer<typeof useUnitRow>;

/** Lifts of a district by use occasion (regionalElevator): key = area code. */
export const areaOccasionRow = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number().int(),
  /** Counts per use occasion (the occasion as the registry stores it; '' = 未填). */
  byOccasion: z.record(z.string(), z.number().int()),
});
export type AreaOccasionRow = z.infer<typeof areaOccasionRow>;

const rateCall = <R extends z.ZodObject>(path: string, summary: string, row: R) =>
  defineCall({
    domain: 'stats',
    method: 'POST',
    path: `${D}/${path}`,
    permission: P.analysis,
    summary,
    reads: true,
    input: statsPagedFilters,
    output: ratePage(row),
  });

export const statsRateCalls = {
  /** Page regionalElevator (decision): per district. */
  areaRateQuery: rateCall('areaRateQuery', '区域综合指标（按时维保率、超期率、困人率、到达率）', rateRow),
  /** Page maintenanceUnit (decision): per maintenance company. */
  maintenanceRateQuery: rateCall('maintenanceRateQuery', '维保单位综合指标', rateRow),
  /** Page elevatorAnalysis (decision): per lift, most 困人 first (top lifts). */
  elevatorRateQuery: rateCall('elevatorRateQuery', '电梯困人故障排行', liftRateRow),
  /** Page brandElevator: per brand (品牌 as the registry spells it; '' = 未填). */
  elevatorBrandRateQuery: rateCall('elevatorBrandRateQuery', '品牌故障率', faultRow),
  /** Page personnelAnalysis: per maintenance worker. */
  maintenanceUserRateQuery: rateCall('maintenanceUserRateQuery', '维保人员作业统计', workerRateRow),
  /** Page maintenanceRate: the on-time trend by month. */
  elevatorMaintenanceRateQuery: rateCall('elevatorMaintenanceRateQuery', '按时维保率（按月）', monthRateRow),
  /** Page maintenanceStatistics: orders by state per district. */
  elevatorMaintenanceInfoQuery: rateCall(
    'elevatorMaintenanceInfoQuery',
    '维保工单统计（按区域）',
    orderStateRow,
  ),
  /** Page basicStatistics: the registry per district. */
  elevatorBasicInfoQuery: rateCall('elevatorBasicInfoQuery', '电梯基础数据统计（按区域）', basicRow),
  /** Top use units (使用单位) by 困人. */
  elevatorUserData: rateCall('elevatorUserData', '使用单位电梯统计', useUnitRow),
  /** Page safetyInspectionStatistics: inspection per district. */
  elevatorAreaCountData: rateCall(
    'elevatorAreaCountData',
    '安全检验统计（按区域，检验合格率）',
    inspectionRow,
  ),
  /** Lifts per district × use occasion. */
  elevatorGroupByArea: rateCall('elevatorGroupByArea', '区域电梯场所分布', areaOccasionRow),
};

/**
 * The use occasions (使用场所, dictionary `use_occasion`) that are 公众聚集场所 (places where the public
 * gathers: TSG 08 and the Special Equipment Safety Law's list), by the dictionary's names.
 */
export const PUBLIC_PLACE_OCCASIONS = [
  '商场超市',
  '宾馆饭店',
  '医院',
  '学校',
  '幼儿园',
  '交通场所',
  '客运码头',
  '体育场馆',
  '展览馆',
  '公园景区',
] as const;
