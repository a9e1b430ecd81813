import { describe, expect, it } from 'vitest';
import {
  areaCodeOf,
  COUNT_CAP,
  fieldErrors,
  formatTotal,
  isFinishedClaim,
  selectedIds,
  toClaimQuery,
  toElevatorQuery,
  toSort,
} from './model.ts';

describe('formatTotal', () => {
  it('shows exact counts as they are', () => {
    expect(formatTotal(0, false)).toBe('共 0 条');
    expect(formatTotal(549, false)).toBe('共 549 条');
    expect(formatTotal(12_345, false)).toBe('共 12,345 条');
  });
  it('shows a capped count as 10000+', () => {
    expect(formatTotal(COUNT_CAP, true)).toBe('10000+ 条');
  });
  it('shows the planner estimate as 约 N', () => {
    expect(formatTotal(1_000_213, true)).toBe('约 1,000,213 条');
  });
});

describe('areaCodeOf', () => {
  it('takes the deepest picked area', () => {
    expect(areaCodeOf(['450100', '450103'])).toBe('450103');
    expect(areaCodeOf('450105')).toBe('450105');
  });
  it('treats the whole city or nothing as no filter', () => {
    expect(areaCodeOf(['450100'])).toBeUndefined();
    expect(areaCodeOf([])).toBeUndefined();
    expect(areaCodeOf(undefined)).toBeUndefined();
    expect(areaCodeOf(null)).toBeUndefined();
  });
});

describe('toElevatorQuery', () => {
  it('drops empty values and trims text', () => {
    expect(toElevatorQuery({ registerCode: '  3110 ', deviceCode: '', keyword: '   ' })).toEqual({
      registerCode: '3110',
    });
    expect(toElevatorQuery(undefined)).toEqual({});
  });
  it('turns select values into numbers, keeping 0', () => {
    expect(
      toElevatorQuery({
        type: '2',
        status: '0',
        maintenanceClaimState: 0,
        useStatus: '1',
        useCompanyId: 7,
        maintenanceCompanyId: 'x',
      }),
    ).toEqual({ type: 2, status: 0, maintenanceClaimState: 0, useStatus: 1, useCompanyId: 7 });
  });
  it('maps the area path, the use occasion and the date range', () => {
    expect(
      toElevatorQuery({
        area: ['450100', '450103'],
        useOccasion: '1',
        nextInspect: ['2026-01-01', '2026-06-30'],
      }),
    ).toEqual({
      areaCode: '450103',
      useOccasion: '1',
      nextInspectFrom: '2026-01-01',
      nextInspectTo: '2026-06-30',
    });
  });
  it('accepts date objects with format() and one-sided ranges', () => {
    const day = { format: () => '2026-03-04' };
    expect(toElevatorQuery({ nextInspect: [day, undefined] })).toEqual({ nextInspectFrom: '2026-03-04' });
    expect(toElevatorQuery({ nextInspect: [null, '2026-05-06 00:00:00'] })).toEqual({
      nextInspectTo: '2026-05-06',
    });
  });
});

describe('toSort', () => {
  it('uses the column key and keeps only whitelisted fields', () => {
    expect(toSort({ columnKey: 'nextInspectDate', field: 'nextInspectDate', order: 'ascend' })).toEqual({
      sortField: 'nextInspectDate',
      sortOrder: 'ascend',
    });
    expect(toSort({ columnKey: 'areaCode', field: 'areaName', order: 'descend' })).toEqual({
      sortField: 'areaCode',
      sortOrder: 'descend',
    });
    expect(toSort({ field: 'address', order: 'ascend' })).toEqual({});
  });
  it('clears the sort when the order is removed and takes the first of several', () => {
    expect(toSort({ columnKey: 'registerCode', order: undefined })).toEqual({});
    expect(toSort(undefined)).toEqual({});
    expect(
      toSort([
        { columnKey: 'createTime', order: 'descend' },
        { columnKey: 'registerCode', order: 'ascend' },
      ]),
    ).toEqual({ sortField: 'createTime', sortOrder: 'descend' });
  });
});

describe('toClaimQuery', () => {
  it('keeps known types and states only', () => {
    expect(toClaimQuery({ registerCode: ' 3110 ', claimType: 'use', state: '4' })).toEqual({
      registerCode: '3110',
      claimType: 'use',
      state: 4,
    });
    expect(toClaimQuery({ claimType: 'other', state: '9', registerCode: '' })).toEqual({});
    expect(toClaimQuery(null)).toEqual({});
  });
});

describe('selection and errors', () => {
  it('selectedIds returns null with nothing selected', () => {
    expect(selectedIds([])).toBeNull();
    expect(selectedIds([3, '5'])).toEqual([3, 5]);
  });
  it('only finished claims may be removed', () => {
    expect(isFinishedClaim({ state: 2 })).toBe(false);
    expect([1, 3, 4].every((state) => isFinishedClaim({ state }))).toBe(true);
  });
  it('fieldErrors groups messages of known fields', () => {
    expect(
      fieldErrors(
        [
          { field: 'registerCode', message: 'a' },
          { field: 'registerCode', message: 'b' },
          { field: 'areaCode', message: 'c' },
          { field: 'unknown', message: 'd' },
        ],
        ['registerCode', 'areaCode'],
      ),
    ).toEqual([
      { name: 'registerCode', errors: ['a', 'b'] },
      { name: 'areaCode', errors: ['c'] },
    ]);
  });
});
