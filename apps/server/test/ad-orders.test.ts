import XLSX from '@e965/xlsx';
import {
  AD_ORDER_STATE,
  AD_POINT_STATE,
  type AdAvailablePoint,
  type AdCustomRow,
  type AdIntentionRow,
  type AdOrderDetail,
  type AdPointDetail,
  type AdPointRow,
  type AdQuote,
  adBookingPeriods,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, freePoints, leaseLifts, nextMonth, q } from './ad-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Advertising, first half: the operator's points (add, batch add, update, state rules, delete, map,
 * counts, exports), customers, the partner channel's leads (accept, follow, drop) and orders
 * (booking with the server's price, overlap refused by the database, the workflow, cancel frees the
 * points), with bad input answered in Chinese; and 50 concurrent bookings of the same points.
 */
describe.each(dbKinds)('advertising points, customers and orders on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let op: number;
  const month = nextMonth();

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    op = await companyOfUser(t, 'gg_admin1');
  });
  afterAll(() => t?.close());

  const api = <T>(method: string, path: string, body?: Record<string, unknown>, token = gg) =>
    method === 'GET' || method === 'DELETE'
      ? t.api<T>(method, path, {
          token,
          query: Object.fromEntries(
            Object.entries(body ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v as string)]),
          ),
        })
      : t.api<T>(method, path, { token, body });

  it('lists the demo points of the operator with filters, counts and the map', async () => {
    const list = await api<Page<AdPointRow>>('GET', '/adPoint/list', { page: 1, limit: 10, medium: 2 });
    expect(list.status, list.body.resultMsg).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(10);
    expect(list.body.data.records.every((r) => r.medium === 2 && r.companyId === op)).toBe(true);
    const [{ n }] = await q<{ n: number }>(
      t,
      `select count(*)::int n from ad_point where company_id = ${op}`,
    );
    const counts = await api<{ key: string; count: number }[]>('GET', '/adPoint/count');
    expect(counts.body.data.reduce((s, c) => s + c.count, 0)).toBe(Number(n));
    for (const by of ['countByArea', 'countByOccasion', 'countByLiftType']) {
      const res = await api<{ label: string; count: number }[]>('GET', `/adPoint/${by}`);
      expect(res.status).toBe(200);
      expect(res.body.data.reduce((s, c) => s + c.count, 0)).toBe(Number(n));
      expect(res.body.data.every((c) => c.label.length > 0)).toBe(true);
    }
    const map = await api<{ points: [number, number, number, number, number][]; total: number }>(
      'GET',
      '/adPoint/getPointAll',
    );
    expect(map.status).toBe(200);
    expect(map.body.data.total).toBe(map.body.data.points.length);
    expect(map.body.data.points[0]).toHaveLength(5);
  });

  it('adds a point, refuses the same place twice, edits it and keeps the booked states to the orders', async () => {
    const [lift] = await q<{
      id: number;
      registerCode: string;
      areaCode: string;
      useCompanyId: number | null;
    }>(
      t,
      `select e.id, e.register_code as "registerCode", e.area_code as "areaCode", e.use_company_id as "useCompanyId"
         from elevator e where not exists (select 1 from ad_point p where p.elevator_id = e.id and p.position = 4)
         order by e.id limit 1`,
    );
    const input = { elevatorId: lift.id, position: 4, size: '50×70cm', medium: 1, price: 120 };
    const add = await api<AdPointDetail>('POST', '/adPoint/add', input);
    expect(add.status, add.body.resultMsg).toBe(200);
    expect(add.body.data).toMatchObject({
      position: 4,
      positionLabel: '候梯厅',
      state: 1,
      stateLabel: '空闲',
      // The request names the lift only: the point carries the lift's facts as it stands.
      registerCode: lift.registerCode,
      areaCode: lift.areaCode,
      useCompanyId: lift.useCompanyId,
    });
    const again = await api('POST', '/adPoint/add', input);
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toContain('已有同类点位');
    const bad = await api('POST', '/adPoint/add', { ...input, position: 9, price: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toMatch(/点位位置不正确|价格不能为负数/);
    const booked = await api('PUT', '/adPoint/updatePoint', { id: add.body.data.id, version: 0, state: 2 });
    expect(booked.status).toBe(400);
    expect(booked.body.resultMsg).toContain('只能手动设为空闲、维修或停用');
    const upd = await api<AdPointDetail>('PUT', '/adPoint/updatePoint', {
      id: add.body.data.id,
      version: 0,
      state: AD_POINT_STATE.repair,
      price: 150,
    });
    expect(upd.status, upd.body.resultMsg).toBe(200);
    expect(upd.body.data).toMatchObject({ state: 4, price: 150, version: 1 });
    const stale = await api('PUT', '/adPoint/updatePoint', { id: add.body.data.id, version: 0, price: 1 });
    expect(stale.status).toBe(409);
    const del = await api<{ deleted: number }>('DELETE', '/adPoint/delete', { ids: [add.body.data.id] });
    expect(del.body.data.deleted).toBe(1);
  });

  it('batch adds points in many lifts at once, skipping the places taken', async () => {
    const lifts = await q<{ id: number }>(t, 'select id from elevator order by id limit 5');
    const res = await api<{ added: number; skipped: number }>('POST', '/adPoint/batchAddPoint', {
      elevatorIds: lifts.map((l) => l.id),
      positions: [1, 4],
      size: '40×60cm',
      medium: 1,
      price: 60,
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    // Position 1 poster is taken in every demo lift (the seed); position 4 is new unless a test made it.
    expect(res.body.data.added + res.body.data.skipped).toBe(10);
    expect(res.body.data.skipped).toBeGreaterThanOrEqual(5);
    const copied = await q<{ same: boolean }>(
      t,
      `select p.register_code = e.register_code and p.area_code = e.area_code and p.lift_type = e.type as same
         from ad_point p join elevator e on e.id = p.elevator_id where p.elevator_id in (${lifts.map((l) => l.id).join(',')}) and p.position = 4`,
    );
    expect(copied.length).toBeGreaterThanOrEqual(5);
    expect(copied.every((c) => c.same)).toBe(true);
    const unknown = await api('POST', '/adPoint/batchAddPoint', {
      elevatorIds: [2_000_000_000],
      positions: [1],
      size: '1',
      medium: 1,
      price: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.resultMsg).toContain('电梯不存在');
  });

  it('exports points by filter and by point as .xlsx', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/monitor/api/adPoint/export?medium=2',
      headers: { authorization: `Bearer ${gg}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(
      XLSX.read(res.rawPayload).Sheets['广告点位'],
    );
    const [{ n }] = await q<{ n: number }>(
      t,
      `select count(*)::int n from ad_point where company_id = ${op} and medium = 2`,
    );
    expect(rows.length).toBe(Number(n));
    expect(rows[0]['媒介']).toBe('电子屏');
    const [p] = await q<{ id: number }>(
      t,
      `select id from ad_point where company_id = ${op} order by id limit 1`,
    );
    const by = await t.inject({
      method: 'GET',
      url: `/monitor/api/adPoint/exportByPoint?ids=${p.id}`,
      headers: { authorization: `Bearer ${gg}` },
    });
    expect(by.statusCode).toBe(200);
    expect(XLSX.read(by.rawPayload).SheetNames).toContain('点位预订');
  });

  it('exports the map’s points: its medium and state filters, and only the points it can draw', async () => {
    // One screen point of the operator loses its coordinates: the map cannot draw it, so its export
    // leaves it out too (it is on 广告点位's export).
    const [hidden] = await q<{ id: number; point_no: string; longitude: number; latitude: number }>(
      t,
      `select id, point_no, longitude, latitude from ad_point
       where company_id = ${op} and medium = 2 and state = ${AD_POINT_STATE.free} and longitude is not null
       order by id desc limit 1`,
    );
    await q(t, `update ad_point set longitude = null, latitude = null where id = ${hidden.id}`);
    try {
      const map = await api<{ points: [number, number, number, number, number][]; total: number }>(
        'GET',
        '/adPoint/getPointAll',
        { medium: 2, state: AD_POINT_STATE.free },
      );
      expect(map.status, map.body.resultMsg).toBe(200);
      const res = await t.inject({
        method: 'GET',
        url: `/monitor/api/adPoint/getPointAllExport?medium=2&state=${AD_POINT_STATE.free}`,
        headers: { authorization: `Bearer ${gg}` },
      });
      expect(res.statusCode).toBe(200);
      const rows = XLSX.utils.sheet_to_json<Record<string, string>>(
        XLSX.read(res.rawPayload).Sheets['点位地图'],
      );
      expect(map.body.data.total).toBeGreaterThan(0);
      expect(rows.length, 'the export holds what the map shows').toBe(map.body.data.total);
      expect(rows.every((r) => r['媒介'] === '电子屏' && r['状态'] === '空闲')).toBe(true);
      expect(rows.some((r) => r['点位编号'] === hidden.point_no)).toBe(false);
      expect(rows.every((r) => r['经度'] !== undefined && r['纬度'] !== undefined)).toBe(true);
    } finally {
      await q(
        t,
        `update ad_point set longitude = ${hidden.longitude}, latitude = ${hidden.latitude} where id = ${hidden.id}`,
      );
    }
  });

  it('keeps customers: add, a name twice 409, a bad phone 400, masked phone kept on update', async () => {
    const add = await api<AdCustomRow>('POST', '/adCustom/add', {
      name: '测试客户甲',
      contactName: '张三',
      contactPhone: '13977100001',
    });
    expect(add.status, add.body.resultMsg).toBe(200);
    expect(add.body.data.contactPhone).toBe('139****0001');
    expect((await api('POST', '/adCustom/add', { name: '测试客户甲' })).status).toBe(409);
    const bad = await api('POST', '/adCustom/add', { name: '测试客户乙', contactPhone: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('联系电话');
    const upd = await api<AdCustomRow>('PUT', '/adCustom/update', {
      id: add.body.data.id,
      version: 0,
      contactPhone: '139****0001',
      remark: '改',
    });
    expect(upd.status, upd.body.resultMsg).toBe(200);
    const [row] = await q<{ contact_phone: string }>(
      t,
      `select contact_phone from ad_custom where id = ${add.body.data.id}`,
    );
    expect(row.contact_phone).toBe('13977100001');
  });

  it('follows a lead: accepted once (its customer made), then an order marks it 已成交', async () => {
    const lead = await api<AdIntentionRow>('POST', '/gxgdOrder/save', {
      customerName: '渠道客户丙',
      pointCount: 5,
    });
    expect(lead.status, lead.body.resultMsg).toBe(200);
    expect(lead.body.data.statusLabel).toBe('待跟进');
    const acc = await api<AdIntentionRow>('PUT', '/adIntention/accepted', {
      id: lead.body.data.id,
      version: 0,
    });
    expect(acc.status, acc.body.resultMsg).toBe(200);
    expect(acc.body.data.statusLabel).toBe('已受理');
    expect(acc.body.data.customId).not.toBeNull();
    const twice = await api('PUT', '/adIntention/accepted', { id: lead.body.data.id, version: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.resultMsg).toContain('已受理');
    const pts = await freePoints(t, op, month.start, month.end, 1);
    const order = await api<AdOrderDetail>('POST', '/adOrder/add', {
      customId: acc.body.data.customId,
      startDate: month.start,
      endDate: month.end,
      pointIds: pts.map((p) => p.id),
      intentionId: lead.body.data.id,
    });
    expect(order.status, order.body.resultMsg).toBe(200);
    const won = await api<AdIntentionRow>('POST', `/gxgdOrder/findById/${lead.body.data.id}`);
    expect(won.body.data).toMatchObject({ statusLabel: '已成交', orderId: order.body.data.id });
    await api('PUT', '/adOrder/cancel', {
      id: order.body.data.id,
      version: order.body.data.version,
      reason: '测试',
    });
    const drop = await api<AdIntentionRow>('POST', '/gxgdOrder/save', { customerName: '渠道客户丁' });
    const dropped = await api<AdIntentionRow>('PUT', '/adIntention/save', {
      id: drop.body.data.id,
      version: 0,
      drop: true,
      followNote: '无预算',
    });
    expect(dropped.body.data.statusLabel).toBe('放弃');
  });

  it('books 10 points for next month at the server price, refuses the overlap, confirms and cancels', async () => {
    const [custom] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    const pts = await freePoints(t, op, month.start, month.end, 10);
    const periods = adBookingPeriods(month.start, month.end);
    const quote = await api<AdQuote>('GET', '/adOrder/quote', {
      pointIds: pts.map((p) => p.id),
      startDate: month.start,
      endDate: month.end,
    });
    expect(quote.body.data.amount).toBe(pts.reduce((s, p) => s + p.price * periods, 0));
    const avail = await api<Page<AdAvailablePoint>>('GET', '/adOrder/available', {
      startDate: month.start,
      endDate: month.end,
      page: 1,
      limit: 500,
    });
    expect(avail.body.data.records.map((r) => r.id)).toEqual(expect.arrayContaining(pts.map((p) => p.id)));
    const add = await api<AdOrderDetail>('POST', '/adOrder/add', {
      customId: custom.id,
      startDate: month.start,
      endDate: month.end,
      pointIds: pts.map((p) => p.id),
      // A typed amount is no field of the call: the server's price stands.
      amount: 1,
    });
    expect(add.status, add.body.resultMsg).toBe(200);
    const o = add.body.data;
    expect(o).toMatchObject({ status: AD_ORDER_STATE.draft, statusLabel: '草稿', pointCount: 10 });
    expect(o.amount).toBe(quote.body.data.amount);
    // The same points on overlapping dates: 409, nothing written.
    const [{ n: before }] = await q<{ n: number }>(t, 'select count(*)::int n from ad_order');
    const clash = await api('POST', '/adOrder/add', {
      customId: custom.id,
      startDate: month.end,
      endDate: month.end,
      pointIds: [pts[9].id],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.resultMsg).toContain('已被预订');
    const [{ n: after }] = await q<{ n: number }>(t, 'select count(*)::int n from ad_order');
    expect(after).toBe(before);
    // No longer available for those dates.
    const avail2 = await api<Page<AdAvailablePoint>>('GET', '/adOrder/available', {
      startDate: month.start,
      endDate: month.start,
      page: 1,
      limit: 500,
    });
    expect(avail2.body.data.records.some((r) => r.id === pts[0].id)).toBe(false);
    // Bad dates.
    const bad = await api('POST', '/adOrder/add', {
      customId: custom.id,
      startDate: month.end,
      endDate: month.start,
      pointIds: [pts[0].id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('结束日期不能早于开始日期');
    // Workflow: confirming a draft is 409; submit, confirm → the points 已预订.
    const early = await api('PUT', '/adOrder/confirm', { id: o.id, version: o.version });
    expect(early.status).toBe(409);
    expect(early.body.resultMsg).toContain('草稿');
    const sub = await api<AdOrderDetail>('PUT', '/adOrder/submit', { id: o.id, version: o.version });
    expect(sub.body.data.statusLabel).toBe('待审核');
    const conf = await api<AdOrderDetail>('PUT', '/adOrder/confirm', {
      id: o.id,
      version: sub.body.data.version,
    });
    expect(conf.status, conf.body.resultMsg).toBe(200);
    expect(conf.body.data.statusLabel).toBe('已确认');
    expect(conf.body.data.lines.every((l) => l.pointStateLabel === '已预订')).toBe(true);
    // Cancel frees the points and the dates.
    const cancel = await api<AdOrderDetail>('PUT', '/adOrder/cancel', {
      id: o.id,
      version: conf.body.data.version,
      reason: '客户取消',
    });
    expect(cancel.status, cancel.body.resultMsg).toBe(200);
    expect(cancel.body.data.lines.every((l) => !l.active && l.pointStateLabel === '空闲')).toBe(true);
    const rebook = await api<AdOrderDetail>('POST', '/adOrder/add', {
      customId: custom.id,
      startDate: month.start,
      endDate: month.end,
      pointIds: [pts[0].id],
    });
    expect(rebook.status, rebook.body.resultMsg).toBe(200);
    await api('PUT', '/adOrder/cancel', {
      id: rebook.body.data.id,
      version: rebook.body.data.version,
      reason: '测试',
    });
  });

  it('refuses a customer or point of another operator and out-of-service points', async () => {
    const pts = await q<{ id: number }>(
      t,
      `select id from ad_point where company_id = ${op} and state = 4 limit 1`,
    );
    const [custom] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    if (pts.length) {
      const res = await api('POST', '/adOrder/add', {
        customId: custom.id,
        startDate: month.start,
        endDate: month.end,
        pointIds: [pts[0].id],
      });
      expect(res.status).toBe(409);
      expect(res.body.resultMsg).toContain('维修或停用');
    }
    const none = await api('POST', '/adOrder/add', {
      customId: 2_000_000_000,
      startDate: month.start,
      endDate: month.end,
      pointIds: [1],
    });
    expect(none.status).toBe(400);
    expect(none.body.resultMsg).toContain('客户不存在');
  });

  it('50 concurrent bookings: exactly one wins each point, nothing half-written', async () => {
    const [custom] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    const start = '2031-03-01';
    const end = '2031-03-31';
    const pts = await freePoints(t, op, start, end, 10);
    // Order i books points i % 10 and (i + 1) % 10 with overlapping dates.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('POST', '/adOrder/add', {
          customId: custom.id,
          startDate: `2031-03-${String(1 + (i % 20)).padStart(2, '0')}`,
          endDate: end,
          pointIds: [pts[i % 10].id, pts[(i + 1) % 10].id],
        }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const ids = pts.map((p) => p.id).join(',');
    const lines = await q<{ point_id: number; n: number }>(
      t,
      `select point_id, count(*)::int n from ad_order_point where active and point_id in (${ids}) group by point_id`,
    );
    // Every point is held by at most one line, and each winning order holds both of its points.
    expect(lines.every((l) => Number(l.n) === 1)).toBe(true);
    const won = codes.filter((c) => c === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBe(won * 2);
    const [{ n: orphans }] = await q<{ n: number }>(
      t,
      `select count(*)::int n from ad_order o where o.start_date >= '2031-03-01' and not exists (select 1 from ad_order_point l where l.order_id = o.id)`,
    );
    expect(orphans).toBe(0);
  });

  it('50 concurrent bookings of the same 5 points: one order wins them all', async () => {
    const [custom] = await q<{ id: number }>(
      t,
      `select id from ad_custom where company_id = ${op} order by id limit 1`,
    );
    const pts = await freePoints(t, op, '2032-01-01', '2032-01-31', 5);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/adOrder/add', {
          customId: custom.id,
          startDate: '2032-01-01',
          endDate: '2032-01-31',
          pointIds: pts.map((p) => p.id),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const [{ n }] = await q<{ n: number }>(
      t,
      `select count(*)::int n from ad_order_point where active and start_date >= '2032-01-01' and point_id in (${pts.map((p) => p.id).join(',')})`,
    );
    expect(n).toBe(5);
  });
});
