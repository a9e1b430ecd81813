import { CASE_STATE, type RescueBoard, type RescueCaseRow } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import {
  applyCaseEvent,
  arrivalTone,
  byUrgency,
  caseTimers,
  clockOffset,
  dispatchBlock,
  formatClock,
  isRescueCode,
  isTyping,
  shortcutOf,
} from '../../lib/case-board.ts';
import { DEFAULT_LIMITS, timingOf } from '../../lib/server-clock.ts';
import { boardEvent } from './board-state.ts';
import { focusNextField } from './keyboard.ts';

const T0 = Date.parse('2026-03-02T02:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const LIMITS = { acceptMinutes: 3, arriveMinutes: 30, warnMinutes: 20 };

function row(over: Partial<RescueCaseRow> = {}): RescueCaseRow {
  return {
    id: 1,
    caseNo: 'JY0001',
    source: 1,
    sourceLabel: '电话',
    kind: 1,
    kindLabel: '困人',
    status: 1,
    statusLabel: '待派遣',
    level: 0,
    levelLabel: '未派遣',
    elevatorId: null,
    registerCode: null,
    rescueCode: null,
    address: null,
    areaCode: null,
    areaName: null,
    callerPhone: null,
    trapped: 1,
    freed: null,
    maintenanceCompanyName: null,
    useCompanyName: null,
    rescueUnitName: null,
    assigneeId: null,
    assigneeName: null,
    agentName: null,
    alarmAt: iso(T0),
    dispatchedAt: null,
    acceptDeadline: null,
    acceptedAt: null,
    arrivedAt: null,
    freedAt: null,
    closedAt: null,
    responseMinutes: null,
    arrivalMinutes: null,
    rescueMinutes: null,
    overtime: null,
    cause: null,
    causeLabel: null,
    version: 1,
    ...over,
  };
}

const key = (
  k: string,
  mods: Partial<{ ctrl: boolean; shift: boolean; alt: boolean; typing: boolean }> = {},
) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: false,
  altKey: !!mods.alt,
  shiftKey: !!mods.shift,
  typing: !!mods.typing,
});

describe('clock and timers', () => {
  it('takes the server clock offset', () => {
    expect(clockOffset(iso(T0 + 5000), T0)).toBe(5000);
    expect(clockOffset(iso(T0 - 1200), T0)).toBe(-1200);
  });

  it('formats minutes and seconds, and hours past one', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_000)).toBe('01:05');
    expect(formatClock(-65_400)).toBe('01:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });

  it('counts since the alarm and stops at the freeing', () => {
    expect(caseTimers(row(), T0 + 90_000, LIMITS).sinceAlarm).toBe('01:30');
    const freed = row({ status: CASE_STATE.freed, arrivedAt: iso(T0 + 600_000), freedAt: iso(T0 + 900_000) });
    expect(caseTimers(freed, T0 + 3_600_000, LIMITS).sinceAlarm).toBe('15:00');
  });

  it('counts the acceptance down while the case waits on a company, then past it', () => {
    const waiting = row({ status: CASE_STATE.dispatched, acceptDeadline: iso(T0 + 180_000) });
    expect(caseTimers(waiting, T0 + 60_000, LIMITS).accept).toEqual({ text: '02:00', overdue: false });
    expect(caseTimers(waiting, T0 + 200_000, LIMITS).accept).toEqual({ text: '00:20', overdue: true });
    expect(
      caseTimers(row({ status: CASE_STATE.accepted, acceptDeadline: iso(T0) }), T0, LIMITS).accept,
    ).toBeNull();
  });

  it('turns the arrival timer orange at the warning and red past the limit', () => {
    expect(arrivalTone(19.9, LIMITS)).toBe('normal');
    expect(arrivalTone(20, LIMITS)).toBe('warn');
    expect(arrivalTone(30, LIMITS)).toBe('warn');
    expect(arrivalTone(30.1, LIMITS)).toBe('late');
    const c = row({ status: CASE_STATE.accepted });
    expect(caseTimers(c, T0 + 10 * 60_000, LIMITS).arrival).toEqual({
      text: '10:00',
      tone: 'normal',
      running: true,
    });
    expect(caseTimers(c, T0 + 25 * 60_000, LIMITS).arrival?.tone).toBe('warn');
    expect(caseTimers(c, T0 + 31 * 60_000, LIMITS).arrival?.tone).toBe('late');
  });

  it('fixes the arrival time once someone is on site; no arrival timer for a case nobody goes to', () => {
    const arrived = row({ status: CASE_STATE.arrived, arrivedAt: iso(T0 + 12 * 60_000) });
    expect(caseTimers(arrived, T0 + 60 * 60_000, LIMITS).arrival).toEqual({
      text: '12:00',
      tone: 'normal',
      running: false,
    });
    expect(caseTimers(row({ kind: 3, kindLabel: '咨询' }), T0 + 60_000, LIMITS).arrival).toBeNull();
  });
});

describe('the board', () => {
  const board = (cases: RescueCaseRow[]): RescueBoard => ({
    cases,
    acceptMinutes: 3,
    arriveMinutes: 30,
    warnMinutes: 20,
    agentsOnline: 2,
    now: iso(T0),
  });

  it('orders trapped first, stalled before under way, then by waiting time', () => {
    const now = T0 + 30 * 60_000;
    const enquiry = row({ id: 1, caseNo: 'A', kind: 3, alarmAt: iso(T0 - 60 * 60_000) });
    const underWay = row({ id: 2, caseNo: 'B', status: CASE_STATE.accepted, alarmAt: iso(T0 - 10 * 60_000) });
    const waitingLong = row({ id: 3, caseNo: 'C', status: CASE_STATE.dispatched, alarmAt: iso(T0) });
    const waitingShort = row({ id: 4, caseNo: 'D', status: CASE_STATE.new, alarmAt: iso(T0 + 20 * 60_000) });
    expect(byUrgency([enquiry, underWay, waitingShort, waitingLong], now).map((c) => c.id)).toEqual([
      3, 4, 2, 1,
    ]);
  });

  it('replaces a row in place, adds a new one, drops a closed one, ignores an older version', () => {
    const a = row({ id: 1, version: 2 });
    const b = row({ id: 2, caseNo: 'JY0002' });
    const start = board([a, b]);
    const moved = applyCaseEvent(start, { ...a, status: CASE_STATE.dispatched, version: 3 });
    expect(moved.cases.map((c) => [c.id, c.status])).toEqual([
      [1, CASE_STATE.dispatched],
      [2, CASE_STATE.new],
    ]);
    expect(applyCaseEvent(moved, { ...a, version: 2 })).toBe(moved);
    const added = applyCaseEvent(moved, row({ id: 3, caseNo: 'JY0003' }));
    expect(added.cases.map((c) => c.id)).toEqual([1, 2, 3]);
    const closed = applyCaseEvent(added, { ...b, status: CASE_STATE.closed, version: 5 });
    expect(closed.cases.map((c) => c.id)).toEqual([1, 3]);
    expect(applyCaseEvent(closed, row({ id: 9, status: CASE_STATE.closed }))).toBe(closed);
  });
});

describe('the timers of a page that asked the server (the board, the rescuer’s myCases)', () => {
  it('counts against the limits and the clock the server answered with, the defaults before', () => {
    expect(timingOf(undefined)).toEqual({ limits: DEFAULT_LIMITS, offset: 0 });
    expect(DEFAULT_LIMITS).toEqual(LIMITS);
    // The admin set 7 minutes for acceptance; the phone's clock is 90 s behind the server's.
    const answer = { acceptMinutes: 7, arriveMinutes: 40, warnMinutes: 25, now: iso(T0 + 90_000) };
    const { limits, offset } = timingOf(answer, T0);
    expect(limits).toEqual({ acceptMinutes: 7, arriveMinutes: 40, warnMinutes: 25 });
    expect(offset).toBe(90_000);
    // Dispatched at the server's T0 + 90 s with a 7-minute deadline: read at the phone's T0 + 60 s.
    const waiting = row({ status: CASE_STATE.dispatched, acceptDeadline: iso(T0 + 90_000 + 7 * 60_000) });
    expect(caseTimers(waiting, T0 + 60_000 + offset, limits).accept).toEqual({
      text: '06:00',
      overdue: false,
    });
    const underWay = row({ status: CASE_STATE.accepted });
    expect(caseTimers(underWay, T0 + 32 * 60_000, limits).arrival?.tone).toBe('warn');
    expect(caseTimers(underWay, T0 + 32 * 60_000, LIMITS).arrival?.tone).toBe('late');
  });
});

describe('the board of a district', () => {
  const of = (areaCode: string | null, cases: RescueCaseRow[]) => ({
    cases,
    acceptMinutes: 3,
    arriveMinutes: 30,
    warnMinutes: 20,
    agentsOnline: 2,
    now: iso(T0),
    offset: 5,
    areaCode,
  });

  it('takes the cases of its district, lets go of one located elsewhere, and keeps its offset', () => {
    const qingxiu = row({ id: 1, areaCode: '450103', version: 1 });
    const b = of('450103', [qingxiu]);
    const joined = boardEvent(b, row({ id: 2, caseNo: 'JY0002', areaCode: '450103' }));
    expect(joined.cases.map((c) => c.id)).toEqual([1, 2]);
    expect(joined.offset).toBe(5);
    expect(joined.areaCode).toBe('450103');
    // A case of another district does not join; one shown that now is elsewhere leaves.
    expect(boardEvent(joined, row({ id: 3, caseNo: 'JY0003', areaCode: '450102' }))).toBe(joined);
    const left = boardEvent(joined, { ...qingxiu, areaCode: '450102', version: 2 });
    expect(left.cases.map((c) => c.id)).toEqual([2]);
    // An older version of it changes nothing.
    expect(boardEvent(joined, { ...qingxiu, areaCode: '450102', version: 0 })).toBe(joined);
    // Unfiltered, every district's case joins.
    expect(boardEvent(of(null, []), row({ id: 4, areaCode: '450102' })).cases.map((c) => c.id)).toEqual([4]);
  });
});

describe('dispatch', () => {
  const located = {
    kind: 1,
    status: CASE_STATE.new,
    level: 0,
    elevatorId: 5,
    maintenanceCompanyId: 7,
    rescueUnitId: 8,
  };
  it('allows both levels for a located trapped case with both companies', () => {
    expect(dispatchBlock(located, 1)).toBeNull();
    expect(dispatchBlock(located, 2)).toBeNull();
  });
  it('says why not', () => {
    expect(dispatchBlock({ ...located, elevatorId: null }, 1)).toBe('请先定位并确认电梯');
    expect(dispatchBlock({ ...located, maintenanceCompanyId: null }, 1)).toContain('没有维保单位');
    expect(dispatchBlock({ ...located, maintenanceCompanyId: null }, 2)).toBeNull();
    expect(dispatchBlock({ ...located, rescueUnitId: null }, 2)).toContain('没有救援单位');
    expect(dispatchBlock({ ...located, kind: 2 }, 1)).toBe('只有困人工单需要派遣');
    expect(dispatchBlock({ ...located, status: CASE_STATE.accepted }, 1)).toContain('救援中');
  });
  it('leaves a waiting dispatch to the escalation job', () => {
    const waiting = { ...located, status: CASE_STATE.dispatched, level: 1 };
    expect(dispatchBlock(waiting, 1)).toContain('等待接单');
    expect(dispatchBlock(waiting, 2)).toContain('等待接单');
  });
});

describe('keyboard', () => {
  it('maps the shortcuts, leaving letters typed into fields alone', () => {
    expect(shortcutOf(key('n'))).toBe('newCase');
    expect(shortcutOf(key('N'))).toBe('newCase');
    expect(shortcutOf(key('n', { typing: true }))).toBeNull();
    expect(shortcutOf(key('F2', { typing: true }))).toBe('newCase');
    expect(shortcutOf(key('l'))).toBe('locate');
    expect(shortcutOf(key('F3', { typing: true }))).toBe('locate');
    expect(shortcutOf(key('Enter', { ctrl: true, typing: true }))).toBe('dispatch1');
    expect(shortcutOf(key('Enter', { ctrl: true, shift: true }))).toBe('dispatch2');
    expect(shortcutOf(key('Enter'))).toBeNull();
    expect(shortcutOf(key('ArrowDown', { alt: true }))).toBe('next');
    expect(shortcutOf(key('ArrowUp', { alt: true }))).toBe('previous');
    expect(shortcutOf(key('n', { ctrl: true }))).toBeNull();
  });

  it('knows a field the user types into', () => {
    expect(isTyping(document.createElement('input'))).toBe(true);
    expect(isTyping(document.createElement('textarea'))).toBe(true);
    expect(isTyping(document.createElement('button'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });

  it('reads a 6-digit rescue code, leading zeros kept', () => {
    expect(isRescueCode('012345')).toBe(true);
    expect(isRescueCode(' 012345 ')).toBe(true);
    expect(isRescueCode('12345')).toBe(false);
    expect(isRescueCode('31104501')).toBe(false);
  });

  it('moves Enter to the next field, the checked radio of a group, and reports the last', () => {
    document.body.innerHTML = `
      <div id="f">
        <div data-field="a"><input id="a"></div>
        <div data-field="k"><input type="radio" name="k" id="k1"><input type="radio" name="k" id="k2" checked></div>
        <div data-field="empty"></div>
        <div data-field="d"><textarea id="d"></textarea></div>
      </div>`;
    const form = document.getElementById('f')!;
    expect(focusNextField(form, document.getElementById('a')!)).toBe(true);
    expect(document.activeElement?.id).toBe('k2');
    expect(focusNextField(form, document.getElementById('k2')!)).toBe(true);
    expect(document.activeElement?.id).toBe('d');
    expect(focusNextField(form, document.getElementById('d')!)).toBe(false);
  });
});
