import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  type InspectionBillDetail,
  type InspectionBillPreview,
  type InspectionExpenseSummary,
  inspectionBillCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { REGULATOR_OF_AREA } from '../src/platform/seed/demo.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the inspection bills, call by call: another organisation (jy_admin2), another use
 * unit (sy_admin2), a maintenance company and the regulator of another district ask for a bill of
 * jy1 to sy1 (with its report pushed). Each call answers 404 (403 without the permission), leaves
 * the bill out of a list, its report out of the reports and its amount out of the figures; the
 * platform, the use unit and its district's regulator see it; and afterwards nothing changed.
 */
const MONTH = '2021-06';

describe.each(dbKinds)('inspection bills data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  let p: CallProber<typeof inspectionBillCalls>;
  let bill: InspectionBillDetail;
  let sy1: number;
  let actors: string[];
  let regulator: string;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const snapshot = () =>
    query(
      `select b.id, b.version, c.notice_id, n.pay_state, n.version as nv from inspection_bill b
        left join inspection_bill_charge c on c.bill_id = b.id left join inspection_charge_notice n on n.id = c.notice_id
        order by b.id, c.notice_id`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    const rows = await query<{ username: string; company_id: number }>(
      `select username, company_id from sys_user where username in ('jy_admin1', 'sy_admin1')`,
    );
    const c = Object.fromEntries(rows.map((r) => [r.username, r.company_id]));
    sy1 = c.sy_admin1;
    const [{ area_code }] = await query<{ area_code: string }>(
      `select area_code from enterprise where id = ${sy1}`,
    );
    regulator = REGULATOR_OF_AREA[area_code];
    const other = Object.entries(REGULATOR_OF_AREA).find(([a]) => a !== area_code)![1];
    actors = ['jy_admin2', 'sy_admin2', 'wb_admin1', other];
    p = new CallProber(t, inspectionBillCalls);
    await p.signIn(['jy_admin1', 'sy_admin1', regulator, ...actors]);
    // A lift in the use unit's district (its regulator reads the pushed report of it).
    const [lift] = await query<{ id: number }>(
      `select id from elevator where use_company_id = ${sy1} and area_code = '${area_code}' order by id limit 1`,
    );
    const [order] = await query<{ id: number }>(
      `insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date, attachments)
        values ('JYSCOPE-${kind}', ${lift.id}, ${c.jy_admin1}, ${sy1}, 'reported', '${MONTH}-20', '{}'::jsonb) returning id`,
    );
    await query(`insert into inspection_charge_notice (order_id, notice_no, amount, items, issued_at)
      values (${order.id}, 'SFSCOPE-${kind}', 48000, '[]'::jsonb, '${MONTH}-15T10:00:00+08:00')`);
    await query(`insert into inspection_report (order_id, report_no, elevator_id, org_id, use_unit_id, state, conclusion,
        inspected_on, pushed) values (${order.id}, 'BGSCOPE-${kind}', ${lift.id}, ${c.jy_admin1}, ${sy1}, 'pushed', '合格', '${MONTH}-18', true)`);
    const created = await p.send<{ bill: InspectionBillDetail }>('jy_admin1', 'create', {
      useUnitId: sy1,
      month: MONTH,
    });
    expect(created.status, created.body.resultMsg).toBe(200);
    bill = created.body.data.bill;
  }, 180_000);
  afterAll(() => t?.close());

  const reportsHave = (d: unknown) =>
    (d as { records: { reportNo: string }[] }).records.some((r) => r.reportNo === `BGSCOPE-${kind}`);

  const probes = (): Probes<typeof inspectionBillCalls> => ({
    list: (a) => p.leftOut(a, 'list', { billNo: bill.billNo }, p.hasId(bill.id)),
    get: (a) => p.refused(a, 'get', { id: bill.id }),
    reports: async (a) => {
      await p.refused(a, 'reports', { billId: bill.id });
      await p.leftOut(a, 'reports', { month: MONTH, limit: 500 }, reportsHave);
    },
    managementExpense: async (a) => {
      const res = await p.send<InspectionExpenseSummary>(a, 'managementExpense', { from: MONTH, to: MONTH });
      if (!p.may(a, 'managementExpense')) return void expect(res.status).toBe(403);
      expect(res.status).toBe(200);
      expect(res.body.data.totals.notices, `${a} counts none of jy1's notices to sy1`).toBe(0);
      const control = await p.send<InspectionExpenseSummary>('admin', 'managementExpense', {
        from: MONTH,
        to: MONTH,
      });
      expect(control.body.data.totals.amount).toBeGreaterThanOrEqual(48_000);
    },
    create: async (a) => {
      // Another organisation's bill to sy1 gathers nothing of jy1's; anyone else is no organisation (403).
      const res = await p.send<{ preview: InspectionBillPreview }>(a, 'create', {
        useUnitId: sy1,
        month: MONTH,
        dryRun: true,
      });
      if (a.startsWith('jy_')) {
        expect(res.status, res.body.resultMsg).toBe(200);
        expect(res.body.data.preview.charges).toHaveLength(0);
        expect((await p.send(a, 'create', { useUnitId: sy1, month: MONTH })).status).toBe(409);
      } else expect(res.status, `${a} create`).toBe(403);
    },
    export: async (a) => {
      const exported = async (user: string) => {
        const res = await t.inject({
          method: 'GET',
          url: `${API_PREFIX}${inspectionBillCalls.export.path}?billNo=${encodeURIComponent(bill.billNo)}`,
          headers: { authorization: `Bearer ${p.tokens[user]}` },
        });
        if (res.statusCode !== 200) return { status: res.statusCode, has: false };
        const book = XLSX.read(res.rawPayload);
        const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
        return { status: 200, has: rows.some((r) => r[0] === bill.billNo) };
      };
      const res = await exported(a);
      if (!p.may(a, 'export')) return void expect(res.status, `${a} export`).toBe(403);
      expect(res).toEqual({ status: 200, has: false });
      expect(await exported('admin')).toEqual({ status: 200, has: true });
    },
    batchEdit: (a) =>
      p.refused(a, 'batchEdit', {
        bills: [{ id: bill.id, version: bill.version }],
        payState: 'paid',
        payMethod: '现金',
      }),
  });

  it('has a probe for every call', () => {
    p.expectProbeForEveryCall(probes());
  });

  it('each outsider reaches nothing of the bill, and nothing changes', async () => {
    for (const actor of actors) await p.sweep(actor, probes(), snapshot);
  });

  it('the bill’s parties reach it: the use unit and its district’s regulator read it, neither writes it', async () => {
    for (const u of ['jy_admin1', 'sy_admin1', regulator, 'admin']) {
      expect((await p.send(u, 'get', { id: bill.id })).status, u).toBe(200);
      const reports = await p.send(u, 'reports', { billId: bill.id });
      expect(reportsHave(reports.body.data), u).toBe(true);
    }
    for (const u of ['sy_admin1', regulator, 'admin'])
      expect(
        (
          await p.send(u, 'batchEdit', {
            bills: [{ id: bill.id, version: bill.version }],
            payState: 'paid',
            payMethod: '现金',
          })
        ).status,
        u,
      ).toBe(403);
  });
});
