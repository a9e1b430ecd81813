import { describe, expect, it } from 'vitest';
import { readUrlFilters, searchFieldsOf, splitUrlFilters, URL_FILTERS, withoutKeys } from './url-filters.ts';

const filters = [
  URL_FILTERS.areaCode(),
  URL_FILTERS.month(),
  ...URL_FILTERS.dateRange('报警日期'),
  URL_FILTERS.maintenanceCompany(),
  URL_FILTERS.buildingCompany(),
  URL_FILTERS.occasion(),
  URL_FILTERS.select('type', '电梯类型', { 1: '直梯', 2: '扶梯' }),
  URL_FILTERS.select('inspectState', '检验状态', { overdue: '超期未检', due: '即将到期' }),
];

describe('filters from a URL', () => {
  it('keeps well-formed values, as the list call takes them', () => {
    expect(
      readUrlFilters(
        filters,
        '?areaCode=450103&month=2026-10&maintenanceCompanyId=12&useCompanyId=7&useOccasion=01&type=2&inspectState=overdue',
      ),
    ).toEqual({
      areaCode: '450103',
      month: '2026-10',
      maintenanceCompanyId: 12,
      useCompanyId: 7,
      useOccasion: '01',
      type: 2,
      inspectState: 'overdue',
    });
  });

  it('drops malformed values and keys no filter declares', () => {
    expect(
      readUrlFilters(
        filters,
        '?areaCode=南宁&month=2026-13&maintenanceCompanyId=0&useCompanyId=1e3&type=3&inspectState=late&useOccasion=12345678901&kind=1',
      ),
    ).toEqual({});
  });

  it('takes a period whole and in order, and not beside a month', () => {
    expect(readUrlFilters(filters, '?dateFrom=2026-01-01&dateTo=2026-10-31')).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-10-31',
    });
    expect(readUrlFilters(filters, '?dateFrom=2026-01-01')).toEqual({});
    expect(readUrlFilters(filters, '?dateFrom=2026-11-01&dateTo=2026-10-31')).toEqual({});
    expect(readUrlFilters(filters, '?dateFrom=2026-02-30x&dateTo=2026-10-31')).toEqual({});
    expect(readUrlFilters(filters, '?month=2026-10&dateFrom=2026-01-01&dateTo=2026-10-31')).toEqual({
      month: '2026-10',
    });
  });

  it("fills the form's fields (an area as its cascader path, a period as its range) and pins the rest", () => {
    const values = readUrlFilters(
      filters,
      '?areaCode=450103&dateFrom=2026-01-01&dateTo=2026-10-31&maintenanceCompanyId=12&type=1',
    );
    const fields = searchFieldsOf([
      { dataIndex: 'keyword' },
      { dataIndex: 'areaCode' },
      { dataIndex: 'dateRange', valueType: 'dateRange' },
      { dataIndex: 'type', valueType: 'select' },
      { dataIndex: 'maintenanceCompanyName', hideInSearch: true },
    ]);
    expect(splitUrlFilters(filters, values, fields)).toEqual({
      form: { areaCode: ['450100', '450103'], dateRange: ['2026-01-01', '2026-10-31'], type: '1' },
      pinned: { maintenanceCompanyId: 12 },
    });
    // A form whose area field is named otherwise (the elevator lists' `area`).
    expect(
      splitUrlFilters([URL_FILTERS.areaCode('area')], { areaCode: '450100' }, new Set(['area'])),
    ).toEqual({ form: { area: ['450100'] }, pinned: {} });
  });

  it('清除 leaves the other keys in the URL', () => {
    expect(
      withoutKeys('?areaCode=450103&maintenanceCompanyId=12&month=2026-10', ['maintenanceCompanyId']),
    ).toBe('?areaCode=450103&month=2026-10');
    expect(withoutKeys('?maintenanceCompanyId=12', ['maintenanceCompanyId'])).toBe('');
  });
});
