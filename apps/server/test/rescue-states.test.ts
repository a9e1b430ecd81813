import { CASE_KIND, CASE_STATE, type Call, type RescueCaseDetail, rescueCaseCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { apiHelpers, dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The case's state machine, every state against every move: a trapped-passenger case in each state
 * (待派遣 … 已关闭) is offered each of the six moves; the moves the process allows take it on, every
 * other is refused with 409 and leaves the case as it was (state and version). Then the kinds that
 * are not 困人: a 故障报修 closes into a repair order (and not without its fault type), a 咨询 closes
 * from 待派遣; and an arrival after the limit is 超时.
 */
const C = rescueCaseCalls;
type Move = 'dispatch' | 'fireBrigade' | 'accept' | 'arrive' | 'free' | 'close';
const MOVES: Move[] = ['dispatch', 'fireBrigade', 'accept', 'arrive', 'free', 'close'];
type State = keyof typeof CASE_STATE;

/** What each state allows, and where each allowed move leads (rules.ts CASE_STATE, cases/flow.ts). */
const ALLOWED: Record<State, Partial<Record<Move, number>>> = {
  new: { dispatch: CASE_STATE.dispatched, fireBrigade: CASE_STATE.accepted },
  dispatched: { fireBrigade: CASE_STATE.accepted, accept: CASE_STATE.accepted },
  accepted: { arrive: CASE_STATE.arrived },
  arrived: { free: CASE_STATE.freed },
  freed: { close: CASE_STATE.closed },
  closed: {},
};
const STATES = Object.keys(ALLOWED) as State[];

describe.each(dbKinds)('the rescue case state machine on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let wbCompany = 0;
  let used = 0;

  const { send, ok } = apiHelpers(() => t, tokens);
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(text));

  /** A lift of wb_admin1 with a use unit and coordinates, not yet used by this file, with no open case. */
  const nextLift = async () =>
    (
      await query<{ id: number; longitude: number; latitude: number }>(
        sql`select id, longitude, latitude from elevator
          where maintenance_company_id = ${wbCompany} and use_company_id is not null
            and rescue_code is not null and longitude is not null
            and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
          order by id offset ${used++} limit 1`,
      )
    )[0];

  /** Who makes each move, and with what: the agent dispatches and closes, the company does the rest. */
  const move = (m: Move, c: RescueCaseDetail, lift: { longitude: number; latitude: number }) => {
    const at = { id: c.id, version: c.version };
    switch (m) {
      case 'dispatch':
        return send<RescueCaseDetail>('kf_agent1', C.dispatch, { ...at, level: 1 });
      case 'fireBrigade':
        return send<RescueCaseDetail>('kf_agent1', C.fireBrigade, at);
      case 'accept':
        return send<RescueCaseDetail>('wb_staff1', C.accept, at);
      case 'arrive':
        return send<RescueCaseDetail>('wb_staff1', C.arrive, {
          ...at,
          latitude: lift.latitude,
          longitude: lift.longitude,
        });
      case 'free':
        return send<RescueCaseDetail>('wb_staff1', C.free, { ...at, freed: 1 });
      case 'close':
        return send<RescueCaseDetail>('kf_agent1', C.close, { ...at, cause: 1, backInService: true });
    }
  };

  /** A new 困人 case on a fresh lift, taken through the allowed moves up to `state`. */
  const caseIn = async (state: State) => {
    const lift = await nextLift();
    expect(lift, 'a free demo lift').toBeTruthy();
    const saved = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: CASE_KIND.trapped,
      callerPhone: '13900002222',
      trapped: 1,
    });
    let c = await ok<RescueCaseDetail>('kf_agent1', C.locate, {
      id: saved.case.id,
      version: saved.case.version,
      elevatorId: lift.id,
    });
    const path: Move[] = ['dispatch', 'accept', 'arrive', 'free', 'close'];
    for (const m of path.slice(0, STATES.indexOf(state))) {
      const res = await move(m, c, lift);
      expect(res.status, `${m}: ${res.body.resultMsg}`).toBe(200);
      c = res.body.data;
    }
    expect(c.status).toBe(CASE_STATE[state]);
    return { c, lift };
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 300 });
    for (const u of ['kf_agent1', 'wb_admin1', 'wb_staff1']) tokens[u] = await t.login(u);
    wbCompany = (
      await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens.wb_admin1 })
    ).body.data.companyId;
  }, 120_000);
  afterAll(() => t?.close());

  it.each(STATES)('a case %s refuses every move but its own, and is left as it was', async (state) => {
    const { c, lift } = await caseIn(state);
    for (const m of MOVES.filter((m) => !(m in ALLOWED[state]))) {
      const res = await move(m, c, lift);
      expect(res.status, `${state} → ${m}: ${res.body.resultMsg}`).toBe(409);
      expect(res.body.resultMsg, `${state} → ${m}`).toMatch(/[\u4e00-\u9fff]/);
      const now = await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: c.id });
      expect([now.status, now.version], `${state} → ${m} left the case alone`).toEqual([c.status, c.version]);
    }
  });

  it.each(
    STATES.flatMap((state) =>
      Object.entries(ALLOWED[state]).map(([m, to]) => [state, m as Move, to as number] as const),
    ),
  )('a case %s takes %s', async (state, m, to) => {
    const { c, lift } = await caseIn(state);
    const res = await move(m, c, lift);
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.status).toBe(to);
    expect(res.body.data.version).toBe(c.version + 1);
  });

  it('a 故障报修 closes into a repair order, and not without its fault type', async () => {
    const lift = await nextLift();
    const saved = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: CASE_KIND.fault,
      callerPhone: '13900003333',
      description: '开关门异响',
    });
    const located = await ok<RescueCaseDetail>('kf_agent1', C.locate, {
      id: saved.case.id,
      version: saved.case.version,
      elevatorId: lift.id,
    });
    // Nobody is trapped: nothing to dispatch.
    expect(
      (await send('kf_agent1', C.dispatch, { id: located.id, version: located.version, level: 1 })).status,
    ).toBe(409);
    const bare = await send('kf_agent1', C.close, { id: located.id, version: located.version });
    expect(bare.status).toBe(400);
    expect(bare.body.resultMsg).toBe('故障报修工单关闭时请选择故障类型，以生成维修单');
    expect((await ok<RescueCaseDetail>('kf_agent1', C.detail, { id: located.id })).status).toBe(
      CASE_STATE.new,
    );
    const hitch = (await ok<{ value: string }[]>('kf_agent1', C.hitchTypeList))[0].value;
    const closed = await ok<RescueCaseDetail>('kf_agent1', C.close, {
      id: located.id,
      version: located.version,
      repairHitchType: hitch,
    });
    expect(closed.status).toBe(CASE_STATE.closed);
    expect(closed.cause).toBeNull();
    expect(closed.overtime).toBeNull();
    const [repair] = await query<{ elevator_id: number; hitch_type: string; case_id: number }>(
      sql`select elevator_id, hitch_type, case_id from repair_order where id = ${closed.repairId}`,
    );
    expect(repair).toEqual({ elevator_id: lift.id, hitch_type: hitch, case_id: closed.id });
  });

  it('a 咨询 closes from 待派遣, with no cause and no lift', async () => {
    const saved = await ok<{ case: RescueCaseDetail }>('kf_agent1', C.saveOrder, {
      kind: CASE_KIND.enquiry,
      callerPhone: '13900004444',
      description: '询问年检时间',
    });
    const closed = await ok<RescueCaseDetail>('kf_agent1', C.close, {
      id: saved.case.id,
      version: saved.case.version,
    });
    expect(closed.status).toBe(CASE_STATE.closed);
    expect(closed.repairId).toBeNull();
  });

  it('an arrival after the limit (30 min from the alarm) is 超时, one within it is not', async () => {
    const late = await caseIn('accepted');
    await t.platform.db.execute(
      sql`update rescue_case set alarm_at = now() - interval '31 minutes' where id = ${late.c.id}`,
    );
    const lateArrival = await move('arrive', late.c, late.lift);
    expect(lateArrival.status).toBe(200);
    expect(lateArrival.body.data.overtime).toBe(true);
    const prompt = await caseIn('accepted');
    const promptArrival = await move('arrive', prompt.c, prompt.lift);
    expect(promptArrival.body.data.overtime).toBe(false);
  });
});
