import { CASE_STATE, type Call, type RescueCaseDetail, rescueCaseCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalateOverdue } from '../src/modules/rescue/cases/escalate.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, statusCounts, type TestApp } from './harness.ts';

/**
 * The write rules of rescue cases under 50 concurrent requests (on PostgreSQL they really run at
 * once; PGlite runs them one by one): a case is dispatched, accepted and closed once; 50 calls about
 * one lift make one case; an escalation and an acceptance at the deadline do not both win.
 */
const N = 50;
const C = rescueCaseCalls;

describe.each(dbKinds)('rescue write rules under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const companyOf: Record<string, number> = {};
  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown>) =>
    t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = statusCounts;
  let skip = 0;
  const freeLift = async () =>
    (
      await query<{ id: number }>(
        `select id from elevator where maintenance_company_id = ${companyOf.wb_admin1}
          and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
          order by id offset ${skip++} limit 1`,
      )
    )[0].id;
  const located = async () => {
    const saved = await send<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: 1,
      elevatorId: await freeLift(),
      trapped: 1,
    });
    expect(saved.status).toBe(200);
    return saved.body.data.case;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 300 });
    for (const u of ['kf_agent1', 'kf_agent2', 'kf_agent3', 'wb_admin1', 'wb_staff1']) {
      tokens[u] = await t.login(u);
      companyOf[u] = (
        await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[u] })
      ).body.data.companyId;
    }
  }, 120_000);
  afterAll(() => t?.close());

  it('dispatches a case once when agents dispatch it at once', async () => {
    const c = await located();
    const agents = ['kf_agent1', 'kf_agent2', 'kf_agent3'];
    const all = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send(agents[k % 3], C.dispatch, { id: c.id, version: c.version, level: 1 }),
      ),
    );
    expect(statuses(all)).toEqual({ 200: 1, 409: N - 1 });
    const steps = await query<{ n: number }>(
      `select count(*)::int as n from rescue_case_step where case_id = ${c.id} and action = '派遣'`,
    );
    expect(steps[0].n).toBe(1);
  });

  it('accepts, arrives and closes a case once', async () => {
    const c = await located();
    const d = (
      await send<RescueCaseDetail>('kf_agent1', C.dispatch, { id: c.id, version: c.version, level: 1 })
    ).body.data;
    // Screens of the same company, some without the version: still one acceptance.
    const accepts = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send(k % 2 ? 'wb_admin1' : 'wb_staff1', C.accept, { id: d.id, version: d.version }),
      ),
    );
    expect(statuses(accepts)).toEqual({ 200: 1, 409: N - 1 });
    const a = (
      await t.api<RescueCaseDetail>('GET', `/pc/serviceUserOrder/detail/${d.id}`, { token: tokens.kf_agent1 })
    ).body.data;
    const arrivals = await Promise.all(
      Array.from({ length: N }, () => send('wb_staff1', C.arrive, { id: a.id, version: a.version })),
    );
    expect(statuses(arrivals)).toEqual({ 200: 1, 409: N - 1 });
    const arrived = arrivals.find((r) => r.status === 200)!.body.data as RescueCaseDetail;
    const freed = (
      await send<RescueCaseDetail>('wb_staff1', C.free, { id: a.id, version: arrived.version, freed: 1 })
    ).body.data;
    const hitch = (await t.api<{ value: string }[]>('GET', C.hitchTypeList.path, { token: tokens.kf_agent2 }))
      .body.data[0].value;
    const closes = await Promise.all(
      Array.from({ length: N }, () =>
        send('kf_agent2', C.close, {
          id: a.id,
          version: freed.version,
          cause: 3,
          backInService: false,
          repairHitchType: hitch,
        }),
      ),
    );
    expect(statuses(closes)).toEqual({ 200: 1, 409: N - 1 });
    const [repairs] = await query<{ n: number }>(
      `select count(*)::int as n from repair_order where case_id = ${a.id}`,
    );
    expect(repairs.n).toBe(1);
  });

  it('makes one case of 50 simultaneous calls about one trapped lift', async () => {
    const lift = await freeLift();
    const calls = await Promise.all(
      Array.from({ length: N }, (_, k) =>
        send<{ case: RescueCaseDetail; joined: boolean }>(
          ['kf_agent1', 'kf_agent2', 'kf_agent3'][k % 3],
          C.saveOrder,
          {
            kind: 1,
            elevatorId: lift,
            trapped: 1 + (k % 4),
          },
        ),
      ),
    );
    expect(statuses(calls)).toEqual({ 200: N });
    const ids = new Set(calls.map((r) => r.body.data.case.id));
    expect(ids.size).toBe(1);
    expect(calls.filter((r) => !r.body.data.joined)).toHaveLength(1);
    const [c] = await query<{ trapped: number; steps: number }>(
      `select trapped, (select count(*)::int from rescue_case_step s where s.case_id = c.id) as steps
       from rescue_case c where elevator_id = ${lift} and status < 6`,
    );
    expect(c).toEqual({ trapped: 4, steps: N });
  });

  it('lets either the acceptance or the escalation win at the deadline, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await located();
      const d = (
        await send<RescueCaseDetail>('kf_agent1', C.dispatch, { id: c.id, version: c.version, level: 1 })
      ).body.data;
      const past = new Date(new Date(d.acceptDeadline!).getTime() + 1000);
      const [accepted, escalated] = await Promise.all([
        send('wb_admin1', C.accept, { id: d.id, version: d.version }),
        escalateOverdue(t.platform.db, past),
      ]);
      const [now] = await query<{ status: number; level: number }>(
        `select status, level from rescue_case where id = ${d.id}`,
      );
      if (accepted.status === 200) {
        expect(now).toEqual({ status: CASE_STATE.accepted, level: 1 });
      } else {
        expect(accepted.status).toBe(409);
        expect(escalated).toBeGreaterThanOrEqual(1);
        expect(now.level).toBeGreaterThan(1);
      }
    }
  });
});
