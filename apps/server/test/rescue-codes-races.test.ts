import { emergencyCodeCalls as C, type Call, type CodeBatchRow, publicReportCalls as R } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, statusCounts, type TestApp } from './harness.ts';

/**
 * The write rules of emergency codes under 50 concurrent requests (on PostgreSQL they really run at
 * once; PGlite runs them one by one): concurrent batches never share a code and each holds its
 * quantity; a code is claimed by one company; a lift takes one code and a code one lift; the public
 * report's per-IP cap and per-lift merge hold.
 */
const N = 50;

/** Gives the use units' and maintenance companies' admins the claimer's permissions (base.ts does not yet). */
async function grantClaimers(t: TestApp) {
  await t.platform.db.execute(
    sql`update sys_role set permissions = permissions || array['rescue:code:list', 'rescue:code:claim']::text[]
      where role_key in ('use_admin', 'maintenance_admin')`,
  );
  t.platform.sessions.clear();
}

describe.each(dbKinds)('emergency code rules under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown>) =>
    t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const statuses = statusCounts;
  const companyOf = async (u: string) =>
    (await query<{ company_id: number }>(`select company_id from sys_user where username = '${u}'`))[0]
      .company_id;
  const report = (ip: string, code: string, kindOf: '困人' | '故障') =>
    t
      .inject({
        method: 'POST',
        url: `/monitor/api${R.report.path}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code, kind: kindOf, trapped: 1 }),
      })
      .then((r) => ({ status: r.statusCode, body: r.json() as ApiResult<{ joined: boolean }>['body'] }));

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    await grantClaimers(t);
    for (const u of ['admin', 'sy_admin1', 'sy_admin2']) tokens[u] = await t.login(u);
  }, 120_000);
  afterAll(() => t?.close());

  it('generates 50 batches at once: no code twice, each batch its quantity', async () => {
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => send<CodeBatchRow>('admin', C.generate, { quantity: 100 + i })),
    );
    expect(statuses(results)).toEqual({ 200: N });
    const ids = results.map((r) => r.body.data.id);
    const counts = await query<{ batch_id: number; n: number }>(
      `select batch_id, count(*)::int n from emergency_code where batch_id in (${ids.join(',')}) group by batch_id`,
    );
    for (const [i, id] of ids.entries()) expect(counts.find((c) => c.batch_id === id)?.n).toBe(100 + i);
    const [dupes] = await query<{ n: number }>(
      'select count(*)::int n from (select code from emergency_code group by code having count(*) > 1) d',
    );
    expect(dupes.n).toBe(0);
    const [onLift] = await query<{ n: number }>(
      `select count(*)::int n from emergency_code c join elevator e on e.rescue_code = c.code where c.batch_id in (${ids.join(',')})`,
    );
    expect(onLift.n).toBe(0);
  });

  it('lets one of two companies claim a code that 50 requests ask for', async () => {
    const [free] = await query<{ code: string }>(
      'select code from emergency_code where claimed_by is null and not voided and not temporary order by code limit 1',
    );
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send(i % 2 ? 'sy_admin1' : 'sy_admin2', C.claim, { codes: [free.code] }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ n: number }>(
      `select count(*)::int n from emergency_code_record where code = '${free.code}' and action = '认领'`,
    );
    expect(row.n).toBe(1);
    // Quantity claims at once take disjoint codes.
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send<{ codes: string[] }>(i % 2 ? 'sy_admin1' : 'sy_admin2', C.claim, { quantity: 3 }),
      ),
    );
    expect(statuses(many)).toEqual({ 200: 20 });
    const all = many.flatMap((r) => r.body.data.codes);
    expect(new Set(all).size).toBe(60);
  });

  it('binds one code to a lift when 50 requests bind different codes to it, and a code to one lift', async () => {
    const company = await companyOf('sy_admin1');
    const claimed = await send<{ codes: string[] }>('sy_admin1', C.claim, { quantity: N });
    expect(claimed.status, claimed.body.resultMsg).toBe(200);
    const lifts = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${company} order by id limit 2`,
    );
    await query(`update elevator set rescue_code = null where id in (${lifts.map((l) => l.id).join(',')})`);
    const results = await Promise.all(
      claimed.body.data.codes.map((code) => send('sy_admin1', C.bind, { code, elevatorId: lifts[0].id })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const spare = claimed.body.data.codes.find((_, k) => results[k].status === 409) as string;
    const both = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        send('sy_admin1', C.bind, { code: spare, elevatorId: i % 2 ? lifts[1].id : lifts[0].id }),
      ),
    );
    expect(statuses(both)).toEqual({ 200: 1, 409: N - 1 });
    const [held] = await query<{ n: number }>(
      `select count(*)::int n from elevator where rescue_code = '${spare}'`,
    );
    expect(held.n).toBe(1);
  });

  it('caps one address at its hourly reports and merges a lift’s reports into one case', async () => {
    const [a, b] = await query<{ rescue_code: string }>(
      `select rescue_code from elevator where rescue_code is not null and not exists
        (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6) order by id desc limit 2`,
    );
    const one = await Promise.all(
      Array.from({ length: N }, () => report('198.51.100.7', a.rescue_code, '故障')),
    );
    expect(statuses(one)).toEqual({ 200: 10, 429: N - 10 });
    expect(one.find((r) => r.status === 429)?.body.resultMsg).toMatch(/频繁/);
    const [faults] = await query<{ n: number }>(
      `select count(*)::int n from rescue_case where rescue_code = '${a.rescue_code}' and source = 4`,
    );
    expect(faults.n).toBe(1);

    const many = await Promise.all(
      Array.from({ length: N }, (_, i) => report(`198.51.100.${100 + i}`, b.rescue_code, '困人')),
    );
    expect(statuses(many)).toEqual({ 200: N });
    expect(many.filter((r) => r.body.data.joined === false).length).toBe(1);
    const [trapped] = await query<{ n: number }>(
      `select count(*)::int n from rescue_case where rescue_code = '${b.rescue_code}' and kind = 1 and status < 6`,
    );
    expect(trapped.n).toBe(1);
    const [hits] = await query<{ n: number }>(
      `select count(*)::int n from public_report_hit where code = '${b.rescue_code}'`,
    );
    expect(hits.n).toBe(N);
  });
});
