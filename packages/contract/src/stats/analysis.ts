import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  countRow,
  countsOutput,
  STATS_PATH as D,
  faultOutput,
  STATS_PERMISSIONS as P,
  rescueTimeRow,
  statsFilters,
  statsMeta,
} from './filters.ts';

/*
 * The analysis pages (电梯分析 /elevatorAnalysis: 11 pages; doc 001 §7.8 GETs): when people are
 * trapped, whose lifts, which makers, which ages, where, what caused it, how fast they were freed,
 * how the agents handled the calls. Every rate per 100 lifts per month; definitions in
 * docs/statistics.md.
 */

/** 困人 cases by hour of the alarm (0–23, Shanghai), by weekday (1 = 周一 … 7 = 周日) and by month. */
export const timeAnalysis = z.object({
  meta: statsMeta,
  hours: z.array(countRow),
  weekdays: z.array(countRow),
  months: z.array(countRow),
  total: z.number().int(),
});
export type TimeAnalysis = z.infer<typeof timeAnalysis>;

/** Arrival buckets (≤10, 10–20, 20–30, >30 minutes, 未到达) and the timing per district. */
export const rescueTimeAnalysis = z.object({
  meta: statsMeta,
  buckets: z.array(countRow),
  total: rescueTimeRow,
  rows: z.array(rescueTimeRow),
});
export type RescueTimeAnalysis = z.infer<typeof rescueTimeAnalysis>;

/** A close cause with its details (困人原因, DOMAIN.md §4.3). */
export const causeRow = countRow.extend({ details: z.array(countRow) });
export const faultTypeAnalysis = z.object({
  meta: statsMeta,
  rows: z.array(causeRow),
  total: z.number().int(),
});
export type FaultTypeAnalysis = z.infer<typeof faultTypeAnalysis>;

/** The call centre's cases by agent (坐席) and by kind. */
export const seatRow = z.object({
  key: z.string(),
  /** The agent's name ('未分配' for cases opened by an alarm and not yet taken). */
  label: z.string(),
  cases: z.number().int(),
  trappedCases: z.number().int(),
  faults: z.number().int(),
  enquiries: z.number().int(),
  complaints: z.number().int(),
  falseAlarms: z.number().int(),
  /** 平均派遣用时: alarm → dispatch of its 困人 cases (minutes). */
  avgDispatchMinutes: z.number().nullable(),
});
export type SeatRow = z.infer<typeof seatRow>;
export const seatDisposal = z.object({
  meta: statsMeta,
  /** Cases by kind (key = kind number 1–5) and by source (key = `source:<n>`). */
  kinds: z.array(countRow),
  sources: z.array(countRow),
  rows: z.array(seatRow),
});
export type SeatDisposal = z.infer<typeof seatDisposal>;

const analysisCall = <O extends z.ZodType>(path: string, summary: string, output: O) =>
  defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${D}/${path}`,
    permission: P.analysis,
    summary,
    input: statsFilters,
    output,
  });

export const statsAnalysisCalls = {
  /** Page timeAnalysis (故障时段分析). */
  timeAnalysis: analysisCall('timeAnalysis', '困人时段分析（按小时、星期、月份）', timeAnalysis),
  /** Page companyAnalysis: per maintenance company (key = company id; 0 = 无维保单位), top 50 by cases. */
  maintenanceCompayFaultAnalysis: analysisCall(
    'maintenanceCompayFaultAnalysis',
    '维保单位困人故障分析',
    faultOutput,
  ),
  /** Page userCompanyAnalysis: per use unit (使用单位, /pc/buildingCompany; key = id), top 50 by cases. */
  buildingCompayFaultAnalysis: analysisCall(
    'buildingCompayFaultAnalysis',
    '使用单位困人故障分析',
    faultOutput,
  ),
  /** Page manufacturingUnit: per manufacturer (制造单位 as the registry spells it; '' = 未填). */
  manufacturingUnitFaultAnalysis: analysisCall(
    'manufacturingUnitFaultAnalysis',
    '制造单位困人故障分析',
    faultOutput,
  ),
  /** Page userTimeAnalysis (使用年限分析): per age band (AGE_BANDS: this year − the year of manufacture, else installation). */
  yearsAnalysis: analysisCall('yearsAnalysis', '梯龄困人故障分析', faultOutput),
  /** Pages arriveTime / rescueTime. */
  rescueTimeAnalysis: analysisCall(
    'rescueTimeAnalysis',
    '救援用时分析（到达、救援、30 分钟到达率）',
    rescueTimeAnalysis,
  ),
  /** Page areaStatistics: per district (key = area code): 困人率 per 100 lifts per month. */
  areaAnalysis: analysisCall('areaAnalysis', '区域困人故障分析（困人率）', faultOutput),
  /** Page userPlaceStatistics: per use occasion (key = the occasion; '' = 未填). */
  useOccasionAnalysis: analysisCall('useOccasionAnalysis', '使用场所困人故障分析', faultOutput),
  /** Page analysisReason: 困人原因 with their details. */
  faultTypeAnalysis: analysisCall('faultTypeAnalysis', '困人原因分析', faultTypeAnalysis),
  /** Page disposalStatistics: the call centre's cases by agent, kind and source. */
  seatDisposal: analysisCall('seatDisposal', '坐席处置统计', seatDisposal),
  /** 故障报修 of the period by fault type (key = the hitch type as the repair names it). */
  getHitchType: analysisCall('getHitchType', '故障报修类型统计', countsOutput),
};
