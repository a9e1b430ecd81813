/*
 * Elevator advertising (电梯广告, issue 19; doc 001 §7.9): the rules every part of the advertising
 * domain shares — a point's positions, media and states, the leads' and orders' states, the price
 * period and the permissions. Server, web and tests read them from here, never as bare numbers.
 */

export const AD_PERMISSIONS = {
  /** Points (广告点位): list, detail, counts, the map. */
  pointList: 'ad:point:list',
  /** Add, batch add, update, delete points. */
  pointEdit: 'ad:point:edit',
  pointExport: 'ad:point:export',
  /** Customers (广告客户). */
  customList: 'ad:custom:list',
  customEdit: 'ad:custom:edit',
  /** Leads of the partner channel (广电意向客户). */
  intentionList: 'ad:intention:list',
  intentionEdit: 'ad:intention:edit',
  intentionExport: 'ad:intention:export',
  /** Orders (广告订单): list, detail, availability search. */
  orderList: 'ad:order:list',
  /** Create, change, submit and cancel orders. */
  orderEdit: 'ad:order:edit',
  /** Confirm (审核) an order, start and finish it. */
  orderAudit: 'ad:order:audit',
} as const;

/** Where in the lift a point hangs. */
export const AD_POSITION = { carLeft: 1, carRight: 2, carBack: 3, landing: 4 } as const;
export const AD_POSITION_LABEL: Record<number, string> = {
  1: '轿厢左壁',
  2: '轿厢右壁',
  3: '轿厢后壁',
  4: '候梯厅',
};

/** What the point carries. */
export const AD_MEDIUM = { poster: 1, screen: 2 } as const;
export const AD_MEDIUM_LABEL: Record<number, string> = { 1: '海报框架', 2: '电子屏' };

/**
 * A point's state. 空闲, 维修 and 停用 are set by the operator; 已预订 when a confirmed order
 * holds it, 投放中 while an order's advertising hangs there (set by the orders and the tasks).
 * Only 维修 and 停用 points are left out of the availability search: a booked point is free for
 * other dates.
 */
export const AD_POINT_STATE = { free: 1, booked: 2, showing: 3, repair: 4, disabled: 5 } as const;
export const AD_POINT_STATE_LABEL: Record<number, string> = {
  1: '空闲',
  2: '已预订',
  3: '投放中',
  4: '维修',
  5: '停用',
};
/** The states a point can't be booked in. */
export const AD_POINT_UNBOOKABLE: readonly number[] = [AD_POINT_STATE.repair, AD_POINT_STATE.disabled];

/** A lead from the partner channel (广电, gxgd). */
export const AD_INTENTION_STATE = { pending: 1, accepted: 2, won: 3, dropped: 4 } as const;
export const AD_INTENTION_STATE_LABEL: Record<number, string> = {
  1: '待跟进',
  2: '已受理',
  3: '已成交',
  4: '放弃',
};

/** An order's states (草稿 → 待审核 → 已确认 → 投放中 → 已完成, or 已取消 before it ends). */
export const AD_ORDER_STATE = {
  draft: 1,
  submitted: 2,
  confirmed: 3,
  showing: 4,
  finished: 5,
  cancelled: 6,
} as const;
export const AD_ORDER_STATE_LABEL: Record<number, string> = {
  1: '草稿',
  2: '待审核',
  3: '已确认',
  4: '投放中',
  5: '已完成',
  6: '已取消',
};
/** Orders in these states hold their points' dates (the exclusion constraint's `active`). */
export const AD_ORDER_HOLDING: readonly number[] = [1, 2, 3, 4];

/** The price period: a point's price is per 7 days; a booking pays every started period. */
export const AD_PERIOD_DAYS = 7;
/** The longest booking (days) and the most points in one order. */
export const AD_MAX_BOOKING_DAYS = 366;
export const AD_MAX_ORDER_POINTS = 500;

/** Inclusive days between two yyyy-MM-dd dates. */
export function adBookingDays(startDate: string, endDate: string): number {
  const ms = Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The periods a booking of these dates pays (every started period). */
export function adBookingPeriods(startDate: string, endDate: string): number {
  return Math.ceil(adBookingDays(startDate, endDate) / AD_PERIOD_DAYS);
}
