import { describe, expect, it } from 'vitest';
import { csvText, lastStateText, parseSyncLines, sheetText, syncFileKind, throttle } from './device-list.ts';

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

describe('同步绑定 from a sheet: the same lines, numbered as the sheet numbers its rows', () => {
  it("names a sheet's bad rows by their row numbers in the sheet", () => {
    // The server's reading: row 1 the header, row 3 blank, row 6 only a remark (both cells empty).
    const text = sheetText([
      { line: 2, deviceCode: 'DEV-001', registerCode: '31101234' },
      { line: 4, deviceCode: 'DEV#01', registerCode: '3110' },
      { line: 5, deviceCode: 'DEV-002', registerCode: '' },
      { line: 6, deviceCode: '', registerCode: '' },
      { line: 7, deviceCode: 'DEV-001', registerCode: '3111' },
    ]);
    const out = parseSyncLines(text);
    expect(out.items).toEqual([
      { deviceCode: 'DEV-001', registerCode: '31101234' },
      { deviceCode: 'DEV-002', registerCode: '' },
    ]);
    expect(out.errors).toEqual(['第 4 行：设备编号「DEV#01」格式不正确', '第 7 行：设备编号 DEV-001 重复']);
  });

  it('reads a CSV saved as UTF-8 with its mark, or as GBK, quoted cells included', () => {
    const utf8 = new TextEncoder().encode('\uFEFF设备编号,注册代码\r\n"DEV-001","31101234"\r\nDEV-002,\r\n');
    expect(parseSyncLines(csvText(utf8.buffer as ArrayBuffer))).toEqual({
      items: [
        { deviceCode: 'DEV-001', registerCode: '31101234' },
        { deviceCode: 'DEV-002', registerCode: '' },
      ],
      errors: [],
    });
    // 设备编号,注册代码 in GBK, then two rows, the second bad.
    const gbk = Uint8Array.from([
      0xc9,
      0xe8,
      0xb1,
      0xb8,
      0xb1,
      0xe0,
      0xba,
      0xc5,
      0x2c,
      0xd7,
      0xa2,
      0xb2,
      0xe1,
      0xb4,
      0xfa,
      0xc2,
      0xeb,
      ...new TextEncoder().encode('\nDEV-003,3112\nx,1\n'),
    ]);
    const text = csvText(gbk.buffer as ArrayBuffer);
    expect(text.split('\n')[0]).toBe('设备编号,注册代码');
    expect(parseSyncLines(text).errors).toEqual(['第 3 行：设备编号「x」格式不正确']);
  });

  it('takes sheets and CSV files of 10 MB at most', () => {
    expect(syncFileKind({ name: '绑定.XLSX', size: 10 })).toBe('sheet');
    expect(syncFileKind({ name: 'a.xls', size: 10 })).toBe('sheet');
    expect(syncFileKind({ name: 'a.csv', size: 10 })).toBe('csv');
    expect(syncFileKind({ name: 'a.txt', size: 10 })).toEqual({ error: '只能选择 XLSX、XLS 或 CSV 文件' });
    expect(syncFileKind({ name: 'a.csv', size: 11 * 1024 * 1024 })).toHaveProperty('error');
  });
});
