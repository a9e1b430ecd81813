import { describe, expect, it } from 'vitest';
import { cleanFilters, lastCode, selectedIds, splitRange, toInput } from './table-input.ts';

describe('search values', () => {
  it('drops blanks and trims text', () => {
    expect(cleanFilters({ a: '', b: '  x ', c: undefined, d: null, e: [], f: 0, g: '   ' })).toEqual({
      b: 'x',
      f: 0,
    });
  });
  it('drop blanks and reduce cascader paths to their last code', () => {
    expect(toInput({ name: ' 安顺 ', areaCode: ['450100', '450103'], state: undefined, x: '' })).toEqual({
      name: '安顺',
      areaCode: '450103',
    });
    expect(toInput({ _timestamp: 1, status: 0, g: '  ', e: [] })).toEqual({ status: 0 });
  });
  it('splits a range into two fields', () => {
    expect(
      splitRange(
        { timeRange: ['2026-01-01 00:00:00', '2026-01-02 00:00:00'], u: 'a' },
        'timeRange',
        'startTime',
        'endTime',
      ),
    ).toEqual({
      u: 'a',
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-02 00:00:00',
    });
    expect(splitRange({}, 'timeRange', 'startTime', 'endTime')).toEqual({
      startTime: undefined,
      endTime: undefined,
    });
  });
  it('takes the last code of a cascader value', () => {
    expect(lastCode(['450100', '450103'])).toBe('450103');
    expect(lastCode(undefined)).toBeUndefined();
  });
  it('selectedIds returns null with nothing selected', () => {
    expect(selectedIds([])).toBeNull();
    expect(selectedIds([3, '5'])).toEqual([3, 5]);
  });
});
