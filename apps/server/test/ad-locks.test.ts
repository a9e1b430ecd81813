import {
  AD_POINT_STATE,
  type AdTaskRow,
  adOrderCalls,
  adTaskCalls as C,
  type Page,
  adUserCalls as U,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import { confirmedOrder, query, uploadPhoto } from './ad-tasks-support.ts';
import { dbKinds, heldTransaction, startTestApp, type TestApp } from './harness.ts';

/**
 * The rows whose values decide an advertising write are locked by it (audit 2, finding 7): a log
 * compares the scanned code with the point's, read `for share`, so an unbind in progress makes it
 * wait and then refuse; a booking reads its points `for share`, so a point being put under repair
 * makes it wait and then refuse.
 */
describe.each(dbKinds)('advertising writes lock what decides them under %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let ggId: number;
  let photo: string;
  const send = <T>(call: { method: string; path: string }, body: Record<string, unknown>) =>
    t.api<T>(call.method, call.path, { token: gg, body });
  /** Runs `request` while `hold` is uncommitted: whether it waited, and its answer after the commit. */
  async function waitsFor<T>(hold: Awaited<ReturnType<typeof heldTransaction>>, request: Promise<T>) {
    let settled = false;
    const res = request.then((r) => {
      settled = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 400));
    const waited = !settled;
    await hold.commit();
    return { waited, res: await res };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    ggId = await companyOfUser(t, 'gg_admin1');
    await leaseLifts(t, ggId);
    gg = await t.login('gg_admin1');
    const [me] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    const w = await send(U.addXcxUser, {
      kind: 1,
      name: '锁测试安装员',
      phone: '13977100009',
      userId: me.id,
    });
    expect(w.status, w.body.resultMsg).toBe(200);
    photo = await uploadPhoto(t, gg);
  }, 900_000);
  afterAll(() => t?.close());

  it.runIf(kind === 'postgres')(
    'a log waits for an unbind of the point’s code in progress, then refuses it',
    async () => {
      const o = await confirmedOrder(t, ggId, { points: 1, startDate: '2071-01-01', endDate: '2071-01-31' });
      const page = await t.api<Page<AdTaskRow>>('GET', C.getTaskList.path, {
        token: gg,
        query: { orderId: String(o.orderId) },
      });
      const [task] = page.body.data.records;
      const code = `LOCK-QR-${task.pointId}`;
      expect((await send(C.bindQrCode, { id: task.id, qrCode: code })).status).toBe(200);
      const [p] = await query<{ latitude: number; longitude: number }>(
        t,
        `select latitude, longitude from ad_point where id = ${task.pointId}`,
      );
      // unBindQrCode's write on the point, uncommitted.
      const unbind = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(sql`update ad_point set qr_code = null, version = version + 1 where id = ${task.pointId}`),
      );
      const { waited, res } = await waitsFor(
        unbind,
        send(C.submitLog, {
          id: task.id,
          version: task.version,
          photoFileId: photo,
          qrCode: code,
          latitude: p.latitude,
          longitude: p.longitude,
        }),
      );
      expect(waited).toBe(true);
      expect(res.status).toBe(409);
      expect(res.body.resultMsg).toContain('尚未绑定二维码');
      const [{ n }] = await query<{ n: number }>(
        t,
        `select count(*)::int n from ad_task_log where task_id = ${task.id}`,
      );
      expect(n).toBe(0);
    },
  );

  it.runIf(kind === 'postgres')(
    'a booking waits for a point being put under repair, then refuses it',
    async () => {
      const [cust] = await query<{ id: number }>(
        t,
        `insert into ad_custom (company_id, name) values (${ggId}, '锁测试客户') returning id`,
      );
      const [point] = await query<{ id: number; point_no: string }>(
        t,
        `select p.id, p.point_no from ad_point p where p.company_id = ${ggId} and p.state = ${AD_POINT_STATE.free}
           and not exists (select 1 from ad_order_point l where l.point_id = p.id and l.active)
           and p.use_company_id is not null
         order by p.id limit 1`,
      );
      const repair = await heldTransaction(t.platform.db, (tx) =>
        tx.execute(sql`update ad_point set state = ${AD_POINT_STATE.repair} where id = ${point.id}`),
      );
      const { waited, res } = await waitsFor(
        repair,
        send(adOrderCalls.add, {
          customId: cust.id,
          startDate: '2072-01-01',
          endDate: '2072-01-31',
          pointIds: [point.id],
        }),
      );
      expect(waited).toBe(true);
      expect(res.status).toBe(409);
      expect(res.body.resultMsg).toContain(point.point_no);
      const [{ n }] = await query<{ n: number }>(
        t,
        `select count(*)::int n from ad_order_point where point_id = ${point.id} and active`,
      );
      expect(n).toBe(0);
    },
  );

  it('a log with the point’s code and a booking of a free point still pass', async () => {
    const o = await confirmedOrder(t, ggId, { points: 1, startDate: '2073-01-01', endDate: '2073-01-31' });
    const page = await t.api<Page<AdTaskRow>>('GET', C.getTaskList.path, {
      token: gg,
      query: { orderId: String(o.orderId) },
    });
    const [task] = page.body.data.records;
    const code = `LOCK-OK-${task.pointId}`;
    expect((await send(C.bindQrCode, { id: task.id, qrCode: code })).status).toBe(200);
    const [p] = await query<{ latitude: number; longitude: number }>(
      t,
      `select latitude, longitude from ad_point where id = ${task.pointId}`,
    );
    const log = await send(C.submitLog, {
      id: task.id,
      version: task.version,
      photoFileId: photo,
      qrCode: code,
      latitude: p.latitude,
      longitude: p.longitude,
    });
    expect(log.status, log.body.resultMsg).toBe(200);
  });
});
