import {
  emergencyCodeCalls as C,
  type Call,
  type CodeBatchRow,
  type CodeLiftRow,
  type CodeRecordRow,
  type EmergencyCodeRow,
  elevatorCalls,
  type LocatedLift,
  type Page,
  type PublicLift,
  publicReportCalls as R,
  rescueCaseCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { pdfText } from './pdf-support.ts';

/**
 * Emergency codes, call by call on both databases: generation, the pool, claims, binding and
 * unbinding, voiding, the records, signboards (the PDF's text holds the code), and the public report
 * page (a case opens; the per-lift cooldown and the per-IP cap). A temporary code past its last day
 * locates no lift, for the agent nor on the public page, and the daily job takes it off its lift.
 */
const CODE_PERMS = ['rescue:code:list', 'rescue:code:claim'];

/** Gives the use units' and maintenance companies' admins the claimer's permissions (base.ts does not yet). */
async function grantClaimers(t: TestApp) {
  await t.platform.db.execute(
    sql`update sys_role set permissions = permissions || ${sql.raw(
      `array['${CODE_PERMS.join("','")}']`,
    )}::text[] where role_key in ('use_admin', 'maintenance_admin')`,
  );
  t.platform.sessions.clear();
}

describe.each(dbKinds)('emergency codes on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const send = <T = unknown>(user: string | null, call: Call, input: Record<string, unknown>) =>
    call.method === 'GET'
      ? t.api<T>(call.method, call.path.replace('{code}', String(input.code ?? '')), {
          token: user ? tokens[user] : undefined,
          query: input as Record<string, string>,
        })
      : t.api<T>(call.method, call.path, { token: user ? tokens[user] : undefined, body: input });
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const companyOf = async (u: string) =>
    (await query<{ company_id: number }>(`select company_id from sys_user where username = '${u}'`))[0]
      .company_id;

  let batch: CodeBatchRow;
  let mine: string[];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400, rateLimitPerMinute: 40 });
    await grantClaimers(t);
    for (const u of ['admin', 'jg_qingxiu', 'sy_admin1', 'sy_admin2', 'wb_admin1', 'kf_agent1'])
      tokens[u] = await t.login(u);
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds the demo: the lifts’ codes as 存量, claimed by their use units, and two fresh batches', async () => {
    const res = await send<Page<CodeBatchRow>>('admin', C.batchList, { page: 1, limit: 10 });
    expect(res.status, res.body.resultMsg).toBe(200);
    expect(res.body.data.records.length).toBe(3);
    expect(res.body.data.records.some((b) => b.temporary && b.validUntil)).toBe(true);
    const [held] = await query<{ n: number }>(
      `select count(*)::int n from elevator e where e.rescue_code is not null
        and not exists (select 1 from emergency_code c where c.code = e.rescue_code)`,
    );
    expect(held.n).toBe(0);
  });

  it('generates a batch of unique 6-digit codes; refuses bad input and accounts without the permission', async () => {
    const res = await send<CodeBatchRow>('admin', C.generate, { quantity: 500, remark: '测试批次' });
    expect(res.status, res.body.resultMsg).toBe(200);
    batch = res.body.data;
    expect(batch.quantity).toBe(500);
    const codes = await query<{ code: string }>(
      `select code from emergency_code where batch_id = ${batch.id}`,
    );
    expect(codes.length).toBe(500);
    expect(codes.every((c) => /^\d{6}$/.test(c.code))).toBe(true);
    const [onLift] = await query<{ n: number }>(
      `select count(*)::int n from emergency_code c join elevator e on e.rescue_code = c.code where c.batch_id = ${batch.id}`,
    );
    expect(onLift.n).toBe(0);
    const [gen] = await query<{ n: number }>(
      `select count(*)::int n from emergency_code_record where action = '生成' and code in (select code from emergency_code where batch_id = ${batch.id})`,
    );
    expect(gen.n).toBe(500);

    for (const bad of [
      { quantity: 0 },
      { quantity: 5001 },
      { quantity: 'x' },
      { quantity: 5, temporary: true },
      { quantity: 5, temporary: true, validUntil: '2020-01-01' },
      { quantity: 5, validUntil: '2099-01-01' },
    ]) {
      const r = await send('admin', C.generate, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.resultMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await send('sy_admin1', C.generate, { quantity: 5 })).status).toBe(403);
    expect((await send('jg_qingxiu', C.generate, { quantity: 1 })).status).toBe(403);
  });

  it('claims codes by quantity and by name; a claimed code is another company’s 409; unknown 404', async () => {
    const res = await send<{ codes: string[] }>('sy_admin1', C.claim, { quantity: 5, batchId: batch.id });
    expect(res.status, res.body.resultMsg).toBe(200);
    mine = res.body.data.codes;
    expect(mine.length).toBe(5);
    const taken = await send('sy_admin2', C.claim, { codes: [mine[0]] });
    expect(taken.status).toBe(409);
    expect(taken.body.resultMsg).toContain(mine[0]);
    expect((await send('sy_admin2', C.claim, { codes: ['999999', mine[0]] })).status).toBeGreaterThanOrEqual(
      404,
    );
    const [free] = await query<{ code: string }>(
      `select code from emergency_code where batch_id = ${batch.id} and claimed_by is null order by code limit 1`,
    );
    const named = await send<{ codes: string[] }>('sy_admin2', C.claim, { codes: [free.code] });
    expect(named.status, named.body.resultMsg).toBe(200);
    expect(named.body.data.codes).toEqual([free.code]);
    expect((await send('sy_admin1', C.claim, { quantity: 1, codes: ['000001'] })).status).toBe(400);
    expect((await send('sy_admin1', C.claim, {})).status).toBe(400);
    expect((await send('sy_admin1', C.claim, { codes: ['12345'] })).status).toBe(400);
    expect((await send('sy_admin1', C.claim, { quantity: 100_000 })).status).toBe(400);
    expect((await send('sy_admin1', C.claim, { quantity: 1000, batchId: batch.id })).status).toBe(409);
    // The platform has no company to claim for; a regulator lacks the permission.
    expect((await send('admin', C.claim, { quantity: 1 })).status).toBe(403);
    expect((await send('jg_qingxiu', C.claim, { quantity: 1 })).status).toBe(403);
  });

  it('lists the pool by scope: a claimer its own codes, regulators every code', async () => {
    const own = await send<Page<EmergencyCodeRow>>('sy_admin1', C.list, { batchId: batch.id, limit: 100 });
    expect(own.status).toBe(200);
    expect(own.body.data.records.map((r) => r.code).sort()).toEqual([...mine].sort());
    expect(own.body.data.records.every((r) => r.state === 'claimed' && r.stateLabel === '已认领')).toBe(true);
    const other = await send<Page<EmergencyCodeRow>>('sy_admin2', C.list, { code: mine[0] });
    expect(other.body.data.records.length).toBe(0);
    const reg = await send<Page<EmergencyCodeRow>>('jg_qingxiu', C.list, {
      batchId: batch.id,
      state: 'unclaimed',
    });
    expect(reg.status).toBe(200);
    expect(reg.body.data.total).toBe(494);
    const prefix = await send<Page<EmergencyCodeRow>>('admin', C.list, { code: mine[0].slice(0, 4) });
    expect(prefix.body.data.records.every((r) => r.code.startsWith(mine[0].slice(0, 4)))).toBe(true);
    expect((await send('admin', C.list, { state: 'nonsense' })).status).toBe(400);
    expect((await send('admin', C.list, { code: 'abc' })).status).toBe(400);
    expect((await send('admin', C.batchList, { temporary: 'maybe' })).status).toBe(400);
    expect((await send('admin', C.lifts, { bound: 'maybe' })).status).toBe(400);
    expect((await send('admin', C.void, { codes: [] })).status).toBe(400);
    expect((await send('sy_admin1', C.unbind, { code: '1' })).status).toBe(400);
    expect((await send('admin', C.records, { dateFrom: '2026-02-30' })).status).toBe(400);
    const batches = await send<Page<CodeBatchRow>>('sy_admin1', C.batchList, {});
    expect(batches.body.data.records.find((b) => b.id === batch.id)?.claimed).toBe(5);
  });

  it('binds a claimed code to a lift of the claimer, once; refuses others’ codes and lifts; unbinds', async () => {
    const lifts = await send<Page<CodeLiftRow>>('sy_admin1', C.lifts, { bound: 'true', limit: 5 });
    expect(lifts.status).toBe(200);
    const lift = lifts.body.data.records[0];
    expect(lift.rescueCode).toMatch(/^\d{6}$/);
    // The lift already holds a code: 409 with the code in the message.
    const busy = await send('sy_admin1', C.bind, { code: mine[0], elevatorId: lift.id });
    expect(busy.status).toBe(409);
    expect(busy.body.resultMsg).toContain('已有应急码');
    const un = await send<CodeRecordRow>('sy_admin1', C.unbind, { code: lift.rescueCode });
    expect(un.status, un.body.resultMsg).toBe(200);
    expect(un.body.data.action).toBe('解绑');
    expect((await send('sy_admin1', C.unbind, { code: lift.rescueCode })).status).toBe(409);
    const ok = await send<CodeRecordRow>('sy_admin1', C.bind, { code: mine[0], elevatorId: lift.id });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data).toMatchObject({ code: mine[0], action: '绑定', elevatorId: lift.id });
    const [row] = await query<{ rescue_code: string }>(
      `select rescue_code from elevator where id = ${lift.id}`,
    );
    expect(row.rescue_code).toBe(mine[0]);
    // Bound elsewhere: 409; another company's code: 404; a lift outside the scope: 404.
    const [other] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${await companyOf('sy_admin1')} and id <> ${lift.id} and rescue_code is not null limit 1`,
    );
    await send('sy_admin1', C.unbind, {
      code: (await query<{ c: string }>(`select rescue_code c from elevator where id = ${other.id}`))[0].c,
    });
    expect((await send('sy_admin1', C.bind, { code: mine[0], elevatorId: other.id })).status).toBe(409);
    expect((await send('sy_admin2', C.bind, { code: mine[1], elevatorId: other.id })).status).toBe(404);
    const [foreign] = await query<{ id: number }>(
      `select id from elevator where use_company_id <> ${await companyOf('sy_admin1')} and rescue_code is null limit 1`,
    );
    if (foreign)
      expect((await send('sy_admin1', C.bind, { code: mine[1], elevatorId: foreign.id })).status).toBe(404);
    expect((await send('sy_admin2', C.unbind, { code: mine[0] })).status).toBe(404);
    expect((await send('sy_admin1', C.bind, { code: '12a456', elevatorId: other.id })).status).toBe(400);
    expect((await send('sy_admin1', C.bind, { code: mine[1] })).status).toBe(400);
    expect((await send('jg_qingxiu', C.bind, { code: mine[1], elevatorId: other.id })).status).toBe(403);
    // The records: the claimer's, by action.
    const recs = await send<Page<CodeRecordRow>>('sy_admin1', C.records, { action: '绑定,解绑', limit: 50 });
    expect(recs.status).toBe(200);
    expect(recs.body.data.records.some((r) => r.code === mine[0] && r.action === '绑定' && r.current)).toBe(
      true,
    );
    // The lift's old code was unbound: its 绑定 record is no longer current.
    const old = await send<Page<CodeRecordRow>>('sy_admin1', C.records, {
      code: lift.rescueCode,
      action: '绑定',
    });
    expect(old.body.data.records.length).toBeGreaterThan(0);
    expect(old.body.data.records.every((r) => !r.current)).toBe(true);
    const others = await send<Page<CodeRecordRow>>('sy_admin2', C.records, { code: mine[0] });
    expect(others.body.data.records.length).toBe(0);
    expect((await send('admin', C.records, { action: '偷看' })).status).toBe(400);
  });

  it('records the registry’s 解绑 (unbindingEmergencyCode) in the code’s history; 409 then, 404 outside the scope', async () => {
    const unbinding = elevatorCalls.unbindingEmergencyCode;
    const [lift] = await query<{ id: number; rescue_code: string; register_code: string }>(
      `select id, rescue_code, register_code from elevator where area_code = '450103' and rescue_code is not null order by id limit 1`,
    );
    const [outside] = await query<{ id: number; rescue_code: string }>(
      `select id, rescue_code from elevator where area_code <> '450103' and rescue_code is not null order by id limit 1`,
    );
    const recordsOf = (code: string) =>
      query<{ action: string; elevator_id: number; register_code: string; user_name: string }>(
        `select action, elevator_id, register_code, user_name from emergency_code_record
          where code = '${code}' and action = '解绑' order by id`,
      );
    const before = (await recordsOf(lift.rescue_code)).length;
    const res = await send('jg_qingxiu', unbinding, { id: lift.id });
    expect(res.status, res.body.resultMsg).toBe(200);
    const [row] = await query<{ rescue_code: string | null }>(
      `select rescue_code from elevator where id = ${lift.id}`,
    );
    expect(row.rescue_code).toBeNull();
    const records = await recordsOf(lift.rescue_code);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)).toMatchObject({ elevator_id: lift.id, register_code: lift.register_code });
    expect(records.at(-1)?.user_name).toBeTruthy();
    // The code pages show it: its 绑定 is no longer current, the 解绑 names the lift.
    const shown = await send<Page<CodeRecordRow>>('admin', C.records, {
      code: lift.rescue_code,
      action: '解绑',
    });
    expect(shown.body.data.records.some((r) => r.elevatorId === lift.id)).toBe(true);
    // Nothing left to take off: 409, no record; a lift outside 青秀区: 404, its code kept, no record.
    expect((await send('jg_qingxiu', unbinding, { id: lift.id })).status).toBe(409);
    expect((await recordsOf(lift.rescue_code)).length).toBe(before + 1);
    const outsideBefore = (await recordsOf(outside.rescue_code)).length;
    expect((await send('jg_qingxiu', unbinding, { id: outside.id })).status).toBe(404);
    const [kept] = await query<{ rescue_code: string }>(
      `select rescue_code from elevator where id = ${outside.id}`,
    );
    expect(kept.rescue_code).toBe(outside.rescue_code);
    expect((await recordsOf(outside.rescue_code)).length).toBe(outsideBefore);
  });

  it('refuses an expired temporary code and voids codes no lift holds', async () => {
    const tmp = await send<CodeBatchRow>('admin', C.generate, {
      quantity: 3,
      temporary: true,
      validUntil: '2099-12-31',
    });
    expect(tmp.status, tmp.body.resultMsg).toBe(200);
    const claimed = await send<{ codes: string[] }>('sy_admin1', C.claim, {
      quantity: 3,
      batchId: tmp.body.data.id,
      temporary: true,
    });
    expect(claimed.status, claimed.body.resultMsg).toBe(200);
    await query(
      `update emergency_code set valid_until = date '2020-01-01' where batch_id = ${tmp.body.data.id}`,
    );
    const [free] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${await companyOf('sy_admin1')} and rescue_code is null limit 1`,
    );
    const expired = await send('sy_admin1', C.bind, {
      code: claimed.body.data.codes[0],
      elevatorId: free.id,
    });
    expect(expired.status).toBe(409);
    expect(expired.body.resultMsg).toContain('已过期');
    const list = await send<Page<EmergencyCodeRow>>('sy_admin1', C.list, {
      temporary: 'true',
      expired: 'true',
    });
    expect(list.body.data.records.length).toBe(3);

    const v = await send<{ voided: number }>('admin', C.void, { codes: [mine[2]] });
    expect(v.status, v.body.resultMsg).toBe(200);
    expect(v.body.data.voided).toBe(1);
    expect((await send('admin', C.void, { codes: [mine[2]] })).status).toBe(409);
    expect((await send('admin', C.void, { codes: [mine[0]] })).status).toBe(409); // bound
    expect((await send('admin', C.void, { codes: ['000000'] })).status).toBeOneOf([404, 409]);
    expect((await send('sy_admin1', C.void, { codes: [mine[3]] })).status).toBe(403);
    expect((await send('sy_admin1', C.bind, { code: mine[2], elevatorId: free.id })).status).toBe(409);
  });

  it('an expired temporary code neither locates its lift nor opens the public page; the daily job unbinds it', async () => {
    const tmp = await send<CodeBatchRow>('admin', C.generate, {
      quantity: 2,
      temporary: true,
      validUntil: '2099-12-31',
    });
    expect(tmp.status, tmp.body.resultMsg).toBe(200);
    const claimed = await send<{ codes: string[] }>('sy_admin1', C.claim, {
      quantity: 2,
      batchId: tmp.body.data.id,
      temporary: true,
    });
    expect(claimed.status, claimed.body.resultMsg).toBe(200);
    const [gone, kept] = claimed.body.data.codes;
    // Two lifts of the use unit with no open case, their old codes (if any, not mine[0]) unbound.
    const free = await query<{ id: number; rescue_code: string | null }>(
      `select id, rescue_code from elevator where use_company_id = ${await companyOf('sy_admin1')}
        and rescue_code is distinct from '${mine[0]}'
        and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6)
       order by rescue_code is null desc, id limit 2`,
    );
    expect(free.length).toBe(2);
    for (const l of free)
      if (l.rescue_code)
        expect((await send('sy_admin1', C.unbind, { code: l.rescue_code })).status).toBe(200);
    for (const [i, code] of [gone, kept].entries()) {
      const b = await send('sy_admin1', C.bind, { code, elevatorId: free[i].id });
      expect(b.status, b.body.resultMsg).toBe(200);
    }
    // `gone` ended yesterday (Shanghai), by the database's clock; `kept` ends in 2099.
    await query(
      `update emergency_code set valid_until = (now() at time zone 'Asia/Shanghai')::date - 1 where code = '${gone}'`,
    );
    const locate = (code: string) =>
      send<LocatedLift[]>('kf_agent1', rescueCaseCalls.elevatorList, { keyword: code });
    const byGone = await locate(gone);
    expect(byGone.status, byGone.body.resultMsg).toBe(200);
    expect(byGone.body.data).toEqual([]);
    expect((await locate(kept)).body.data.map((l) => l.id)).toEqual([free[1].id]);

    const page = await send(null, R.lift, { code: gone });
    expect(page.status).toBe(410);
    expect(page.body.resultMsg).toBe('该应急码已过期，请拨打 96333');
    const report = await send(null, R.report, { code: gone, kind: '困人' });
    expect(report.status).toBe(410);
    expect(report.body.resultMsg).toContain('96333');
    const [none] = await query<{ n: number }>(
      `select count(*)::int n from rescue_case where elevator_id = ${free[0].id} and source = 4`,
    );
    expect(none.n).toBe(0);
    expect((await send<PublicLift>(null, R.lift, { code: kept })).status).toBe(200);

    // The daily job: the expired code comes off its lift with a 解绑 record; the other stays.
    const run = await t.platform.jobs.runNow('rescue-code-expiry');
    expect(run.state).toBe('ran');
    const lifts = await query<{ id: number; rescue_code: string | null }>(
      `select id, rescue_code from elevator where id in (${free[0].id}, ${free[1].id}) order by id`,
    );
    expect(lifts).toEqual([
      { id: free[0].id, rescue_code: null },
      { id: free[1].id, rescue_code: kept },
    ]);
    const history = await query<{ action: string; elevator_id: number; user_name: string }>(
      `select action, elevator_id, user_name from emergency_code_record where code = '${gone}' order by id`,
    );
    expect(history.map((h) => h.action)).toEqual(['生成', '认领', '绑定', '解绑']);
    expect(history.at(-1)).toMatchObject({ elevator_id: free[0].id, user_name: '系统（临时码过期）' });
    expect((await send(null, R.lift, { code: gone })).status).toBe(410);
    // A second run finds nothing more to do.
    await t.platform.jobs.runNow('rescue-code-expiry');
    expect(
      (await query(`select 1 from emergency_code_record where code = '${gone}' and action = '解绑'`)).length,
    ).toBe(1);
  });

  it('prints signboards: a PDF whose text holds the code, 96333 and the address; others’ lifts 404', async () => {
    const [lift] = await query<{ id: number; address: string }>(
      `select id, address from elevator where rescue_code = '${mine[0]}'`,
    );
    const res = await t.inject({
      method: 'POST',
      url: `/monitor/api${C.signboard.path}`,
      headers: { authorization: `Bearer ${tokens.sy_admin1}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [lift.id] }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(mine[0]);
    expect(text).toContain('96333');
    expect(text).toContain('应急救援');
    expect(text.replace(/\s/g, '')).toContain(lift.address.replace(/\s/g, '').slice(0, 6));
    expect((await send('sy_admin2', C.signboard, { ids: [lift.id] })).status).toBe(404);
    expect((await send('sy_admin1', C.signboard, { ids: [] })).status).toBe(400);
  });

  it('the public page shows a lift and opens a case; a second report joins it; bad codes 400/404', async () => {
    const [{ code }] = await query<{ code: string }>(
      `select rescue_code code from elevator e where rescue_code is not null and not exists
        (select 1 from rescue_case c where c.elevator_id = e.id and c.status < 6) order by id limit 1`,
    );
    const shown = await send<PublicLift>(null, R.lift, { code });
    expect(shown.status, shown.body.resultMsg).toBe(200);
    expect(shown.body.data.caseOpen).toBe(false);
    expect(shown.body.data.registerCode).toContain('*');
    expect((await send(null, R.lift, { code: '12345' })).status).toBe(400);
    expect((await send(null, R.lift, { code: mine[1] })).status).toBe(404);

    const first = await send<{ joined: boolean; message: string }>(null, R.report, {
      code,
      kind: '困人',
      trapped: 2,
      phone: '13800000000',
    });
    expect(first.status, first.body.resultMsg).toBe(200);
    expect(first.body.data.joined).toBe(false);
    expect(first.body.data.message).toContain('96333');
    const second = await send<{ joined: boolean }>(null, R.report, { code, kind: '故障' });
    expect(second.body.data.joined).toBe(true);
    // A repeat within the cooldown keeps what it says, as a phone repeat does: a 重复报警 step with
    // its phone and words, and more people trapped raise the count.
    const third = await send<{ joined: boolean }>(null, R.report, {
      code,
      kind: '困人',
      trapped: 4,
      phone: '13900000001',
      description: '轿厢内有老人',
    });
    expect(third.body.data.joined).toBe(true);
    const [cases] = await query<{ n: number; trapped: number; id: number }>(
      `select count(*) over ()::int n, trapped, id from rescue_case where rescue_code = '${code}' and source = 4`,
    );
    expect(cases.n).toBe(1);
    expect(cases.trapped).toBe(4);
    const repeats = await query<{ note: string }>(
      `select note from rescue_case_step where case_id = ${cases.id} and action = '重复报警' order by id`,
    );
    expect(repeats).toHaveLength(2);
    expect(repeats[1].note).toContain('来电 13900000001');
    expect(repeats[1].note).toContain('轿厢内有老人');
    expect((await send<PublicLift>(null, R.lift, { code })).body.data.caseOpen).toBe(true);
    expect((await send(null, R.report, { code, kind: '着火' })).status).toBe(400);
    expect((await send(null, R.report, { code: mine[1], kind: '困人' })).status).toBe(404);
  });

  it('limits the public calls per IP and minute, as the sign-in calls are', async () => {
    const [{ code }] = await query<{ code: string }>(
      'select rescue_code code from elevator where rescue_code is not null order by id limit 1',
    );
    const look = () =>
      t.inject({
        method: 'GET',
        url: `/monitor/api/public/rescue/lift/${code}`,
        remoteAddress: '192.0.2.44',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await look()).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
  });

  it('caps reports per IP an hour with a 429 in Chinese', async () => {
    const [lift] = await query<{ rescue_code: string }>(
      'select rescue_code from elevator where rescue_code is not null order by id desc limit 1',
    );
    const report = () =>
      t.inject({
        method: 'POST',
        url: `/monitor/api${R.report.path}`,
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: lift.rescue_code, kind: '故障' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await report()).statusCode);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    const last = await report();
    expect(last.statusCode).toBe(429);
    expect(last.json().resultMsg).toContain('96333');
    const [cases] = await query<{ n: number }>(
      `select count(*)::int n from rescue_case where rescue_code = '${lift.rescue_code}' and source = 4`,
    );
    expect(cases.n).toBe(1);
  });
});
