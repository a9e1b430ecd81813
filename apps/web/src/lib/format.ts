import { shanghaiToday } from '@ec/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** Display helpers (doc 000 §3, §9): one implementation, in the contract, shared with the server. */
export {
  formatDate,
  formatDateTime,
  formatTime,
  maskIdNumber,
  maskPhone,
  relativeTime,
  shanghaiMonth,
  shanghaiToday,
} from '@ec/contract';

/**
 * Today as the platform counts days (Asia/Shanghai), as a date picker's value: the browser's own
 * `dayjs()` is a day off for an account outside UTC+8 between 16:00 and 24:00 UTC, and a month off
 * on the last day of a month (next month's booking, last month's settlement).
 */
export const shanghaiDay = (now: Date = new Date()): Dayjs => dayjs(shanghaiToday(now));

/** An empty value shown as "—", anything else as it is. */
export const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toFixed(1)} ${units[i]}`;
}

/**
 * A list total shown honestly: an exact count as it is, an estimate (the server counts exactly up to
 * a cap, then reports the planner's estimate) as "约 N".
 */
export function formatTotal(total: number, approximate: boolean): string {
  const n = total.toLocaleString('zh-CN');
  return approximate ? `约 ${n} 条` : `共 ${n} 条`;
}

/** A visit's length on site: "45 分钟", or "—" before sign-out. */
export const durationText = (minutes: number | null) => (minutes === null ? '—' : `${minutes} 分钟`);
