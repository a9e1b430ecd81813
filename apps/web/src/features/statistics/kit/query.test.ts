import { statsFilters } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { isKnownPath } from '../../../app/route-table.ts';
import { STATS_PATHS } from '../../../lib/routes.ts';
import {
  drillQuery,
  drillUrl,
  filtersFromSearch,
  filtersToSearch,
  formatCell,
  type StatColumn,
  tableMatrix,
  toFilterValues,
  toStatsQuery,
  withFigurePeriod,
} from './query.ts';

describe('the statistics filters', () => {
  it('turn the filter bar into the calls’ filters, only what is set, and the server accepts them', () => {
    expect(toStatsQuery({})).toEqual({});
    const q = toStatsQuery({
      area: ['450100', '450103'],
      periodKind: 'month',
      month: '2026-10',
      range: ['2026-01-01', '2026-02-01'],
      useOccasion: '住宅',
      type: 1,
      maintenanceCompanyId: 7,
    });
    expect(q).toEqual({
      areaCode: '450103',
      month: '2026-10',
      useOccasion: '住宅',
      type: 1,
      maintenanceCompanyId: 7,
    });
    expect(statsFilters.safeParse(q).success).toBe(true);
    // The whole city is no filter; a range needs both ends.
    expect(
      toStatsQuery({ area: ['450100'], periodKind: 'range', range: ['2026-01-01', ''] as never }),
    ).toEqual({});
    const range = toStatsQuery({ periodKind: 'range', range: ['2026-01-01', '2026-03-31'] });
    expect(range).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-03-31' });
    expect(statsFilters.safeParse(range).success).toBe(true);
  });

  it('survive the round trip through the URL, and a forged URL sends nothing malformed', () => {
    const q = {
      areaCode: '450103',
      month: '2026-10',
      type: 2,
      maintenanceCompanyId: 12,
      useOccasion: '医院',
    };
    const search = filtersToSearch(q);
    expect(search).toBe(
      'areaCode=450103&month=2026-10&useOccasion=%E5%8C%BB%E9%99%A2&type=2&maintenanceCompanyId=12',
    );
    expect(filtersFromSearch(search)).toEqual(q);
    expect(toStatsQuery(toFilterValues(q))).toEqual(q);
    expect(
      filtersFromSearch(
        'areaCode=abc&month=2026-13&dateFrom=2026-05-01&dateTo=2026-04-01&type=3&maintenanceCompanyId=-1',
      ),
    ).toEqual({});
    expect(filtersFromSearch('dateFrom=2026-04-01&dateTo=2026-05-01')).toEqual({
      dateFrom: '2026-04-01',
      dateTo: '2026-05-01',
    });
  });
});

describe('the drill-down', () => {
  const filters = { areaCode: '450103', month: '2026-10', useOccasion: '住宅', type: 1 };

  it('covers the figure’s own period when the page names none (else the list would cover all time)', () => {
    const meta = { from: '2025-12-01', to: '2026-11-28' };
    expect(drillQuery('cases', withFigurePeriod({ areaCode: '450103' }, meta), {})).toEqual({
      areaCode: '450103',
      dateFrom: '2025-12-01',
      dateTo: '2026-11-28',
    });
    // A period the page names stays; so does a clicked month.
    expect(withFigurePeriod(filters, meta)).toBe(filters);
    expect(drillQuery('orders', withFigurePeriod({}, meta), { month: '2026-03' })).toEqual({
      month: '2026-03',
    });
    expect(withFigurePeriod({ areaCode: '450103' })).toEqual({ areaCode: '450103' });
  });

  it('narrows the page’s filters by the clicked item, as each list call spells them', () => {
    // Lifts: the registry is now — no period, in use only (as every lift figure counts them); the
    // clicked company joins the district.
    expect(drillQuery('lifts', filters, { maintenanceCompanyId: 5 })).toEqual({
      areaCode: '450103',
      maintenanceCompanyId: 5,
      useOccasion: '住宅',
      type: 1,
      useStatus: 1,
    });
    // Cases: the period, the district and the lift's kind, 困人 only; a clicked district replaces
    // the page's.
    expect(drillQuery('cases', filters, { areaCode: '450105' }, { kind: 1 })).toEqual({
      areaCode: '450105',
      month: '2026-10',
      useOccasion: '住宅',
      type: 1,
      kind: 1,
    });
    expect(drillQuery('cases', { useCompanyId: 9 }, { maintenanceCompanyId: 5 })).toEqual({
      maintenanceCompanyId: 5,
      useCompanyId: 9,
    });
    // A clicked month replaces a date range; a clicked case kind goes along.
    expect(
      drillQuery('orders', { dateFrom: '2026-01-01', dateTo: '2026-06-30' }, { month: '2026-03' }),
    ).toEqual({
      month: '2026-03',
    });
    expect(drillQuery('cases', {}, { kind: 3 })).toEqual({ kind: 3 });
  });

  it('ends the period at today where the figure counts up to today (应维保), a past month kept', () => {
    const upTo = { upTo: '2026-10-14' };
    // This month: its first day .. today.
    expect(drillQuery('orders', {}, { month: '2026-10' }, {}, upTo)).toEqual({
      dateFrom: '2026-10-01',
      dateTo: '2026-10-14',
    });
    // A past month stays a month; a range reaching past today ends at today.
    expect(drillQuery('orders', {}, { month: '2026-09' }, {}, upTo)).toEqual({ month: '2026-09' });
    expect(
      drillQuery(
        'orders',
        { dateFrom: '2026-08-01', dateTo: '2026-10-31' },
        { areaCode: '450103' },
        {},
        upTo,
      ),
    ).toEqual({ areaCode: '450103', dateFrom: '2026-08-01', dateTo: '2026-10-14' });
    expect(drillQuery('orders', { month: '2026-10' }, { maintenanceCompanyId: 5 }, {}, upTo)).toEqual({
      maintenanceCompanyId: 5,
      dateFrom: '2026-10-01',
      dateTo: '2026-10-14',
    });
    // February's end; the lifts have no period.
    expect(drillQuery('orders', {}, { month: '2028-02' }, {}, { upTo: '2028-02-10' })).toEqual({
      dateFrom: '2028-02-01',
      dateTo: '2028-02-10',
    });
    expect(drillQuery('lifts', { month: '2026-10' }, { areaCode: '450103' }, {}, upTo)).toEqual({
      areaCode: '450103',
      useStatus: 1,
    });
    // Without the option (a figure of the whole period: 计划) the month stays.
    expect(drillQuery('orders', {}, { month: '2026-10' })).toEqual({ month: '2026-10' });
  });

  it('opens the list page with the same filters in its URL', () => {
    expect(drillUrl('/getrecore', drillQuery('cases', filters, { areaCode: '450105' }, { kind: 1 }))).toBe(
      '/getrecore?areaCode=450105&month=2026-10&useOccasion=%E4%BD%8F%E5%AE%85&type=1&kind=1',
    );
    expect(
      drillUrl('/basicInformation/theElevatorManagement', drillQuery('lifts', {}, { areaCode: '450103' })),
    ).toBe('/basicInformation/theElevatorManagement?areaCode=450103&useStatus=1');
    expect(drillUrl('/basicInformation/theElevatorManagement', {})).toBe(
      '/basicInformation/theElevatorManagement',
    );
  });
});

describe('the table and its export', () => {
  type Row = { key: string; label: string; lifts: number; rate: number | null; avg: number | null };
  const columns: StatColumn<Row>[] = [
    { key: 'label', title: '区域', value: (r) => r.label, format: 'text' },
    { key: 'lifts', title: '电梯', value: (r) => r.lifts },
    { key: 'rate', title: '按时维保率', value: (r) => r.rate, format: 'rate' },
    { key: 'avg', title: '平均到达用时', value: (r) => r.avg, format: 'minutes' },
  ];
  const rows: Row[] = [
    { key: '450103', label: '青秀区', lifts: 1234, rate: 0.9312, avg: 14.25 },
    { key: '450105', label: '江南区', lifts: 0, rate: null, avg: null },
  ];

  it('writes exactly what the table shows: counts as numbers, rates and minutes as shown, the total row last', () => {
    const m = tableMatrix(columns, rows, { key: 'sum', label: '', lifts: 1234, rate: 0.9312, avg: 14.25 });
    expect(m).toEqual([
      ['区域', '电梯', '按时维保率', '平均到达用时'],
      ['青秀区', 1234, '93.1%', '14.3 分钟'],
      ['江南区', 0, '—', '—'],
      ['合计', 1234, '93.1%', '14.3 分钟'],
    ]);
    // Each exported cell is the table cell's text.
    for (const [i, r] of rows.entries())
      for (const [j, c] of columns.entries())
        expect(String(m[i + 1][j]).replace(/^(\d+)$/, (n) => Number(n).toLocaleString('zh-CN'))).toBe(
          formatCell(c.value(r), c.format),
        );
  });
});

describe('the statistics routes', () => {
  it('are pages of the menu catalogue', () => {
    expect(Object.values(STATS_PATHS).filter((p) => !isKnownPath(p))).toEqual([]);
  });
});
