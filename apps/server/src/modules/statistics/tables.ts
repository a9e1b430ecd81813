import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * The statistics rollups (docs/statistics.md). Kept by the job `stats.rollup` from the other
 * modules' data (read through their api.ts); the statistics calls read only these tables. Every row
 * carries the scope columns (area_code, maintenance_company_id, use_company_id; 0 = none) and the
 * filter columns (lift_type, use_occasion; 0 / '' = unknown) so a figure is one indexed query.
 */

/** One row per lift: its attributes and due dates, refreshed when any of them changes. */
export const statsLift = pgTable(
  'stats_lift',
  {
    elevatorId: integer('elevator_id').primaryKey(),
    registerCode: text('register_code').notNull(),
    name: text('name'),
    address: text('address').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull(),
    /** Year of manufacture, else of installation (0 = unknown): the age band is computed today. */
    builtYear: smallint('built_year').notNull(),
    useStatus: smallint('use_status').notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    maintenanceDue: date('maintenance_due', { mode: 'string' }),
    inspectionDue: date('inspection_due', { mode: 'string' }),
  },
  (t) => [
    index('stats_lift_area_idx').on(t.areaCode),
    index('stats_lift_mc_idx').on(t.maintenanceCompanyId),
    index('stats_lift_uc_idx').on(t.useCompanyId),
    index('stats_lift_geo_idx').on(t.longitude, t.latitude),
    // The screen's "due soonest" list (live.ts), read in this order until 200 rows.
    index('stats_lift_due_idx')
      .on(
        sql`least(coalesce(${t.maintenanceDue}, '9999-12-31'), coalesce(${t.inspectionDue}, '9999-12-31'))`,
        t.elevatorId,
      )
      .where(sql`${t.useStatus} = 1`),
  ],
);

/**
 * The lifts of stats_lift counted by their dimensions, so that a lift figure sums a few thousand rows
 * instead of reading a million. Five groupings share the table, told apart by `dim`:
 * '' district × maintenance company × lift type × use occasion × use status, and the same with one
 * more column: 'use' (use_company_id), 'brand', 'manufacturer' or 'age' (built_year); a column not in
 * the row's grouping holds 0 / ''. Each is also kept at coarser levels: per use status only, or with
 * the lift type, the use occasion, the district or the company (`dim` suffixed: rollups.ts
 * `levels`). The overdue and due counts are as of `stats_cursor.day` of the source 'lift': the job
 * rebuilds the table on a new day and adds the changes of its lifts in between (sources/registry.ts).
 * Read through `liftRelation` (aggregates.ts), which falls back to stats_lift for what the groupings
 * cannot answer (a use unit's lifts by brand, one lift).
 */
export const statsLiftGroup = pgTable(
  'stats_lift_group',
  {
    dim: text('dim').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    useStatus: smallint('use_status').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull(),
    builtYear: smallint('built_year').notNull(),
    lifts: integer('lifts').notNull(),
    /** Lifts with a maintenance company. */
    maintained: integer('maintained').notNull(),
    /** maintenance_due before the day. */
    overdueMaintenance: integer('overdue_maintenance').notNull(),
    /** inspection_due before the day. */
    overdueInspection: integer('overdue_inspection').notNull(),
    /** inspection_due within the day and 30 days on. */
    dueInspection: integer('due_inspection').notNull(),
    /** Lifts with coordinates, and the sums of theirs (the map's district centres). */
    placed: integer('placed').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stats_lift_group_pk',
      columns: [
        t.dim,
        t.areaCode,
        t.maintenanceCompanyId,
        t.liftType,
        t.useOccasion,
        t.useStatus,
        t.useCompanyId,
        t.brand,
        t.manufacturer,
        t.builtYear,
      ],
    }),
    index('stats_lift_group_mc_idx').on(t.dim, t.maintenanceCompanyId),
    index('stats_lift_group_uc_idx').on(t.dim, t.useCompanyId),
    // The groups left without lifts, which each run of the job deletes (registry.ts).
    index('stats_lift_group_zero_idx').on(t.dim).where(sql`lifts = 0`),
  ],
);

/** One row per rescue case (any kind): its lift's attributes and its times, in minutes. */
export const statsCase = pgTable(
  'stats_case',
  {
    caseId: integer('case_id').primaryKey(),
    caseNo: text('case_no').notNull(),
    /** The alarm's Shanghai day, hour (0–23) and ISO weekday (1–7). */
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    weekday: smallint('weekday').notNull(),
    alarmAt: timestamp('alarm_at', { withTimezone: true }).notNull(),
    elevatorId: integer('elevator_id').notNull(),
    areaCode: text('area_code').notNull(),
    address: text('address'),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull(),
    builtYear: smallint('built_year').notNull(),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull(),
    source: smallint('source').notNull(),
    agentId: integer('agent_id').notNull(),
    cause: smallint('cause').notNull(),
    causeDetail: text('cause_detail').notNull(),
    freed: integer('freed').notNull(),
    responseMinutes: doublePrecision('response_minutes'),
    dispatchMinutes: doublePrecision('dispatch_minutes'),
    arrivalMinutes: doublePrecision('arrival_minutes'),
    rescueMinutes: doublePrecision('rescue_minutes'),
    /** The arrival's band (rescueTimeAnalysis): 0 none recorded, 1 ≤ 10 min, 2 ≤ 20, 3 ≤ 30, 4 later. */
    arrivalBand: smallint('arrival_band')
      .notNull()
      .generatedAlwaysAs(
        sql`case when arrival_minutes is null then 0 when arrival_minutes <= 10 then 1
          when arrival_minutes <= 20 then 2 when arrival_minutes <= 30 then 3 else 4 end`,
      ),
  },
  (t) => [
    index('stats_case_day_idx').on(t.day, t.areaCode),
    index('stats_case_mc_idx').on(t.maintenanceCompanyId, t.day),
    index('stats_case_uc_idx').on(t.useCompanyId, t.day),
    index('stats_case_open_idx').on(t.status, t.kind),
    // The lifts with a trapped-passenger case open (the screen's and the map's states).
    index('stats_case_trapped_idx').on(t.elevatorId).where(sql`${t.kind} = 1 and ${t.status} < 6`),
  ],
);

/** One row per repair (故障报修). */
export const statsRepair = pgTable(
  'stats_repair',
  {
    repairId: integer('repair_id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    elevatorId: integer('elevator_id').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    brand: text('brand').notNull(),
    manufacturer: text('manufacturer').notNull(),
    builtYear: smallint('built_year').notNull(),
    hitchType: text('hitch_type').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [
    index('stats_repair_day_idx').on(t.day, t.areaCode),
    index('stats_repair_mc_idx').on(t.maintenanceCompanyId, t.day),
    index('stats_repair_uc_idx').on(t.useCompanyId, t.day),
    index('stats_repair_open_idx').on(t.elevatorId).where(sql`${t.status} < 3`),
  ],
);

/** The counts of maintenance orders a day's or a month's row holds (docs/statistics.md). */
const orderMeasures = () => ({
  planned: integer('planned').notNull(),
  completed: integer('completed').notNull(),
  onTime: integer('on_time').notNull(),
  late: integer('late').notNull(),
  awaitingConfirm: integer('awaiting_confirm').notNull(),
  done: integer('done').notNull(),
  approved: integer('approved').notNull(),
  rejected: integer('rejected').notNull(),
});

/** Maintenance orders per plan day × district × companies × lift type × use occasion. */
export const statsOrderDay = pgTable(
  'stats_order_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    ...orderMeasures(),
  },
  (t) => [
    primaryKey({
      columns: [t.day, t.areaCode, t.maintenanceCompanyId, t.useCompanyId, t.liftType, t.useOccasion],
    }),
    index('stats_order_day_mc_idx').on(t.maintenanceCompanyId, t.day),
    index('stats_order_day_uc_idx').on(t.useCompanyId, t.day),
  ],
);

/** A maintenance worker's orders per plan day × district × company. */
export const statsWorkerDay = pgTable(
  'stats_worker_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    workerId: integer('worker_id').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    orders: integer('orders').notNull(),
    completed: integer('completed').notNull(),
    onTime: integer('on_time').notNull(),
    durationSum: doublePrecision('duration_sum').notNull(),
    durationCount: integer('duration_count').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [
        t.day,
        t.workerId,
        t.areaCode,
        t.maintenanceCompanyId,
        t.useCompanyId,
        t.liftType,
        t.useOccasion,
      ],
    }),
  ],
);

/**
 * One row per inspection report (定期检验, first or re-inspection): its inspection day, its lift's
 * attributes, whether it is concluded (signed or pushed, with a conclusion) and passed (合格 / 复检合格).
 */
export const statsInspection = pgTable(
  'stats_inspection',
  {
    reportId: integer('report_id').primaryKey(),
    day: date('day', { mode: 'string' }),
    elevatorId: integer('elevator_id').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    liftType: smallint('lift_type').notNull(),
    useOccasion: text('use_occasion').notNull(),
    attempt: smallint('attempt').notNull(),
    concluded: boolean('concluded').notNull(),
    passed: boolean('passed').notNull(),
  },
  (t) => [
    index('stats_inspection_day_idx').on(t.day, t.areaCode),
    index('stats_inspection_mc_idx').on(t.maintenanceCompanyId, t.day),
    index('stats_inspection_uc_idx').on(t.useCompanyId, t.day),
  ],
);

/**
 * Plan days of maintenance orders written since the rollup job last read them: a statement trigger
 * on maintenance_order (migration 0035) adds the plan days its rows had and have, one row per day and
 * writing transaction (so concurrent writers never wait on each other); the job takes them
 * (`delete … returning`) and rebuilds only those days, today and the days it has not seen end.
 */
export const statsOrderDirty = pgTable(
  'stats_order_dirty',
  {
    day: date('day', { mode: 'string' }).notNull(),
    txid: bigint('txid', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.txid] })],
);

/** Each source's cursor and the time the rollups last caught up. */
export const statsCursor = pgTable('stats_cursor', {
  source: text('source').primaryKey(),
  /** The newest change time read (sources with a change time). */
  changedUpTo: timestamp('changed_up_to', { withTimezone: true }),
  /** When the source was last caught up (the figures' asOf). */
  caughtUpAt: timestamp('caught_up_at', { withTimezone: true }).notNull(),
  /** The Shanghai day of the last full refresh of day-dependent state. */
  day: date('day', { mode: 'string' }),
});

/*
 * Month rollups of the event tables (rollups.ts): `day` is the month's first day, `dim` the grouping
 * ('' the base columns; 'use', 'brand', … one more column; the others 0 / ''), measures summed. The
 * key leads with `dim`: a figure reads one grouping's months, never the others'.
 */
const monthKey = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  dim: text('dim').notNull(),
  areaCode: text('area_code').notNull(),
  maintenanceCompanyId: integer('maintenance_company_id').notNull(),
  liftType: smallint('lift_type').notNull(),
  useOccasion: text('use_occasion').notNull(),
  useCompanyId: integer('use_company_id').notNull(),
});

/** A daily rollup's key without the use unit (stats_order_daily). */
const dayKey = () => {
  const { useCompanyId: _, ...key } = monthKey();
  return key;
};

/** The lift's attributes a case's or a repair's figures group by. */
const liftAttributes = () => ({
  brand: text('brand').notNull(),
  manufacturer: text('manufacturer').notNull(),
  builtYear: smallint('built_year').notNull(),
});

type MonthKeyColumns = { [K in keyof ReturnType<typeof monthKey>]: AnyPgColumn };

/**
 * A month rollup's key (grouping, month, the base columns, `before` and the use unit, then `after`)
 * and its indexes for a company's and a use unit's own months.
 */
const monthConstraints = (name: string, t: MonthKeyColumns, before: AnyPgColumn[], after: AnyPgColumn[]) => [
  primaryKey({
    name: `${name}_pk`,
    columns: [
      t.dim,
      t.day,
      t.areaCode,
      t.maintenanceCompanyId,
      t.liftType,
      t.useOccasion,
      ...before,
      t.useCompanyId,
      ...after,
    ],
  }),
  index(`${name}_mc_idx`).on(t.dim, t.maintenanceCompanyId, t.day),
  index(`${name}_uc_idx`).on(t.dim, t.useCompanyId, t.day),
];

/** The counts and sums of minutes a case rollup's row holds (rollups.ts CASE_MONTHS measures). */
const caseMeasures = () => ({
  cases: integer('cases').notNull(),
  freed: integer('freed').notNull(),
  arrived: integer('arrived').notNull(),
  arrivedSum: doublePrecision('arrived_sum').notNull(),
  within30: integer('within30').notNull(),
  overtime: integer('overtime').notNull(),
  rescued: integer('rescued').notNull(),
  rescuedSum: doublePrecision('rescued_sum').notNull(),
  responded: integer('responded').notNull(),
  respondedSum: doublePrecision('responded_sum').notNull(),
  dispatched: integer('dispatched').notNull(),
  dispatchedSum: doublePrecision('dispatched_sum').notNull(),
});

/** The columns of a case rollup by month or over the window, and its key (monthConstraints). */
const caseRollup = (name: string) =>
  pgTable(
    name,
    {
      ...monthKey(),
      kind: smallint('kind').notNull(),
      ...liftAttributes(),
      hour: smallint('hour').notNull(),
      weekday: smallint('weekday').notNull(),
      cause: smallint('cause').notNull(),
      causeDetail: text('cause_detail').notNull(),
      arrivalBand: smallint('arrival_band').notNull(),
      agentId: integer('agent_id').notNull(),
      source: smallint('source').notNull(),
      ...caseMeasures(),
    },
    (t) =>
      monthConstraints(
        name,
        t,
        [t.kind],
        [
          t.brand,
          t.manufacturer,
          t.builtYear,
          t.hour,
          t.weekday,
          t.cause,
          t.causeDetail,
          t.arrivalBand,
          t.agentId,
          t.source,
        ],
      ),
  );

/** The columns of a repair rollup by month or over the window. */
const repairRollup = (name: string) =>
  pgTable(
    name,
    {
      ...monthKey(),
      ...liftAttributes(),
      hitchType: text('hitch_type').notNull(),
      repairs: integer('repairs').notNull(),
    },
    (t) => monthConstraints(name, t, [], [t.brand, t.manufacturer, t.builtYear, t.hitchType]),
  );

export const statsCaseMonth = caseRollup('stats_case_month');
export const statsRepairMonth = repairRollup('stats_repair_month');

/*
 * The window rollups (rollups.ts CASE_WINDOW, REPAIR_WINDOW): the month rollups' groupings summed
 * over the default period's months (the last 12, this one included), `day` the window's first month.
 */
export const statsCaseWindow = caseRollup('stats_case_window');
export const statsRepairWindow = repairRollup('stats_repair_window');

export const statsOrderMonth = pgTable(
  'stats_order_month',
  {
    ...monthKey(),
    ...orderMeasures(),
    /** Orders planned on days up to the job's day (completed and on_time then count those days only). */
    due: integer('due').notNull(),
  },
  (t) => monthConstraints('stats_order_month', t, [], []),
);

/**
 * Order days at the coarser levels (rollups.ts ORDER_DAYS, `day` the day itself): a period's partial
 * months read one row per day and level key instead of stats_order_day's one per day and use unit.
 */
export const statsOrderDaily = pgTable(
  'stats_order_daily',
  {
    ...dayKey(),
    ...orderMeasures(),
    due: integer('due').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stats_order_daily_pk',
      columns: [t.dim, t.day, t.areaCode, t.maintenanceCompanyId, t.liftType, t.useOccasion],
    }),
    index('stats_order_daily_mc_idx').on(t.dim, t.maintenanceCompanyId, t.day),
  ],
);

/** Cases per day (`day` the day itself): the base columns and the use unit (rollups.ts CASE_DAYS). */
export const statsCaseDaily = pgTable(
  'stats_case_daily',
  {
    ...monthKey(),
    kind: smallint('kind').notNull(),
    ...caseMeasures(),
  },
  (t) => monthConstraints('stats_case_daily', t, [t.kind], []),
);

/**
 * A window's rank indexes for further orders of its ranking: for each named sort key (an expression
 * over the table's columns) and direction, (the level's columns, the key in that direction with nulls
 * last, the tie key ascending), as the ranking orders (`order by key dir nulls last, tie`): a
 * backward scan of one direction's index would break ties the other way, so each direction has its own.
 */
function sortIndexes<K extends string>(
  table: string,
  level: [AnyPgColumn, ...AnyPgColumn[]],
  tie: AnyPgColumn | SQL,
  ways: Record<K, ('desc' | 'asc')[]>,
  keys: Record<K, SQL>,
) {
  return (Object.entries(ways) as [K, ('desc' | 'asc')[]][]).flatMap(([name, dirs]) =>
    dirs.map((dir) =>
      index(`${table}_${name}_${dir}_idx`).on(...level, sql`${keys[name]} ${sql.raw(dir)} nulls last`, tie),
    ),
  );
}

/**
 * Each lift's 困人 cases and repairs over the default period's window (rollups.ts LIFT_WINDOW): one
 * row per lift at the city level (`dim` '*'), per district and lift ('~') and per maintenance
 * company and lift ('^'); no base level (levelsOnly); a dropped column holds '' / 0. The lift
 * ranking (elevatorRateQuery) reads a page in its order from `stats_lift_window_rank_idx`.
 */
export const statsLiftWindow = pgTable(
  'stats_lift_window',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    elevatorId: integer('elevator_id').notNull(),
    trapped: integer('trapped').notNull().default(0),
    arrived: integer('arrived').notNull().default(0),
    within30: integer('within30').notNull().default(0),
    arrivalSum: doublePrecision('arrival_sum').notNull().default(0),
    rescued: integer('rescued').notNull().default(0),
    rescueSum: doublePrecision('rescue_sum').notNull().default(0),
    faults: integer('faults').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_lift_window_pk',
      columns: [t.dim, t.day, t.areaCode, t.maintenanceCompanyId, t.elevatorId],
    }),
    index('stats_lift_window_rank_idx').on(
      t.dim,
      t.day,
      t.areaCode,
      t.maintenanceCompanyId,
      t.trapped.desc(),
      t.elevatorId,
    ),
    // The ranking's other orders sort the level's lifts (300-700 ms of database time for the city at
    // 200,000 lifts, answered once per rollup state: remembered.ts): an index per order and way (15
    // over 600,000 rows) made the monthly move of the window 34 -> 165 s, past the 60-s staleness
    // bound (docs/statistics.md).
    // The rows whose counts came back to 0, which each run of the job deletes (rollups.ts pruneRollup).
    index('stats_lift_window_zero_idx').on(t.day).where(sql`trapped + faults = 0`),
  ],
);

/**
 * How many lifts the lift window holds per level, district and company (`lifts`): kept by statement
 * triggers on stats_lift_window (migration 0053: its inserted rows +1, its deleted rows −1), so that
 * the lift ranking's total is a sum of a few rows, not a count of up to one index entry per lift.
 */
export const statsLiftWindowCount = pgTable(
  'stats_lift_window_count',
  {
    dim: text('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    lifts: integer('lifts').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stats_lift_window_count_pk',
      columns: [t.dim, t.day, t.areaCode, t.maintenanceCompanyId],
    }),
  ],
);

/**
 * Each use unit's lifts in use (and those overdue for inspection and for maintenance, as of the job's
 * day) and its 困人 cases and repairs over the default period's window (rollups.ts USE_WINDOW): one
 * row per use unit at the city level (`dim` '*'), per district and use unit ('~') and per
 * maintenance company and use unit ('^'); no base level (levelsOnly); a dropped column holds '' / 0.
 * The use-unit rankings (elevatorUserData, buildingCompayFaultAnalysis) read a page in their order
 * from `stats_use_window_rank_idx` (困人 first) and `stats_use_window_top_idx` (困人, faults, lifts).
 * Ties go by the use unit's id as text in the C collation, as the computed ranking breaks them.
 */
export const statsUseWindow = pgTable(
  'stats_use_window',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useCompanyId: integer('use_company_id').notNull(),
    lifts: integer('lifts').notNull().default(0),
    overdueInspection: integer('overdue_inspection').notNull().default(0),
    overdueMaintenance: integer('overdue_maintenance').notNull().default(0),
    trapped: integer('trapped').notNull().default(0),
    faults: integer('faults').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_use_window_pk',
      columns: [t.dim, t.day, t.areaCode, t.maintenanceCompanyId, t.useCompanyId],
    }),
    index('stats_use_window_rank_idx').on(
      t.dim,
      t.day,
      t.areaCode,
      t.maintenanceCompanyId,
      t.trapped.desc(),
      sql`(${t.useCompanyId}::text) collate "C"`,
    ),
    index('stats_use_window_top_idx').on(
      t.dim,
      t.day,
      t.areaCode,
      t.maintenanceCompanyId,
      t.trapped.desc(),
      t.faults.desc(),
      t.lifts.desc(),
      sql`(${t.useCompanyId}::text) collate "C"`,
    ),
    // elevatorUserData's other orders (rates.ts USE_UNIT_SORTS, but 困人 per 100 lifts, whose
    // rounding depends on the period's months), each way: a page is an index range in its order, not
    // a sort of every use unit of the level (20,000 at the city: 15-40 ms).
    ...sortIndexes(
      'stats_use_window',
      [t.dim, t.day, t.areaCode, t.maintenanceCompanyId],
      sql`(${t.useCompanyId}::text) collate "C"`,
      {
        trapped: ['asc'],
        lifts: ['desc', 'asc'],
        faults: ['desc', 'asc'],
        overdue_inspection: ['desc', 'asc'],
        overdue_maintenance: ['desc', 'asc'],
      },
      {
        trapped: sql`${t.trapped}`,
        lifts: sql`${t.lifts}`,
        faults: sql`${t.faults}`,
        overdue_inspection: sql`${t.overdueInspection}`,
        overdue_maintenance: sql`${t.overdueMaintenance}`,
      },
    ),
    // The rows whose counts all came back to 0, which each run of the job deletes (registry.ts,
    // rollups.ts pruneRollup): an index of those few, not a pass over the window.
    index('stats_use_window_zero_idx').on(t.day).where(sql`lifts + trapped + faults = 0`),
  ],
);

/**
 * The use-unit window's use units and sums per level, district and company (migration 0058:
 * kept by statement triggers on stats_use_window's inserted, updated and deleted rows, in the job's
 * transaction), so that a use-unit ranking's count and sum row are one row, not a pass over up to
 * one row per use unit.
 */
export const statsUseWindowTotal = pgTable(
  'stats_use_window_total',
  {
    dim: text('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: integer('maintenance_company_id').notNull(),
    useUnits: integer('use_units').notNull(),
    lifts: integer('lifts').notNull(),
    overdueInspection: integer('overdue_inspection').notNull(),
    overdueMaintenance: integer('overdue_maintenance').notNull(),
    trapped: integer('trapped').notNull(),
    faults: integer('faults').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stats_use_window_total_pk',
      columns: [t.dim, t.day, t.areaCode, t.maintenanceCompanyId],
    }),
  ],
);
