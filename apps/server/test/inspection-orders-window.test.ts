import { addDays, INSPECTION_APPLY_WINDOW_DAYS, inspectionApplyWindow } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { windowRefusal } from '../src/modules/inspection/orders/read.ts';

/*
 * The 30-day application window (TSG T7001-2023), one rule in the contract (`inspectionApplyWindow`)
 * that the server's refusals (`windowRefusal`, the apply call, `applicableLifts`) and the application
 * page (web logic.ts `applyWindowOf`) both use. Pure: no database.
 */
describe('inspectionApplyWindow', () => {
  const next = '2026-12-31';

  it('opens 30 days before the next-inspection date and closes after it, both ends inside', () => {
    expect(INSPECTION_APPLY_WINDOW_DAYS).toBe(30);
    expect(inspectionApplyWindow(next, '2026-11-30')).toMatchObject({ kind: 'early', opens: '2026-12-01' });
    expect(inspectionApplyWindow(next, '2026-12-01')).toEqual({
      kind: 'open',
      opens: '2026-12-01',
      text: '在申请期内（2026-12-01 至 2026-12-31）',
      refusal: null,
    });
    expect(inspectionApplyWindow(next, next)).toMatchObject({ kind: 'open', refusal: null });
    expect(inspectionApplyWindow(next, '2027-01-01')).toMatchObject({ kind: 'overdue', opens: '2026-12-01' });
  });

  it('names the rule and its dates when it refuses', () => {
    expect(inspectionApplyWindow(next, '2026-11-30').refusal).toBe(
      '下次检验日期为 2026-12-31，须在该日期前 30 日内（2026-12-01 起）申请定期检验（TSG T7001-2023）',
    );
    expect(inspectionApplyWindow(next, '2027-01-01').refusal).toBe(
      '下次检验日期为 2026-12-31，已超过下次检验日期，须在该日期前 30 日内（2026-12-01 起）申请定期检验（TSG T7001-2023）；超期未检的电梯应停止使用',
    );
    expect(inspectionApplyWindow(next, '2026-11-30').text).toBe(
      '2026-12-01 起可申请（下次检验日期前 30 日内）',
    );
    expect(inspectionApplyWindow(next, '2027-01-01').text).toBe('已超过下次检验日期（超期未检）');
  });

  it('counts calendar days across a leap day and a year end', () => {
    expect(inspectionApplyWindow('2028-03-15', '2028-02-14')).toMatchObject({
      kind: 'open',
      opens: '2028-02-14',
    });
    expect(inspectionApplyWindow('2028-03-15', '2028-02-13').kind).toBe('early');
    expect(inspectionApplyWindow('2027-01-10', '2026-12-11')).toMatchObject({
      kind: 'open',
      opens: '2026-12-11',
    });
  });

  it('refuses a lift without a next-inspection date', () => {
    for (const none of [null, undefined, ''])
      expect(inspectionApplyWindow(none, '2026-12-01')).toEqual({
        kind: 'none',
        opens: null,
        text: '未登记下次检验日期，不能申请定期检验',
        refusal: '未登记下次检验日期',
      });
  });

  it('is the server’s refusal: windowRefusal answers the same for every day around a window', () => {
    for (let d = -40; d <= 5; d++) {
      const today = addDays(next, d);
      const w = inspectionApplyWindow(next, today);
      expect(windowRefusal(next, today)).toBe(w.refusal);
      expect(w.refusal === null).toBe(d >= -30 && d <= 0);
    }
  });
});
