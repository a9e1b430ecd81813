import {
  type Call,
  type Page,
  RESCUE_PERMISSIONS,
  type SigningDetail,
  type SigningRow,
  signingCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import {
  type ApiResult,
  dbKinds,
  heldTransaction,
  startTestApp,
  statusCounts,
  type TestApp,
} from './harness.ts';

/**
 * Use-unit and lease signing (签约管理): every call (happy, refused, bad input, another use unit's
 * signing → 404), the data scope call by call, and concurrent edits of one signing (one wins, the
 * rest 409) on PostgreSQL. Until the seed's roles grant the signing pages (base.ts, the lead's), the
 * test grants the two permissions to the use unit's and the regulator's roles itself.
 */
const S = signingCalls;
const N = 50;
const ACTORS = ['admin', 'reg', 'sy_admin1', 'wb_admin1'] as const;

describe.each(dbKinds)('signing on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const company: Record<string, number> = {};
  let ownLifts: number[] = [];
  let foreignLifts: number[] = [];
  let foreign: SigningDetail;

  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown> = {}) =>
    call.method === 'GET' || call.method === 'DELETE'
      ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, string> })
      : t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(q));
  const statuses = statusCounts;
  const save = (user: string, extra: Record<string, unknown> = {}) =>
    send<SigningDetail>(user, S.saves, {
      kind: 1,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 10000,
      contactName: '王五',
      elevatorIds: ownLifts.slice(0, 2),
      ...extra,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const perms = `{${RESCUE_PERMISSIONS.signingList},${RESCUE_PERMISSIONS.signingEdit}}`;
    await query(
      sql`update sys_role set permissions = permissions || ${perms}::text[] where role_key in ('use_admin', 'regulator')`,
    );
    for (const r of await query<{ username: string; company_id: number }>(
      sql`select username, company_id from sys_user where company_id is not null`,
    ))
      company[r.username] = r.company_id;
    const [area] = await query<{ area_code: string }>(
      sql`select area_code from enterprise where id = ${company.sy_admin1}`,
    );
    const [reg] = await query<{ username: string }>(sql`select username from sys_user
      where user_type = 'regulator' and area_codes = array[${area.area_code}]::text[] order by id limit 1`);
    tokens.reg = await t.login(reg.username);
    for (const u of ['admin', 'sy_admin1', 'sy_admin2', 'wb_admin1']) tokens[u] = await t.login(u);
    const [other] = await query<{ area_code: string }>(
      sql`select area_code from enterprise where id = ${company.sy_admin2}`,
    );
    expect(other.area_code, 'the two use units lie in different districts').not.toBe(area.area_code);
    ownLifts = (
      await query<{ id: number }>(
        sql`select id from elevator where use_company_id = ${company.sy_admin1} order by id`,
      )
    ).map((r) => r.id);
    foreignLifts = (
      await query<{ id: number }>(
        sql`select id from elevator where use_company_id = ${company.sy_admin2} order by id`,
      )
    ).map((r) => r.id);
    expect(ownLifts.length).toBeGreaterThan(2);
    const made = await send<SigningDetail>('sy_admin2', S.saves, {
      kind: 2,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      elevatorIds: foreignLifts.slice(0, 2),
    });
    expect(made.status, made.body.resultMsg).toBe(200);
    foreign = made.body.data;
  }, 120_000);
  afterAll(() => t?.close());

  it('a use unit signs for its own lifts; the regulator of its district and the platform see it', async () => {
    const res = await save('sy_admin1');
    expect(res.status, res.body.resultMsg).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({
      kind: 1,
      kindLabel: '使用单位签约',
      useCompanyId: company.sy_admin1,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 10000,
      liftCount: 2,
      version: 0,
    });
    expect(s.signNo).toMatch(/^QY\d{14,}$/);
    expect(s.lifts.map((l) => l.elevatorId)).toEqual(ownLifts.slice(0, 2));
    for (const u of ['sy_admin1', 'reg', 'admin']) {
      const list = await send<Page<SigningRow>>(u, S.queryPage, { keyword: s.signNo });
      expect(
        list.body.data.records.map((r) => r.id),
        u,
      ).toEqual([s.id]);
      expect((await send<SigningDetail>(u, S.findById, { id: s.id })).body.data.lifts.length, u).toBe(2);
    }
    // The demo's signings: kind filters and the state from the dates.
    const leases = await send<Page<SigningRow>>('admin', S.queryPage, { kind: 2, limit: 100 });
    expect(leases.body.data.records.every((r) => r.kind === 2)).toBe(true);
    const lapsed = await send<Page<SigningRow>>('admin', S.queryPage, { state: 'expired', limit: 100 });
    expect(lapsed.body.data.records.length).toBeGreaterThan(0);
    expect(lapsed.body.data.records.every((r) => r.stateLabel === '已到期')).toBe(true);
  });

  it('edits a signing with its version, replaces its lifts, removes one lift and deletes it', async () => {
    const s = (await save('sy_admin1')).body.data;
    const edited = await save('reg', {
      id: s.id,
      version: s.version,
      useCompanyId: company.sy_admin1,
      kind: 2,
      endDate: '2027-06-30',
      elevatorIds: ownLifts.slice(1, 3),
    });
    expect(edited.status, edited.body.resultMsg).toBe(200);
    expect(edited.body.data).toMatchObject({ kind: 2, endDate: '2027-06-30', version: 1, liftCount: 2 });
    expect(edited.body.data.lifts.map((l) => l.elevatorId)).toEqual(ownLifts.slice(1, 3));
    const stale = await save('sy_admin1', { id: s.id, version: 0 });
    expect(stale.status).toBe(409);
    const link = edited.body.data.lifts[0];
    const removed = await send<SigningDetail>('sy_admin1', S.deleteElevatorById, { id: link.id });
    expect(removed.status, removed.body.resultMsg).toBe(200);
    expect(removed.body.data.lifts.map((l) => l.id)).not.toContain(link.id);
    expect(removed.body.data.version).toBe(2);
    expect((await send('sy_admin1', S.deleteElevatorById, { id: link.id })).status).toBe(404);
    const gone = await send<{ deleted: number }>('sy_admin1', S.delete, { ids: String(s.id) });
    expect(gone.body.data).toEqual({ deleted: 1 });
    expect((await send('sy_admin1', S.findById, { id: s.id })).status).toBe(404);
  });

  it('refuses bad dates and input (400), another unit and its lifts (404 / 400), and callers without the permission (403)', async () => {
    const backwards = await save('sy_admin1', { startDate: '2026-05-01', endDate: '2026-04-30' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.resultMsg).toContain('结束日期不能早于开始日期');
    expect((await save('sy_admin1', { startDate: '2026-02-30' })).status).toBe(400);
    expect((await save('sy_admin1', { kind: 3 })).status).toBe(400);
    expect((await save('sy_admin1', { amount: -1 })).status).toBe(400);
    expect((await save('sy_admin1', { id: 1 })).body.resultMsg).toContain('版本号');
    const stray = await save('sy_admin1', { elevatorIds: [foreignLifts[0]] });
    expect(stray.status).toBe(400);
    expect(stray.body.resultMsg).toContain('不属于该使用单位');
    expect((await save('sy_admin1', { useCompanyId: company.sy_admin2 })).status).toBe(404);
    expect((await save('reg', { useCompanyId: company.sy_admin2, elevatorIds: [] })).status).toBe(404);
    expect((await save('admin', {})).status).toBe(400);
    expect((await save('sy_admin1', { kind: 2, partnerId: company.wb_admin1 })).status).toBe(400);
    const lease = await save('sy_admin1', { kind: 2, partnerId: company.gg_admin1, share: 37.5 });
    expect(lease.body.data).toMatchObject({ partnerId: company.gg_admin1, share: 37.5 });
    // A share belongs to a lease: a service agreement keeps none; out of range or finer than 0.01 is refused.
    expect((await save('sy_admin1', { share: 40 })).body.data.share).toBeNull();
    for (const share of [-1, 100.5, 12.345, 'abc']) {
      const bad = await save('sy_admin1', { kind: 2, partnerId: company.gg_admin1, share });
      expect(bad.status, String(share)).toBe(400);
      expect(bad.body.resultMsg, String(share)).toMatch(/分成比例/);
    }
    expect((await save('wb_admin1')).status).toBe(403);
    expect((await send('wb_admin1', S.queryPage)).status).toBe(403);
  });

  it('offers the use units, partners and lifts the caller may sign', async () => {
    const units = await send<{ id: number }[]>('sy_admin1', S.useUnits);
    expect(units.body.data.map((u) => u.id)).toEqual([company.sy_admin1]);
    const all = await send<{ id: number }[]>('admin', S.useUnits);
    expect(all.body.data.map((u) => u.id)).toEqual(
      expect.arrayContaining([company.sy_admin1, company.sy_admin2]),
    );
    const partners = await send<{ id: number }[]>('sy_admin1', S.partners);
    expect(partners.body.data.map((p) => p.id)).toContain(company.gg_admin1);
    const lifts = await send<{ id: number }[]>('sy_admin1', S.lifts, { useCompanyId: company.sy_admin1 });
    expect(lifts.body.data.map((l) => l.id)).toEqual(ownLifts);
    expect((await send('sy_admin1', S.lifts, { useCompanyId: company.sy_admin2 })).status).toBe(404);
  });

  it("reaches no other use unit's signing, call by call", async () => {
    const sees = (a: string) => a === 'admin';
    const probes: Record<keyof typeof S, (a: string) => Promise<void>> = {
      queryPage: async (a) => {
        const res = await send<Page<SigningRow>>(a, S.queryPage, { keyword: foreign.signNo });
        if (a === 'wb_admin1') return expect(res.status).toBe(403);
        expect(
          res.body.data.records.some((r) => r.id === foreign.id),
          `${a} queryPage`,
        ).toBe(sees(a));
      },
      findById: async (a) => {
        const res = await send(a, S.findById, { id: foreign.id });
        expect(res.status, `${a} findById`).toBe(a === 'wb_admin1' ? 403 : sees(a) ? 200 : 404);
      },
      saves: async (a) => {
        if (sees(a)) return;
        const res = await send(a, S.saves, {
          id: foreign.id,
          version: foreign.version,
          kind: 1,
          useCompanyId: company.sy_admin1,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
        });
        expect(res.status, `${a} saves`).toBe(a === 'wb_admin1' ? 403 : 404);
      },
      deleteElevatorById: async (a) => {
        if (sees(a)) return;
        const res = await send(a, S.deleteElevatorById, { id: foreign.lifts[0].id });
        expect(res.status, `${a} deleteElevatorById`).toBe(a === 'wb_admin1' ? 403 : 404);
      },
      delete: async (a) => {
        if (sees(a)) return;
        const res = await send(a, S.delete, { ids: String(foreign.id) });
        expect(res.status, `${a} delete`).toBe(a === 'wb_admin1' ? 403 : 404);
      },
      useUnits: async (a) => {
        const res = await send<{ id: number }[]>(a, S.useUnits);
        if (a === 'wb_admin1') return expect(res.status).toBe(403);
        expect(
          res.body.data.some((u) => u.id === company.sy_admin2),
          `${a} useUnits`,
        ).toBe(sees(a));
      },
      partners: async (a) => {
        expect((await send(a, S.partners)).status).toBe(a === 'wb_admin1' ? 403 : 200);
      },
      lifts: async (a) => {
        const res = await send(a, S.lifts, { useCompanyId: company.sy_admin2 });
        expect(res.status, `${a} lifts`).toBe(a === 'wb_admin1' ? 403 : sees(a) ? 200 : 404);
      },
    };
    expect(Object.keys(probes).sort()).toEqual(Object.keys(S).sort());
    const before = await send('admin', S.findById, { id: foreign.id });
    const failures: string[] = [];
    for (const a of ACTORS)
      for (const [name, probe] of Object.entries(probes))
        await probe(a).catch((err: Error) => failures.push(`${a} ${name}: ${err.message.split('\n')[0]}`));
    expect(failures).toEqual([]);
    expect((await send('admin', S.findById, { id: foreign.id })).body).toEqual(before.body);
  });

  it.runIf(kind === 'postgres')(
    "never waits on another use unit's signing: a delete or edit of its id answers 404 while that signing is locked",
    async () => {
      // Another writer holds the foreign signing's row (its owner editing it, say).
      const holder = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(sql`select id from signing_record where id = ${foreign.id} for update`),
      );
      let answeredWhileHeld = false;
      const probes = Promise.all([
        send('sy_admin1', S.delete, { ids: [foreign.id] }),
        save('sy_admin1', { id: foreign.id, version: foreign.version }),
      ]).then((r) => {
        answeredWhileHeld = true;
        return r;
      });
      // Released after the answers, or after 10 s if they wait for the lock (the bug).
      await Promise.race([probes, new Promise((r) => setTimeout(r, 10_000))]);
      const answered = answeredWhileHeld;
      await holder.commit();
      const [deleted, edited] = await probes;
      expect(answered, 'answered while the lock was held').toBe(true);
      expect([deleted.status, edited.status]).toEqual([404, 404]);
    },
  );

  it('lets one of 50 concurrent edits of a signing through', async () => {
    const s = (await save('sy_admin1')).body.data;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        save('sy_admin1', { id: s.id, version: s.version, remark: String(i) }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
  });
});
