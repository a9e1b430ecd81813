import {
  rescueUnitCalls as C,
  type Call,
  type DutyWeek,
  type Page,
  type RescueTeamRow,
  type RescueUnitRow,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, statusCounts, type TestApp } from './harness.ts';

/**
 * The rescue units' write rules under 50 concurrent requests (at once on PostgreSQL; one by one on
 * PGlite): one roster entry per rescuer, day and shift (the unique index), one save per version of
 * a team, one team of a name per unit.
 */
const N = 50;

describe.each(dbKinds)('rescue units under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let jr1: RescueUnitRow;
  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown>) =>
    call.method === 'GET'
      ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, string> })
      : t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  const statuses = statusCounts;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'jy_rescue1']) tokens[u] = await t.login(u);
    const units = await send<Page<RescueUnitRow>>('admin', C.unitList, { limit: 50 });
    jr1 = units.body.data.records.find((u) => u.name === '南宁市青秀区电梯应急救援站')!;
  }, 120_000);
  afterAll(() => t?.close());

  it('puts a rescuer on a day and shift once', async () => {
    const week = (await send<DutyWeek>('jy_rescue1', C.dutyWeek, { unitId: jr1.id })).body.data;
    const staffId = week.staff[0].id;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send(i % 2 ? 'admin' : 'jy_rescue1', C.dutyAdd, { staffId, day: '2031-03-03', shift: 2 }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from rescue_duty where staff_id = ${staffId} and day = '2031-03-03' and shift = 2`,
    );
    expect(row.n).toBe(1);
    // Setting the same shift at once from many screens leaves it exactly as set, never doubled.
    const set = await Promise.all(
      Array.from({ length: N }, () =>
        send('jy_rescue1', C.dutySet, {
          unitId: jr1.id,
          day: '2031-03-04',
          shift: 1,
          staffIds: week.staff.slice(0, 3).map((s) => s.id),
        }),
      ),
    );
    expect(set.every((r) => r.status === 200)).toBe(true);
    const [set1] = await query<{ n: number }>(
      `select count(*)::int as n from rescue_duty where day = '2031-03-04'`,
    );
    expect(set1.n).toBe(3);
  });

  it('saves a team once per version, and one team of a name per unit', async () => {
    const team = (await send<RescueTeamRow>('jy_rescue1', C.teamSave, { unitId: jr1.id, name: '并发队' }))
      .body.data;
    const saves: ApiResult[] = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send('jy_rescue1', C.teamSave, {
          id: team.id,
          version: team.version,
          unitId: jr1.id,
          name: `并发队${i}`,
        }),
      ),
    );
    expect(statuses(saves)).toEqual({ 200: 1, 409: N - 1 });
    const adds = await Promise.all(
      Array.from({ length: N }, () => send('jy_rescue1', C.teamSave, { unitId: jr1.id, name: '同名队' })),
    );
    expect(statuses(adds)).toEqual({ 200: 1, 409: N - 1 });
  });
});
