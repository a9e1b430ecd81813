import { inspectStateOf } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import {
  areaCodeOf,
  batchEditChanges,
  describeBatchEdit,
  fieldErrors,
  inspectStateParam,
  isFinishedClaim,
  parseSyncJson,
  toClaimQuery,
  toElevatorQuery,
  toSort,
} from './model.ts';

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

describe('batchEditChanges', () => {
  it('sends only the filled fields, as the contract takes them', () => {
    expect(
      batchEditChanges({
        useStatus: '2',
        nextInspectDate: '2027-01-15 00:00:00',
        useOccasion: ' ',
        useCompanyId: null,
      }),
    ).toEqual({ useStatus: 2, nextInspectDate: '2027-01-15' });
    expect(batchEditChanges({ useOccasion: '3', useCompanyId: 7 })).toEqual({
      useOccasion: '3',
      useCompanyId: 7,
    });
  });
  it('is null when nothing is filled, so nothing is sent', () => {
    expect(batchEditChanges({})).toBeNull();
    expect(batchEditChanges({ useOccasion: '', useStatus: undefined, nextInspectDate: '' })).toBeNull();
  });
  it('names every change with its label for the confirmation', () => {
    const lines = describeBatchEdit(
      { useStatus: 2, useOccasion: '1', nextInspectDate: '2027-01-15', useCompanyId: 7 },
      { occasion: (k) => (k === '1' ? '住宅' : k), company: (id) => (id === 7 ? '万象物业' : String(id)) },
    );
    expect(lines).toEqual([
      '使用场所改为「住宅」',
      '使用状态改为「停用」',
      '下次检验日期改为「2027-01-15」',
      '使用单位改为「万象物业」',
    ]);
  });
});

describe('parseSyncJson', () => {
  const good = {
    registerCode: '31104501032018060001',
    type: 1,
    areaCode: '450103',
    address: '南宁市青秀区 1 号',
  };
  it('takes an array or an object with records', () => {
    expect(parseSyncJson(JSON.stringify([good])).records).toHaveLength(1);
    const wrapped = parseSyncJson(
      JSON.stringify({ records: [good, { ...good, registerCode: '31104501032018060002' }] }),
    );
    expect(wrapped).toMatchObject({ total: 2, errors: [] });
    expect(wrapped.records[1].registerCode).toBe('31104501032018060002');
  });
  it('lists every bad record with its position and sends none of the batch', () => {
    const r = parseSyncJson(JSON.stringify([good, { ...good, registerCode: '123' }, { type: 3 }]));
    expect(r.records).toEqual([]);
    expect(r.total).toBe(3);
    expect([...new Set(r.errors.map((e) => e.row))]).toEqual([2, 3]);
    expect(r.errors.find((e) => e.row === 2)).toMatchObject({
      column: 'registerCode',
      message: '注册代码应为 18–20 位字母或数字',
    });
  });
  it('explains text that is not a batch', () => {
    expect(parseSyncJson('{oops').errors[0].message).toBe('不是合法的 JSON，请检查格式');
    expect(parseSyncJson('{"a":1}').errors[0].message).toBe('JSON 应为电梯数组，或含 records 数组的对象');
  });
});

describe('inspection state (超期未检 / 即将到期)', () => {
  const lift = (nextInspectDate: string | null, useStatus = 1) => ({ nextInspectDate, useStatus });
  it('is overdue from the day after the next inspection date, due within 30 days', () => {
    const today = '2026-11-24';
    expect(inspectStateOf(lift('2026-11-23'), today)).toBe('overdue');
    expect(inspectStateOf(lift('2025-01-01'), today)).toBe('overdue');
    expect(inspectStateOf(lift('2026-11-24'), today)).toBe('due');
    expect(inspectStateOf(lift('2026-12-24'), today)).toBe('due');
    expect(inspectStateOf(lift('2026-12-25'), today)).toBeNull();
    expect(inspectStateOf(lift(null), today)).toBeNull();
  });
  it('leaves out lifts not in use (停用, 报废)', () => {
    expect(inspectStateOf(lift('2025-01-01', 2), '2026-11-24')).toBeNull();
    expect(inspectStateOf(lift('2026-11-30', 3), '2026-11-24')).toBeNull();
  });
  it('travels from the search form and from a link as the contract filter', () => {
    expect(toElevatorQuery({ inspectState: 'overdue' })).toEqual({ inspectState: 'overdue' });
    expect(toElevatorQuery({ inspectState: 'due', type: '1' })).toEqual({ inspectState: 'due', type: 1 });
    expect(toElevatorQuery({ inspectState: 'late' })).toEqual({});
    expect(inspectStateParam('overdue')).toBe('overdue');
    expect(inspectStateParam(null)).toBeUndefined();
  });
});
