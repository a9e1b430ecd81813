import type { IotAlarmRow, IotLiftRun } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { liftTimeline } from './timeline.ts';

const run = (from: string, to: string, r: 'up' | 'down', fromFloor: number, toFloor: number): IotLiftRun => ({
  run: r,
  from: `2026-11-26 ${from}`,
  to: `2026-11-26 ${to}`,
  fromFloor,
  toFloor,
});

const alarm = {
  typeLabel: '困人',
  severityLabel: '紧急',
  openedAt: '2026-11-26 08:00:25',
  clearedAt: '2026-11-26 08:05:00',
  clearReason: '电梯恢复正常运行',
  repeats: 2,
  detail: '5 层非平层停梯',
  caseId: 7,
} as IotAlarmRow;

describe('a lift day as a timeline', () => {
  it("shows a lift's runs with their floors and times, newest first", () => {
    const items = liftTimeline({
      kind: 'lift',
      runs: [run('08:01:10', '08:01:20', 'up', 4, 7), run('08:00:10', '08:00:30', 'up', 2, 6)],
      runCount: 2,
      alarms: [],
    });
    expect(items.map((r) => [r.title, r.detail])).toEqual([
      ['上行 4 → 7 层', '08:01:10 – 08:01:20'],
      ['上行 2 → 6 层', '08:00:10 – 08:00:30'],
    ]);
  });

  it("shows an escalator's spells of one direction", () => {
    const items = liftTimeline({
      kind: 'escalator',
      runs: [
        {
          run: 'down',
          from: '2026-11-26 09:00:00',
          to: '2026-11-26 09:30:00',
          fromFloor: null,
          toFloor: null,
        },
      ],
      runCount: 1,
      alarms: [],
    });
    expect(items.map((r) => [r.title, r.detail])).toEqual([['扶梯下行运行', '09:00:00 – 09:30:00']]);
  });

  it('puts alarms (opened, cleared) among the runs, newest first', () => {
    const items = liftTimeline({
      kind: 'lift',
      runs: [run('08:00:10', '08:00:30', 'up', 2, 6)],
      runCount: 1,
      alarms: [alarm],
    });
    expect(items.map((i) => i.kind)).toEqual(['clear', 'alarm', 'run']);
    expect(items[1].detail).toBe('5 层非平层停梯，重复 2 次，救援工单 #7');
  });

  it('marks the earlier runs not shown after the oldest run shown, and keeps every alarm', () => {
    const items = liftTimeline({
      kind: 'lift',
      runs: [run('09:00:00', '09:00:20', 'down', 9, 1), run('08:30:00', '08:30:20', 'up', 1, 9)],
      runCount: 40,
      alarms: [alarm],
    });
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ['run', '下行 9 → 1 层'],
      ['run', '上行 1 → 9 层'],
      ['more', '更早的 38 次运行未列出'],
      ['clear', '报警消除：困人'],
      ['alarm', '报警：困人（紧急）'],
    ]);
  });
});
