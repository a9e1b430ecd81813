import { describe, expect, it } from 'vitest';
import {
  batchInput,
  periodInput,
  periodText,
  recordable,
  splitForPayment,
  sumByState,
  unpaidOf,
} from './logic.ts';

const charge = (noticeId: number, amount: number, payState: 'unpaid' | 'paid' | 'exempt') => ({
  noticeId,
  amount,
  payState,
});

describe('periodText', () => {
  it('reads a whole month as the month, anything else as a range', () => {
    expect(periodText('2024-03-01', '2024-03-31')).toBe('2024年03月');
    expect(periodText('2024-02-01', '2024-02-29')).toBe('2024年02月');
    expect(periodText('2023-02-01', '2023-02-28')).toBe('2023年02月');
    expect(periodText('2024-02-01', '2024-02-28')).toBe('2024-02-01 至 2024-02-28');
    expect(periodText('2024-03-05', '2024-04-10')).toBe('2024-03-05 至 2024-04-10');
  });
});

describe('periodInput', () => {
  it('sends a month or a range, and says what is missing', () => {
    expect(periodInput({ mode: 'month', month: '2024-03' })).toEqual({
      ok: true,
      input: { month: '2024-03' },
    });
    expect(periodInput({ mode: 'month' })).toEqual({ ok: false, reason: '请选择账期月份' });
    expect(periodInput({ mode: 'range', from: '2024-03-01' })).toEqual({
      ok: false,
      reason: '请选择账期开始和结束日期',
    });
    expect(periodInput({ mode: 'range', from: '2024-04-01', to: '2024-03-01' })).toEqual({
      ok: false,
      reason: '账期结束日期不能早于开始日期',
    });
    expect(periodInput({ mode: 'range', from: '2024-03-01', to: '2024-03-01' })).toEqual({
      ok: true,
      input: { periodFrom: '2024-03-01', periodTo: '2024-03-01' },
    });
  });
});

describe('the batch record', () => {
  it('takes the bills with unpaid charges and names the settled ones', () => {
    const { taken, skipped } = splitForPayment([
      { id: 1, billNo: 'ZD1', unpaidCount: 2 },
      { id: 2, billNo: 'ZD2', unpaidCount: 0 },
      { id: 3, billNo: 'ZD3', unpaidCount: 1 },
    ]);
    expect(taken.map((r) => r.id)).toEqual([1, 3]);
    expect(skipped).toEqual(['ZD2']);
  });
  it('counts only the unpaid charges (of the chosen ones)', () => {
    const cs = [
      charge(1, 100, 'unpaid'),
      charge(2, 250, 'paid'),
      charge(3, 50, 'unpaid'),
      charge(4, 70, 'exempt'),
    ];
    expect(unpaidOf(cs)).toEqual({ count: 2, amount: 150 });
    expect(unpaidOf(cs, [2, 3])).toEqual({ count: 1, amount: 50 });
    expect(recordable(cs[1])).toBe(false);
    expect(sumByState(cs)).toEqual({ amount: 470, paid: 250, exempt: 70, unpaid: 150 });
  });
  it('sends the versions read, the date and method when paid, the reason when exempt', () => {
    const bills = [{ id: 7, version: 3 }];
    expect(
      batchInput(bills, { payState: 'paid', paidAt: '2024-03-02', payMethod: ' 现金 ', payRemark: ' ' }),
    ).toEqual({
      bills: [{ id: 7, version: 3 }],
      payState: 'paid',
      paidAt: '2024-03-02',
      payMethod: '现金',
      payRemark: undefined,
    });
    expect(
      batchInput(
        bills,
        { payState: 'exempt', paidAt: '2024-03-02', payMethod: '现金', payRemark: '减免' },
        [5],
      ),
    ).toEqual({
      bills: [{ id: 7, version: 3 }],
      noticeIds: [5],
      payState: 'exempt',
      paidAt: undefined,
      payMethod: undefined,
      payRemark: '减免',
    });
    expect(batchInput(bills, { payState: 'paid', payMethod: '现金' }, [])).not.toHaveProperty('noticeIds');
  });
});
