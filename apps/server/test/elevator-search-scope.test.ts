import { elevatorFilters } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listElevators } from '../src/modules/elevator/list.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Scope tokens in the search-gram index (tables.ts scopedGramsOf): a district regulator's and a
 * maintenance company's keyword search finds exactly the lifts it found without the tokens, and a
 * lift moved to another district or company is found under its new scope at once (the index is kept
 * by the writing statement itself).
 */
describe.each(dbKinds)('keyword search within a scope (%s)', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['jg_qingxiu', 'wb_admin1', 'admin']) tokens[u] = await t.login(u);
  }, 600_000);
  afterAll(() => t?.close());

  const list = async (user: string, body: Record<string, unknown>) => {
    const res = await t.api<{ records: { id: number }[]; total: number }>('POST', '/pc/elevator/queryList', {
      token: tokens[user],
      body: { page: 1, limit: 100, ...body },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('finds for jg_qingxiu and wb_admin1 what the same scope finds without the tokens', async () => {
    const db = t.platform.db;
    const [{ companyId }] = rowsOf<{ companyId: number }>(
      await db.execute(sql`select company_id as "companyId" from sys_user where username = 'wb_admin1'`),
    );
    const addresses = rowsOf<{ address: string }>(
      await db.execute(sql`select address from elevator order by id limit 40`),
    ).map((r) => r.address);
    const terms = new Set<string>(['南宁', '青秀', '西乡塘区', '大道', '1号']);
    for (const a of addresses.slice(0, 12)) terms.add([...a].slice(3, 6).join(''));
    const scopes = [
      { user: 'jg_qingxiu', where: sql`"elevator"."area_code" = '450103'` },
      { user: 'wb_admin1', where: sql`"elevator"."maintenance_company_id" = ${companyId}` },
    ];
    let nonEmpty = 0;
    for (const { user, where } of scopes) {
      for (const keyword of terms) {
        for (const extra of [{}, { areaCode: '450103' }, { maintenanceCompanyId: companyId }]) {
          const f = elevatorFilters.parse({ page: 1, limit: 100, keyword, ...extra });
          const expected = await listElevators(db, where, false, f);
          const got = await list(user, { keyword, ...extra });
          expect(
            got.records.map((r) => r.id),
            `${user} ${keyword} ${JSON.stringify(extra)}`,
          ).toEqual(expected.records.map((r) => r.id));
          expect(got.total).toBe(expected.total);
          if (got.total > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('follows a lift into another district and another maintenance company at once', async () => {
    const db = t.platform.db;
    const [lift] = rowsOf<{ id: number; address: string; areaCode: string }>(
      await db.execute(
        sql`select id, address, area_code as "areaCode" from elevator where area_code <> '450103' order by id limit 1`,
      ),
    );
    const term = [...lift.address].slice(-4).join('');
    const before = await list('jg_qingxiu', { keyword: term });
    expect(before.records.map((r) => r.id)).not.toContain(lift.id);
    await db.execute(sql`update elevator set area_code = '450103' where id = ${lift.id}`);
    const after = await list('jg_qingxiu', { keyword: term });
    expect(after.records.map((r) => r.id)).toContain(lift.id);

    const [{ companyId }] = rowsOf<{ companyId: number }>(
      await db.execute(sql`select company_id as "companyId" from sys_user where username = 'wb_admin1'`),
    );
    await db.execute(sql`update elevator set maintenance_company_id = null where id = ${lift.id}`);
    expect((await list('wb_admin1', { keyword: term })).records.map((r) => r.id)).not.toContain(lift.id);
    await db.execute(sql`update elevator set maintenance_company_id = ${companyId} where id = ${lift.id}`);
    expect((await list('wb_admin1', { keyword: term })).records.map((r) => r.id)).toContain(lift.id);
  });
});
