import type { OverdueDistrictRow } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { areaOptions, byUrgency, drillFilters, overdueShare } from './logic.ts';

const row = (areaCode: string, overdue: number, without: number): OverdueDistrictRow => ({
  areaCode,
  areaName: null,
  inUse: 100,
  dueSoon: 0,
  overdue,
  overdueWithOrder: overdue - without,
  overdueWithoutOrder: without,
  stopped: 0,
});

describe('drillFilters', () => {
  it('opens a district’s overdue lifts, with or without an open order', () => {
    expect(drillFilters('450103', 'overdue')).toEqual({ areaCode: '450103' });
    expect(drillFilters('450103', 'withOrder')).toEqual({ areaCode: '450103', hasOpenOrder: 'true' });
    expect(drillFilters('450103', 'withoutOrder')).toEqual({ areaCode: '450103', hasOpenOrder: 'false' });
  });
  it('opens every district’s from the total row', () => {
    expect(drillFilters(null, 'withoutOrder')).toEqual({ hasOpenOrder: 'false' });
    expect(drillFilters(null, 'overdue')).toEqual({});
  });
});

describe('overdueShare', () => {
  it('is the overdue share of the lifts in use, one decimal', () => {
    expect(overdueShare({ inUse: 8, overdue: 1 })).toBe('12.5%');
    expect(overdueShare({ inUse: 3, overdue: 0 })).toBe('0.0%');
    expect(overdueShare({ inUse: 0, overdue: 0 })).toBe('—');
  });
});

describe('byUrgency', () => {
  it('puts the districts with the most overdue lifts without an order first', () => {
    const rows = [row('450103', 5, 1), row('450105', 2, 2), row('450102', 5, 1), row('450107', 9, 0)];
    expect(byUrgency(rows).map((r) => r.areaCode)).toEqual(['450105', '450102', '450103', '450107']);
    expect(rows.map((r) => r.areaCode)).toEqual(['450103', '450105', '450102', '450107']);
  });
});

describe('areaOptions', () => {
  it("offers the districts and the five functional zones, so a zone row's drill shows its name", () => {
    expect(areaOptions).toHaveLength(17);
    expect(areaOptions.find((o) => o.value === '450107')?.label).toBe('西乡塘区');
    expect(areaOptions.find((o) => o.value === '45010051')?.label).toBe('南宁高新技术产业开发区');
    expect(areaOptions.find((o) => o.value === '45010055')?.label).toBe('南宁临空经济示范区');
  });
});
