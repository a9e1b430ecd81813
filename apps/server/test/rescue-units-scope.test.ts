import {
  type DutyWeek,
  type GridBoard,
  type Page,
  type RescueGridRow,
  type RescueUnitDetail,
  type RescueUnitRow,
  rescueUnitCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the rescue units and grids, call by call (the twin of maintenance-scope.test.ts):
 * the 青秀区 rescue station's user (jy_rescue1), the 青秀区 regulator and a maintenance company ask
 * for the records of the 兴宁区 station: its unit, teams, staff, roster, and its grid in 兴宁区.
 * Each call answers 404 (403 without the permission, or for an edit only the platform makes) or
 * leaves the record out; the platform sees it; and afterwards it is as it was. Grids are the map
 * every rescue unit works on: a rescue unit's user sees them all (and edits none).
 */
const calls = rescueUnitCalls;
type CallName = keyof typeof calls;
const ACTORS = ['jy_rescue1', 'jg_qingxiu', 'wb_admin1'] as const;

describe.each(dbKinds)('rescue units data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof calls>;
  let unit: RescueUnitDetail;
  let week: DutyWeek;
  let grid: RescueGridRow;
  let liftId: number;

  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown>) =>
    p.send<T>(user, name, input);
  const refused = (actor: string, name: CallName, input: Record<string, unknown>, status = 404) =>
    p.refused(actor, name, input, status);
  const leftOut = (
    actor: string,
    name: CallName,
    input: Record<string, unknown>,
    found: (data: unknown) => boolean,
    seenBy: string[] = [],
  ) => p.leftOut(actor, name, input, found, seenBy);
  const hasId = (id: number) => p.hasId(id);
  const edit = { name: '越权修改' };

  const probes: Probes<typeof calls> = {
    unitList: (a) => leftOut(a, 'unitList', { keyword: unit.name, limit: 50 }, hasId(unit.id)),
    unitDetail: (a) => refused(a, 'unitDetail', { id: unit.id }),
    // Units are the platform's to edit: everyone else is refused whatever the unit.
    unitSave: (a) =>
      refused(
        a,
        'unitSave',
        { id: unit.id, name: edit.name, creditCode: unit.creditCode, areaCode: unit.areaCode },
        403,
      ),
    teamList: (a) => leftOut(a, 'teamList', { unitId: unit.id }, hasId(unit.teams[0].id)),
    teamSave: (a) =>
      refused(a, 'teamSave', {
        id: unit.teams[0].id,
        version: unit.teams[0].version,
        unitId: unit.id,
        ...edit,
      }),
    teamDelete: (a) => refused(a, 'teamDelete', { ids: [unit.teams[0].id] }),
    staffList: (a) => leftOut(a, 'staffList', { unitId: unit.id }, hasId(unit.staff[0].id)),
    staffSave: (a) =>
      refused(a, 'staffSave', {
        id: unit.staff[0].id,
        version: unit.staff[0].version,
        unitId: unit.id,
        name: edit.name,
        phone: unit.staff[0].phone,
      }),
    staffDelete: (a) => refused(a, 'staffDelete', { ids: [unit.staff[0].id] }),
    staffAccounts: (a) => refused(a, 'staffAccounts', { unitId: unit.id }),
    dutyWeek: (a) => refused(a, 'dutyWeek', { unitId: unit.id }),
    dutyAdd: (a) => refused(a, 'dutyAdd', { staffId: unit.staff[0].id, day: '2031-01-01', shift: 1 }),
    dutySet: (a) => refused(a, 'dutySet', { unitId: unit.id, day: week.days[0], shift: 1, staffIds: [] }),
    dutyDelete: (a) => refused(a, 'dutyDelete', { ids: [week.entries[0].id] }),
    gridList: (a) => leftOut(a, 'gridList', { unitId: unit.id }, hasId(grid.id), ['jy_rescue1']),
    gridDetail: async (a) => {
      if (a === 'jy_rescue1') expect((await send(a, 'gridDetail', { id: grid.id })).status).toBe(200);
      else await refused(a, 'gridDetail', { id: grid.id });
    },
    // Grids are the platform's to draw.
    gridSave: (a) =>
      refused(a, 'gridSave', { id: grid.id, version: grid.version, name: edit.name, ring: grid.ring }, 403),
    gridDelete: (a) => refused(a, 'gridDelete', { ids: [grid.id] }, 403),
    gridOf: (a) => refused(a, 'gridOf', { elevatorId: liftId }),
    board: (a) =>
      leftOut(
        a,
        'board',
        { unitId: unit.id },
        (d) => (d as GridBoard).cards.some((c) => c.gridId === grid.id),
        ['jy_rescue1'],
      ),
  };

  const snapshot = async () => ({
    unit: (await send('admin', 'unitDetail', { id: unit.id })).body.data,
    week: (await send('admin', 'dutyWeek', { unitId: unit.id })).body.data,
    grid: (await send('admin', 'gridDetail', { id: grid.id })).body.data,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    p = new CallProber(t, calls);
    await p.signIn([...ACTORS]);
    const units = (await send<Page<RescueUnitRow>>('admin', 'unitList', { limit: 50 })).body.data.records;
    const xingning = units.find((u) => u.areaCode === '450102')!;
    unit = (await send<RescueUnitDetail>('admin', 'unitDetail', { id: xingning.id })).body.data;
    week = (await send<DutyWeek>('admin', 'dutyWeek', { unitId: unit.id })).body.data;
    grid = unit.grids[0];
    expect(grid.areaCode).toBe('450102');
    const [lift] = rowsOf<{ id: number }>(
      await t.platform.db.execute(
        sql.raw(`select id from elevator where area_code = '450102' and longitude is not null limit 1`),
      ),
    );
    liftId = lift.id;
  }, 120_000);
  afterAll(() => t?.close());

  it('has a probe for every call', () => p.expectProbeForEveryCall(probes));

  it.each(ACTORS)('%s is refused or left out on every call, and nothing changes', (actor) =>
    p.sweep(actor, probes, snapshot),
  );
});
