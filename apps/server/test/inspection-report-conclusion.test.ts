/**
 * The conclusion rules of a periodic inspection (src/modules/inspection/reports/conclusion.ts): each
 * branch of the conclusion, the non-conformities' order, the rectification deadline in working days
 * (weekends, holidays and make-up working days) and the next-inspection date. Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addWorkingDays,
  deriveConclusion,
  type ItemOutcome,
  type ItemResult,
  isPass,
  nonConformitiesOf,
  shanghaiDate,
} from '../src/modules/inspection/reports/conclusion.ts';

/** Items 1..n: odd codes general, every third a key item; results given by index, else 符合. */
function items(n: number, results: Record<number, ItemResult | null> = {}): ItemOutcome[] {
  return Array.from({ length: n }, (_, i) => ({
    code: `${i + 1}`,
    name: `项目${i + 1}`,
    keyItem: i % 3 === 0,
    result: i in results ? results[i] : '符合',
  }));
}

const THURSDAY = '2026-03-12';

describe('the conclusion of a periodic inspection', () => {
  it('passes when every item conforms or does not apply, with the next inspection a year on', () => {
    const r = deriveConclusion(items(6, { 2: '无此项' }), THURSDAY);
    expect(r).toEqual({
      ok: true,
      conclusion: '合格',
      passed: true,
      nonConformities: [],
      rectificationDeadline: null,
      nextInspectionDate: '2027-03-12',
    });
  });

  it('fails on any key item that does not conform, whatever the general items', () => {
    const r = deriveConclusion(items(6, { 3: '不符合' }), THURSDAY);
    expect(r.ok && r.conclusion).toBe('不合格');
    expect(r.ok && r.passed).toBe(false);
    expect(r.ok && r.nextInspectionDate).toBeNull();
    expect(r.ok && r.nonConformities.map((i) => i.code)).toEqual(['4']);
    expect(r.ok && r.rectificationDeadline).toBe('2026-03-26');
  });

  it('passes with general non-conformities up to the allowance, to be rectified by the deadline', () => {
    const three = items(9, { 1: '不符合', 2: '不符合', 4: '不符合' });
    const r = deriveConclusion(three, THURSDAY);
    expect(r.ok && r.conclusion).toBe('合格');
    expect(r.ok && r.nonConformities.map((i) => i.code)).toEqual(['2', '3', '5']);
    expect(r.ok && r.rectificationDeadline).toBe('2026-03-26');
    expect(r.ok && r.nextInspectionDate).toBe('2027-03-12');
    // One more general item over the default allowance (3): a fail.
    const four = deriveConclusion(items(9, { 1: '不符合', 2: '不符合', 4: '不符合', 5: '不符合' }), THURSDAY);
    expect(four.ok && four.conclusion).toBe('不合格');
    // The allowance is a parameter: 0 fails on any non-conformity.
    const strict = deriveConclusion(items(3, { 1: '不符合' }), THURSDAY, { generalFailuresAllowed: 0 });
    expect(strict.ok && strict.conclusion).toBe('不合格');
  });

  it('says 复检合格 or 复检不合格 on a re-inspection', () => {
    const pass = deriveConclusion(items(3), '2026-04-02', { reinspection: true, cycleStart: THURSDAY });
    expect(pass.ok && pass.conclusion).toBe('复检合格');
    expect(pass.ok && isPass(pass.conclusion)).toBe(true);
    // The cycle counts from the first inspection when the caller says so, not from the re-inspection.
    expect(pass.ok && pass.nextInspectionDate).toBe('2027-03-12');
    const fail = deriveConclusion(items(3, { 0: '不符合' }), '2026-04-02', { reinspection: true });
    expect(fail.ok && fail.conclusion).toBe('复检不合格');
    expect(fail.ok && isPass(fail.conclusion)).toBe(false);
    expect(fail.ok && fail.nextInspectionDate).toBeNull();
  });

  it('lists the key non-conformities first, each group in the catalogue order', () => {
    const list = items(8, { 1: '不符合', 3: '不符合', 4: '不符合', 6: '不符合' });
    expect(nonConformitiesOf(list).map((i) => i.code)).toEqual(['4', '7', '2', '5']);
  });

  it('draws no conclusion while an item has no result, naming the items', () => {
    const r = deriveConclusion(items(8, { 1: null, 6: null }), THURSDAY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.pending.map((i) => i.code)).toEqual(['2', '7']);
    expect(r.message).toBe('尚有 2 个检验项目未录入结果：2 项目2、7 项目7');
    const many = deriveConclusion(
      items(8).map((i) => ({ ...i, result: null })),
      THURSDAY,
    );
    expect(!many.ok && many.message).toMatch(/^尚有 8 个检验项目未录入结果：.+ 等$/);
  });

  it('draws no conclusion when nothing was inspected', () => {
    const none = deriveConclusion([], THURSDAY);
    expect(!none.ok && none.message).toBe('没有实际检验的项目，无法得出检验结论');
    const notApplicable = deriveConclusion(
      items(3).map((i) => ({ ...i, result: '无此项' as const })),
      THURSDAY,
    );
    expect(notApplicable.ok).toBe(false);
  });

  it('takes the deadline and the cycle as parameters', () => {
    const r = deriveConclusion(items(3, { 1: '不符合' }), THURSDAY, {
      rectificationWorkingDays: 5,
      cycleMonths: 24,
    });
    expect(r.ok && r.rectificationDeadline).toBe('2026-03-19');
    expect(r.ok && r.nextInspectionDate).toBe('2028-03-12');
  });

  it('reads an instant as the inspection date in Shanghai', () => {
    // 2026-03-11 17:30 UTC is 2026-03-12 01:30 in Shanghai.
    const r = deriveConclusion(items(3), new Date('2026-03-11T17:30:00Z'));
    expect(r.ok && r.nextInspectionDate).toBe('2027-03-12');
    expect(shanghaiDate('2026-03-11T17:30:00.000Z')).toBe('2026-03-12');
    expect(() => shanghaiDate('2026-02-30')).toThrow('无效的日期');
    expect(() => shanghaiDate('昨天')).toThrow('无效的日期');
  });
});

describe('working days and months', () => {
  it('counts weekdays after the start, the start itself not counted', () => {
    expect(addWorkingDays('2026-03-13', 1)).toBe('2026-03-16'); // Friday → Monday
    expect(addWorkingDays('2026-03-14', 1)).toBe('2026-03-16'); // Saturday → Monday
    expect(addWorkingDays('2026-03-13', 0)).toBe('2026-03-13');
    expect(addWorkingDays(THURSDAY, 10)).toBe('2026-03-26');
    expect(() => addWorkingDays(THURSDAY, -1)).toThrow();
    expect(() => addWorkingDays(THURSDAY, 1.5)).toThrow();
  });

  it('skips holidays and counts make-up working days', () => {
    // A holiday week as a yearly notice sets one: 10-01 to 10-08 off (Thursday to Thursday), Sunday 10-11 worked.
    const holidays = ['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08'];
    expect(addWorkingDays('2026-09-30', 1, { holidays })).toBe('2026-10-09');
    expect(addWorkingDays('2026-09-30', 2, { holidays })).toBe('2026-10-12');
    expect(addWorkingDays('2026-09-30', 2, { holidays, extraWorkdays: ['2026-10-11'] })).toBe('2026-10-11');
  });

  it('moves by months, the last day of a shorter month standing in', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-03-12', -3)).toBe('2025-12-12');
    // A pass on 2024-02-29: the next inspection on 2025-02-28, not 03-01.
    const leap = deriveConclusion(items(2), '2024-02-29');
    expect(leap.ok && leap.nextInspectionDate).toBe('2025-02-28');
  });
});
