/**
 * The rules of a periodic inspection's conclusion (定期检验, DOMAIN.md §3, TSG T7001-2023): from the
 * item results, the conclusion (合格 / 不合格, on a re-inspection 复检合格 / 复检不合格), the
 * non-conformities, the rectification deadline and, on a pass, the next-inspection date.
 *
 * Pure: no table, no clock. Dates are calendar dates (`yyyy-MM-dd`) in Asia/Shanghai; an instant given
 * instead is read as Shanghai's date.
 */
import { addMonths as addCalendarMonths, addDays, formatDate } from '@ec/contract';

/** What an item's inspection found. */
export const ITEM_RESULTS = ['符合', '不符合', '无此项'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];

/** A report's conclusion. */
export const CONCLUSIONS = ['合格', '不合格', '复检合格', '复检不合格'] as const;
export type Conclusion = (typeof CONCLUSIONS)[number];

/** Conclusions that let the lift be used and move its next-inspection date. */
export const isPass = (c: Conclusion): boolean => c === '合格' || c === '复检合格';

export interface ItemOutcome {
  code: string;
  name: string;
  /** A key item (★, 关键项目): one that does not conform fails the inspection. */
  keyItem: boolean;
  /** Null while the inspector has not recorded it. */
  result: ItemResult | null;
  remark?: string | null;
}

export interface ConclusionOptions {
  /** A re-inspection (复检): the conclusion is 复检合格 or 复检不合格. */
  reinspection?: boolean;
  /**
   * How many general (non-key) items may not conform with the inspection still passing, the use
   * unit rectifying them by the deadline. DOMAIN.md §3.2 cites a guide's 3 [uncertain]; 0 fails on any.
   */
  generalFailuresAllowed?: number;
  /** Working days given to rectify the non-conformities (default 10). */
  rectificationWorkingDays?: number;
  /** Public holidays (`yyyy-MM-dd`) that are not working days. */
  holidays?: Iterable<string>;
  /** Weekend days that are working days (调休上班, `yyyy-MM-dd`). */
  extraWorkdays?: Iterable<string>;
  /** Months from the cycle's start to the next inspection on a pass (default 12). */
  cycleMonths?: number;
  /**
   * The date the next-inspection cycle counts from (default: the inspection date). A re-inspection
   * may pass the first inspection's date so that a late pass does not stretch the cycle.
   */
  cycleStart?: string | Date;
}

export const DEFAULTS = {
  generalFailuresAllowed: 3,
  rectificationWorkingDays: 10,
  cycleMonths: 12,
} as const;

export type ConclusionResult =
  | {
      ok: true;
      conclusion: Conclusion;
      passed: boolean;
      /** The items that do not conform, key items first, each in the catalogue's order. */
      nonConformities: ItemOutcome[];
      /** When there are non-conformities: the last day to rectify them. */
      rectificationDeadline: string | null;
      /** On a pass: the next periodic inspection's date. */
      nextInspectionDate: string | null;
    }
  | {
      ok: false;
      /** Why no conclusion can be drawn, in Chinese, for a 400. */
      message: string;
      /** The items without a result. */
      pending: ItemOutcome[];
    };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (`yyyy-MM-dd`): a date string as it is (checked), an instant as Shanghai's date. */
export function shanghaiDate(value: string | Date): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('无效的日期');
    return formatDate(value);
  }
  if (DATE_RE.test(value) && addDays(value, 0) === value) return value;
  const instant = new Date(value);
  if (/T/.test(value) && !Number.isNaN(instant.getTime())) return formatDate(instant);
  throw new RangeError(`无效的日期：${value}`);
}

/** Monday to Friday, unless a holiday; a weekend day when it is a make-up working day. */
function isWorkingDay(day: string, holidays: ReadonlySet<string>, extra: ReadonlySet<string>): boolean {
  if (extra.has(day)) return true;
  if (holidays.has(day)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The `n`th working day after `from` (`from` itself is not counted; n = 0 is `from`). */
export function addWorkingDays(
  from: string | Date,
  n: number,
  opts: { holidays?: Iterable<string>; extraWorkdays?: Iterable<string> } = {},
): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('工作日数须为非负整数');
  const holidays = new Set(opts.holidays ?? []);
  const extra = new Set(opts.extraWorkdays ?? []);
  let day = shanghaiDate(from);
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day, holidays, extra)) left--;
  }
  return day;
}

/** A date moved by whole months (contract `addMonths`), from a day or an instant in Asia/Shanghai. */
export function addMonths(day: string | Date, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError('月数须为整数');
  return addCalendarMonths(shanghaiDate(day), months);
}

/** The items that do not conform: key items first, then general ones, each in the given order. */
export function nonConformitiesOf<T extends ItemOutcome>(items: readonly T[]): T[] {
  const failed = items.filter((i) => i.result === '不符合');
  return [...failed.filter((i) => i.keyItem), ...failed.filter((i) => !i.keyItem)];
}

/**
 * The conclusion of an inspection from its item results. Refused (ok: false) while an item has no
 * result or when nothing was inspected (every item 无此项).
 */
export function deriveConclusion(
  items: readonly ItemOutcome[],
  inspectionDate: string | Date,
  options: ConclusionOptions = {},
): ConclusionResult {
  const pending = items.filter((i) => i.result === null);
  if (pending.length > 0) {
    const names = pending
      .slice(0, 5)
      .map((i) => `${i.code} ${i.name}`)
      .join('、');
    return {
      ok: false,
      message: `尚有 ${pending.length} 个检验项目未录入结果：${names}${pending.length > 5 ? ' 等' : ''}`,
      pending,
    };
  }
  if (!items.some((i) => i.result === '符合' || i.result === '不符合')) {
    return { ok: false, message: '没有实际检验的项目，无法得出检验结论', pending: [] };
  }
  const allowed = options.generalFailuresAllowed ?? DEFAULTS.generalFailuresAllowed;
  const days = options.rectificationWorkingDays ?? DEFAULTS.rectificationWorkingDays;
  const months = options.cycleMonths ?? DEFAULTS.cycleMonths;
  if (!Number.isInteger(allowed) || allowed < 0) throw new RangeError('允许不符合的一般项目数须为非负整数');

  const date = shanghaiDate(inspectionDate);
  const nonConformities = nonConformitiesOf(items);
  const keyFailed = nonConformities.some((i) => i.keyItem);
  const generalFailed = nonConformities.length - nonConformities.filter((i) => i.keyItem).length;
  const passed = !keyFailed && generalFailed <= allowed;
  const conclusion: Conclusion = options.reinspection
    ? passed
      ? '复检合格'
      : '复检不合格'
    : passed
      ? '合格'
      : '不合格';
  return {
    ok: true,
    conclusion,
    passed,
    nonConformities,
    rectificationDeadline:
      nonConformities.length > 0
        ? addWorkingDays(date, days, { holidays: options.holidays, extraWorkdays: options.extraWorkdays })
        : null,
    nextInspectionDate: passed ? addMonths(options.cycleStart ?? date, months) : null,
  };
}
