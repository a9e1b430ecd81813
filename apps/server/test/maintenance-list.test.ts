import {
  type CheckRow,
  type DataScope,
  type MaintenanceOrderRecord,
  maintenanceContentCalls,
  maintenanceOrderCalls,
  ORDER_STATUS,
  orderCheckCalls,
  orderFilters,
  type Page,
  shanghaiToday,
  type UserType,
} from '@ec/contract';
import { and, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrders, selectOrders, toRow } from '../src/modules/maintenance/orders/read.ts';
import { generateOrders } from '../src/modules/maintenance/plans.ts';
import { type OrderAudience, orderScope, seesOrder } from '../src/modules/maintenance/scope.ts';
import { maintenanceOrder } from '../src/modules/maintenance/tables.ts';
import type { AuthUser } from '../src/platform/access.ts';
import { loadGrants } from '../src/platform/auth/session.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * The order list as it reads now (ids by index, rows by a prepared statement, the open findings a
 * column kept by a trigger) against what it read before (one joined query, a count per row), for
 * every demo account; the live events' `seesOrder` against the SQL `orderScope` for every demo
 * account; the template's foreign key; the plan job's rounds under overlapping runs; the note an
 * adjusted, replaced or faulty item needs.
 */
describe.each(dbKinds)('maintenance order list, scope and plan job on %s', (kind) => {
  let t: TestApp;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  let accounts: AuthUser[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    const users = await query<{
      id: number;
      username: string;
      real_name: string;
      user_type: string;
      company_id: number | null;
      area_codes: string[];
    }>('select id, username, real_name, user_type, company_id, area_codes from sys_user order by id');
    accounts = [];
    for (const u of users) {
      const grants = await loadGrants(t.platform.db, u.id);
      accounts.push({
        id: u.id,
        username: u.username,
        realName: u.real_name,
        userType: u.user_type as UserType,
        companyId: u.company_id,
        areaCodes: u.area_codes ?? [],
        dataScope: grants.dataScope as DataScope,
        roles: grants.roles,
        permissions: grants.permissions,
        tokenHash: '',
        needIntercept: false,
        mustChangePassword: false,
      });
    }
  }, 600_000);
  afterAll(() => t?.close());

  const account = (username: string) => accounts.find((a) => a.username === username)!;

  it('lists for every demo account what the joined query with a count per row listed', async () => {
    const db = t.platform.db;
    const filterSets: Record<string, unknown>[] = [
      {},
      { status: 4 },
      { withFindings: 'true' },
      { late: 'true' },
      { page: 2 },
    ];
    let compared = 0;
    for (const user of accounts) {
      for (const extra of filterSets) {
        const f = orderFilters.parse({ page: 1, limit: 10, ...extra });
        const page = await listOrders(db, user, f);
        // The former query: the same scope and order, open findings counted per row.
        const conditions = [orderScope(user)];
        if (extra.status !== undefined) conditions.push(sql`${maintenanceOrder.status} = ${extra.status}`);
        if (extra.withFindings)
          conditions.push(
            sql`(select count(*) from maintenance_check c where c.order_id = ${maintenanceOrder.id} and c.verdict <> 2) > 0`,
          );
        if (extra.late)
          conditions.push(
            sql`${maintenanceOrder.planDate} < ${shanghaiToday()}::date and ${maintenanceOrder.status} <= ${ORDER_STATUS.working}`,
          );
        const before = await selectOrders(db, and(...conditions))
          .orderBy(desc(maintenanceOrder.planDate), desc(maintenanceOrder.id))
          .limit(f.limit)
          .offset((f.page - 1) * f.limit);
        expect(page.records, `${user.username} ${JSON.stringify(extra)}`).toEqual(
          before.map((j) => toRow(j)),
        );
        if (page.records.length > 0) compared++;
        // The open findings on the row are the findings counted.
        for (const r of page.records) {
          const [{ n }] = await query<{ n: number }>(
            `select count(*)::int as n from maintenance_check where order_id = ${r.id} and verdict <> 2`,
          );
          expect(r.findingCount, `order ${r.id}`).toBe(n);
        }
        if (extra.late) expect(page.records.every((r) => r.late)).toBe(true);
      }
    }
    // The demo data gives most accounts orders to see: the comparison compared something.
    expect(compared).toBeGreaterThan(20);
  }, 600_000);

  it('keeps the open findings on the order as findings are recorded, marked and deleted', async () => {
    const admin = await t.login('admin');
    const list = await t.api<Page<CheckRow>>(orderCheckCalls.list.method, orderCheckCalls.list.path, {
      token: admin,
      query: { verdict: 0, page: 1, limit: 1 },
    });
    const finding = list.body.data.records[0];
    const openOf = async () =>
      (
        await query<{ open_findings: number; n: number }>(
          `select o.open_findings, (select count(*)::int from maintenance_check c where c.order_id = o.id and c.verdict <> 2) as n
           from maintenance_order o where o.id = ${finding.orderId}`,
        )
      )[0];
    const before = await openOf();
    expect(before.open_findings).toBe(before.n);
    expect(before.n).toBeGreaterThan(0);
    const marked = await t.api(orderCheckCalls.update.method, orderCheckCalls.update.path, {
      token: admin,
      body: { id: finding.id, verdict: 2, note: '误报：复核无误' },
    });
    expect(marked.status).toBe(200);
    expect((await openOf()).open_findings).toBe(before.n - 1);
    await query(
      `insert into maintenance_check (order_id, kind, detail) values (${finding.orderId}, 'test_kind', '测试')`,
    );
    expect((await openOf()).open_findings).toBe(before.n);
    await query(`delete from maintenance_check where order_id = ${finding.orderId} and kind = 'test_kind'`);
    const after = await openOf();
    expect(after.open_findings).toBe(before.n - 1);
    expect(after.open_findings).toBe(after.n);
    // The list shows it and filters by it.
    const page = await listOrders(
      t.platform.db,
      account('admin'),
      orderFilters.parse({ page: 1, limit: 500, withFindings: 'true' }),
    );
    expect(page.records.every((r) => r.findingCount > 0)).toBe(true);
    expect(page.records.some((r) => r.id === finding.orderId)).toBe(after.n > 0);
  });

  it('lets the live events reach exactly the accounts the SQL scope shows an order to', async () => {
    const orders = await query<{
      id: number;
      area_code: string | null;
      maintenance_company_id: number | null;
      use_company_id: number | null;
      worker_ids: number[];
    }>(
      'select id, area_code, maintenance_company_id, use_company_id, worker_ids from maintenance_order order by id',
    );
    expect(accounts.length).toBeGreaterThan(10);
    for (const user of accounts) {
      const inSql = new Set(
        (
          await t.platform.db
            .select({ id: maintenanceOrder.id })
            .from(maintenanceOrder)
            .where(orderScope(user))
        ).map((r) => r.id),
      );
      const inCode = orders.filter((o) => {
        const audience: OrderAudience = {
          areaCode: o.area_code,
          maintenanceCompanyId: o.maintenance_company_id,
          useCompanyId: o.use_company_id,
          workerIds: o.worker_ids,
        };
        return seesOrder(user, audience);
      });
      expect(
        inCode.map((o) => o.id),
        `${user.username} (${user.userType}, ${user.dataScope})`,
      ).toEqual([...inSql].sort((a, b) => a - b));
    }
  }, 600_000);

  /** Plans under a passed contract on the day `days` from today (the job makes orders only for them). */
  const underContract = (days: number) => `select p.id from maintenance_plan p
      where p.enabled and cardinality(p.worker_ids) > 0 and exists (
        select 1 from maintenance_contract_elevator ce
          join maintenance_contract c on c.id = ce.contract_id
        where ce.elevator_id = p.elevator_id and c.filing_state = 3
          and c.start_date <= current_date + ${days} and c.end_date >= current_date + ${days})`;

  it('shows the job-made order created by 系统 from its created_at, without a log row', async () => {
    // A day three days on, inside the demo contracts; only the chosen plan is due then.
    const [plan] = await query<{ id: number }>(`${underContract(3)} order by p.id limit 1`);
    expect(plan, 'a plan under contract three days from now').toBeDefined();
    await query('update maintenance_plan set next_date = current_date + 200 where enabled');
    await query(`update maintenance_plan set next_date = current_date + 3 where id = ${plan.id}`);
    const day = (await query<{ d: string }>('select (current_date + 3)::text as d'))[0].d;
    expect(await generateOrders(t.platform.db, day, 0)).toBe(1);
    const [order] = await query<{ id: number; created_at: Date }>(
      `select id, created_at from maintenance_order where plan_id = ${plan.id} and plan_date = '${day}'`,
    );
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from maintenance_order_record where order_id = ${order.id}`,
    );
    expect(n).toBe(0);
    const admin = await t.login('admin');
    const log = await t.api<Page<MaintenanceOrderRecord>>(
      maintenanceOrderCalls.queryOrderRecord.method,
      maintenanceOrderCalls.queryOrderRecord.path,
      { token: admin, query: { orderId: order.id, page: 1, limit: 10 } },
    );
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.data.total).toBe(1);
    expect(log.body.data.records[0]).toMatchObject({ action: '创建工单', operator: '系统' });
    expect(log.body.data.records[0].detail).toMatch(/^按维保计划生成.+保养工单$/);
  });

  it('gives every due plan exactly one order when 50 runs of the job overlap', async () => {
    const db = t.platform.db;
    // Every plan due on one day five days on, inside the demo contracts.
    await query('update maintenance_plan set next_date = current_date + 5 where enabled');
    const day = (await query<{ d: string }>('select (current_date + 5)::text as d'))[0].d;
    const [{ due }] = await query<{ due: number }>(
      `select count(*)::int as due from (${underContract(5)}) p`,
    );
    expect(due).toBeGreaterThan(0);
    const [{ last }] = await query<{ last: number }>(
      'select coalesce(max(id), 0)::int as last from maintenance_order',
    );
    // Small rounds, so that the runs interleave round by round.
    const made = await Promise.all(Array.from({ length: 50 }, () => generateOrders(db, day, 0, 7)));
    const total = made.reduce((a, b) => a + b, 0);
    const [counts] = await query<{ orders: number; plans: number; dupes: number }>(`
        select count(*)::int as orders, count(distinct plan_id)::int as plans,
          (select count(*)::int from (select 1 from maintenance_order where id > ${last}
            group by plan_id, plan_date having count(*) > 1) d) as dupes
        from maintenance_order where id > ${last}`);
    expect(counts.dupes).toBe(0);
    expect(counts.orders).toBe(total);
    expect(counts.plans).toBe(counts.orders);
    // Every due plan under contract got its order and moved on; none is left due on that day.
    const [{ left }] = await query<{ left: number }>(
      `select count(*)::int as left from (${underContract(5)}) p
         where not exists (select 1 from maintenance_order o where o.plan_id = p.id and o.plan_date = '${day}')`,
    );
    expect(left).toBe(0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(due);
  }, 600_000);

  it('refuses to delete a template orders were made from, in the database too (409)', async () => {
    const admin = await t.login('admin');
    const added = await t.api<{ id: number }>(
      maintenanceContentCalls.add.method,
      maintenanceContentCalls.add.path,
      { token: admin, body: { name: '删除测试模板', appendix: 'A' } },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const contentId = added.body.data.id;
    const remove = () =>
      t.api(maintenanceContentCalls.delete.method, maintenanceContentCalls.delete.path, {
        token: admin,
        query: { ids: String(contentId) },
      });
    const insertOrder = (db = t.platform.db) =>
      db.execute(sql`insert into maintenance_order (order_no, elevator_id, kind, plan_date, content_id, content_version)
        select 'WB-DEL-' || ${contentId} || '-' || floor(random() * 1e9)::text, id, 1, current_date, ${contentId}, 1
        from elevator order by id limit 1`);
    if (kind === 'postgres') {
      // The race: an order made after the service's reads and before its delete. The order's
      // insert holds the template's key; the delete waits for it, then the foreign key refuses.
      let pending: ReturnType<typeof remove> | undefined;
      await t.platform.db.transaction(async (tx) => {
        await insertOrder(tx);
        pending = remove();
        await new Promise((r) => setTimeout(r, 1500));
      });
      const raced = await pending!;
      expect(raced.status, JSON.stringify(raced.body)).toBe(409);
      expect(raced.body.resultMsg).toMatch(/正被维保计划或维保工单使用|已有维保工单按它生成/);
    } else await insertOrder();
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain('已有维保工单按它生成，不能删除');
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int as n from maintenance_content where id = ${contentId}`,
    );
    expect(n).toBe(1);
    // In the database itself: a direct delete is refused, not nulled on the orders.
    await expect(query(`delete from maintenance_content where id = ${contentId}`)).rejects.toThrow();
  });
});
