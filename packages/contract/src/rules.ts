/**
 * Rules that the server and the web both apply, declared once (issue 12 item 5): the filing states,
 * who is a reviewer, the expiry windows and Asia/Shanghai time. This file imports nothing from the
 * rest of the contract, so that every contract file, the server's platform and the web may use it.
 */

// ---------------------------------------------------------------- filing states

/**
 * Filing state (备案状态) of a subject and of its audit case, the spec's 1 未备案, 2 待审核,
 * 3 备案成功, 4 备案驳回. The audit workflow (server platform/workflow.ts) moves between them.
 */
export const FILING_STATE = { notFiled: 1, pending: 2, passed: 3, rejected: 4 } as const;
export type FilingState = (typeof FILING_STATE)[keyof typeof FILING_STATE];

export const FILING_STATE_LABEL: Record<number, string> = {
  [FILING_STATE.notFiled]: '未备案',
  [FILING_STATE.pending]: '备案待审核',
  [FILING_STATE.passed]: '备案成功',
  [FILING_STATE.rejected]: '备案驳回',
};

// ---------------------------------------------------------------- reviewers

/**
 * A reviewer (the regulator, 审核人) decides filings within its data scope: every area ('all') or
 * its own areas ('area'). Company and self scopes file; they never review.
 */
export const isReviewer = (dataScope: string | null | undefined): boolean =>
  dataScope === 'all' || dataScope === 'area';

// ---------------------------------------------------------------- expiry windows

/** A certificate (作业人员证书) is 即将到期 when it expires within this many days of today. */
export const CERT_EXPIRING_DAYS = 30;
/** A maintenance contract is 即将到期 when it ends within this many days of today. */
export const CONTRACT_EXPIRING_DAYS = 30;
/** A lift in use is 即将到期 (inspection) when its next inspection falls within this many days. */
export const INSPECT_DUE_DAYS = 30;

// ---------------------------------------------------------------- Asia/Shanghai time

/**
 * Asia/Shanghai has had no daylight saving since 1991: UTC+8 all year. Every date and date-time the
 * platform shows or accepts is Shanghai's, whatever the time zone of the server or the browser.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;

const pad = (n: number) => String(n).padStart(2, '0');

function shanghaiParts(d: Date) {
  const s = new Date(d.getTime() + SHANGHAI_OFFSET_MS);
  return {
    y: s.getUTCFullYear(),
    m: pad(s.getUTCMonth() + 1),
    d: pad(s.getUTCDate()),
    h: pad(s.getUTCHours()),
    i: pad(s.getUTCMinutes()),
    s: pad(s.getUTCSeconds()),
  };
}

/** `yyyy-MM-dd` in Asia/Shanghai. */
export function formatDate(v: Date | string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const p = shanghaiParts(new Date(v));
  return `${p.y}-${p.m}-${p.d}`;
}

/** `{y}-{m}-{d} {h}:{i}:{s}` in Asia/Shanghai. */
export function formatDateTime(v: Date | string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const p = shanghaiParts(new Date(v));
  return `${p.y}-${p.m}-${p.d} ${p.h}:${p.i}:${p.s}`;
}

/** `HH:mm` in Asia/Shanghai (00–23). */
export function formatTime(v: Date | string | number): string {
  const p = shanghaiParts(new Date(v));
  return `${p.h}:${p.i}`;
}

/** Today's date (`yyyy-MM-dd`) in Asia/Shanghai. */
export const shanghaiToday = (now: Date = new Date()): string => formatDate(now);

/** This month (`yyyy-MM`) in Asia/Shanghai. */
export const shanghaiMonth = (now: Date = new Date()): string => formatDate(now).slice(0, 7);

/** A calendar date (`yyyy-MM-dd`) moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A calendar date (`yyyy-MM-dd`) moved by whole months; a day past the target month's end becomes
 * its last day (2024-02-29 + 12 → 2025-02-28, 01-31 + 1 → 02-28).
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A month (`yyyy-MM`) moved by `months` (negative goes back): 2026-12 + 1 → 2027-01. */
export const shiftMonth = (month: string, months: number): string =>
  addMonths(`${month.slice(0, 7)}-01`, months).slice(0, 7);

const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2}))?$/;

/**
 * `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) in Asia/Shanghai as an instant; a bare date as an
 * upper bound means the end of that day. Null when the text is not a real date and time.
 */
export function parseShanghaiTime(value: string, endOfDay = false): Date | null {
  const m = DATE_TIME_RE.exec(value.trim());
  if (!m) return null;
  const time = m[2] ?? (endOfDay ? '23:59:59.999' : '00:00:00');
  const date = new Date(Date.parse(`${m[1]}T${time}Z`) - SHANGHAI_OFFSET_MS);
  if (Number.isNaN(date.getTime())) return null;
  // Rejects dates such as 2026-02-30, which Date would roll over into March.
  return formatDateTime(date).startsWith(`${m[1]}${m[2] ? ` ${m[2]}` : ''}`) ? date : null;
}
