import {
  type Call,
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
  const tokens: Record<string, string> = {};
  const perms: Record<string, Set<string>> = {};
  let unit: RescueUnitDetail;
  let week: DutyWeek;
  let grid: RescueGridRow;
  let liftId: number;

  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown>) => {
    const call: Call = calls[name];
    const path = call.path.replace('{id}', String(input.id));
    if (call.method === 'DELETE')
      return t.api<T>(call.method, path, { token: tokens[user], query: { ids: String(input.ids) } });
    return call.method === 'GET'
      ? t.api<T>(call.method, path, { token: tokens[user], query: input as Record<string, number> })
      : t.api<T>(call.method, path, { token: tokens[user], body: input });
  };
  const may = (actor: string, name: CallName) => perms[actor].has(calls[name].permission);
  /** Refused: `status` (404 by default) with the permission, 403 without it. */
  const refused = async (actor: string, name: CallName, input: Record<string, unknown>, status = 404) => {
    const res = await send(actor, name, input);
    expect(res.status, `${actor} ${name}: ${res.body.resultMsg}`).toBe(may(actor, name) ? status : 403);
  };
  /** A list: the record is left out (or 403 without the permission); the platform finds it. */
  const leftOut = async (
    actor: string,
    name: CallName,
    input: Record<string, unknown>,
    found: (data: unknown) => boolean,
    seenBy: string[] = [],
  ) => {
    const res = await send(actor, name, input);
    if (!may(actor, name)) expect(res.status, `${actor} ${name}`).toBe(403);
    else {
      expect(res.status, `${actor} ${name}: ${res.body.resultMsg}`).toBe(200);
      expect(found(res.body.data), `${actor} ${name}`).toBe(seenBy.includes(actor));
    }
    const mine = await send('admin', name, input);
    expect(mine.status, `admin ${name}`).toBe(200);
    expect(found(mine.body.data), `admin ${name} finds it`).toBe(true);
  };
  const hasId = (id: number) => (d: unknown) => (d as Page<{ id: number }>).records.some((r) => r.id === id);
  const edit = { name: '越权修改' };

  const probes: Record<CallName, (actor: string) => Promise<void>> = {
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
    for (const u of ['admin', ...ACTORS]) {
      tokens[u] = await t.login(u);
      const info = await t.api<{ permissions: string[] }>('GET', '/pc/sysUser/getUserInfo', {
        token: tokens[u],
      });
      perms[u] = new Set(info.body.data.permissions);
    }
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

  it('has a probe for every call', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(ACTORS)('%s is refused or left out on every call, and nothing changes', async (actor) => {
    const before = await snapshot();
    for (const [name, probe] of Object.entries(probes)) {
      try {
        await probe(actor);
      } catch (err) {
        throw new Error(`${name}: ${(err as Error).message}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
