import {
  statsAnalysisCalls as A,
  statsDesignedCalls as D,
  statsRateCalls as R,
  type StatsFilters,
  shanghaiToday,
} from '@ec/contract';
import { type DrillList, drillQuery, type Narrowing, withFigurePeriod } from './query.ts';

/*
 * Every drill-down of the statistics pages, in one place: a page or a map opens a list only through
 * a drill named here (AnalysisConfig.drills, ChartSpec.drills, the maps' drillFor), so this is the
 * set of charts that drill down. stats-drill.test.ts (server) has one agreement probe per name — a
 * name without a probe fails to compile and fails the test's completeness check — and checks, for
 * the same filters, that the clicked item's figure equals the total of the list the drill opens.
 */

const TRAPPED = { kind: 1 } as const;

/** A figure's drill-down: the call that draws it, the list a click opens, the number the list's total equals. */
export interface DrillDef {
  call: { path: string; method: string };
  list: DrillList;
  /** The item's number (a field of the answer's row) that the list's total equals. */
  figure: string;
  /** What the list's query adds (e.g. 困人 only). */
  extra?: Record<string, string | number>;
  /** The figure counts plan days up to today only (应维保): the order list then ends at today too. */
  upToToday?: boolean;
  /**
   * Where the figure is drawn: an analysis page (its filters with the figure's period), the 数据地图
   * (its filters, no period) or the data screen's map (no filters).
   */
  on: 'analysis' | 'map' | 'screen';
}

export const STATS_DRILLS = {
  // 电梯分析
  timeAnalysisMonths: {
    call: A.timeAnalysis,
    list: 'cases',
    extra: TRAPPED,
    figure: 'value',
    on: 'analysis',
  },
  maintenanceCompanyLifts: {
    call: A.maintenanceCompayFaultAnalysis,
    list: 'lifts',
    figure: 'lifts',
    on: 'analysis',
  },
  useCompanyLifts: { call: A.buildingCompayFaultAnalysis, list: 'lifts', figure: 'lifts', on: 'analysis' },
  useOccasionLifts: { call: A.useOccasionAnalysis, list: 'lifts', figure: 'lifts', on: 'analysis' },
  /** 到达用时 and 救援用时: the trapped cases of a district. */
  rescueTimeAreaCases: {
    call: A.rescueTimeAnalysis,
    list: 'cases',
    extra: TRAPPED,
    figure: 'cases',
    on: 'analysis',
  },
  areaTrappedCases: {
    call: A.areaAnalysis,
    list: 'cases',
    extra: TRAPPED,
    figure: 'trappedCases',
    on: 'analysis',
  },
  seatDisposalKinds: { call: A.seatDisposal, list: 'cases', figure: 'value', on: 'analysis' },
  // 数据统计
  basicInfoAreaLifts: { call: R.elevatorBasicInfoQuery, list: 'lifts', figure: 'inUse', on: 'analysis' },
  maintenanceInfoAreaOrders: {
    call: R.elevatorMaintenanceInfoQuery,
    list: 'orders',
    figure: 'planned',
    on: 'analysis',
  },
  maintenanceRateMonthDue: {
    call: R.elevatorMaintenanceRateQuery,
    list: 'orders',
    upToToday: true,
    figure: 'due',
    on: 'analysis',
  },
  inspectionAreaOverdue: {
    call: R.elevatorAreaCountData,
    list: 'lifts',
    extra: { inspectState: 'overdue' },
    figure: 'overdue',
    on: 'analysis',
  },
  // 决策分析
  maintenanceUnitDue: {
    call: R.maintenanceRateQuery,
    list: 'orders',
    upToToday: true,
    figure: 'due',
    on: 'analysis',
  },
  maintenanceUnitTrapped: {
    call: R.maintenanceRateQuery,
    list: 'cases',
    extra: TRAPPED,
    figure: 'trappedCases',
    on: 'analysis',
  },
  areaRateDue: { call: R.areaRateQuery, list: 'orders', upToToday: true, figure: 'due', on: 'analysis' },
  areaRateTrapped: {
    call: R.areaRateQuery,
    list: 'cases',
    extra: TRAPPED,
    figure: 'trappedCases',
    on: 'analysis',
  },
  // 数据地图 and the data screen's map: a district's marker lists its lifts.
  mapDistrictLifts: { call: D.mapPoints, list: 'lifts', figure: 'lifts', on: 'map' },
  screenDistrictLifts: { call: D.mapPoints, list: 'lifts', figure: 'lifts', on: 'screen' },
} as const satisfies Record<string, DrillDef>;

export type DrillName = keyof typeof STATS_DRILLS;

/**
 * The list a click on an item of the named figure opens, and its query: the page's filters (with
 * the figure's period on an analysis page: `meta` of its answer) narrowed by the item.
 */
export function drillFor(
  name: DrillName,
  filters: StatsFilters,
  narrow: Narrowing,
  meta?: { from: string; to: string },
  today: string = shanghaiToday(),
): { list: DrillList; query: Record<string, string | number> } {
  const d: DrillDef = STATS_DRILLS[name];
  if (d.on === 'screen') return { list: d.list, query: drillQuery(d.list, {}, narrow) };
  if (d.on === 'map') return { list: d.list, query: drillQuery(d.list, filters, narrow) };
  return {
    list: d.list,
    query: drillQuery(d.list, withFigurePeriod(filters, meta), narrow, d.extra, {
      upTo: d.upToToday ? today : undefined,
    }),
  };
}
