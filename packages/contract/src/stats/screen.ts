import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  countRow,
  countsOutput,
  STATS_PATH as D,
  STATS_PERMISSIONS as P,
  statsFilters,
  statsMeta,
} from './filters.ts';

/*
 * The data screen's figures (数据大屏 dateKanban / tongji, doc 001 §7.8 GETs): rescue volumes and
 * timing, the parties, the registry's make-up, the regulator's to-watch counts. Each takes the shared
 * filters; each answer carries `meta` (period, freshness, primary or replica).
 */

/** One day (or month) of rescue work. */
export const dealPoint = z.object({
  /** yyyy-MM-dd (a day) or yyyy-MM (a month). */
  key: z.string(),
  /** 11-26 or 2026年11月. */
  label: z.string(),
  /** 困人 cases with the alarm that day / month. */
  trappedCases: z.number().int(),
  /** All cases taken (困人, 故障报修, 咨询, 投诉, 误报). */
  cases: z.number().int(),
  /** People freed (解救人数) in those cases. */
  freed: z.number().int(),
  /** 平均到达用时 of those that arrived (minutes). */
  avgArrivalMinutes: z.number().nullable(),
});
export type DealPoint = z.infer<typeof dealPoint>;

export const dealSeries = z.object({
  meta: statsMeta,
  points: z.array(dealPoint),
  totals: dealPoint.omit({ key: true, label: true }),
});
export type DealSeries = z.infer<typeof dealSeries>;

/** The parties in scope (counts of enabled, approved records; drill → their lists). */
export const partyCounts = z.object({
  meta: statsMeta,
  rows: z.array(countRow),
});

/** Rescue timing of the period (docs/statistics.md). */
export const emergencyTiming = z.object({
  meta: statsMeta,
  trappedCases: z.number().int(),
  arrived: z.number().int(),
  within30: z.number().int(),
  within30Rate: z.number().nullable(),
  avgResponseMinutes: z.number().nullable(),
  avgArrivalMinutes: z.number().nullable(),
  avgRescueMinutes: z.number().nullable(),
  /** Arrived more than 30 minutes after the alarm (超时). */
  overtime: z.number().int(),
  freed: z.number().int(),
});
export type EmergencyTiming = z.infer<typeof emergencyTiming>;

const screenCall = <O extends z.ZodType>(path: string, summary: string, output: O) =>
  defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${D}/${path}`,
    permission: P.screen,
    summary,
    input: statsFilters,
    output,
  });

export const statsScreenCalls = {
  /** Ignores the period: the last 30 days up to today. */
  nearlyThirtyDealAndSave: screenCall('nearlyThirtyDealAndSave', '近 30 天处置与解救（按日）', dealSeries),
  /**
   * Keys: maintenanceCompanies, useUnits (with a lift in use in scope), maintenanceWorkers (with an
   * order planned in the period).
   */
  companyDetail: screenCall(
    'companyDetail',
    '单位概况（维保单位、使用单位、救援单位、维保人员）',
    partyCounts,
  ),
  /**
   * The platform's work in the period. Keys: lifts, maintenanceOrders (completed visits),
   * trappedCases, cases, repairs, freed.
   */
  businessScale: screenCall('businessScale', '业务规模（期间内的维保、救援、报修）', countsOutput),
  emergencyDealTime: screenCall('emergencyDealTime', '应急处置用时（响应、到达、救援）', emergencyTiming),
  /** Ignores the period: the current month and the three before it. */
  nearlyFourMonthsDeal: screenCall('nearlyFourMonthsDeal', '近四个月处置情况（按月）', dealSeries),
  /** 困人 cases of the period by close cause (困人原因, key = cause number; 0 = 未填原因). */
  elevatorHitchType: screenCall('elevatorHitchType', '困人原因分布', countsOutput),
  /** Lifts in use by district (key = area code); drill → the registry filtered by areaCode. */
  countElevatorGroupbyArea: screenCall('countElevatorGroupbyArea', '各区域电梯数量', countsOutput),
  /** Lifts in use by use occasion (key = the occasion; '' = 未填); drill → registry by useOccasion. */
  elevatorLocationDistribution: screenCall('elevatorLocationDistribution', '电梯场所分布', countsOutput),
  /**
   * Lifts by state of use and of maintenance. Keys: inUse, stopped, scrapped, maintained (in use with
   * a maintenance company), unmaintained (in use without).
   */
  elevatorBusinessScale: screenCall('elevatorBusinessScale', '电梯使用与维保状态', countsOutput),
  /**
   * What a regulator watches, today. Keys: overdueMaintenance (lifts past their visit's due date),
   * overdueInspection (检验超期), dueInspection (30 天内到期), openRescues (未关闭困人工单),
   * unmaintained (在用无维保单位).
   */
  regulation: screenCall('regulation', '监管概况（超期维保、超期检验、待核查、在途救援）', countsOutput),
  /** Lifts in use by type (key = 1 直梯 / 2 扶梯); drill → registry by type. */
  elevatorProportion: screenCall('elevatorProportion', '电梯类型占比', countsOutput),
};
