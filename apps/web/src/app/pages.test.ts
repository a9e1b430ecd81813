import { describe, expect, it } from 'vitest';
import {
  AD_PATHS,
  CALL_CENTRE_PATHS,
  DASHBOARD_PATH,
  ELEVATOR_PATHS,
  EMERGENCY_CODE_PATHS,
  FILING_PATHS,
  IOT_PATHS,
  MAINTENANCE_PATHS,
  OPS_PATHS,
  ORG_PATHS,
  PARTY_PAGES,
  PATROL_PATHS,
  partyPaths,
  REPAIR_PATHS,
  RESCUE_CASE_PATHS,
  RESCUE_UNIT_PATHS,
  SIGNING_PATHS,
  STATS_PATHS,
  SYSTEM_PATHS,
} from '../lib/routes.ts';
import { builtPages } from './pages.tsx';
import { consolePages, filingPageList, isKnownPath } from './route-table.ts';

const routePaths = [
  DASHBOARD_PATH,
  ...Object.values(ELEVATOR_PATHS),
  ...Object.values(MAINTENANCE_PATHS),
  ...Object.values(SYSTEM_PATHS),
  ...Object.values(ORG_PATHS),
  ...Object.values(RESCUE_CASE_PATHS),
  ...Object.values(RESCUE_UNIT_PATHS),
  ...Object.values(EMERGENCY_CODE_PATHS),
  ...Object.values(CALL_CENTRE_PATHS),
  ...Object.values(REPAIR_PATHS),
  ...Object.values(SIGNING_PATHS),
  ...Object.values(IOT_PATHS),
  ...Object.values(OPS_PATHS),
  ...Object.values(PATROL_PATHS),
  ...Object.values(AD_PATHS),
  ...Object.values(STATS_PATHS),
  ...Object.values(PARTY_PAGES).flatMap(partyPaths),
  ...FILING_PATHS,
];

describe('page registration', () => {
  it('every path in lib/routes.ts is a page of the menu catalogue', () => {
    expect(routePaths.filter((p) => !isKnownPath(p))).toEqual([]);
  });
  it('every built page is reached by a catalogue path, and every path in lib/routes.ts has its page', () => {
    expect(Object.keys(builtPages).filter((p) => !isKnownPath(p))).toEqual([]);
    expect(routePaths.filter((p) => !(p in builtPages))).toEqual([]);
  });
  it('a parties page serves its filing variant with the same component', () => {
    for (const page of Object.values(PARTY_PAGES)) {
      const [records, filing] = partyPaths(page);
      expect(builtPages[filing]).toBe(builtPages[records]);
    }
  });
  it('every page of the menu catalogue and every filing page is built: none shows 建设中', () => {
    const pages = [...consolePages, ...filingPageList].map((p) => p.path);
    expect(pages.filter((p) => !(p in builtPages))).toEqual([]);
  });
  it('an elevator page under /basicInformationb is the /basicInformation page itself', () => {
    for (const page of ['theElevatorManagement', 'thelEevatorList', 'elevatorPageDetails', 'workOrderNo'])
      expect(builtPages[`/basicInformationb/${page}`]).toBe(builtPages[`/basicInformation/${page}`]);
  });
});
