import XLSX from '@e965/xlsx';
import { type Call, type Page, RESCUE_PERMISSIONS, type RepairRow, repairCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { type ApiResult, dbKinds, startTestApp, statusCounts, type TestApp } from './harness.ts';

/**
 * Repairs (故障报修): every call (happy, refused, bad input, another tenant's record → 404), the data
 * scope call by call, and the state moves under 50 concurrent requests (on PostgreSQL they really run
 * at once). Until the seed's roles grant the repairs page to the companies and the call centre
 * (base.ts, the lead's), the test grants the two permissions to their roles itself.
 */
const R = repairCalls;
const N = 50;
const ACTORS = ['admin', 'reg', 'wb_admin1', 'sy_admin1', 'kf_agent1', 'jy_rescue1'] as const;

describe.each(dbKinds)('repairs on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const company: Record<string, number> = {};
  /** A lift of use unit 1 maintained by company 1 in 青秀区, and one of use unit 2 / company 2 outside it. */
  let own: { id: number; area_code: string };
  let foreign: { id: number; area_code: string };
  let foreignRepair: RepairRow;

  const send = <T = unknown>(user: string, call: Call, input: Record<string, unknown> = {}) =>
    call.method === 'GET'
      ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, string> })
      : t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.platform.db.execute(q));
  const statuses = statusCounts;
  const save = (user: string, elevatorId: number, extra: Record<string, unknown> = {}) =>
    send<RepairRow>(user, R.save, { elevatorId, hitchType: '1', description: '厅门关不上', ...extra });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const perms = `{${RESCUE_PERMISSIONS.repairList},${RESCUE_PERMISSIONS.repairEdit}}`;
    await query(sql`update sys_role set permissions = permissions || ${perms}::text[]
      where role_key in ('maintenance_admin', 'use_admin', 'safety_officer', 'callcenter', 'regulator')`);
    for (const r of await query<{ username: string; company_id: number }>(
      sql`select username, company_id from sys_user where company_id is not null`,
    ))
      company[r.username] = r.company_id;
    [own] = await query<{ id: number; area_code: string }>(sql`select id, area_code from elevator
      where use_company_id = ${company.sy_admin1} and maintenance_company_id = ${company.wb_admin1}
      order by id limit 1`);
    [foreign] = await query<{ id: number; area_code: string }>(sql`select id, area_code from elevator
      where use_company_id = ${company.sy_admin2} and maintenance_company_id = ${company.wb_admin2}
        and area_code <> ${own?.area_code ?? ''} order by id limit 1`);
    expect(own && foreign, 'the demo has a lift of each tenant').toBeTruthy();
    // The regulator of the own lift's district (not of the foreign lift's).
    const [reg] = await query<{ username: string }>(sql`select username from sys_user
      where user_type = 'regulator' and area_codes = array[${own.area_code}]::text[] order by id limit 1`);
    tokens.reg = await t.login(reg.username);
    for (const u of [...ACTORS, 'wb_admin2', 'sy_admin2']) if (u !== 'reg') tokens[u] = await t.login(u);
    const made = await save('sy_admin2', foreign.id);
    expect(made.status, made.body.resultMsg).toBe(200);
    foreignRepair = made.body.data;
  }, 120_000);
  afterAll(() => t?.close());

  it("seeds repairs of the last three months in every state, each with its lift's district and companies", async () => {
    const rows = await query<{
      status: number;
      n: number;
      stray: number;
    }>(sql`select r.status, count(*)::int n,
        count(*) filter (where r.area_code <> e.area_code or r.maintenance_company_id is distinct from e.maintenance_company_id)::int stray
      from repair_order r join elevator e on e.id = r.elevator_id group by r.status order by r.status`);
    expect(rows.map((r) => r.status)).toEqual([1, 2, 3]);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBeGreaterThanOrEqual(100);
    expect(rows.every((r) => r.stray === 0)).toBe(true);
  });

  it('lists the fault types for the form', async () => {
    const res = await send<{ value: string; label: string }[]>('sy_admin1', R.hitchTypeList);
    expect(res.status).toBe(200);
    expect(res.body.data.map((h) => h.label)).toEqual(expect.arrayContaining(['门系统故障', '困人', '其他']));
  });

  it('a use unit saves a repair of its lift; its company, the district and the call centre see it', async () => {
    const res = await save('sy_admin1', own.id, { reporterName: '李四', reporterPhone: '13900000001' });
    expect(res.status, res.body.resultMsg).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      elevatorId: own.id,
      areaCode: own.area_code,
      useCompanyId: company.sy_admin1,
      maintenanceCompanyId: company.wb_admin1,
      hitchTypeLabel: '门系统故障',
      source: 6,
      sourceLabel: '使用单位',
      status: 1,
      statusLabel: '待处理',
      reporterName: '李四',
    });
    expect(r.repairNo).toMatch(/^BX\d{8}\d{6,}$/);
    for (const u of ['sy_admin1', 'wb_admin1', 'reg', 'kf_agent1', 'admin']) {
      const list = await send<Page<RepairRow>>(u, R.queryPage, { keyword: r.repairNo });
      expect(list.status, u).toBe(200);
      expect(
        list.body.data.records.map((x) => x.id),
        u,
      ).toEqual([r.id]);
      const info = await send<RepairRow>(u, R.info, { id: r.id });
      expect(info.body.data.repairNo, u).toBe(r.repairNo);
    }
    // The maintenance company's save is marked as its own.
    const byCompany = await save('wb_admin1', own.id, { hitchType: '3' });
    expect(byCompany.body.data).toMatchObject({ source: 5, hitchTypeLabel: '异响' });
  });

  it("refuses another tenant's lift (404), a bad fault type and bad input (400), and callers without the permission (403)", async () => {
    expect((await save('sy_admin1', foreign.id)).status).toBe(404);
    expect((await save('wb_admin1', foreign.id)).status).toBe(404);
    expect((await save('reg', foreign.id)).status).toBe(404);
    const badType = await save('sy_admin1', own.id, { hitchType: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.body.resultMsg).toContain('故障类型');
    const noType = await send('sy_admin1', R.save, { elevatorId: own.id });
    expect(noType.status).toBe(400);
    expect(noType.body.resultMsg).toContain('故障类型');
    expect((await save('sy_admin1', own.id, { reporterPhone: 'abc' })).status).toBe(400);
    expect((await send('sy_admin1', R.save, { elevatorId: 'x', hitchType: '1' })).status).toBe(400);
    expect((await send('sy_admin1', R.queryPage, { status: 9 })).status).toBe(400);
    expect((await send('sy_admin1', R.queryPage, { dateFrom: '2026-02-30' })).status).toBe(400);
    expect((await save('jy_rescue1', own.id)).status).toBe(403);
    expect((await send('jy_rescue1', R.queryPage)).status).toBe(403);
  });

  it('accepts and finishes a repair once, naming the state in a 409, and keeps the use unit and regulator to reading', async () => {
    const r = (await save('sy_admin1', own.id)).body.data;
    expect((await send('sy_admin1', R.accept, { id: r.id, version: r.version })).status).toBe(403);
    expect((await send('reg', R.accept, { id: r.id, version: r.version })).status).toBe(403);
    expect((await send('wb_admin2', R.accept, { id: r.id, version: r.version })).status).toBe(404);
    const accepted = await send<RepairRow>('wb_admin1', R.accept, { id: r.id, version: r.version });
    expect(accepted.status, accepted.body.resultMsg).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 2, statusLabel: '处理中', version: r.version + 1 });
    const again = await send('wb_admin1', R.accept, { id: r.id, version: r.version + 1 });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe('当前状态为「处理中」，不能受理');
    const stale = await send('wb_admin1', R.finish, { id: r.id, version: r.version, result: '更换门机皮带' });
    expect(stale.status).toBe(409);
    expect((await send('wb_admin1', R.finish, { id: r.id, version: r.version + 1 })).status).toBe(400);
    const done = await send<RepairRow>('kf_agent1', R.finish, {
      id: r.id,
      version: r.version + 1,
      result: '更换门机皮带',
    });
    expect(done.status, done.body.resultMsg).toBe(200);
    expect(done.body.data).toMatchObject({ status: 3, statusLabel: '已完成', result: '更换门机皮带' });
    expect(done.body.data.finishTime).not.toBeNull();
    const late = await send('wb_admin1', R.finish, { id: r.id, version: r.version + 2, result: 'x' });
    expect(late.status).toBe(409);
    expect(late.body.resultMsg).toBe('当前状态为「已完成」，不能完成');
  });

  it('filters the list by state, fault type, source, district and date', async () => {
    const r = (await save('sy_admin1', own.id, { hitchType: '8' })).body.data;
    const hit = async (f: Record<string, unknown>) =>
      (await send<Page<RepairRow>>('admin', R.queryPage, { limit: 500, ...f })).body.data.records.some(
        (x) => x.id === r.id,
      );
    expect(await hit({ hitchType: '8', status: 1, source: 6 })).toBe(true);
    expect(await hit({ hitchType: '1' })).toBe(false);
    expect(await hit({ status: 3 })).toBe(false);
    expect(await hit({ areaCode: own.area_code })).toBe(true);
    expect(await hit({ areaCode: foreign.area_code })).toBe(false);
    expect(await hit({ areaCode: '450100' })).toBe(true);
    const today = r.createTime.slice(0, 10);
    expect(await hit({ dateFrom: today, dateTo: today })).toBe(true);
    expect(await hit({ dateTo: '2020-01-01' })).toBe(false);
  });

  it('exports the list as a workbook in the scope', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/monitor/api${R.export.path}`,
      headers: { authorization: `Bearer ${tokens.sy_admin1}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0].slice(0, 4)).toEqual(['报修单号', '注册代码', '电梯地址', '故障类型']);
    expect(rows.length).toBeGreaterThan(1);
  });

  it("reaches no other tenant's repair, call by call", async () => {
    const probes: Record<keyof typeof R, (a: string) => Promise<void>> = {
      save: async (a) => {
        const res = await save(a, foreign.id);
        expect(res.status, `${a} save`).toBe(
          a === 'jy_rescue1' ? 403 : a === 'admin' || a === 'kf_agent1' ? 200 : 404,
        );
      },
      queryPage: async (a) => {
        const res = await send<Page<RepairRow>>(a, R.queryPage, { keyword: foreignRepair.repairNo });
        if (a === 'jy_rescue1') return expect(res.status).toBe(403);
        const seen = res.body.data.records.some((x) => x.id === foreignRepair.id);
        expect(seen, `${a} queryPage`).toBe(a === 'admin' || a === 'kf_agent1');
      },
      hitchTypeList: async (a) => {
        expect((await send(a, R.hitchTypeList)).status).toBe(a === 'jy_rescue1' ? 403 : 200);
      },
      info: async (a) => {
        const res = await send(a, R.info, { id: foreignRepair.id });
        expect(res.status, `${a} info`).toBe(
          a === 'jy_rescue1' ? 403 : a === 'admin' || a === 'kf_agent1' ? 200 : 404,
        );
      },
      accept: async (a) => {
        if (a === 'admin' || a === 'kf_agent1') return;
        const res = await send(a, R.accept, { id: foreignRepair.id, version: foreignRepair.version });
        expect(res.status, `${a} accept`).toBe(a === 'jy_rescue1' ? 403 : 404);
      },
      finish: async (a) => {
        if (a === 'admin' || a === 'kf_agent1') return;
        const res = await send(a, R.finish, {
          id: foreignRepair.id,
          version: foreignRepair.version,
          result: 'x',
        });
        expect(res.status, `${a} finish`).toBe(a === 'jy_rescue1' ? 403 : 404);
      },
      lifts: async (a) => {
        const res = await send<{ id: number }[]>(a, R.lifts, {});
        if (a === 'jy_rescue1') return expect(res.status).toBe(403);
        const ids = res.body.data.map((l) => l.id);
        const all = a === 'admin' || a === 'kf_agent1';
        // 20 at most: the foreign lift may be past the first page for the platform; ask by its id's code.
        if (!all) expect(ids, `${a} lifts`).not.toContain(foreign.id);
        if (a === 'sy_admin1' || a === 'wb_admin1') expect(ids, `${a} lifts`).toContain(own.id);
      },
      export: async (a) => {
        const res = await t.inject({
          method: 'GET',
          url: `/monitor/api${R.export.path}`,
          query: { keyword: foreignRepair.repairNo },
          headers: { authorization: `Bearer ${tokens[a]}` },
        });
        if (a === 'jy_rescue1') return expect(res.statusCode).toBe(403);
        // The sheet holds the repair's number only for those who may see it.
        expect(res.statusCode, `${a} export`).toBe(200);
        const book = XLSX.read(res.rawPayload);
        const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
        const listed = rows.some((row) => row[0] === foreignRepair.repairNo);
        expect(listed, `${a} export`).toBe(a === 'admin' || a === 'kf_agent1');
      },
    };
    expect(Object.keys(probes).sort()).toEqual(Object.keys(R).sort());
    const [before] = await query(
      sql`select status, version from repair_order where id = ${foreignRepair.id}`,
    );
    const failures: string[] = [];
    for (const a of ACTORS)
      for (const [name, probe] of Object.entries(probes))
        await probe(a).catch((err: Error) => failures.push(`${a} ${name}: ${err.message.split('\n')[0]}`));
    expect(failures).toEqual([]);
    const [after] = await query(sql`select status, version from repair_order where id = ${foreignRepair.id}`);
    expect(after).toEqual(before);
  });

  it('accepts one of 50 concurrent 受理 and numbers 50 concurrent saves apart', async () => {
    const r = (await save('sy_admin1', own.id)).body.data;
    const accepts = await Promise.all(
      Array.from({ length: N }, () => send('wb_admin1', R.accept, { id: r.id, version: r.version })),
    );
    expect(statuses(accepts)).toEqual({ 200: 1, 409: N - 1 });
    const saves = await Promise.all(Array.from({ length: N }, () => save('sy_admin1', own.id)));
    expect(statuses(saves)).toEqual({ 200: N });
    expect(new Set(saves.map((s) => (s.body.data as RepairRow).repairNo)).size).toBe(N);
  });
});
