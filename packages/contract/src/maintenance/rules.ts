import { ESCALATOR_TYPE } from '../elevator/fields.ts';

/*
 * The rules of electronic maintenance (TSG T5002-2017, DOMAIN.md §2 and §6) that both the server and
 * the console need: intervals, states, check kinds and the configurable thresholds' keys and defaults.
 */

/** 维保类别: the four intervals of TSG T5002-2017; each includes the items of the shorter ones. */
export const MAINTENANCE_KINDS = { 1: '半月保养', 2: '季度保养', 3: '半年保养', 4: '年度保养' } as const;
export type MaintenanceKind = 1 | 2 | 3 | 4;

/**
 * The kind of the n-th visit of a plan (1-based) at the 15-day cadence: every 6th visit is a
 * quarterly one, every 12th a half-year one, every 24th the annual one.
 */
export function kindOfVisit(n: number): MaintenanceKind {
  if (n % 24 === 0) return 4;
  if (n % 12 === 0) return 3;
  if (n % 6 === 0) return 2;
  return 1;
}

/** 《特种设备安全监察条例》第31条: a lift is maintained at least every 15 days. */
export const MAINTENANCE_INTERVAL_DAYS = 15;
/** The remark of a record entered afterwards from the paper 维保记录 (no photos, no sign-in location). */
export const PAPER_RECORD_REMARK = '纸质记录补录';
/** What a paper record entered without its items shows instead of the checklist. */
export const PAPER_RECORD_NO_ITEMS = '纸质记录补录：保养项目记在纸质维保记录上，未逐项录入系统';

/** A bound lift whose last completed visit is more than this many days ago is 超期. */
export const OVERDUE_AFTER_DAYS = MAINTENANCE_INTERVAL_DAYS;

/** 工单状态 (the order's life: plan → site → use unit → regulator). */
export const ORDER_STATUS = {
  planned: 0,
  signedIn: 1,
  working: 2,
  awaitingConfirm: 3,
  completed: 4,
  approved: 5,
  rejected: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES: Record<number, string> = {
  0: '待维保',
  1: '已签到',
  2: '作业中',
  3: '待确认',
  4: '已完成',
  5: '审核通过',
  6: '已驳回',
};

/** An item's result, as the maintenance record states it. */
export const ITEM_RESULTS = ['正常', '已调整', '已更换', '异常', '无此项'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];
/** Results that need the worker's note (what was adjusted, replaced or found): the page asks, the server requires at submit. */
export const NOTE_RESULTS: readonly ItemResult[] = ['已调整', '已更换', '异常'];

/** The appendices of TSG T5002-2017: which lifts a template is for. */
export const APPENDICES = {
  A: '曳引与强制驱动电梯',
  B: '液压驱动电梯',
  C: '杂物电梯',
  D: '自动扶梯与自动人行道',
} as const;
export type Appendix = keyof typeof APPENDICES;

/**
 * The appendix of TSG T5002-2017 for a lift of the registry's variety (《特种设备目录》品种, LIFT_VARIETIES):
 * 31xx 曳引与强制驱动 A, 32xx 液压 B, 3430 杂物电梯 C, 33xx 自动扶梯与自动人行道 D, the other 34xx
 * (3410 防爆, 3420 消防员电梯: traction lifts) A. Null for a missing or unknown code.
 */
export function appendixOfVariety(variety: string | null | undefined): Appendix | null {
  if (!variety || !/^3[1-4]\d\d$/.test(variety)) return null;
  if (variety === '3430') return 'C';
  if (variety.startsWith('32')) return 'B';
  if (variety.startsWith('33')) return 'D';
  return 'A';
}

/**
 * The appendices whose checklists fit a lift: the one of its registered variety (appendixOfVariety);
 * without a variety, by the registry's type (ELEVATOR_TYPES): an escalator or moving walk (扶梯) D, a
 * lift (直梯) A, B or C (the type does not tell traction, hydraulic and goods lifts apart). The plan
 * refuses a template of another appendix; its dialog offers only these.
 */
export function appendicesOfLift(lift: { type: number; variety: string | null }): readonly Appendix[] {
  const byVariety = appendixOfVariety(lift.variety);
  if (byVariety) return [byVariety];
  return lift.type === ESCALATOR_TYPE ? ['D'] : ['A', 'B', 'C'];
}

/** 监管核查: what the server finds in a submitted order (DOMAIN.md §6.2). */
export const CHECK_KINDS = {
  short_duration: '维保时长过短',
  far_sign_in: '签到位置异常',
  far_sign_out: '签退位置异常',
  few_workers: '作业人员不足两人',
  cert_expired: '作业人员证书过期',
  no_contract: '无有效维保合同',
  photos_missing: '照片缺失',
  duplicate_photo: '照片重复使用',
} as const;
export type CheckKind = keyof typeof CHECK_KINDS;
/** The kinds the picture check page (图片核查) lists; the others are the order check's. */
export const PICTURE_CHECK_KINDS: readonly CheckKind[] = ['photos_missing', 'duplicate_photo'];
/**
 * What one confirmed violation (确认违规, in the last 365 days) takes from a maintenance company's
 * incentive score (维保激励: the use units' average rating, 1–5).
 */
export const VIOLATION_DEDUCTION = 0.2;
export const VIOLATION_WINDOW_DAYS = 365;
/** A finding's verdict: 0 待核查, 1 确认违规, 2 误报. */
export const CHECK_VERDICTS: Record<number, string> = { 0: '待核查', 1: '确认违规', 2: '误报' };

/**
 * The thresholds of the checks and of the plan job, as system parameters (参数设置 edits them); the
 * values here are the defaults when a parameter is missing or not a number.
 */
export const MAINTENANCE_PARAMS = {
  /** Minimum minutes on site, per kind. */
  minMinutes: { 1: 30, 2: 45, 3: 60, 4: 90 } as Record<MaintenanceKind, number>,
  minMinutesKey: (kind: MaintenanceKind) => `maintenanceMinMinutes${kind}`,
  signInMaxMetersKey: 'maintenanceSignInMaxMeters',
  signInMaxMeters: 300,
  requiredPhotosKey: 'maintenanceRequiredPhotos',
  /** The fixed shots of every visit (a northern city requires four per lift). */
  requiredPhotos: ['机房', '轿顶', '底坑', '轿厢'],
  generateAheadDaysKey: 'maintenanceGenerateAheadDays',
  generateAheadDays: 7,
};

/** Distance in metres between two WGS-84 points (haversine). */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a))));
}
