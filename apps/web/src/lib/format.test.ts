import { addMonths, shiftMonth } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatTotal,
  maskIdNumber,
  maskPhone,
  relativeTime,
  shanghaiDay,
} from './format.ts';

describe('masks', () => {
  it('phone shows 3 + **** + 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(null)).toBe('');
  });
  it('ID number shows the first 6 and the last 4', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskIdNumber('')).toBe('');
  });
});

describe('dates (Asia/Shanghai)', () => {
  const t = Date.UTC(2026, 0, 5, 16, 7, 9); // 2026-01-06 00:07:09 in Shanghai
  it('yyyy-MM-dd', () => expect(formatDate(t)).toBe('2026-01-06'));
  it('{y}-{m}-{d} {h}:{i}:{s}', () => expect(formatDateTime(t)).toBe('2026-01-06 00:07:09'));
  it("today is Shanghai's day, whatever the browser's zone", () => {
    // 2026-11-30 17:00 UTC is already 1 December in Shanghai: the last day of a month in UTC.
    const day = shanghaiDay(new Date(Date.UTC(2026, 10, 30, 17)));
    expect(day.format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(day.subtract(1, 'month').format('YYYY-MM')).toBe('2026-11');
  });
  it('empty values format as empty text', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('relative time', () => {
  const now = new Date('2026-03-01T12:00:00+08:00');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it('just now under 30 s', () => expect(relativeTime(ago(29), now)).toBe('刚刚'));
  it('minutes under an hour', () => expect(relativeTime(ago(5 * 60), now)).toBe('5分钟前'));
  it('hours under a day', () => expect(relativeTime(ago(3 * 3600), now)).toBe('3小时前'));
  it('the date and time beyond a day', () =>
    expect(relativeTime(ago(2 * 86400), now)).toBe('2026-02-27 12:00:00'));
});

describe('formatBytes', () => {
  it('picks a unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
describe('formatTotal', () => {
  it('shows exact counts as they are', () => {
    expect(formatTotal(0, false)).toBe('共 0 条');
    expect(formatTotal(549, false)).toBe('共 549 条');
    expect(formatTotal(12_345, false)).toBe('共 12,345 条');
  });
  it('shows an estimate as 约 N, whatever its size', () => {
    expect(formatTotal(1_000_213, true)).toBe('约 1,000,213 条');
    // An estimate of exactly 10,000 is still an estimate, not a capped count.
    expect(formatTotal(10_000, true)).toBe('约 10,000 条');
  });
});

describe('calendar months (contract rules, shared by the server lists and statistics)', () => {
  it('moves a date by months, keeping the day or the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-01', -3)).toBe('2025-12-01');
  });
  it('moves a month across year ends both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11-30', 1)).toBe('2026-12');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-06', -11)).toBe('2025-07');
    expect(shiftMonth('2026-06', -24)).toBe('2024-06');
  });
});
