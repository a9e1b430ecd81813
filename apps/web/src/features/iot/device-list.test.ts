import { describe, expect, it } from 'vitest';
import { lastStateText, parseSyncLines, throttle } from './device-list.ts';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    set: (run: () => void, delay: number) => {
      const id = next++;
      timers.push({ at: now + delay, run, id });
      return id;
    },
    clear: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.run();
      }
    },
  };
}

describe('the device list refreshes at most once per window', () => {
  it('runs the first call at once and folds a burst into one call at the window end', () => {
    const clock = fakeClock();
    let runs = 0;
    const t = throttle(() => runs++, 2000, clock);
    t();
    expect(runs).toBe(1);
    for (let i = 0; i < 50; i++) {
      clock.advance(20);
      t();
    }
    expect(runs).toBe(1);
    clock.advance(1000);
    expect(runs).toBe(2);
    clock.advance(5000);
    expect(runs).toBe(2);
    t();
    expect(runs).toBe(3);
  });

  it('drops the pending call on cancel', () => {
    const clock = fakeClock();
    let runs = 0;
    const t = throttle(() => runs++, 2000, clock);
    t();
    t();
    t.cancel();
    clock.advance(3000);
    expect(runs).toBe(1);
  });
});

describe('运行状态', () => {
  it('shows a lift floor, direction and door, an escalator its direction', () => {
    expect(lastStateText(null)).toBe('—');
    expect(
      lastStateText({ kind: 'lift', at: '2026-01-01 00:00:00', run: 'up', floor: 7, door: 'closed' }),
    ).toBe('7 层 · 上行 · 关门');
    expect(
      lastStateText({ kind: 'escalator', at: '2026-01-01 00:00:00', run: 'stop', floor: null, door: null }),
    ).toBe('停止');
  });
});

describe('同步绑定 lines', () => {
  it('reads code and register code by any separator, skips blanks and a heading', () => {
    const out = parseSyncLines(
      '设备编号,注册代码\nDEV-001,31101234\n\nDEV_002，3110\nDEV-003\t3111\nDEV-004 3112\nDEV-005\n',
    );
    expect(out.errors).toEqual([]);
    expect(out.items).toEqual([
      { deviceCode: 'DEV-001', registerCode: '31101234' },
      { deviceCode: 'DEV_002', registerCode: '3110' },
      { deviceCode: 'DEV-003', registerCode: '3111' },
      { deviceCode: 'DEV-004', registerCode: '3112' },
      { deviceCode: 'DEV-005', registerCode: '' },
    ]);
  });

  it('names the bad lines by number', () => {
    const out = parseSyncLines(
      'ab,1\nDEV-001,1\nDEV-001,2\nDEV-002,1,2\nDEV-003,1234567890123456789012345678901',
    );
    expect(out.items).toEqual([{ deviceCode: 'DEV-001', registerCode: '1' }]);
    expect(out.errors).toEqual([
      '第 1 行：设备编号「ab」格式不正确',
      '第 3 行：设备编号 DEV-001 重复',
      '第 4 行：每行只填设备编号和注册代码',
      '第 5 行：注册代码最多 30 位',
    ]);
  });
});
