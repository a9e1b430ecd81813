import type { OverdueDistrictRow, OverdueFigures } from '@ec/contract';
import { NANNING_DISTRICTS, NANNING_ZONES } from '@ec/contract/geo/nanning-districts';

/*
 * The pure rules of 超期未检总览: which list a clicked figure opens, and the share of the lifts in use
 * that are overdue. The server counts; these only choose what to show.
 */

/**
 * The overdue list's area filter: the districts, then the functional zones (高新区…, 8-digit codes),
 * whose lifts the figures count in rows of their own and which a click on such a row filters to.
 */
export const areaOptions = [
  ...NANNING_DISTRICTS.features.map((f) => ({ value: f.properties.adcode, label: f.properties.name })),
  ...NANNING_ZONES.features.map((f) => ({ value: f.properties.adcode, label: f.properties.name })),
];

/** A figure of a district row that opens the overdue list. */
export type Drill = 'overdue' | 'withOrder' | 'withoutOrder';

/** The overdue list's filters for a clicked figure of a district (all districts: no `areaCode`). */
export function drillFilters(areaCode: string | null, drill: Drill): Record<string, string> {
  const out: Record<string, string> = {};
  if (areaCode) out.areaCode = areaCode;
  if (drill === 'withOrder') out.hasOpenOrder = 'true';
  if (drill === 'withoutOrder') out.hasOpenOrder = 'false';
  return out;
}

/** The overdue lifts' share of the lifts in use, one decimal (— with no lift in use). */
export function overdueShare(f: Pick<OverdueFigures, 'inUse' | 'overdue'>): string {
  if (f.inUse <= 0) return '—';
  return `${((f.overdue / f.inUse) * 100).toFixed(1)}%`;
}

/** The district rows, the worst first (most overdue without an order, then overdue, then by code). */
export function byUrgency(rows: OverdueDistrictRow[]): OverdueDistrictRow[] {
  return [...rows].sort(
    (a, b) =>
      b.overdueWithoutOrder - a.overdueWithoutOrder ||
      b.overdue - a.overdue ||
      a.areaCode.localeCompare(b.areaCode),
  );
}
