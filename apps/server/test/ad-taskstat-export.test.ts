import XLSX from '@e965/xlsx';
import { type AdTaskStat, API_PREFIX, adTaskCalls as C } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, q, secondOperator } from './ad-support.ts';
import { confirmedOrder } from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

type Filters = { by: 'worker' | 'order'; dateFrom?: string; dateTo?: string };

/**
 * 投放统计's export (`/adTaskLog/exportStat`): its sheet holds exactly the rows of
 * getTaskLogStatList for the same caller, dimension and dates, in the same order; another
 * advertising operator's sheet holds its own workers and orders only; a use unit is refused both.
 */
describe.each(dbKinds)('advertising statistics export on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let second: { username: string; companyId: number; token: string; orderNo: string };
  let day: string;

  const stats = async (token: string, f: Filters) => {
    const res = await t.api<AdTaskStat[]>('GET', C.getTaskLogStatList.path, {
      token,
      query: f as Record<string, string>,
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const exported = (token: string, f: Filters) =>
    t.inject({
      method: 'GET',
      url: `${API_PREFIX}${C.exportStat.path}?${new URLSearchParams(f as Record<string, string>)}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const sheet = async (token: string, f: Filters) => {
    const res = await exported(token, f);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
  };
  /** A statistics row as the sheet writes it. */
  const asSheet = (by: Filters['by'], r: AdTaskStat) => ({
    [by === 'worker' ? '安装人员' : '订单号']: r.name,
    日志数: r.logs,
    待审核: r.pending,
    已通过: r.approved,
    已驳回: r.rejected,
    距离超限: r.far,
    涉及任务: r.tasks,
    已完成任务: r.doneTasks,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    gg = await t.login('gg_admin1');
    // A second advertising operator with a worker of its own and two logs under its order.
    const op = await secondOperator(t, 2);
    const order = await confirmedOrder(t, op.companyId, {
      points: 2,
      startDate: '2031-05-01',
      endDate: '2031-05-31',
    });
    const [w] = await q<{ id: number }>(
      t,
      `insert into ad_wx_user (operator_id, kind, name, phone)
       values (${op.companyId}, 1, '第二运营商安装员', '13977109001') returning id`,
    );
    await q(
      t,
      `insert into ad_task_log (task_id, operator_id, worker_id, photo_file_id, status, far)
       select k.id, k.operator_id, ${w.id}, (select photo_file_id from ad_task_log order by id limit 1), 2, true
       from ad_task k where k.order_id = ${order.orderId}`,
    );
    second = { ...op, token: await t.login(op.username), orderNo: order.orderNo };
    // A day with some of gg's demo logs but not all of them.
    const [d] = await q<{ day: string }>(
      t,
      `select to_char(logged_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from ad_task_log
       where operator_id = ${await companyOfUser(t, 'gg_admin1')} group by 1 order by count(*) desc, 1 limit 1`,
    );
    day = d.day;
  }, 300_000);
  afterAll(() => t?.close());

  it.each<Filters['by']>(['worker', 'order'])(
    'exports the rows of the %s statistics, dates too',
    async (by) => {
      const all = await stats(gg, { by });
      expect(all.length, 'gg_admin1 has statistics').toBeGreaterThan(1);
      expect(await sheet(gg, { by })).toEqual(all.map((r) => asSheet(by, r)));
      const oneDay = await stats(gg, { by, dateFrom: day, dateTo: day });
      expect(oneDay.length).toBeGreaterThan(0);
      const dayLogs = oneDay.reduce((n, r) => n + r.logs, 0);
      expect(dayLogs, 'the day has fewer logs than all days').toBeLessThan(
        all.reduce((n, r) => n + r.logs, 0),
      );
      expect(await sheet(gg, { by, dateFrom: day, dateTo: day })).toEqual(oneDay.map((r) => asSheet(by, r)));
      // The platform sees every operator's, the sheet as its list.
      const admin = await t.login('admin');
      expect(await sheet(admin, { by })).toEqual((await stats(admin, { by })).map((r) => asSheet(by, r)));
    },
  );

  it("keeps another operator's rows out of each sheet", async () => {
    const mine = await sheet(gg, { by: 'worker' });
    const theirs = await sheet(second.token, { by: 'worker' });
    expect(theirs).toEqual([
      {
        安装人员: '第二运营商安装员',
        日志数: 2,
        待审核: 0,
        已通过: 2,
        已驳回: 0,
        距离超限: 2,
        涉及任务: 2,
        已完成任务: 0,
      },
    ]);
    expect(mine.some((r) => r.安装人员 === '第二运营商安装员')).toBe(false);
    const theirOrders = await sheet(second.token, { by: 'order' });
    expect(theirOrders.map((r) => r.订单号)).toEqual([second.orderNo]);
    expect((await sheet(gg, { by: 'order' })).some((r) => r.订单号 === second.orderNo)).toBe(false);
  });

  it('refuses whoever may not read the statistics, and bad input', async () => {
    const sy = await t.login('sy_admin1');
    expect((await exported(sy, { by: 'worker' })).statusCode).toBe(403);
    const bad = await exported(gg, { by: 'city' as 'worker' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ resultMsg: string }>().resultMsg).toContain('统计维度应为安装人员或订单');
    const badDate = await exported(gg, { by: 'worker', dateFrom: '2026-13-01' });
    expect(badDate.statusCode).toBe(400);
  });
});
