import { describe, expect, it } from 'vitest';
import { alarmQuery, areaPathOf, parseAlarmFilters, writeAlarmFilters } from './alarm-filters.ts';

/** The 报警 tab's filters round-trip through the URL query and map to the list call's input. */
describe('alarm filters in the URL', () => {
  it('opens on the open alarms, unfiltered', () => {
    expect(parseAlarmFilters(new URLSearchParams(''))).toEqual({ state: 'open' });
    expect(alarmQuery({ state: 'open' })).toEqual({ state: 'open' });
  });

  it('reads what the elevator detail links to: every alarm of one lift', () => {
    // IotTab.liftAlarmsHref's query
    const f = parseAlarmFilters(
      new URLSearchParams('tab=alarms&state=all&elevatorId=42&registerCode=31104501032018060001'),
    );
    expect(f).toEqual({ state: 'all', elevatorId: 42, registerCode: '31104501032018060001' });
    // all states: no state sent; the register code is only shown
    expect(alarmQuery(f)).toEqual({ elevatorId: 42 });
  });

  it('round-trips every filter and keeps the other keys', () => {
    const f = {
      state: 'cleared' as const,
      areaCode: '450103',
      maintenanceCompanyId: 3,
      useCompanyId: 9,
      type: 12,
      severity: 2,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      elevatorId: 7,
      registerCode: '31104501032026000007',
    };
    const params = writeAlarmFilters(new URLSearchParams('tab=alarms&state=open&type=3'), f);
    expect(params.get('tab')).toBe('alarms');
    expect(parseAlarmFilters(params)).toEqual(f);
    const { registerCode: _, ...sent } = f;
    expect(alarmQuery(f)).toEqual(sent);
  });

  it('leaves the defaults and a code without its lift out of the URL', () => {
    const params = writeAlarmFilters(new URLSearchParams('tab=alarms&state=cleared&areaCode=450103'), {
      state: 'open',
      registerCode: 'X',
    });
    expect(params.toString()).toBe('tab=alarms');
  });

  it('drops malformed values instead of sending them', () => {
    const f = parseAlarmFilters(
      new URLSearchParams(
        'state=gone&areaCode=45&type=77&severity=9&dateFrom=2026-1-1&elevatorId=-3&registerCode=a&useCompanyId=x',
      ),
    );
    expect(f).toEqual({ state: 'open' });
  });

  it("gives the area cascader the district's path under the city", () => {
    expect(areaPathOf('450103')).toEqual(['450100', '450103']);
    expect(areaPathOf('450100')).toEqual(['450100']);
    expect(areaPathOf(undefined)).toBeUndefined();
  });
});
