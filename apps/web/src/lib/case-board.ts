import {
  CASE_KIND,
  CASE_STATE,
  caseUrgency,
  type RescueBoard,
  type RescueCaseDetail,
  type RescueCaseRow,
} from '@ec/contract';

/*
 * The live board's rules without React (the agents' board and the rescuer's phone page share them): the server's clock, the timers a case shows, the board kept
 * current from live events, the dispatch buttons' reasons and the agent's keyboard shortcuts.
 */

/** The server's clock as this browser sees it: `now` answered by the server minus the local time. */
export const clockOffset = (serverNow: string, localNow = Date.now()) =>
  new Date(serverNow).getTime() - localNow;

/** A length of time as 分:秒 (or 时:分:秒 from an hour), negative shown without its sign. */
export function formatClock(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

export type Tone = 'normal' | 'warn' | 'late';

export interface Limits {
  acceptMinutes: number;
  arriveMinutes: number;
  warnMinutes: number;
}

export interface CaseTimers {
  /** Since the alarm (until freed or closed). */
  sinceAlarm: string;
  /** The acceptance countdown while the case waits on a company (待接单), else null. */
  accept: { text: string; overdue: boolean } | null;
  /** Alarm → arrival: running until someone is on site, then fixed. Null for a case nobody goes to. */
  arrival: { text: string; tone: Tone; running: boolean } | null;
}

const ms = (iso: string) => new Date(iso).getTime();

/** The tone of an arrival time: orange from the warning, red past the limit. */
export function arrivalTone(minutes: number, limits: Pick<Limits, 'arriveMinutes' | 'warnMinutes'>): Tone {
  if (minutes > limits.arriveMinutes) return 'late';
  if (minutes >= limits.warnMinutes) return 'warn';
  return 'normal';
}

/** What a case's timers read at `now` (the server's time). */
export function caseTimers(
  c: Pick<
    RescueCaseRow,
    'kind' | 'status' | 'alarmAt' | 'acceptDeadline' | 'arrivedAt' | 'freedAt' | 'closedAt'
  >,
  now: number,
  limits: Limits,
): CaseTimers {
  const alarm = ms(c.alarmAt);
  const end = c.freedAt ? ms(c.freedAt) : c.closedAt ? ms(c.closedAt) : now;
  const sinceAlarm = formatClock(Math.max(0, end - alarm));
  let accept: CaseTimers['accept'] = null;
  if (c.status === CASE_STATE.dispatched && c.acceptDeadline) {
    const left = ms(c.acceptDeadline) - now;
    accept =
      left >= 0 ? { text: formatClock(left), overdue: false } : { text: formatClock(left), overdue: true };
  }
  let arrival: CaseTimers['arrival'] = null;
  if (c.kind === CASE_KIND.trapped) {
    const to = c.arrivedAt ? ms(c.arrivedAt) : c.status === CASE_STATE.closed ? null : now;
    if (to !== null) {
      const spent = Math.max(0, to - alarm);
      arrival = {
        text: formatClock(spent),
        tone: arrivalTone(spent / 60_000, limits),
        running: !c.arrivedAt,
      };
    }
  }
  return { sinceAlarm, accept, arrival };
}

/** Open cases, most urgent first (the contract's caseUrgency; equal ones by case number). */
export function byUrgency<T extends Pick<RescueCaseRow, 'kind' | 'status' | 'alarmAt' | 'caseNo'>>(
  rows: readonly T[],
  now: number,
): T[] {
  const at = new Date(now);
  return [...rows].sort(
    (a, b) => caseUrgency(b, at) - caseUrgency(a, at) || a.caseNo.localeCompare(b.caseNo),
  );
}

/**
 * A live event applied to the board: the case's row as it is now replaces the one shown (an older
 * version than the one shown is ignored), a new open case joins, a closed one leaves.
 */
export function applyCaseEvent(board: RescueBoard, row: RescueCaseRow): RescueBoard {
  const i = board.cases.findIndex((c) => c.id === row.id);
  if (i >= 0 && board.cases[i]!.version > row.version) return board;
  const rest = board.cases.filter((c) => c.id !== row.id);
  if (row.status === CASE_STATE.closed) return i >= 0 ? { ...board, cases: rest } : board;
  const cases = [...board.cases];
  if (i >= 0) cases[i] = row;
  else cases.push(row);
  return { ...board, cases };
}

/** A 6-digit rescue code (救援识别码, leading zeros kept). */
export const isRescueCode = (text: string) => /^\d{6}$/.test(text.trim());

/**
 * Why a case cannot be dispatched at `level` now (null: it can). The server decides anyway; this
 * only disables the button with its reason.
 */
export function dispatchBlock(
  c: Pick<RescueCaseDetail, 'kind' | 'status' | 'elevatorId' | 'maintenanceCompanyId' | 'rescueUnitId'>,
  level: 1 | 2,
): string | null {
  if (c.kind !== CASE_KIND.trapped) return '只有困人工单需要派遣';
  if (c.status === CASE_STATE.dispatched) return '已派遣，等待接单（超时未接单自动升级）';
  if (c.status !== CASE_STATE.new) return '工单已在救援中或已结束';
  if (c.elevatorId === null) return '请先定位并确认电梯';
  if (level === 1 && c.maintenanceCompanyId === null) return '该电梯没有维保单位，请派遣二级响应';
  if (level === 2 && c.rescueUnitId === null) return '该电梯不在任何救援网格内，没有救援单位';
  return null;
}

export type Shortcut = 'newCase' | 'locate' | 'dispatch1' | 'dispatch2' | 'next' | 'previous';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Whether the key was typed into a text field (plain letters then are text, not shortcuts). */
  typing: boolean;
}

/** The agent's keyboard shortcuts (shown on the board): null for any other key. */
export function shortcutOf(e: KeyLike): Shortcut | null {
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.key === 'F2') return 'newCase';
  if (e.key === 'F3') return 'locate';
  if (ctrl && e.key === 'Enter') return e.shiftKey ? 'dispatch2' : 'dispatch1';
  if (e.altKey && e.key === 'ArrowDown') return 'next';
  if (e.altKey && e.key === 'ArrowUp') return 'previous';
  if (e.typing || ctrl || e.altKey) return null;
  if (e.key === 'n' || e.key === 'N') return 'newCase';
  if (e.key === 'l' || e.key === 'L' || e.key === '/') return 'locate';
  return null;
}

/** Whether a key event's target is a field the user types into. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable === true;
}

/** The shortcuts as the board lists them. */
export const SHORTCUTS: { keys: string; what: string }[] = [
  { keys: 'N / F2', what: '新建工单' },
  { keys: 'Enter', what: '下一项 / 确认' },
  { keys: 'L / F3', what: '定位电梯' },
  { keys: 'Ctrl+Enter', what: '一级派遣' },
  { keys: 'Ctrl+Shift+Enter', what: '二级派遣' },
  { keys: 'Alt+↑/↓', what: '切换工单' },
];
