import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  CASE_STATE,
  type Page,
  type RescueCaseDetail,
  type RescueCaseRow,
  type RescueMyCases,
  rescueCaseCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseAudience, seesCase } from '../src/modules/rescue/cases/scope.ts';
import { authenticate } from '../src/platform/auth/session.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of rescue cases, call by call (the twin of maintenance-scope.test.ts): maintenance
 * company 1, its worker, use unit 1, the 青秀区 regulator and a rescue unit ask for a case on a lift
 * that company 2 maintains for use unit 2 outside 青秀区 and outside their grid. Each call answers
 * 404 (403 without the permission) or leaves the case out; afterwards it is as it was. And the live
 * events' rule (seesCase, in code) agrees with the lists' (caseScope, in SQL) for every demo account.
 */
const calls = rescueCaseCalls;
type CallName = keyof typeof calls;
const ACTORS = ['wb_admin1', 'wb_staff1', 'sy_admin1', 'jg_qingxiu', 'jy_rescue1'] as const;

describe.each(dbKinds)('rescue case data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  /** The shared sweep (scope-sweep.ts); kf_agent1, the call centre, is the control that finds the case. */
  let p: CallProber<typeof calls>;
  let target: RescueCaseDetail;

  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown>) =>
    p.send<T>(user, name, input);
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const refused = (actor: string, name: CallName, input: Record<string, unknown>) =>
    p.refused(actor, name, input);
  /** A list: the case is left out (or 403 without the permission); the call centre finds it. */
  const leftOut = (
    actor: string,
    name: CallName,
    input: Record<string, unknown>,
    found: (d: unknown) => boolean,
  ) => p.leftOut(actor, name, input, found);
  /** Anyone allowed to call it gets an answer that is not about the case (lookups, reference lists). */
  const open = async (actor: string, name: CallName, input: Record<string, unknown>) => {
    const res = await send(actor, name, input);
    expect(res.status, `${actor} ${name}`).toBe(p.may(actor, name) ? 200 : 403);
  };
  const move = () => ({ id: target.id, version: target.version });
  /** An export's 工单编号 column (the file's bytes read as a sheet). */
  const exported = async (user: string, input: Record<string, string>) => {
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}${calls.exportCases.path}?${new URLSearchParams(input)}`,
      headers: { authorization: `Bearer ${p.tokens[user]}` },
    });
    if (res.statusCode !== 200) return { status: res.statusCode, caseNos: [] };
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], {
      raw: false,
    });
    return { status: 200, caseNos: rows.map((r) => r['工单编号']) };
  };

  const probes: Probes<typeof calls> = {
    orderList: (a) =>
      leftOut(a, 'orderList', { keyword: target.caseNo, page: 1, limit: 10 }, (d) =>
        (d as Page<RescueCaseRow>).records.some((r) => r.id === target.id),
      ),
    exportCases: async (a) => {
      const input = { keyword: target.caseNo };
      const theirs = await exported(a, input);
      if (!p.may(a, 'exportCases')) return expect(theirs.status).toBe(403);
      expect(theirs.caseNos).toEqual([]);
      expect((await exported('kf_agent1', input)).caseNos).toEqual([target.caseNo]);
    },
    detail: (a) => refused(a, 'detail', { id: target.id }),
    orderRecordList: (a) => refused(a, 'orderRecordList', { id: target.id }),
    elevatorList: (a) => open(a, 'elevatorList', { keyword: target.registerCode }),
    hitchTypeList: (a) => open(a, 'hitchTypeList', {}),
    board: (a) =>
      leftOut(a, 'board', {}, (d) => (d as { cases: RescueCaseRow[] }).cases.some((c) => c.id === target.id)),
    myCases: async (a) => {
      const res = await send(a, 'myCases', { all: 'true' });
      if (!p.may(a, 'myCases')) return expect(res.status).toBe(403);
      expect((res.body.data as RescueMyCases).cases.some((c) => c.id === target.id)).toBe(false);
    },
    saveOrder: (a) => refused(a, 'saveOrder', { kind: 1, elevatorId: 2_000_000_000 }),
    alarm: (a) => refused(a, 'alarm', { source: 3, elevatorId: 2_000_000_000 }),
    locate: (a) => refused(a, 'locate', { ...move(), elevatorId: target.elevatorId }),
    dispatch: (a) => refused(a, 'dispatch', { ...move(), level: 1 }),
    fireBrigade: (a) => refused(a, 'fireBrigade', move()),
    accept: (a) => refused(a, 'accept', move()),
    arrive: (a) => refused(a, 'arrive', move()),
    free: (a) => refused(a, 'free', { ...move(), freed: 1 }),
    close: (a) => refused(a, 'close', { ...move(), cause: 1, backInService: true }),
    addNote: (a) => refused(a, 'addNote', { id: target.id, note: '探测' }),
  };

  const snapshot = async () => (await send('kf_agent1', 'detail', { id: target.id })).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    p = new CallProber(t, calls, 'kf_agent1');
    await p.signIn(['admin', 'sy_admin2', 'wb_admin2', ...ACTORS]);
    const companyOf: Record<string, number> = {};
    for (const u of ['sy_admin2', 'wb_admin2']) {
      const info = await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', {
        token: p.tokens[u],
      });
      companyOf[u] = info.body.data.companyId;
    }
    const [lift] = await query<{ id: number }>(
      `select id from elevator where maintenance_company_id = ${companyOf.wb_admin2}
        and use_company_id = ${companyOf.sy_admin2} and area_code <> '450103'
        and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
        order by id limit 1`,
    );
    expect(lift, 'a lift of company 2 and use unit 2 outside 青秀区').toBeDefined();
    const saved = await t.api<{ case: RescueCaseDetail }>('PUT', calls.saveOrder.path, {
      token: p.tokens.kf_agent1,
      body: { kind: 1, elevatorId: lift.id, trapped: 1 },
    });
    const opened = saved.body.data.case;
    // Outside jy_rescue1's grids, so that its unit has nothing to do with it.
    await query(`update rescue_case set rescue_unit_id = null, grid_id = null where id = ${opened.id}`);
    target = (
      await t.api<RescueCaseDetail>('POST', calls.dispatch.path, {
        token: p.tokens.kf_agent1,
        body: { id: opened.id, version: opened.version + 0, level: 1 },
      })
    ).body.data;
    expect(target.status).toBe(CASE_STATE.dispatched);
  }, 120_000);
  afterAll(() => t?.close());

  it('has a probe for every call of the case domain', () => p.expectProbeForEveryCall(probes));

  it.each(ACTORS)("%s reaches nothing of another company's case, call by call", (actor) =>
    p.sweep(actor, probes, snapshot),
  );

  it('gives every demo account the same cases live (seesCase) as in its lists (caseScope)', async () => {
    const cases = await query<CaseAudience & { id: number }>(
      `select id, area_code as "areaCode", maintenance_company_id as "maintenanceCompanyId",
        use_company_id as "useCompanyId", rescue_unit_id as "rescueUnitId", assignee_id as "assigneeId"
       from rescue_case order by id`,
    );
    const users = await query<{ username: string }>('select username from sys_user order by id');
    const { caseScope } = await import('../src/modules/rescue/cases/scope.ts');
    const { rescueCase } = await import('../src/modules/rescue/tables.ts');
    let compared = 0;
    for (const { username } of users) {
      const token = await t.login(username).catch(() => null);
      if (!token) continue;
      const user = await authenticate(
        t.platform,
        { headers: { authorization: `Bearer ${token}` } } as unknown as FastifyRequest,
        false,
      );
      if (!user) continue;
      const inSql = new Set(
        (await t.platform.db.select({ id: rescueCase.id }).from(rescueCase).where(caseScope(user))).map(
          (r) => r.id,
        ),
      );
      const inCode = new Set(cases.filter((c) => seesCase(user, c)).map((c) => c.id));
      expect([...inCode].sort(), username).toEqual([...inSql].sort());
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });
});
