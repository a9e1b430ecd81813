import { z } from 'zod';
import { idField, paging, text } from '../common.ts';
import { dateField, liftKindFilters } from '../fields.ts';

/*
 * Statistics (统计分析, doc 001 §7.8; definitions in docs/statistics.md): the filters every figure
 * shares, the row shapes the charts and tables read, the permissions and the freshness every answer
 * carries. A figure is computed from the module's rollups (kept by a job), never by scanning the
 * sources per page view; `meta` says how fresh it is.
 */

export const STATS_PERMISSIONS = {
  /** The analysis pages (/elevatorAnalysis, /wisdom dataStatistics and decisionAnalysis). */
  analysis: 'stats:analysis:view',
  /** The data screen (dateKanban, tongji) and the map (mapKanban). */
  screen: 'stats:screen:view',
  /** The home page's figures, per role. */
  dashboard: 'stats:dashboard:view',
} as const;

export const STATS_PATH = '/pc/data';
/** Designed calls (docs/paths.md, Statistics). */
export const STATS_DESIGNED_PATH = '/pc/stats';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 yyyy-MM');

/** The most days one query may span (a year and a day, so a leap year's full year fits). */
export const MAX_PERIOD_DAYS = 367;

/**
 * The filters of every figure. The period is `month` (a calendar month, Shanghai), or
 * `dateFrom`..`dateTo` (inclusive days, Shanghai); neither: the last 12 months up to today (the
 * first day of the month 11 months ago .. today). The district filter keeps the caller's data scope:
 * a district outside it is refused (403), it never widens the scope.
 */
export const statsFilterFields = {
  /** District code (450103, exact; 450100 = the whole city). */
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{2,12}$/, '区域代码应为数字')
    .optional(),
  month: month.optional(),
  dateFrom: dateField('开始日期').optional(),
  dateTo: dateField('结束日期').optional(),
  /** 使用场所 as the registry stores it (住宅, 商场超市, 医院, …) and 电梯类型 (1 直梯, 2 扶梯). */
  ...liftKindFilters,
  maintenanceCompanyId: idField('维保单位').optional(),
  useCompanyId: idField('使用单位').optional(),
};

type PeriodFields = { month?: string; dateFrom?: string; dateTo?: string };
const periodChecks = <T extends z.ZodType<PeriodFields>>(schema: T) =>
  schema
    .refine((v) => !(v.month && (v.dateFrom || v.dateTo)), {
      message: '请选择月份或起止日期之一',
      path: ['month'],
    })
    .refine((v) => !v.dateFrom || !v.dateTo || v.dateFrom <= v.dateTo, {
      message: '开始日期不能晚于结束日期',
      path: ['dateFrom'],
    })
    .refine(
      (v) =>
        !v.dateFrom ||
        !v.dateTo ||
        (Date.parse(v.dateTo) - Date.parse(v.dateFrom)) / 86_400_000 < MAX_PERIOD_DAYS,
      { message: `统计期间不能超过 ${MAX_PERIOD_DAYS} 天`, path: ['dateTo'] },
    );

export const statsFilters = periodChecks(z.object(statsFilterFields));
export type StatsFilters = z.input<typeof statsFilters>;

/** The filters plus paging and the number of top rows (the POST rate queries). */
export const statsPagedFilters = periodChecks(
  z.object({
    ...statsFilterFields,
    ...paging,
    /** Sort by one of the row's numeric fields, descending unless sortOrder says otherwise. */
    sortField: text(40).optional(),
    sortOrder: z.enum(['ascend', 'descend']).optional(),
  }),
);
export type StatsPagedFilters = z.input<typeof statsPagedFilters>;

/** Freshness and period of an answer. */
export const statsMeta = z.object({
  /** The period the figure covers (inclusive days, Shanghai). */
  from: z.string(),
  to: z.string(),
  /** The newest change in the sources that the figure includes (ISO). */
  asOf: z.string(),
  /** Seconds between asOf and now (0 when the rollups are current). */
  staleSeconds: z.number(),
  /** The stated bound (docs/statistics.md): figures older than this are flagged. */
  boundSeconds: z.number(),
  /** staleSeconds > boundSeconds: the page says how far behind the figure is. */
  behind: z.boolean(),
  /** Where the figure was read: the primary or the read replica (DATABASE_READ_URL). */
  source: z.enum(['primary', 'replica']),
  /** How far the replica's replay is behind the primary (seconds), when read from the replica. */
  replicaLagSeconds: z.number().nullable(),
});
export type StatsMeta = z.infer<typeof statsMeta>;

/**
 * One bar / slice / table row. `key` is what the drill-down filters by (an area code, a company id,
 * a use occasion, a cause number, an hour …); `label` is the Chinese name shown.
 */
export const countRow = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
});
export type CountRow = z.infer<typeof countRow>;

export const countsOutput = z.object({ meta: statsMeta, rows: z.array(countRow), total: z.number() });
export type CountsOutput = z.infer<typeof countsOutput>;

/**
 * 困人/故障 per group (district, company, use unit, manufacturer, age band, use occasion):
 * lifts in the group now, cases in the period and the rate per 100 lifts per month.
 */
export const faultRow = z.object({
  key: z.string(),
  label: z.string(),
  /** Lifts in use (在用) in the group, in scope, today. */
  lifts: z.number().int(),
  /** 困人 cases (kind 困人) with the alarm in the period. */
  trappedCases: z.number().int(),
  /** 故障报修 (repairs) reported in the period. */
  faults: z.number().int(),
  /** 困人率: trappedCases / lifts / months × 100 (null when no lift). */
  trappedPer100: z.number().nullable(),
  /** 故障率: (trappedCases + faults) / lifts / months × 100 (null when no lift). */
  faultPer100: z.number().nullable(),
});
export type FaultRow = z.infer<typeof faultRow>;
export const faultOutput = z.object({
  meta: statsMeta,
  /** Months the period spans (the rate's denominator factor; a part month counts by its days / 30). */
  months: z.number(),
  rows: z.array(faultRow),
});
export type FaultOutput = z.infer<typeof faultOutput>;

/** Rescue timing of a group (definitions in docs/statistics.md). */
export const rescueTimeRow = z.object({
  key: z.string(),
  label: z.string(),
  /** 困人 cases with the alarm in the period. */
  cases: z.number().int(),
  /** Of them, cases with an arrival time. */
  arrived: z.number().int(),
  /** Of them, arrived within 30 minutes of the alarm. */
  within30: z.number().int(),
  /** 30 分钟到达率: within30 / arrived (null when none arrived). */
  within30Rate: z.number().nullable(),
  /** 平均到达用时 (alarm → arrival, minutes). */
  avgArrivalMinutes: z.number().nullable(),
  /** 平均救援用时 (arrival → freed, minutes). */
  avgRescueMinutes: z.number().nullable(),
  /** People freed. */
  freed: z.number().int(),
});
export type RescueTimeRow = z.infer<typeof rescueTimeRow>;

/** Maintenance figures of a group (definitions in docs/statistics.md). */
export const maintenanceRateRow = z.object({
  key: z.string(),
  label: z.string(),
  lifts: z.number().int(),
  /** Half-month visits due in the period (orders planned in it). */
  due: z.number().int(),
  /** Of them completed on time: signed out no later than the plan date (plans space visits ≤ 15 days). */
  onTime: z.number().int(),
  /** Of them completed at all (signed out: 待确认, 已完成, 审核通过). */
  completed: z.number().int(),
  /** 按时维保率: onTime / due. */
  onTimeRate: z.number().nullable(),
  /** Lifts whose next visit is past due today (the maintenance plan's due date < today). */
  overdueLifts: z.number().int(),
  /** 超期率: overdueLifts / lifts. */
  overdueRate: z.number().nullable(),
});
export type MaintenanceRateRow = z.infer<typeof maintenanceRateRow>;

/** The labels of the lift age bands (years since manufacture, else installation). */
export const AGE_BANDS = [
  { key: '0-5', label: '5 年及以下', min: 0, max: 5 },
  { key: '6-10', label: '6–10 年', min: 6, max: 10 },
  { key: '11-15', label: '11–15 年', min: 11, max: 15 },
  { key: '16-20', label: '16–20 年', min: 16, max: 20 },
  { key: '21+', label: '20 年以上', min: 21, max: 999 },
  { key: 'unknown', label: '未知', min: -1, max: -1 },
] as const;

/** Lift states on the map and the screen (the first that applies, in this order). */
export const LIFT_MAP_STATE = { trapped: 1, fault: 2, overdue: 3, stopped: 4, normal: 5 } as const;
export const LIFT_MAP_STATE_LABEL: Record<number, string> = {
  1: '困人救援中',
  2: '故障维修中',
  3: '维保超期',
  4: '停用',
  5: '正常',
};
