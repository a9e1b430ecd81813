import type { StatsFilters } from '@ec/contract';

/**
 * The statistics pages' pure logic: the filter bar's values → the calls' filters, the filters ↔ the
 * page's URL (so a link or a reload keeps them), the drill-down's list URL and list query, and the
 * one matrix of numbers that both the table shows and the .xlsx export writes.
 */

/** What the filter bar holds (the same on every page). */
export interface FilterValues {
  /** The AreaCascader's path (city, district); the last code filters. */
  area?: string[];
  /** 'month' → `month`; 'range' → `dateFrom`..`dateTo`; none → the last 12 months (the server's default). */
  periodKind?: 'month' | 'range';
  month?: string;
  range?: [string, string];
  useOccasion?: string;
  type?: number;
  maintenanceCompanyId?: number;
}

/** The filter keys the calls share, in the order the URL writes them. */
export const FILTER_KEYS = [
  'areaCode',
  'month',
  'dateFrom',
  'dateTo',
  'useOccasion',
  'type',
  'maintenanceCompanyId',
  'useCompanyId',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The whole city's code: not a filter (the caller's scope already bounds it). */
export const CITY_CODE = '450100';

/** The filter bar's values as the calls' filters: only what is set, the period one way or the other. */
export function toStatsQuery(v: FilterValues): StatsFilters {
  const q: StatsFilters = {};
  const area = v.area?.at(-1);
  if (area && area !== CITY_CODE) q.areaCode = area;
  if (v.periodKind === 'month' && v.month) q.month = v.month;
  if (v.periodKind === 'range' && v.range?.[0] && v.range[1]) {
    q.dateFrom = v.range[0];
    q.dateTo = v.range[1];
  }
  if (v.useOccasion) q.useOccasion = v.useOccasion;
  if (v.type === 1 || v.type === 2) q.type = v.type;
  if (v.maintenanceCompanyId) q.maintenanceCompanyId = v.maintenanceCompanyId;
  return q;
}

/** The filters back as the filter bar's values (the area as its path from the city). */
export function toFilterValues(q: StatsFilters): FilterValues {
  const v: FilterValues = {};
  if (q.areaCode)
    v.area = q.areaCode.length > 4 && q.areaCode !== CITY_CODE ? [CITY_CODE, q.areaCode] : [q.areaCode];
  if (q.month) {
    v.periodKind = 'month';
    v.month = q.month;
  } else if (q.dateFrom && q.dateTo) {
    v.periodKind = 'range';
    v.range = [q.dateFrom, q.dateTo];
  }
  if (q.useOccasion) v.useOccasion = q.useOccasion;
  if (q.type === 1 || q.type === 2) v.type = Number(q.type);
  if (q.maintenanceCompanyId) v.maintenanceCompanyId = Number(q.maintenanceCompanyId);
  return v;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** The filters a URL's query carries (malformed values are dropped, never sent). */
export function filtersFromSearch(search: URLSearchParams | string): StatsFilters {
  const s = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q: StatsFilters = {};
  const area = s.get('areaCode');
  if (area && /^\d{2,12}$/.test(area)) q.areaCode = area;
  const month = s.get('month');
  if (month && MONTH.test(month)) q.month = month;
  else {
    const from = s.get('dateFrom');
    const to = s.get('dateTo');
    if (from && to && DAY.test(from) && DAY.test(to) && from <= to) {
      q.dateFrom = from;
      q.dateTo = to;
    }
  }
  const occasion = s.get('useOccasion');
  if (occasion && occasion.length <= 10) q.useOccasion = occasion;
  const type = s.get('type');
  if (type === '1' || type === '2') q.type = Number(type);
  for (const key of ['maintenanceCompanyId', 'useCompanyId'] as const) {
    const id = s.get(key);
    if (id && ID.test(id)) q[key] = Number(id);
  }
  return q;
}

/** The filters as a URL query (keys in a fixed order, empty values left out). */
export function filtersToSearch(q: Partial<Record<FilterKey | string, unknown>>): string {
  const s = new URLSearchParams();
  const keys = [
    ...FILTER_KEYS,
    ...Object.keys(q).filter((k) => !(FILTER_KEYS as readonly string[]).includes(k)),
  ];
  for (const k of keys) {
    const v = q[k];
    if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  }
  return s.toString();
}

/** The lists a figure drills into. */
export type DrillList = 'lifts' | 'cases' | 'orders';

/**
 * What a clicked bar / region / row narrows the page's filters by: a district (its area code), a
 * company, a use occasion, a lift type; or a period (a month, a day). Other keys (an hour, a cause)
 * do not narrow a list and are left out.
 */
export type Narrowing = Partial<Record<FilterKey | 'kind', string | number>>;

/** What a drill-down's figure counts beyond its filters. */
export interface DrillOptions {
  /**
   * The figure counts plan days up to today only (应维保, docs/statistics.md): the list's period then
   * ends at today as well (a month or a range reaching past today becomes dateFrom..today). Today is
   * Asia/Shanghai's (`shanghaiToday()` of the contract), as the server's.
   */
  upTo?: string;
}

const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The last day of a yyyy-MM month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The list call's query for a drill-down: the page's filters narrowed by the clicked item, as the
 * list calls spell them. Lifts: no period (the registry is now) and in use only (使用状态 在用, as
 * every lift figure counts them); cases and orders: the period, and the lift's type and use occasion
 * (the lists filter by the lift's, as the figures do); 困人 only when asked (`extra`).
 */
export function drillQuery(
  list: DrillList,
  filters: StatsFilters,
  narrow: Narrowing,
  extra: Record<string, string | number> = {},
  options: DrillOptions = {},
) {
  const all: Record<string, string | number | undefined> = { ...filters, ...narrow } as Record<
    string,
    string | number | undefined
  >;
  if (all.month) {
    delete all.dateFrom;
    delete all.dateTo;
  }
  if (narrow.dateFrom) delete all.month;
  if (list !== 'lifts' && options.upTo) {
    // A period reaching past today ends at today (a past month stays a month).
    const month = typeof all.month === 'string' && MONTH_KEY.test(all.month) ? all.month : undefined;
    const from = month ? `${month}-01` : (all.dateFrom as string | undefined);
    const to = month ? monthEnd(month) : (all.dateTo as string | undefined);
    if (from && (!to || to > options.upTo) && from <= options.upTo) {
      delete all.month;
      all.dateFrom = from;
      all.dateTo = options.upTo;
    }
  }
  const q: Record<string, string | number> = {};
  const keep = (k: string) => {
    const v = all[k];
    if (v !== undefined && v !== '') q[k] = v;
  };
  keep('areaCode');
  keep('maintenanceCompanyId');
  keep('useCompanyId');
  keep('useOccasion');
  keep('type');
  if (list === 'lifts') q.useStatus = 1;
  else {
    keep('month');
    keep('dateFrom');
    keep('dateTo');
  }
  // What the item names beyond the shared filters (a case kind) goes along as it is.
  for (const [k, v] of Object.entries(narrow))
    if (!(FILTER_KEYS as readonly string[]).includes(k) && v !== undefined) q[k] = v;
  return { ...q, ...extra };
}

/**
 * The page's filters with the period the figure covers (its answer's `meta.from`..`meta.to`) when
 * they name none: without it a drill-down list would cover all time while the figure covers the
 * last 12 months, and their totals would differ.
 */
export function withFigurePeriod(filters: StatsFilters, meta?: { from: string; to: string }): StatsFilters {
  if (!meta || filters.month || filters.dateFrom || filters.dateTo) return filters;
  return { ...filters, dateFrom: meta.from, dateTo: meta.to };
}

/** The list page's URL with the drill-down's filters in its query (the page reads them). */
export function drillUrl(path: string, query: Record<string, string | number>): string {
  const s = filtersToSearch(query);
  return s ? `${path}?${s}` : path;
}

/** How a table cell shows its number. */
export type CellFormat = 'int' | 'rate' | 'minutes' | 'per100' | 'text';

/** A column of a statistics table and of its export. */
export interface StatColumn<R> {
  key: string;
  title: string;
  value: (row: R) => string | number | null;
  format?: CellFormat;
}

/** A number as the table shows it (a rate 0.9312 → 93.1%, minutes to one decimal, '—' for none). */
export function formatCell(v: string | number | null, format: CellFormat = 'int'): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  switch (format) {
    case 'rate':
      return `${(v * 100).toFixed(1)}%`;
    case 'minutes':
      return `${v.toFixed(1)} 分钟`;
    case 'per100':
      return v.toFixed(2);
    case 'text':
      return String(v);
    default:
      return v.toLocaleString('zh-CN');
  }
}

/**
 * The table's numbers, row by row, as the cells show them: the export writes exactly these (a rate
 * as the percentage shown), so the spreadsheet and the screen agree. Numbers stay numbers where the
 * screen shows a plain count.
 */
export function tableMatrix<R>(columns: StatColumn<R>[], rows: R[], sum?: R | null): (string | number)[][] {
  const line = (r: R) =>
    columns.map((c) => {
      const v = c.value(r);
      return typeof v === 'number' && (c.format ?? 'int') === 'int' ? v : formatCell(v, c.format);
    });
  const out = [columns.map((c) => c.title), ...rows.map(line)];
  if (sum) {
    const total = line(sum);
    total[0] = '合计';
    out.push(total);
  }
  return out;
}

/** The period an answer covers, as a caption: 2025-12-01 至 2026-11-26. */
export const periodText = (meta: { from: string; to: string } | undefined) =>
  meta ? `${meta.from} 至 ${meta.to}` : '';
