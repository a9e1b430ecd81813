import type { IotAlarmRow } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { type HistoryEntry, liftTimeline, runsOf } from './timeline.ts';

const status = (at: string, run: string, floor: number): HistoryEntry => ({
  at: `2026-11-26 ${at}`,
  kind: 'status',
  message: { run, floor },
});

describe('a lift day as a timeline', () => {
  it('groups moving states into runs, from the first move to the stop', () => {
    const runs = runsOf([
      status('08:00:00', 'stop', 1),
      status('08:00:10', 'up', 2),
      status('08:00:20', 'up', 5),
      status('08:00:30', 'stop', 6),
      status('08:01:00', 'down', 5),
      status('08:01:10', 'up', 4),
      status('08:01:20', 'up', 7),
    ]);
    expect(runs.map((r) => [r.title, r.detail])).toEqual([
      ['上行 2 → 6 层', '08:00:10 – 08:00:30'],
      ['下行 5 → 4 层', '08:01:00 – 08:01:10'],
      ['上行 4 → 7 层', '08:01:10 – 08:01:20'],
    ]);
  });

  it('puts alarms (opened, cleared) among the runs, newest first', () => {
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
    const items = liftTimeline([status('08:00:10', 'up', 2), status('08:00:30', 'stop', 6)], [alarm]);
    expect(items.map((i) => i.kind)).toEqual(['clear', 'alarm', 'run']);
    expect(items[1].detail).toBe('5 层非平层停梯，重复 2 次，救援工单 #7');
  });
});
