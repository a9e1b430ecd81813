import type { AddressInfo } from 'node:net';
import {
  AGENT_TOPIC,
  type AgentDetail,
  type AgentRow,
  CASE_KIND,
  type Call,
  type CallRecordRow,
  type Page,
  type PopupContext,
  type RescueBoard,
  type RescueCaseDetail,
  rescueCaseCalls,
  serviceUserCalls,
} from '@ec/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCalls } from '../src/modules/rescue/callcentre/service.ts';
import { callRecord } from '../src/modules/rescue/tables.ts';
import type { AuthUser } from '../src/platform/access.ts';
import type { Queryable } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, statusCounts, type TestApp } from './harness.ts';
import { openStream, until } from './live-support.ts';
import { userOf } from './stats-support.ts';

/**
 * The call centre's agents (坐席): every call (happy, refused, bad input, another call centre's agent
 * or call → 404), the data scope call by call, and the rules the database keeps under 50 concurrent
 * requests on PostgreSQL — a seat belongs to one agent, and toggles of one agent's duty queue so that
 * the log alternates and the state is what the toggles' parity says.
 *
 * Besides the demo accounts the test files three users straight into the tables: kf_plain (a call-
 * centre user whose role lists agents but does not administer them), kf_other (an agent of a second
 * call centre), kf_local (an agent whose role reads no case) and the kf_race_N users for the seat race.
 */
const S = serviceUserCalls;
type CaseSaved = { case: RescueCaseDetail; joined: boolean };
const N = 50;

describe.each(dbKinds)('call centre agents on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let raceIds: number[] = [];

  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown> = {}) => {
    const path = call.path.replace(/\{(\w+)\}/g, (_, k: string) =>
      encodeURIComponent(String(input[k] ?? '')),
    );
    return call.method === 'GET' || call.method === 'DELETE'
      ? t.api<T>(call.method, path, { token: tokens[user], query: input as Record<string, string> })
      : t.api<T>(call.method, path, { token: tokens[user], body: input });
  };
  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(q));
  const statuses = statusCounts;
  /** A user filed straight into the tables, with kf_agent2's password and the given role. */
  const fileUser = async (username: string, companyId: number, roleKey: string) => {
    const [u] = await query<{
      id: number;
    }>(sql`insert into sys_user (username, real_name, password_hash, user_type, company_id)
      select ${username}, ${`测试坐席${username}`}, password_hash, 'callcenter', ${companyId} from sys_user where username = 'kf_agent2'
      returning id`);
    await query(
      sql`insert into sys_user_role (user_id, role_id) select ${u.id}, id from sys_role where role_key = ${roleKey}`,
    );
    ids[username] = u.id;
    return u.id;
  };
  const call = (user: string, extra: Record<string, unknown> = {}) =>
    send<CallRecordRow>(user, S.callPhoneRecord, {
      phone: '13912345678',
      direction: 1,
      startedAt: '2026-11-20 09:00:00',
      answeredAt: '2026-11-20 09:00:08',
      endedAt: '2026-11-20 09:03:00',
      ...extra,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const r of await query<{ username: string; id: number }>(
      sql`select username, id from sys_user where username in ('kf_agent1', 'kf_agent2', 'kf_agent3', 'admin', 'sy_admin1')`,
    ))
      ids[r.username] = r.id;
    const [kf1] = await query<{
      company_id: number;
      filing_state: number;
    }>(sql`select u.company_id, e.filing_state
      from sys_user u join enterprise e on e.id = u.company_id where u.username = 'kf_agent1'`);
    const [kf2] = await query<{ id: number }>(sql`insert into enterprise (name, kind, area_code, filing_state)
      values ('第二呼叫中心', 'callcenter', '450103', ${kf1.filing_state}) returning id`);
    await query(sql`insert into sys_role (role_key, name, data_scope, role_type, permissions)
      values ('agent_only', '只读坐席', 'all', 'callcenter', '{rescue:agent:list}')`);
    await fileUser('kf_plain', kf1.company_id, 'agent_only');
    // An agent whose role reads no case (data scope: its own company's, which holds none).
    await query(sql`insert into sys_role (role_key, name, data_scope, role_type, permissions)
      values ('agent_local', '本单位坐席', 'company', 'callcenter', '{rescue:agent:list}')`);
    await fileUser('kf_local', kf1.company_id, 'agent_local');
    await fileUser('kf_other', kf2.id, 'callcenter');
    await query(
      sql`insert into service_agent (user_id, seat_no, online) values (${ids.kf_plain}, 'P1', false), (${ids.kf_other}, 'X9', false), (${ids.kf_local}, 'L1', false)`,
    );
    raceIds = [];
    for (let i = 0; i < N; i++) raceIds.push(await fileUser(`kf_race_${i}`, kf1.company_id, 'callcenter'));
    for (const u of ['admin', 'kf_agent1', 'kf_agent2', 'kf_plain', 'kf_other', 'kf_local', 'sy_admin1'])
      tokens[u] = await t.login(u);
  }, 180_000);
  afterAll(() => t?.close());

  it('lists the demo agents with their seats, kf_agent1 on duty, and their calls of today', async () => {
    const res = await send<Page<AgentRow>>('kf_agent1', S.query, { limit: 100 });
    expect(res.status, res.body.resultMsg).toBe(200);
    const seats = Object.fromEntries(res.body.data.records.map((a) => [a.username, a]));
    expect(seats.kf_agent1).toMatchObject({ seatNo: '01', online: true });
    expect(seats.kf_agent2).toMatchObject({ seatNo: '02', online: false });
    expect(seats.kf_agent3).toMatchObject({ seatNo: '03' });
    // Another call centre's agent is not listed for kf1; the platform sees it.
    expect(seats.kf_other).toBeUndefined();
    const all = await send<Page<AgentRow>>('admin', S.query, { limit: 100 });
    expect(all.body.data.records.some((a) => a.username === 'kf_other')).toBe(true);
    const online = await send<Page<AgentRow>>('kf_agent1', S.query, { online: 'true', keyword: '01' });
    expect(online.body.data.records.map((a) => a.username)).toEqual(['kf_agent1']);
    const info = await send<AgentDetail>('kf_agent1', S.info, { userId: ids.kf_agent1 });
    expect(info.status).toBe(200);
    expect(info.body.data.recentCalls.length).toBeGreaterThan(0);
    expect(info.body.data.shifts[0]).toMatchObject({ online: true });
    expect((await send('kf_agent1', S.info, { userId: ids.kf_other })).status).toBe(404);
    expect((await send('kf_agent1', S.info, { userId: 'x' })).status).toBe(400);
    expect((await send('sy_admin1', S.query)).status).toBe(403);
  });

  it('seeds four weeks of calls, those of phone cases linked to the case and taken by its agent', async () => {
    const [c] = await query<{ calls: number; linked: number; mismatched: number; days: number }>(sql`select
        count(*)::int calls,
        count(c.case_id)::int linked,
        count(*) filter (where c.case_id is not null and c.direction = 1 and c.phone <> r.caller_phone)::int mismatched,
        count(distinct (c.started_at at time zone 'Asia/Shanghai')::date)::int days
      from call_record c left join rescue_case r on r.id = c.case_id`);
    expect(c.calls).toBeGreaterThan(50);
    expect(c.days).toBeGreaterThanOrEqual(28);
    expect(c.mismatched).toBe(0);
    const [phoneCases] = await query<{ n: number }>(sql`select count(*)::int n from rescue_case
      where caller_phone is not null and alarm_at > now() - interval '27 days'`);
    if (phoneCases.n > 0) expect(c.linked).toBeGreaterThan(0);
    const shifts = await query<{ online: boolean }>(
      sql`select online from service_agent_shift where user_id = ${ids.kf_agent1} order by at desc, id desc limit 1`,
    );
    expect(shifts[0]?.online).toBe(true);
  });

  it('gives a call-centre user a seat, edits it, refuses a taken seat with a 409 and deletes it', async () => {
    const made = await send<AgentRow>('kf_agent1', S.update, {
      userId: ids.kf_race_0,
      seatNo: '77',
      extension: '8077',
    });
    expect(made.status, made.body.resultMsg).toBe(200);
    expect(made.body.data).toMatchObject({ seatNo: '77', extension: '8077', online: false, version: 0 });
    const taken = await send('kf_agent1', S.update, { userId: ids.kf_race_1, seatNo: '01' });
    expect(taken.status).toBe(409);
    expect(taken.body.resultMsg).toContain('坐席号「01」已被其他坐席使用');
    const edited = await send<AgentRow>('kf_agent1', S.update, {
      userId: ids.kf_race_0,
      seatNo: '78',
      version: 0,
    });
    expect(edited.body.data).toMatchObject({ seatNo: '78', version: 1 });
    const stale = await send('kf_agent1', S.update, { userId: ids.kf_race_0, seatNo: '79', version: 0 });
    expect(stale.status).toBe(409);
    // Bad input, a user who is not a call-centre user, another centre's user, no right to edit.
    expect((await send('kf_agent1', S.update, { userId: ids.kf_race_0, seatNo: '' })).status).toBe(400);
    expect((await send('kf_agent1', S.update, { userId: ids.kf_race_0, seatNo: '七' })).status).toBe(400);
    expect(
      (await send('kf_agent1', S.update, { userId: ids.kf_race_0, seatNo: '1', extension: 'a' })).status,
    ).toBe(400);
    expect((await send('kf_agent1', S.update, { userId: ids.sy_admin1, seatNo: '90' })).status).toBe(404);
    expect((await send('kf_agent1', S.update, { userId: ids.kf_other, seatNo: '91' })).status).toBe(404);
    expect((await send('kf_plain', S.update, { userId: ids.kf_race_0, seatNo: '92' })).status).toBe(403);
    const candidates = await send<{ userId: number; seatNo: string | null }[]>('kf_agent1', S.candidates);
    expect(candidates.body.data.find((c) => c.userId === ids.kf_race_0)?.seatNo).toBe('78');
    expect(candidates.body.data.some((c) => c.userId === ids.kf_other)).toBe(false);
    expect((await send('kf_agent1', S.delete, { ids: String(ids.kf_other) })).status).toBe(404);
    const gone = await send<{ deleted: number }>('kf_agent1', S.delete, { ids: String(ids.kf_race_0) });
    expect(gone.body.data).toEqual({ deleted: 1 });
    expect((await send('kf_agent1', S.info, { userId: ids.kf_race_0 })).status).toBe(404);
  });

  it('puts an agent on and off duty, logs each change, and lets an agent move only itself', async () => {
    const off = await send<AgentRow>('kf_agent2', S.onOffLine, { online: false });
    expect(off.body.data.online).toBe(false);
    const on = await send<AgentRow>('kf_agent2', S.onOffLine, {});
    expect(on.status, on.body.resultMsg).toBe(200);
    expect(on.body.data.online).toBe(true);
    // Asking for the state it is in changes nothing and logs nothing.
    const before = await query<{ n: number }>(
      sql`select count(*)::int n from service_agent_shift where user_id = ${ids.kf_agent2}`,
    );
    const same = await send<AgentRow>('kf_agent2', S.onOffLine, { online: true });
    expect(same.body.data).toMatchObject({ online: true, version: on.body.data.version });
    const after = await query<{ n: number }>(
      sql`select count(*)::int n from service_agent_shift where user_id = ${ids.kf_agent2}`,
    );
    expect(after[0].n).toBe(before[0].n);
    const log = await send<AgentDetail>('kf_agent2', S.info, { userId: ids.kf_agent2 });
    expect(log.body.data.shifts[0].online).toBe(true);
    expect((await send('kf_plain', S.onOffLine, { userId: ids.kf_agent2 })).status).toBe(403);
    expect((await send<AgentRow>('kf_plain', S.onOffLine, {})).body.data.online).toBe(true);
    const byAdmin = await send<AgentRow>('kf_agent1', S.onOffLine, { userId: ids.kf_agent2, online: false });
    expect(byAdmin.body.data.online).toBe(false);
    expect((await send('kf_agent1', S.onOffLine, { userId: ids.kf_other })).status).toBe(404);
    expect((await send('admin', S.onOffLine, {})).status).toBe(404);
    expect((await send('kf_agent1', S.onOffLine, { online: 'yes' })).status).toBe(400);
  });

  it('records a call with an unguessable token, and refuses bad times, another agent and an unknown case', async () => {
    const res = await call('kf_agent1');
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data).toMatchObject({
      phone: '13912345678',
      direction: 1,
      directionLabel: '呼入',
      startedAt: '2026-11-20 09:00:00',
      durationSeconds: 172,
      agentId: ids.kf_agent1,
      seatNo: '01',
    });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await call('kf_agent1');
    expect(other.body.data.token).not.toBe(res.body.data.token);
    const late = await call('kf_agent1', { endedAt: '2026-11-20 08:59:00' });
    expect(late.status).toBe(400);
    expect(late.body.resultMsg).toContain('结束时间不能早于开始时间');
    expect(
      (await call('kf_agent1', { answeredAt: '2026-11-20 08:00:00', endedAt: null })).body.resultMsg,
    ).toContain('接听时间不能早于开始时间');
    expect((await call('kf_agent1', { direction: 3 })).status).toBe(400);
    expect((await call('kf_agent1', { phone: 'abc' })).status).toBe(400);
    expect((await call('kf_agent1', { startedAt: 'yesterday' })).status).toBe(400);
    expect((await call('kf_agent1', { caseId: 2_000_000 })).status).toBe(404);
    expect((await call('kf_plain', { agentId: ids.kf_agent1 })).status).toBe(403);
    expect((await call('kf_agent1', { agentId: ids.kf_other })).status).toBe(404);
    expect((await call('admin')).status).toBe(400);
    const byAdmin = await call('admin', { agentId: ids.kf_agent2, direction: 2 });
    expect(byAdmin.body.data).toMatchObject({ agentId: ids.kf_agent2, directionLabel: '呼出' });
    const [c] = await query<{ id: number }>(sql`select id from rescue_case order by id limit 1`);
    if (c) expect((await call('kf_agent1', { caseId: c.id })).body.data.caseId).toBe(c.id);
    // A call is linked only to a case its agent may read.
    expect((await call('kf_local')).status).toBe(200);
    if (c) expect((await call('kf_local', { caseId: c.id })).status).toBe(404);
  });

  it('lists call records by agent, day and number, within the call centre', async () => {
    await call('kf_agent2', {
      phone: '13700000001',
      startedAt: '2026-11-21 10:00:00',
      answeredAt: null,
      endedAt: null,
    });
    const list = await send<Page<CallRecordRow>>('kf_agent1', S.callRecords, {
      agentId: ids.kf_agent2,
      date: '2026-11-21',
      phone: '1370000',
    });
    expect(list.status, list.body.resultMsg).toBe(200);
    expect(list.body.data.records.map((r) => r.phone)).toEqual(['13700000001']);
    expect(list.body.data.records[0].durationSeconds).toBeNull();
    expect((await send('kf_agent1', S.callRecords, { date: '2026-13-01' })).status).toBe(400);
    const otherCall = await call('kf_other', { phone: '13700000002' });
    expect(otherCall.status).toBe(200);
    const mine = await send<Page<CallRecordRow>>('kf_agent1', S.callRecords, { phone: '13700000002' });
    expect(mine.body.data.total).toBe(0);
    const platform = await send<Page<CallRecordRow>>('admin', S.callRecords, { phone: '13700000002' });
    expect(platform.body.data.total).toBe(1);

    // A role that lists agents but handles no case sees the callers' numbers masked, and finds a
    // call by the whole number only (a part would give the hidden digits away one query at a time).
    const plain = (phone: string) =>
      send<Page<CallRecordRow>>('kf_plain', S.callRecords, {
        agentId: ids.kf_agent2,
        date: '2026-11-21',
        phone,
      });
    const whole = await plain('137-0000-0001');
    expect(whole.status, whole.body.resultMsg).toBe(200);
    expect(whole.body.data.records.map((r) => r.phone)).toEqual(['137****0001']);
    expect((await plain('1370000')).body.data.total).toBe(0);
    // Spaces and dashes are ignored on both sides, the stored number's and the searched one's.
    for (const written of ['13700000001', '137 0000 0001', ' 137-0000 0001 '])
      expect(
        (await plain(written)).body.data.records.map((r) => r.phone),
        written,
      ).toEqual(['137****0001']);
    for (const part of ['137-0000', '0000 0001', '3700000001', '137000000012'])
      expect((await plain(part)).body.data.total, part).toBe(0);
    const detail = await send<AgentDetail>('kf_plain', S.info, { userId: ids.kf_agent2 });
    expect(detail.status, detail.body.resultMsg).toBe(200);
    expect(detail.body.data.recentCalls.length).toBeGreaterThan(0);
    expect(detail.body.data.recentCalls.every((c) => c.phone.includes('****'))).toBe(true);
    // A landline is kept with its dash (spaces are dropped when a call is recorded).
    const landline = await call('kf_agent2', {
      phone: '0771-555 1234',
      startedAt: '2026-11-21 11:00:00',
      answeredAt: null,
      endedAt: null,
    });
    expect(landline.status, landline.body.resultMsg).toBe(200);
    for (const written of ['0771-5551234', '07715551234', '0771 555 1234'])
      expect(
        (await plain(written)).body.data.records.map((r) => r.phone),
        written,
      ).toEqual(['0771-***1234']);
    for (const part of ['5551234', '0771', '0771-555'])
      expect((await plain(part)).body.data.total, part).toBe(0);
  });

  /**
   * The plans of the statements `list` sends that read call_record, with sequential scans priced out
   * (in a transaction rolled back): which plan the planner picks on a small table is its own, this
   * checks that an index can answer the statement at all.
   */
  async function callRecordPlans(list: (db: Queryable) => Promise<unknown>): Promise<string[]> {
    /** A select of drizzle's, run by its `execute`. */
    type Statement = { getSQL(): SQL; execute: (...a: unknown[]) => Promise<unknown> };
    type Builder = { from(table: unknown): Statement };
    const plans: string[] = [];
    await t.platform.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = (q: Statement) => {
          const run = q.execute;
          q.execute = async (...a) => {
            const found = rowsOf<{ 'QUERY PLAN': string }>(
              await tx.execute(sql`explain (costs off) ${q.getSQL()}`),
            );
            plans.push(found.map((r) => r['QUERY PLAN']).join('\n'));
            return run(...a);
          };
          return q;
        };
        const db = new Proxy(tx, {
          get(target, prop, receiver) {
            if (prop !== 'select') return Reflect.get(target, prop, receiver);
            return (...fields: unknown[]) => {
              const builder = (target.select as unknown as (...f: unknown[]) => Builder).apply(
                target,
                fields,
              );
              const from = builder.from.bind(builder);
              builder.from = (table) => (table === callRecord ? explained(from(table)) : from(table));
              return builder;
            };
          },
        }) as Queryable;
        await list(db);
        throw new Error('rolled back');
      })
      .catch((e: Error) => {
        if (e.message !== 'rolled back') throw e;
      });
    return plans;
  }

  it('finds the calls of a number a masked viewer searches through the index of the numbers without dashes and spaces', async () => {
    const [kf] = await query<{ company_id: number }>(
      sql`select company_id from sys_user where id = ${ids.kf_plain}`,
    );
    const viewers: [string, AuthUser][] = [
      ['a call-centre user', userOf({ id: ids.kf_plain, userType: 'callcenter', companyId: kf.company_id })],
      ['the platform', userOf({ id: ids.admin, userType: 'platform' })],
    ];
    for (const [who, viewer] of viewers)
      for (const phone of ['137-0000-0001', '0771 555 1234']) {
        const label = `${who}, ${phone}`;
        const plans = await callRecordPlans((db) => listCalls(db, viewer, { page: 1, limit: 10, phone }));
        // The count and the page.
        expect(plans.length, label).toBe(2);
        for (const plan of plans)
          expect(plan, label).toMatch(/(using|Scan on) call_record_phone_digits_idx\b/);
      }
  });

  it("turns a pop-up token into the caller's context: the call, open and recent cases and their lifts", async () => {
    const [known] = await query<{
      caller_phone: string;
      n: number;
    }>(sql`select caller_phone, count(*)::int n from rescue_case
      where caller_phone is not null group by caller_phone order by count(*) desc, caller_phone limit 1`);
    const phone = known?.caller_phone ?? '13812340000';
    const made = await call('kf_agent1', {
      phone,
      startedAt: '2026-11-25 10:00:00',
      answeredAt: null,
      endedAt: null,
    });
    const res = await send<PopupContext>('kf_agent1', S.popup, { token: made.body.data.token });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.call.id).toBe(made.body.data.id);
    expect(res.body.data.phone).toBe(phone);
    const cases = [...res.body.data.openCases, ...res.body.data.recentCases];
    expect(cases.length).toBe(Math.min(known?.n ?? 0, cases.length));
    if (known) {
      expect(cases.length).toBeGreaterThan(0);
      for (const c of res.body.data.openCases) expect(c.open).toBe(true);
      const liftIds = new Set(res.body.data.lifts.map((l) => l.id));
      for (const c of cases) if (c.elevatorId) expect(liftIds.has(c.elevatorId)).toBe(true);
    }
    expect((await send('kf_agent1', S.popup, { token: 'no-such-token' })).status).toBe(404);
    expect((await send('sy_admin1', S.popup, { token: made.body.data.token })).status).toBe(403);
    expect((await send('admin', S.popup, { token: made.body.data.token })).status).toBe(200);
    // Another call centre's call is not this one's.
    const other = await call('kf_other', { phone });
    expect((await send('kf_agent1', S.popup, { token: other.body.data.token })).status).toBe(404);
  });

  it("opens a case from a pop-up token: the call is linked and listed in the case; a reused token 409, another centre's 404", async () => {
    const C = rescueCaseCalls;
    const caseCount = async () =>
      (await query<{ n: number }>(sql`select count(*)::int n from rescue_case`))[0].n;
    const made = (await call('kf_agent1', { phone: '13955550001' })).body.data;
    const saved = await send<CaseSaved>('kf_agent1', C.saveOrder, {
      kind: CASE_KIND.enquiry,
      callerPhone: '13955550001',
      callToken: made.token,
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    const opened = saved.body.data.case;
    expect(opened.calls.map((c) => c.id)).toEqual([made.id]);
    const detail = await send<RescueCaseDetail>('kf_agent1', C.detail, { id: opened.id });
    expect(detail.body.data.calls).toEqual([
      expect.objectContaining({ id: made.id, phone: '13955550001', direction: 1 }),
    ]);
    // The call's record names the case; its pop-up lists it among the caller's cases.
    const records = await send<Page<CallRecordRow>>('kf_agent1', S.callRecords, { phone: '13955550001' });
    expect(records.body.data.records.find((r) => r.id === made.id)?.caseNo).toBe(opened.caseNo);
    // The same call again: refused in Chinese with the case it is on, and no second case is left.
    const before = await caseCount();
    const again = await send('kf_agent1', C.saveOrder, { kind: CASE_KIND.enquiry, callToken: made.token });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe(`该来电已关联工单 ${opened.caseNo}，不能再次建单；请在该工单中处理`);
    // Another call centre's call, as an unknown token, is not found; no case opens either way.
    const theirs = (await call('kf_other', { phone: '13955550002' })).body.data;
    for (const token of [theirs.token, 'no-such-token']) {
      const res = await send('kf_agent1', C.saveOrder, { kind: CASE_KIND.enquiry, callToken: token });
      expect(res.status, token).toBe(404);
      expect(res.body.resultMsg).toBe('来电记录不存在或不属于本呼叫中心');
    }
    expect(await caseCount()).toBe(before);
    const [{ linked }] = await query<{ linked: number | null }>(
      sql`select case_id linked from call_record where id = ${theirs.id}`,
    );
    expect(linked).toBeNull();
    // The platform reaches any centre's call.
    const byAdmin = await send<CaseSaved>('admin', C.saveOrder, {
      kind: CASE_KIND.enquiry,
      callToken: theirs.token,
    });
    expect(byAdmin.status, byAdmin.body.resultMsg).toBe(200);
  });

  it('links one pop-up token to one case of 50 agents saving it at once; the others roll back', async () => {
    const made = (await call('kf_agent1', { phone: '13955550003' })).body.data;
    const count = async () =>
      (
        await query<{ n: number }>(
          sql`select count(*)::int n from rescue_case where caller_phone = '13955550003'`,
        )
      )[0].n;
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        send('kf_agent1', rescueCaseCalls.saveOrder, {
          kind: CASE_KIND.enquiry,
          callerPhone: '13955550003',
          callToken: made.token,
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    expect(await count()).toBe(1);
  });

  it("reaches no other call centre's agent or call, call by call", async () => {
    const otherCall = (await call('kf_other', { phone: '13700000009' })).body.data;
    const outsiders = ['kf_agent1', 'kf_plain', 'sy_admin1'] as const;
    const refused = (a: string, res: ApiResult, perm: 'list' | 'edit') => {
      const has = a !== 'sy_admin1' && (perm === 'list' || a === 'kf_agent1');
      expect(res.status, a).toBe(has ? 404 : 403);
    };
    const probes: Record<keyof typeof S, (a: string) => Promise<void>> = {
      query: async (a) => {
        const res = await send<Page<AgentRow>>(a, S.query, { limit: 100 });
        if (a === 'sy_admin1') return expect(res.status).toBe(403);
        expect(res.body.data.records.some((r) => r.userId === ids.kf_other)).toBe(false);
      },
      info: async (a) => refused(a, await send(a, S.info, { userId: ids.kf_other }), 'list'),
      update: async (a) =>
        refused(a, await send(a, S.update, { userId: ids.kf_other, seatNo: 'Z1' }), 'edit'),
      delete: async (a) => refused(a, await send(a, S.delete, { ids: String(ids.kf_other) }), 'edit'),
      onOffLine: async (a) => {
        const res = await send(a, S.onOffLine, { userId: ids.kf_other });
        expect(res.status, a).toBe(a === 'kf_agent1' ? 404 : 403);
      },
      callPhoneRecord: async (a) => {
        const res = await call(a, { agentId: ids.kf_other });
        expect(res.status, a).toBe(a === 'kf_agent1' ? 404 : 403);
      },
      callRecords: async (a) => {
        const res = await send<Page<CallRecordRow>>(a, S.callRecords, { agentId: ids.kf_other });
        if (a === 'sy_admin1') return expect(res.status).toBe(403);
        expect(res.body.data.total).toBe(0);
      },
      popup: async (a) => refused(a, await send(a, S.popup, { token: otherCall.token }), 'list'),
      candidates: async (a) => {
        const res = await send<{ userId: number }[]>(a, S.candidates);
        if (a !== 'kf_agent1') return expect(res.status).toBe(403);
        expect(res.body.data.some((c) => c.userId === ids.kf_other)).toBe(false);
      },
    };
    expect(Object.keys(probes).sort()).toEqual(Object.keys(S).sort());
    const snapshot = () =>
      query(sql`select seat_no, online, version from service_agent where user_id = ${ids.kf_other}`);
    const before = await snapshot();
    const failures: string[] = [];
    for (const a of outsiders)
      for (const [name, probe] of Object.entries(probes))
        await probe(a).catch((err: Error) => failures.push(`${a} ${name}: ${err.message.split('\n')[0]}`));
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const [{ n }] = await query<{ n: number }>(
      sql`select count(*)::int n from call_record where agent_id = ${ids.kf_other}`,
    );
    expect(n).toBeGreaterThan(0);
  });

  it("counts on the live board the agents on duty of the viewer's own centre", async () => {
    const on = await send<AgentRow>('kf_other', S.onOffLine, { online: true });
    expect(on.status, on.body.resultMsg).toBe(200);
    const online = async (centreOf: string | null) => {
      const [{ n }] = await query<{ n: number }>(
        sql`select count(*)::int n from service_agent a join sys_user u on u.id = a.user_id
          where a.online and u.user_type = 'callcenter'
            and (${centreOf}::text is null or u.company_id = (select company_id from sys_user where username = ${centreOf}))`,
      );
      return n;
    };
    const board = async (user: string) => {
      const res = await send<RescueBoard>(user, rescueCaseCalls.board);
      expect(res.status, `${user}: ${res.body.resultMsg}`).toBe(200);
      return res.body.data.agentsOnline;
    };
    const mine = await online('kf_agent1');
    expect(mine).toBeGreaterThan(0);
    expect(await online(null)).toBe(mine + 1);
    // kf_agent1 counts its own centre's agents, not kf_other; kf_other its own (itself); the platform all.
    expect(await board('kf_agent1')).toBe(mine);
    expect(await board('kf_other')).toBe(1);
    expect(await board('admin')).toBe(mine + 1);
    await send('kf_other', S.onOffLine, { online: false });
    expect(await board('kf_other')).toBe(0);
    expect(await board('kf_agent1')).toBe(mine);
  });

  it("tells the agent's centre and the platform, on commit, that an agent went on or off duty", async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const streams = Object.fromEntries(
      await Promise.all(
        (['kf_agent2', 'kf_other', 'admin'] as const).map(
          async (u) => [u, await openStream(base, tokens[u], AGENT_TOPIC)] as const,
        ),
      ),
    );
    for (const st of Object.values(streams)) expect(st.status).toBe(200);
    await until(() => t.platform.live.size >= 3, 5000, 'three open streams');
    const moved = (await send<AgentRow>('kf_agent1', S.onOffLine, {})).body.data;
    const seen = (u: string) =>
      streams[u].events.some((e) => e.event === AGENT_TOPIC && e.data.userId === ids.kf_agent1);
    await until(() => seen('kf_agent2') && seen('admin'), 5000, 'the event at kf_agent2 and admin');
    const event = streams.kf_agent2.events.find((e) => e.data.userId === ids.kf_agent1);
    expect(event?.data).toMatchObject({ online: moved.online, version: moved.version, seatNo: '01' });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen('kf_other')).toBe(false);
    for (const st of Object.values(streams)) st.close();
    await send('kf_agent1', S.onOffLine, { online: true });
  });

  it('gives a seat to one of 50 users asking for it at once', async () => {
    const results = await Promise.all(
      raceIds
        .slice(1)
        .map((userId, i) => send('kf_agent1', S.update, { userId, seatNo: 'R1', remark: String(i) })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 2 });
    const holders = await query<{ n: number }>(
      sql`select count(*)::int n from service_agent where seat_no = 'R1'`,
    );
    expect(holders[0].n).toBe(1);
  });

  it('queues 50 concurrent toggles of one agent: the log alternates and the state follows their parity', async () => {
    const start = (await send<AgentRow>('kf_agent1', S.onOffLine, { online: true })).body.data;
    const [{ max }] = await query<{ max: number }>(
      sql`select coalesce(max(id), 0)::int max from service_agent_shift`,
    );
    const results = await Promise.all(
      Array.from({ length: N }, () => send<AgentRow>('kf_agent1', S.onOffLine, {})),
    );
    expect(statuses(results)).toEqual({ 200: N });
    const log = await query<{ online: boolean }>(
      sql`select online from service_agent_shift where user_id = ${ids.kf_agent1} and id > ${max} order by id`,
    );
    expect(log.map((r) => r.online)).toEqual(Array.from({ length: N }, (_, i) => i % 2 === 1));
    const [now] = await query<{ online: boolean; version: number }>(
      sql`select online, version from service_agent where user_id = ${ids.kf_agent1}`,
    );
    expect(now).toEqual({ online: true, version: start.version + N });
  });
});
