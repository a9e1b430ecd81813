import {
  type Call,
  type CodeBatchRow,
  type CodeLiftRow,
  type CodeRecordRow,
  type EmergencyCodeRow,
  emergencyCodeCalls,
  type Page,
  publicReportCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of emergency codes, call by call (the twin of maintenance-scope.test.ts): use unit 1,
 * maintenance company 1 and the 青秀区 regulator ask for the codes use unit 2 claimed, the lift
 * outside 青秀区 one of them is bound to, its records and its signboard. Each call answers 404 (403
 * without the permission, or for an account that acts for no company) or leaves the record out; the
 * owner sees it; and afterwards the codes and the lift are as they were. The pool itself is the
 * city's: regulators read every code (not a tenant's record), only the platform generates and voids.
 */
const prefixed = <P extends string, T extends Record<string, Call>>(p: P, calls: T) =>
  Object.fromEntries(Object.entries(calls).map(([k, v]) => [`${p}.${k}`, v])) as {
    [K in keyof T & string as `${P}.${K}`]: T[K];
  };
const calls = { ...prefixed('code', emergencyCodeCalls), ...prefixed('public', publicReportCalls) };
type CallName = keyof typeof calls;
const ACTORS = ['sy_admin1', 'wb_admin1', 'jg_qingxiu'] as const;
const OWNER = 'sy_admin2';

describe.each(dbKinds)('emergency code data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  /** The shared sweep (scope-sweep.ts); use unit 2, the codes' owner, is the control that finds them. */
  let p: CallProber<typeof calls>;
  const companies: Record<string, number | null> = {};
  let batch: CodeBatchRow;
  /** Use unit 2's codes: one bound to its lift outside 青秀区, one claimed and free. */
  let bound: string;
  let free: string;
  let foreignLift: { id: number; register_code: string };
  /** A code and a lift of the actor (to bind a foreign code to its own lift, and the reverse). */
  const own: Record<string, { code: string | null; liftId: number | null }> = {};

  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown>) =>
    p.send<T>(user, name, input);
  const has = (a: string, name: CallName) => p.may(a, name);
  /** 404 with the permission (403 without it, or when the actor acts for no company). */
  const refused = async (a: string, name: CallName, input: Record<string, unknown>, noCompany = 403) => {
    const res = await send(a, name, input);
    const expected = !has(a, name) ? 403 : companies[a] === null && noCompany !== 404 ? noCompany : 404;
    expect(res.status, `${a} ${name}: ${res.body.resultMsg}`).toBe(expected);
  };
  const leftOut = (
    a: string,
    name: CallName,
    input: Record<string, unknown>,
    found: (d: unknown) => boolean,
  ) => p.leftOut(a, name, input, found);
  const codeIn = (code: string) => (d: unknown) =>
    (d as Page<{ code: string }>).records.some((r) => r.code === code);

  const probes: Probes<typeof calls> = {
    'code.generate': async (a) => {
      const res = await send(a, 'code.generate', { quantity: 1 });
      expect(res.status, `${a} generate`).toBe(403);
    },
    'code.batchList': async (a) => {
      const res = await send<Page<CodeBatchRow>>(a, 'code.batchList', { limit: 100 });
      if (!has(a, 'code.batchList')) return expect(res.status).toBe(403);
      const seen = res.body.data.records.find((b) => b.id === batch.id);
      // A claimer holds no code of the batch: it does not see it; a regulator sees the city's batches.
      if (companies[a] !== null) expect(seen, `${a} sees use unit 2's batch`).toBeUndefined();
      else expect(seen?.claimed).toBe(3);
    },
    'code.list': async (a) => {
      if (companies[a] === null) {
        const res = await send<Page<EmergencyCodeRow>>(a, 'code.list', { code: bound });
        if (!has(a, 'code.list')) return expect(res.status).toBe(403);
        expect(codeIn(bound)(res.body.data), 'the regulator reads the city’s pool').toBe(true);
        return;
      }
      await leftOut(a, 'code.list', { code: bound }, codeIn(bound));
    },
    'code.claim': async (a) => {
      const res = await send(a, 'code.claim', { codes: [free] });
      expect(res.status, `${a} claim`).toBe(!has(a, 'code.claim') || companies[a] === null ? 403 : 409);
    },
    'code.bind': async (a) => {
      await refused(a, 'code.bind', { code: free, elevatorId: own[a].liftId ?? foreignLift.id });
      if (own[a].code) await refused(a, 'code.bind', { code: own[a].code, elevatorId: foreignLift.id });
    },
    'code.unbind': (a) => refused(a, 'code.unbind', { code: bound }, 404),
    'code.void': async (a) => {
      const res = await send(a, 'code.void', { codes: [free] });
      expect(res.status, `${a} void`).toBe(403);
    },
    // The binding's records (生成 is the city's: every regulator reads it).
    'code.records': (a) =>
      leftOut(a, 'code.records', { code: bound, action: '绑定,解绑', limit: 50 }, codeIn(bound)),
    'code.lifts': (a) =>
      leftOut(a, 'code.lifts', { keyword: foreignLift.register_code }, (d) =>
        (d as Page<CodeLiftRow>).records.some((r) => r.id === foreignLift.id),
      ),
    'code.signboard': (a) => refused(a, 'code.signboard', { ids: [foreignLift.id] }, 404),
    // Public: anyone may read a lift by its code (what the signboard shows anyway).
    'public.lift': async (a) => {
      expect((await send(a, 'public.lift', { code: bound })).status).toBe(200);
    },
    // Public: reporting is open to everyone (the limits are tested in rescue-codes*.test.ts).
    'public.report': async (a) => {
      expect((await send(a, 'public.report', { code: '12345', kind: '故障' })).status).toBe(400);
    },
  };

  const snapshot = async () => ({
    codes: await query(
      `select code, claimed_by, voided, version from emergency_code where batch_id = ${batch.id} order by code`,
    ),
    lift: await query(`select rescue_code, version from elevator where id = ${foreignLift.id}`),
    records: await query(
      `select count(*)::int n from emergency_code_record where code in ('${bound}', '${free}')`,
    ),
  });

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    await t.platform.db.execute(
      sql`update sys_role set permissions = permissions || array['rescue:code:list', 'rescue:code:claim']::text[]
        where role_key in ('use_admin', 'maintenance_admin')`,
    );
    t.platform.sessions.clear();
    p = new CallProber(t, calls, OWNER);
    await p.signIn(['admin', ...ACTORS]);
    for (const u of [OWNER, ...ACTORS]) {
      const info = await t.api<{ companyId: number | null }>('GET', '/pc/sysUser/getUserInfo', {
        token: p.tokens[u],
      });
      companies[u] = u.startsWith('jg_') ? null : info.body.data.companyId;
    }
    batch = (await send<CodeBatchRow>('admin', 'code.generate', { quantity: 3, remark: '范围探测' })).body
      .data;
    const claimed = (await send<{ codes: string[] }>(OWNER, 'code.claim', { quantity: 3, batchId: batch.id }))
      .body.data.codes;
    [bound, free] = claimed;
    [foreignLift] = await query<{ id: number; register_code: string }>(
      `select id, register_code from elevator where use_company_id = ${companies[OWNER]}
        and area_code <> '450103' and maintenance_company_id is distinct from ${companies.wb_admin1}
        order by id limit 1`,
    );
    expect(foreignLift, 'use unit 2 has a lift outside 青秀区 not maintained by company 1').toBeDefined();
    await query(`update elevator set rescue_code = null where id = ${foreignLift.id}`);
    const b = await send(OWNER, 'code.bind', { code: bound, elevatorId: foreignLift.id });
    expect(b.status, b.body.resultMsg).toBe(200);
    for (const a of ACTORS) {
      own[a] = { code: null, liftId: null };
      if (companies[a] === null) continue;
      const c = await send<{ codes: string[] }>(a, 'code.claim', { quantity: 1 });
      own[a].code = c.body.data?.codes?.[0] ?? null;
      const lifts = await send<Page<CodeLiftRow>>(a, 'code.lifts', { limit: 1 });
      own[a].liftId = lifts.body.data?.records[0]?.id ?? null;
    }
  }, 180_000);
  afterAll(() => t?.close());

  it('has a probe for every emergency-code call', () => p.expectProbeForEveryCall(probes));

  it.each(ACTORS)("%s reaches nothing of another company's codes, call by call", (actor) =>
    p.sweep(actor, probes, snapshot),
  );

  it('the owner sees its records, and a regulator those of its districts only', async () => {
    const mine = await send<Page<CodeRecordRow>>(OWNER, 'code.records', { code: bound });
    expect(mine.body.data.records.map((r) => r.action).sort()).toEqual(['绑定', '认领'].sort());
    const theirs = await send<Page<CodeRecordRow>>('jg_qingxiu', 'code.records', { code: bound });
    expect(theirs.body.data.records.some((r) => r.action === '绑定')).toBe(false);
  });
});
