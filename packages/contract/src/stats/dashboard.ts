import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  countRow,
  STATS_PERMISSIONS as P,
  STATS_DESIGNED_PATH as S,
  statsFilterFields,
  statsMeta,
} from './filters.ts';

/*
 * Designed calls the catalogue lacks (docs/paths.md, Statistics): the data screen's live summary,
 * the map's points and aggregates, and the home page's figures per role. All read the rollups and the
 * sources' small "now" tables (open cases, overdue lifts), never a scan per view.
 */

/** A case on the screen's ticker (open 困人 cases, newest first). */
export const screenCase = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  statusLabel: z.string(),
  areaName: z.string().nullable(),
  address: z.string().nullable(),
  alarmAt: z.string(),
  /** Minutes since the alarm. */
  waitedMinutes: z.number(),
});

/** The data screen's live block (poll every 30 s; ≤ 1 min stale). */
export const screenSummary = z.object({
  meta: statsMeta,
  /** Cases taken today (Shanghai), and of them 困人. */
  todayCases: z.number().int(),
  todayTrapped: z.number().int(),
  todayFreed: z.number().int(),
  /** 困人 cases not closed yet (any day). */
  openRescues: z.number().int(),
  /** Lifts past their maintenance visit's due date, today. */
  overdueMaintenance: z.number().int(),
  /** Lifts past their next inspection date. */
  overdueInspection: z.number().int(),
  /** Lifts in use (the total of liftsByState). */
  lifts: z.number().int(),
  /** Lifts by map state (key = LIFT_MAP_STATE: 1 困人救援中 … 5 正常). */
  liftsByState: z.array(countRow),
  openCases: z.array(screenCase),
});
export type ScreenSummary = z.infer<typeof screenSummary>;

const coord = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .min(-limit, `${label}不正确`)
    .max(limit, `${label}不正确`);

/**
 * The map's view: the bounding box and the zoom (ECharts geo / map zoom, 1 = the whole city).
 * zoom < 9: per district; 9 ≤ zoom < 14: per grid cell (cell size halves per zoom step); ≥ 14: the
 * lifts themselves (at most MAP_POINT_LIMIT, else the grid).
 */
export const mapInput = z
  .object({
    minLng: coord('经度', 180).default(107.3),
    minLat: coord('纬度', 90).default(22.1),
    maxLng: coord('经度', 180).default(109.6),
    maxLat: coord('纬度', 90).default(23.6),
    zoom: z.coerce
      .number({ error: '缩放级别应为数字' })
      .int('缩放级别应为整数')
      .min(1, '缩放级别应在 1 到 20 之间')
      .max(20, '缩放级别应在 1 到 20 之间')
      .default(1),
    areaCode: statsFilterFields.areaCode,
    useOccasion: statsFilterFields.useOccasion,
    type: statsFilterFields.type,
    maintenanceCompanyId: statsFilterFields.maintenanceCompanyId,
    useCompanyId: statsFilterFields.useCompanyId,
  })
  .refine((v) => v.minLng < v.maxLng && v.minLat < v.maxLat, {
    message: '地图范围不正确',
    path: ['minLng'],
  });
export type MapInput = z.input<typeof mapInput>;

export const MAP_POINT_LIMIT = 5000;
export const MAP_DISTRICT_ZOOM = 9;
export const MAP_POINT_ZOOM = 14;

/** A district's marker: lift counts by state, at the district's centre. */
export const mapDistrict = z.object({
  areaCode: z.string(),
  areaName: z.string(),
  lng: z.number(),
  lat: z.number(),
  lifts: z.number().int(),
  trapped: z.number().int(),
  fault: z.number().int(),
  overdue: z.number().int(),
  stopped: z.number().int(),
});
/** A grid cell: its centre, counts, the worst state in it. */
export const mapCell = z.object({
  lng: z.number(),
  lat: z.number(),
  lifts: z.number().int(),
  /** Lifts not 正常 (困人, 故障, 超期, 停用). */
  alerts: z.number().int(),
  worstState: z.number().int(),
});
/** A lift as the map draws it: [id, lng, lat, state] keeps the wire small. */
export const mapPoint = z.tuple([z.number().int(), z.number(), z.number(), z.number().int()]);

export const mapOutput = z.object({
  meta: statsMeta,
  mode: z.enum(['district', 'grid', 'points']),
  /** Grid cell size in degrees (grid mode). */
  cellDegrees: z.number().nullable(),
  districts: z.array(mapDistrict),
  cells: z.array(mapCell),
  points: z.array(mapPoint),
  /** Lifts in the view (all, also those without coordinates when per district). */
  total: z.number().int(),
  /** Lifts in the view without coordinates (not drawn). */
  unplaced: z.number().int(),
});
export type MapOutput = z.infer<typeof mapOutput>;

/** An item on a dashboard's to-do list with the count and the page that lists it. */
export const todoItem = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** The console route that lists the items (with its filter query). */
  route: z.string(),
});
export type TodoItem = z.infer<typeof todoItem>;

/** The regulator's home: the city (or district) at a glance, this month against last month. */
export const regulatorDashboard = z.object({
  meta: statsMeta,
  lifts: z.number().int(),
  maintenanceCompanies: z.number().int(),
  useUnits: z.number().int(),
  /** This month (Shanghai) so far, and last month. */
  trappedThisMonth: z.number().int(),
  trappedLastMonth: z.number().int(),
  onTimeRateThisMonth: z.number().nullable(),
  within30RateThisMonth: z.number().nullable(),
  avgArrivalThisMonth: z.number().nullable(),
  overdueMaintenance: z.number().int(),
  overdueInspection: z.number().int(),
  openRescues: z.number().int(),
  /** 困人 per district this month (key = area code). */
  byDistrict: z.array(countRow),
  /** 困人 the last 12 months (key = yyyy-MM). */
  trend: z.array(countRow),
  todo: z.array(todoItem),
});
export type RegulatorDashboard = z.infer<typeof regulatorDashboard>;

/** A maintenance company's home: its own lifts and work. */
export const companyDashboard = z.object({
  meta: statsMeta,
  lifts: z.number().int(),
  /** Visits planned this month, done, done on time. */
  plannedThisMonth: z.number().int(),
  completedThisMonth: z.number().int(),
  onTimeRateThisMonth: z.number().nullable(),
  overdueLifts: z.number().int(),
  trappedThisMonth: z.number().int(),
  within30RateThisMonth: z.number().nullable(),
  avgArrivalThisMonth: z.number().nullable(),
  /** Completed visits the last 12 months (key = yyyy-MM). */
  trend: z.array(countRow),
  /** Today's and overdue visits, rescues waiting for it, rejected records, open findings. */
  todo: z.array(todoItem),
});
export type CompanyDashboard = z.infer<typeof companyDashboard>;

/** A use unit's lift and its dates. */
export const useUnitLift = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  maintenanceCompanyName: z.string().nullable(),
  /** The next maintenance visit's due date and the next inspection date (yyyy-MM-dd). */
  maintenanceDue: z.string().nullable(),
  inspectionDue: z.string().nullable(),
  maintenanceOverdue: z.boolean(),
  inspectionOverdue: z.boolean(),
  /** The map state (LIFT_MAP_STATE). */
  state: z.number().int(),
  stateLabel: z.string(),
});
export type UseUnitLift = z.infer<typeof useUnitLift>;

/** A use unit's home: its lifts with their due dates, soonest first, and its to-do. */
export const useUnitDashboard = z.object({
  meta: statsMeta,
  lifts: z.number().int(),
  overdueMaintenance: z.number().int(),
  overdueInspection: z.number().int(),
  trappedThisMonth: z.number().int(),
  /** The lifts, soonest due date first (at most 200; `lifts` is the count). */
  rows: z.array(useUnitLift),
  todo: z.array(todoItem),
});
export type UseUnitDashboard = z.infer<typeof useUnitDashboard>;

const mapFilters = z.object({
  areaCode: statsFilterFields.areaCode,
  useOccasion: statsFilterFields.useOccasion,
  type: statsFilterFields.type,
  maintenanceCompanyId: statsFilterFields.maintenanceCompanyId,
  useCompanyId: statsFilterFields.useCompanyId,
});

export const statsDesignedCalls = {
  screenSummary: defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${S}/screenSummary`,
    permission: P.screen,
    summary: '数据大屏实时概况（今日工单、在途救援、超期维保、电梯状态）',
    input: mapFilters,
    output: screenSummary,
  }),
  mapPoints: defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${S}/mapPoints`,
    permission: P.screen,
    summary: '电梯地图（按区域、网格或单梯）',
    input: mapInput,
    output: mapOutput,
  }),
  regulatorDashboard: defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${S}/dashboard/regulator`,
    permission: P.dashboard,
    summary: '首页：监管概况',
    input: z.object({ areaCode: statsFilterFields.areaCode }),
    output: regulatorDashboard,
  }),
  companyDashboard: defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${S}/dashboard/company`,
    permission: P.dashboard,
    summary: '首页：维保单位概况与待办',
    input: z.object({}),
    output: companyDashboard,
  }),
  useUnitDashboard: defineCall({
    domain: 'stats',
    method: 'GET',
    path: `${S}/dashboard/useUnit`,
    permission: P.dashboard,
    summary: '首页：使用单位电梯与到期',
    input: z.object({}),
    output: useUnitDashboard,
  }),
};
