import {
  CASE_KIND,
  CASE_STATE,
  type Call,
  paramCalls,
  RESCUE_PARAMS,
  type RescueCaseDetail,
  type RescueMyCases,
  rescueCaseCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { apiHelpers, dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * What the consoles need beyond the case flow: the rescuer's phone page counts against the limits
 * the admin set and the server's clock (myCases carries both), and a closed case takes notes (its
 * only correction) from those who handle cases and whose scope holds it, and from no one else.
 */
const C = rescueCaseCalls;

describe.each(dbKinds)('rescue consoles on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const { send, ok } = apiHelpers(() => t, tokens);
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  /** A closed 咨询 case on a demo lift of the district `inside` (or outside it). */
  const closedCase = async (district: string, inside: boolean) => {
    const [lift] = await query<{ id: number }>(
      `select id from elevator where area_code ${inside ? '=' : '<>'} '${district}'
        and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
        order by id limit 1`,
    );
    const saved = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: CASE_KIND.enquiry,
      elevatorId: lift.id,
      description: '咨询年检时间',
    });
    const closed = await ok<RescueCaseDetail>('kf_agent1', C.close, {
      id: saved.case.id,
      version: saved.case.version,
      followUp: '已答复',
    });
    expect(closed.status).toBe(CASE_STATE.closed);
    return closed;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 200 });
    // 青秀区's regulator handles cases in this test: its scope (its district) is what refuses.
    await query(
      `update sys_role set permissions = permissions || array['${C.addNote.permission}']::text[]
        where id in (select r.role_id from sys_user_role r join sys_user u on u.id = r.user_id
                      where u.username = 'jg_qingxiu')`,
    );
    t.platform.sessions.clear();
    for (const u of ['admin', 'kf_agent1', 'wb_admin1', 'jg_qingxiu']) tokens[u] = await t.login(u);
  }, 120_000);
  afterAll(() => t?.close());

  it("gives the rescuer the acceptance limit the admin set, and the server's time", async () => {
    const before = await ok<RescueMyCases>('wb_admin1', C.myCases);
    expect(before.acceptMinutes).toBe(RESCUE_PARAMS.acceptMinutes.fallback);
    expect(before.arriveMinutes).toBe(RESCUE_PARAMS.arriveMinutes.fallback);
    expect(before.warnMinutes).toBe(RESCUE_PARAMS.warnMinutes.fallback);
    expect(Math.abs(new Date(before.now).getTime() - Date.now())).toBeLessThan(60_000);
    expect(Array.isArray(before.cases)).toBe(true);

    const [param] = await query<{ id: number; name: string }>(
      `select id, name from sys_param where config_key = '${RESCUE_PARAMS.acceptMinutes.key}'`,
    );
    await ok('admin', paramCalls.save, {
      id: param.id,
      configKey: RESCUE_PARAMS.acceptMinutes.key,
      value: '7',
      name: param.name,
    });
    const after = await ok<RescueMyCases>('wb_admin1', C.myCases, { all: 'true' });
    expect(after.acceptMinutes).toBe(7);
    // The board and the phone count against the same limit.
    expect((await ok<{ acceptMinutes: number }>('kf_agent1', C.board)).acceptMinutes).toBe(7);
  });

  it('takes a note on a closed case from the call centre, and from no one without the right or the scope', async () => {
    const outside = await closedCase('450103', false);
    const noted = await ok<RescueCaseDetail>('kf_agent1', C.addNote, {
      id: outside.id,
      note: '更正：来电人为物业',
    });
    expect(noted.status).toBe(CASE_STATE.closed);
    expect(noted.version).toBe(outside.version);
    expect(noted.steps.at(-1)).toMatchObject({ action: '备注', note: '更正：来电人为物业' });

    // The lift's maintenance company sees the case but does not handle cases: 403.
    const company = await send('wb_admin1', C.addNote, { id: outside.id, note: '维保单位的备注' });
    expect(company.status).toBe(403);
    // A regulator who may handle cases, of another district: 404, as if there were no such case.
    const stranger = await send('jg_qingxiu', C.addNote, { id: outside.id, note: '越区备注' });
    expect(stranger.status).toBe(404);
    const steps = (await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: outside.id })).steps;
    expect(steps.filter((s) => s.action === '备注').map((s) => s.note)).toEqual(['更正：来电人为物业']);

    // Of its own district, it may.
    const inside = await closedCase('450103', true);
    const own = await ok<RescueCaseDetail>('jg_qingxiu', C.addNote, { id: inside.id, note: '监管更正' });
    expect(own.steps.at(-1)).toMatchObject({ action: '备注', note: '监管更正' });
  });

  it('a district filter of the city (南宁市) holds every district’s cases, on the list and on the board', async () => {
    type Listed = { total: number; records: { areaCode: string }[] };
    const all = await ok<Listed>('kf_agent1', C.orderList, { page: 1, limit: 500 });
    const city = await ok<Listed>('kf_agent1', C.orderList, { page: 1, limit: 500, areaCode: '450100' });
    expect(all.total).toBeGreaterThan(0);
    expect(city.total).toBe(all.total);
    const district = await ok<Listed>('kf_agent1', C.orderList, { page: 1, limit: 500, areaCode: '450103' });
    expect(district.total).toBeGreaterThan(0);
    expect(district.total).toBeLessThan(all.total);
    expect(new Set(district.records.map((r) => r.areaCode))).toEqual(new Set(['450103']));

    // An open case of 青秀区 is on the board filtered by the city and by its district, not by another.
    const [lift] = await query<{ id: number }>(
      `select id from elevator where area_code = '450103'
        and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
        order by id limit 1`,
    );
    const saved = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: CASE_KIND.enquiry,
      elevatorId: lift.id,
      description: '咨询维保单位电话',
    });
    const onBoard = async (areaCode: string) =>
      (await ok<{ cases: { id: number }[] }>('kf_agent1', C.board, { areaCode })).cases.some(
        (c) => c.id === saved.case.id,
      );
    expect(await onBoard('450100')).toBe(true);
    expect(await onBoard('450103')).toBe(true);
    expect(await onBoard('450102')).toBe(false);
  });
});
