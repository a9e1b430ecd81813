import XLSX from '@e965/xlsx';
import {
  type AdCountOverview,
  type AdSettlementDetail,
  type AdSettlementRow,
  adCountCalls,
  adSettlementCalls as C,
  type Call,
  fillPath,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import { companyOf, confirmedOrder, otherOperator, query } from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Settlement with the use units (结算管理): the month's paid point-days and revenue per use unit, by
 * one statement, agree with a day-by-day count of the bookings; the share is the one of the unit's
 * lease with the operator in effect that month, else the adSettlementShare parameter; approval is once and freezes the settlement; the export holds the page's numbers; a use
 * unit sees only its own.
 */
const MONTH = '2029-02';

describe.each(dbKinds)('advertising settlement on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let ggId: number;
  let sy: string;
  let syCompany: number;
  const send = <T>(token: string, call: Call, input: Record<string, unknown>) => {
    const { path, rest } = fillPath(call.path, input);
    return call.method === 'GET'
      ? t.api<T>('GET', path, { token, query: rest as Record<string, string> })
      : t.api<T>(call.method, path, { token, body: rest });
  };
  const list = async (token: string) =>
    (await send<Page<AdSettlementRow>>(token, C.list, { month: MONTH, limit: 100 })).body.data.records;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    ggId = await companyOf(t, 'gg_admin1');
    sy = await t.login('sy_admin1');
    syCompany = await companyOf(t, 'sy_admin1');
    // Into February from January, and from February into March; one not confirmed (not paid).
    await confirmedOrder(t, ggId, {
      points: 2,
      startDate: '2029-01-20',
      endDate: '2029-02-10',
      useCompanyId: syCompany,
    });
    await confirmedOrder(t, ggId, {
      points: 3,
      startDate: '2029-02-15',
      endDate: '2029-03-15',
      price: 900,
      otherThan: syCompany,
    });
    await confirmedOrder(t, ggId, {
      points: 1,
      startDate: '2029-02-01',
      endDate: '2029-02-28',
      confirm: false,
    });
    // Another operator's booking in the same month is not gg's to settle.
    const other = await otherOperator(t);
    await confirmedOrder(t, other.companyId, { points: 1, startDate: '2029-02-01', endDate: '2029-02-28' });
  }, 900_000);
  afterAll(() => t?.close());

  it('sums the month per use unit as a day-by-day count of the paid bookings does', async () => {
    const res = await send<{ settlements: number; points: number; amount: number }>(gg, C.compute, {
      month: MONTH,
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    const direct = await query<{ use_company_id: number; points: number; days: number; revenue: string }>(
      t,
      `select p.use_company_id, count(distinct p.id)::int points, count(*)::int days,
         round(sum(op.amount::numeric / (op.end_date - op.start_date + 1)), 2)::text revenue
       from ad_order_point op join ad_order o on o.id = op.order_id join ad_point p on p.id = op.point_id
       cross join generate_series(op.start_date, op.end_date, interval '1 day') d
       where o.company_id = ${ggId} and o.status in (3, 4, 5) and to_char(d, 'YYYY-MM') = '${MONTH}'
       group by p.use_company_id order by p.use_company_id`,
    );
    const rows = (await list(gg)).sort((a, b) => a.useCompanyId - b.useCompanyId);
    expect(rows.map((r) => r.useCompanyId)).toEqual(direct.map((d) => d.use_company_id));
    for (const [i, r] of rows.entries()) {
      expect(r.pointCount).toBe(direct[i].points);
      expect(r.paidDays).toBe(direct[i].days);
      // Rounded per point, then summed: within a cent per point of the direct sum.
      expect(Math.abs(r.revenue - Number(direct[i].revenue))).toBeLessThanOrEqual(0.01 * r.pointCount);
      expect(r.share).toBe(30);
      expect(r.statusLabel).toBe('待审核');
    }
    expect(rows.reduce((n, r) => n + r.paidDays, 0)).toBe(2 * 10 + 3 * 14);
    expect(res.body.data.points).toBe(5);
    const detail = (await send<AdSettlementDetail>(gg, C.get, { id: rows[0].id })).body.data;
    const sum = (k: 'paidDays' | 'revenue' | 'amount') =>
      Math.round(detail.lines.reduce((n, l) => n + l[k], 0) * 100) / 100;
    expect(sum('paidDays')).toBe(detail.paidDays);
    expect(sum('revenue')).toBe(detail.revenue);
    expect(sum('amount')).toBe(detail.amount);
    for (const l of detail.lines) expect(l.amount).toBe(Math.round(l.revenue * 30) / 100);
  });

  it('takes the share from the system parameter adSettlementShare', async () => {
    await query(
      t,
      `insert into sys_param (config_key, value, name) values ('adSettlementShare', '40', '广告结算分成比例（%）')
       on conflict (config_key) do update set value = '40'`,
    );
    await send(gg, C.compute, { month: MONTH });
    const rows = await list(gg);
    expect(rows.every((r) => r.share === 40)).toBe(true);
    expect(rows.every((r) => Math.abs(r.amount - r.revenue * 0.4) <= 0.01 * r.pointCount)).toBe(true);
  });

  it('approves once; an approved settlement is not recomputed', async () => {
    const [r] = await list(gg);
    const stale = await send(gg, C.approve, { id: r.id, version: r.version + 1 });
    expect(stale.status).toBe(409);
    const ok = await send<AdSettlementRow>(gg, C.approve, { id: r.id, version: r.version });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.statusLabel).toBe('已审核');
    const again = await send(gg, C.approve, { id: r.id, version: ok.body.data.version });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('已审核');
    await query(t, `update sys_param set value = '50' where config_key = 'adSettlementShare'`);
    await send(gg, C.compute, { month: MONTH });
    const after = (await list(gg)).find((x) => x.useCompanyId === r.useCompanyId)!;
    expect(after).toMatchObject({ id: r.id, share: 40, amount: r.amount, statusLabel: '已审核' });
    expect((await list(gg)).filter((x) => x.statusLabel === '待审核').every((x) => x.share === 50)).toBe(
      true,
    );
  });

  it('exports a use unit settlement with the page numbers', async () => {
    const [r] = await list(gg);
    const detail = (await send<AdSettlementDetail>(gg, C.get, { id: r.id })).body.data;
    const res = await t.inject({
      method: 'GET',
      url: `/monitor/api${C.export.path}?id=${r.id}`,
      headers: { authorization: `Bearer ${gg}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
    expect(rows).toHaveLength(detail.lines.length + 1);
    const total = rows[rows.length - 1];
    expect(total['点位编号']).toBe('合计');
    expect(total['投放天数']).toBe(detail.paidDays);
    expect(total['结算金额（元）']).toBe(detail.amount);
    expect(rows.slice(0, -1).map((x) => x['点位编号'])).toEqual(detail.lines.map((l) => l.pointName));
  });

  it('shows a use unit its own settlements only; it may not compute nor approve', async () => {
    const mine = await list(sy);
    expect(mine.length).toBe(1);
    expect(mine[0].useCompanyId).toBe(syCompany);
    const others = (await list(gg)).filter((x) => x.useCompanyId !== syCompany);
    expect((await send(sy, C.get, { id: others[0].id })).status).toBe(404);
    const exported = await t.inject({
      method: 'GET',
      url: `/monitor/api${C.export.path}?id=${others[0].id}`,
      headers: { authorization: `Bearer ${sy}` },
    });
    expect(exported.statusCode).toBe(404);
    expect((await send(sy, C.approve, { id: mine[0].id, version: mine[0].version })).status).toBe(403);
    expect((await send(sy, C.compute, { month: MONTH })).status).toBe(403);
  });

  it('refuses a bad month with a clear message', async () => {
    const res = await send(gg, C.compute, { month: '2029-13' });
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toContain('结算月份格式应为 yyyy-MM');
  });

  it('counts points by state and district and orders by month', async () => {
    const res = await send<AdCountOverview>(gg, adCountCalls.overview, {
      dateFrom: '2029-01-01',
      dateTo: '2029-12-31',
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from ad_point where company_id = ${ggId}`,
    );
    expect(res.body.data.pointTotal).toBe(n);
    expect(res.body.data.byDistrict.reduce((s, d) => s + d.count, 0)).toBe(n);
    const months = Object.fromEntries(res.body.data.byMonth.map((m) => [m.month, m]));
    expect(months['2029-01']).toMatchObject({ orders: 1, revenue: 2 * 700 * 4 });
    expect(months['2029-02']).toMatchObject({ orders: 2, revenue: 3 * 900 * 5 });
  });

  it("takes a unit's share from its lease with the operator in effect that month", async () => {
    // Another month of bookings: sy_admin1's unit and another one.
    const month = '2029-06';
    await confirmedOrder(t, ggId, {
      points: 2,
      startDate: '2029-06-01',
      endDate: '2029-06-30',
      useCompanyId: syCompany,
    });
    await confirmedOrder(t, ggId, {
      points: 1,
      startDate: '2029-06-01',
      endDate: '2029-06-30',
      otherThan: syCompany,
    });
    const other = await otherOperator(t);
    const lease = (useCompany: number, partner: number, from: string, to: string, share: number | null) =>
      query(
        t,
        `insert into signing_record (sign_no, kind, use_company_id, partner_id, start_date, end_date, share, area_code)
         select 'QYTEST' || nextval(pg_get_serial_sequence('signing_record', 'id')), 2, ${useCompany}, ${partner},
           '${from}', '${to}', ${share ?? 'null'}, coalesce(area_code, '450103') from enterprise where id = ${useCompany}`,
      );
    // In effect in June: the renewal started last wins; one that ended in May, another operator's
    // lease and a lease without a share do not count.
    await lease(syCompany, ggId, '2029-01-01', '2029-12-31', 45);
    await lease(syCompany, ggId, '2029-06-15', '2030-06-14', 42.5);
    await lease(syCompany, ggId, '2028-06-01', '2029-05-31', 60);
    await lease(syCompany, other.companyId, '2029-01-01', '2029-12-31', 90);
    await lease(syCompany, ggId, '2029-06-20', '2029-12-31', null);
    await send(gg, C.compute, { month });
    const rows = (await send<Page<AdSettlementRow>>(gg, C.list, { month, limit: 100 })).body.data.records;
    const mine = rows.find((r) => r.useCompanyId === syCompany);
    expect(mine, 'a settlement of the leasing unit').toBeDefined();
    expect(mine!.share).toBe(42.5);
    expect(Math.abs(mine!.amount - mine!.revenue * 0.425)).toBeLessThanOrEqual(0.01 * mine!.pointCount);
    const param = Number(
      (
        await query<{ value: string }>(
          t,
          `select value from sys_param where config_key = 'adSettlementShare'`,
        )
      )[0]?.value ?? 30,
    );
    const others = rows.filter((r) => r.useCompanyId !== syCompany);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((r) => r.share === param)).toBe(true);
    const detail = (await send<AdSettlementDetail>(gg, C.get, { id: mine!.id })).body.data;
    for (const l of detail.lines) expect(l.amount).toBe(Math.round(l.revenue * 42.5) / 100);
  });
});
