import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { shanghaiDay } from '../../../lib/format.ts';
import { initialRange } from './BookingDialog.tsx';

const ymd = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD'));

describe('the dates a new booking opens with', () => {
  it("is next month from Shanghai's today, also on the last evening of a month in UTC", () => {
    // 30 November 17:00 UTC is 1 December in Shanghai: next month is January, as the server counts.
    const today = shanghaiDay(new Date(Date.UTC(2026, 10, 30, 17)));
    expect(ymd(initialRange({ kind: 'new' }, today))).toEqual(['2027-01-01', '2027-01-31']);
  });
  it("keeps a lead's dates while they are ahead, and falls back to next month once they are past", () => {
    const today = dayjs('2026-12-10');
    const lead = {
      id: 1,
      customId: null,
      customerName: '甲',
      startDate: '2026-12-15',
      endDate: '2027-01-14',
    };
    expect(ymd(initialRange({ kind: 'new', lead }, today))).toEqual(['2026-12-15', '2027-01-14']);
    expect(ymd(initialRange({ kind: 'new', lead }, dayjs('2026-12-20')))).toEqual([
      '2027-01-01',
      '2027-01-31',
    ]);
  });
});
