import XLSX from '@e965/xlsx';
import {
  AD_OWN_WORKER_DISABLED,
  AD_OWN_WORKER_MISSING,
  type AdChangeResult,
  type AdCountOverview,
  type AdSettlementRow,
  type AdTaskDetail,
  type AdTaskPage,
  type AdTaskRow,
  type AdTaskStat,
  API_PREFIX,
  adCountCalls,
  adOrderCalls,
  adPointCalls,
  adSettlementCalls,
  adTaskCalls,
  adUserCalls,
  type MenuEntry,
  type Page,
  type WxUserDetail,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import { companyOf, confirmedOrder, otherOperator, query, uploadPhoto } from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the tasks, task logs, mini-program users, settlements and counts, call by call:
 * another advertising operator, a use unit (sy_admin1: it reads its own settlements only), a
 * maintenance company and the operator's own field worker (gg_worker1, 广告安装人员: its bound
 * worker's tasks only) ask for gg_admin1's records. Each call answers 404 (403 without the permission)
 * or leaves the record out; the platform sees it; and nothing changed afterwards. A call without a
 * probe fails the sweep.
 */
describe.each(dbKinds)('advertising tasks, users and settlement data scope on %s', (kind) => {
  let t: TestApp;
  let other: string;
  const actors: string[] = [];
  let tasks: CallProber<typeof adTaskCalls>;
  let users: CallProber<typeof adUserCalls>;
  let settle: CallProber<typeof adSettlementCalls>;
  let count: CallProber<typeof adCountCalls>;
  let task: AdTaskRow;
  let loggedTask: AdTaskRow;
  let logId: number;
  let pointNo: string;
  let logVersion: number;
  let worker: WxUserDetail;
  let customer: WxUserDetail;
  let settlement: AdSettlementRow;
  let syCompany: number;
  const photos: Record<string, string> = {};

  const snapshot = async () =>
    query(
      t,
      `select (select md5(string_agg(row(t.*)::text, ',' order by id)) from ad_task t) tasks,
         (select md5(string_agg(row(l.*)::text, ',' order by id)) from ad_task_log l) logs,
         (select md5(string_agg(row(u.*)::text, ',' order by id)) from ad_wx_user u) users,
         (select md5(string_agg(row(s.*)::text, ',' order by id)) from ad_settlement s where operator_id =
           (select company_id from sys_user where username = 'gg_admin1')) settlements,
         (select md5(string_agg(id || ':' || coalesce(qr_code, ''), ',' order by id)) from ad_point) points`,
    );

  const fileCall = async (actor: string, path: string, qs: string) =>
    t.inject({
      method: 'GET',
      url: `${API_PREFIX}${path}?${qs}`,
      headers: { authorization: `Bearer ${tasks.tokens[actor]}` },
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    const gg = await t.login('gg_admin1');
    const ggId = await companyOf(t, 'gg_admin1');
    syCompany = await companyOf(t, 'sy_admin1');
    other = (await otherOperator(t)).username;
    actors.push(other, 'sy_admin1', 'wb_admin1', 'gg_worker1');
    tasks = new CallProber(t, adTaskCalls);
    users = new CallProber(t, adUserCalls);
    settle = new CallProber(t, adSettlementCalls);
    count = new CallProber(t, adCountCalls);
    for (const p of [tasks, users, settle, count]) await p.signIn(['gg_admin1', ...actors]);
    const [me] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    worker = (
      await users.send<WxUserDetail>('gg_admin1', 'addXcxUser', {
        kind: 1,
        name: '范围安装员',
        phone: '13977100003',
        userId: me.id,
      })
    ).body.data;
    const o = await confirmedOrder(t, ggId, {
      points: 2,
      startDate: '2029-06-01',
      endDate: '2029-06-30',
      otherThan: syCompany,
    });
    const [cust] = await query<{ id: number }>(
      t,
      `select custom_id id from ad_order where id = ${o.orderId}`,
    );
    customer = (
      await users.send<WxUserDetail>('gg_admin1', 'addXcxUser', {
        kind: 2,
        name: '客户联系人',
        phone: '13977100004',
        customerId: cust.id,
      })
    ).body.data;
    const list = await tasks.send<Page<AdTaskRow>>('gg_admin1', 'getTaskList', { orderId: o.orderId });
    task = list.body.data.records[0];
    loggedTask = list.body.data.records[1];
    // The order shows: its points may have their poster changed (换画) — by gg only.
    await query(t, `update ad_order set status = 4 where id = ${o.orderId}`);
    await query(t, `update ad_point set state = 3 where id in (${o.pointIds.join(',')})`);
    [{ point_no: pointNo }] = await query<{ point_no: string }>(
      t,
      `select point_no from ad_point where id = ${task.pointId}`,
    );
    const photo = await uploadPhoto(t, gg);
    await tasks.send('gg_admin1', 'bindQrCode', { id: list.body.data.records[1].id, qrCode: 'SCOPE-QR-2' });
    const [p] = await query<{ latitude: number; longitude: number }>(
      t,
      `select latitude, longitude from ad_point where id = ${list.body.data.records[1].pointId}`,
    );
    const sent = await tasks.send<AdTaskDetail>('gg_admin1', 'submitLog', {
      id: list.body.data.records[1].id,
      version: list.body.data.records[1].version,
      photoFileId: photo,
      qrCode: 'SCOPE-QR-2',
      ...p,
    });
    expect(sent.status, sent.body.resultMsg).toBe(200);
    logId = sent.body.data.logs[0].id;
    logVersion = sent.body.data.logs[0].version;
    await settle.send('gg_admin1', 'compute', { month: '2029-06' });
    settlement = (await settle.send<Page<AdSettlementRow>>('gg_admin1', 'list', { month: '2029-06' })).body
      .data.records[0];
    for (const a of actors) photos[a] = await uploadPhoto(t, tasks.tokens[a]);
  }, 900_000);
  afterAll(() => t?.close());

  const taskProbes = (): Probes<typeof adTaskCalls> => ({
    getTaskList: (a) => tasks.leftOut(a, 'getTaskList', { orderId: task.orderId }, tasks.hasId(task.id)),
    get: (a) => tasks.refused(a, 'get', { id: task.id }),
    resetTask: (a) => tasks.refused(a, 'resetTask', { id: task.id, version: task.version }),
    assign: (a) => tasks.refused(a, 'assign', { ids: [task.id], workerId: worker.id }),
    bindQrCode: (a) => tasks.refused(a, 'bindQrCode', { id: task.id, qrCode: 'SCOPE-QR-X' }),
    unBindQrCode: (a) => tasks.refused(a, 'unBindQrCode', { id: task.id }),
    submitLog: (a) =>
      tasks.refused(a, 'submitLog', {
        id: task.id,
        version: task.version,
        photoFileId: photos[a],
        qrCode: 'SCOPE-QR-2',
        latitude: 22.8,
        longitude: 108.3,
      }),
    batchAddTaskByIds: (a) => tasks.refused(a, 'batchAddTaskByIds', { ids: [task.pointId] }),
    batchAddTask: async (a) => {
      // The filters reach the caller's own points only: gg's point is not among them.
      const res = await tasks.send<AdChangeResult>(a, 'batchAddTask', { keyword: pointNo });
      if (!tasks.may(a, 'batchAddTask')) return void expect(res.status, `${a} batchAddTask`).toBe(403);
      expect(res.status, `${a} batchAddTask: ${res.body.resultMsg}`).toBe(200);
      expect(res.body.data).toMatchObject({ matched: 0, created: 0 });
    },
    getTaskLogListInfo: (a) =>
      tasks.leftOut(a, 'getTaskLogListInfo', { orderId: task.orderId }, tasks.hasId(logId)),
    updateStatus: (a) => tasks.refused(a, 'updateStatus', { id: logId, version: logVersion, status: 2 }),
    getTaskLogStatList: (a) =>
      tasks.leftOut(a, 'getTaskLogStatList', { by: 'worker' }, (d) =>
        (d as AdTaskStat[]).some((r) => r.id === worker.id),
      ),
    export: async (a) => {
      const res = await fileCall(a, adTaskCalls.export.path, `orderId=${task.orderId}`);
      if (!tasks.may(a, 'export')) expect(res.statusCode).toBe(403);
      else {
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.includes(Buffer.from('SCOPE-QR-2'))).toBe(false);
      }
    },
    exportStat: async (a) => {
      // The statistics' sheet holds the caller's own workers only: gg's is not among them.
      const res = await fileCall(a, adTaskCalls.exportStat.path, 'by=worker');
      if (!tasks.may(a, 'exportStat')) return void expect(res.statusCode, `${a} exportStat`).toBe(403);
      expect(res.statusCode, `${a} exportStat`).toBe(200);
      const book = XLSX.read(res.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
      expect(rows.some((r) => r.安装人员 === '范围安装员')).toBe(false);
    },
  });

  const userProbes = (): Probes<typeof adUserCalls> => ({
    getXcxUserList: (a) =>
      users.leftOut(a, 'getXcxUserList', { keyword: '范围安装员' }, users.hasId(worker.id)),
    getXcxUser: (a) => users.refused(a, 'getXcxUser', { id: customer.id }),
    addXcxUser: async (a) => {
      // Nobody binds an account to gg's customer: it is not theirs.
      const res = await users.send(a, 'addXcxUser', {
        kind: 2,
        name: '越权',
        phone: '13977100009',
        customerId: customer.customerId,
      });
      expect(res.status, `${a} addXcxUser`).toBe(users.may(a, 'addXcxUser') ? 400 : 403);
    },
    updateXcxUser: (a) =>
      users.refused(a, 'updateXcxUser', {
        id: worker.id,
        version: worker.version,
        kind: 1,
        name: '越权',
        phone: '13977100003',
      }),
    upload: async (a) => {
      const { payload, contentType } = multipart([{ name: 'x.png', body: PNG_1PX, type: 'image/png' }]);
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}${adUserCalls.upload.path}?id=${worker.id}`,
        headers: { authorization: `Bearer ${users.tokens[a]}`, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, `${a} upload`).toBe(users.may(a, 'upload') ? 404 : 403);
    },
  });

  const settlementProbes = (): Probes<typeof adSettlementCalls> => ({
    list: (a) => settle.leftOut(a, 'list', { month: '2029-06' }, settle.hasId(settlement.id)),
    get: (a) => settle.refused(a, 'get', { id: settlement.id }),
    compute: async (a) => {
      // Whoever may compute computes its own operator's month; gg's is untouched (the snapshot).
      const res = await settle.send(a, 'compute', { month: '2029-06' });
      expect(res.status, `${a} compute`).toBe(settle.may(a, 'compute') ? 200 : 403);
    },
    approve: (a) => settle.refused(a, 'approve', { id: settlement.id, version: settlement.version }),
    export: async (a) => {
      const res = await fileCall(a, adSettlementCalls.export.path, `id=${settlement.id}`);
      expect(res.statusCode, `${a} export`).toBe(settle.may(a, 'export') ? 404 : 403);
    },
  });

  const countProbes = (): Probes<typeof adCountCalls> => ({
    overview: async (a) => {
      const res = await count.send<AdCountOverview>(a, 'overview', {});
      if (!count.may(a, 'overview')) return void expect(res.status).toBe(403);
      const [c] = await query<{ id: number }>(
        t,
        `select company_id id from sys_user where username = '${a}'`,
      );
      const [{ n }] = await query<{ n: number }>(
        t,
        `select count(*)::int n from ad_point where company_id = ${c.id} or use_company_id = ${c.id}`,
      );
      expect(res.body.data.pointTotal, `${a} overview`).toBe(n);
    },
  });

  it('has a probe for every call', () => {
    tasks.expectProbeForEveryCall(taskProbes());
    users.expectProbeForEveryCall(userProbes());
    settle.expectProbeForEveryCall(settlementProbes());
    count.expectProbeForEveryCall(countProbes());
  });

  it.each(['other operator', 'sy_admin1', 'wb_admin1', 'gg_worker1'])(
    '%s reaches none of gg_admin1 records',
    async (name) => {
      const actor = name === 'other operator' ? other : name;
      const probes = { ...taskProbes(), ...userProbes(), ...settlementProbes(), ...countProbes() };
      const before = await snapshot();
      for (const [call, probe] of Object.entries(probes)) {
        try {
          await probe(actor);
        } catch (err) {
          throw new Error(`${call}: ${(err as Error).message}`);
        }
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('lists with mine=true the tasks of the worker bound to the account, and none, with the reason, to an account bound to none', async () => {
    const [own] = await query<{ id: number; name: string }>(
      t,
      `select w.id, w.name from ad_wx_user w join sys_user u on u.id = w.user_id where u.username = 'gg_worker1'`,
    );
    expect(own, 'the demo binds a field worker to gg_worker1').toBeDefined();
    const given = await tasks.send('gg_admin1', 'assign', { ids: [task.id], workerId: own.id });
    expect(given.status, given.body.resultMsg).toBe(200);
    const mine = await tasks.send<AdTaskPage>('gg_worker1', 'getTaskList', { mine: true, limit: 500 });
    expect(mine.status, mine.body.resultMsg).toBe(200);
    expect(mine.body.data.mine).toEqual({ workerId: own.id, workerName: own.name, reason: null });
    expect(mine.body.data.records.map((r) => r.id)).toContain(task.id);
    expect(mine.body.data.records.every((r) => r.workerId === own.id)).toBe(true);
    // gg_admin1 is bound to 范围安装员: its own are that worker's (the logged task), not the operator's.
    const ggMine = await tasks.send<AdTaskPage>('gg_admin1', 'getTaskList', {
      mine: true,
      orderId: task.orderId,
    });
    expect(ggMine.body.data.records.map((r) => r.id)).toEqual([loggedTask.id]);
    expect(ggMine.body.data.mine?.workerName).toBe('范围安装员');
    // Bound to no worker (the platform, another operator): no task and why, never every task.
    for (const a of ['admin', other]) {
      const res = await tasks.send<AdTaskPage>(a, 'getTaskList', { mine: true });
      expect(res.status, `${a}: ${res.body.resultMsg}`).toBe(200);
      expect(res.body.data, a).toMatchObject({
        records: [],
        total: 0,
        mine: { workerId: null, reason: AD_OWN_WORKER_MISSING },
      });
    }
    // Bound to a disabled worker: none either.
    await query(t, `update ad_wx_user set enabled = false where id = ${worker.id}`);
    const off = await tasks.send<AdTaskPage>('gg_admin1', 'getTaskList', { mine: true });
    await query(t, `update ad_wx_user set enabled = true where id = ${worker.id}`);
    expect(off.body.data).toMatchObject({ records: [], total: 0, mine: { reason: AD_OWN_WORKER_DISABLED } });
    // Without mine the operator lists all its tasks, the field worker still only its own.
    const all = await tasks.send<AdTaskPage>('gg_admin1', 'getTaskList', { orderId: task.orderId });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.mine).toBeUndefined();
    const his = await tasks.send<AdTaskPage>('gg_worker1', 'getTaskList', { orderId: task.orderId });
    expect(his.body.data.records.map((r) => r.id)).toEqual([task.id]);
  });

  it('lets gg_worker1 work its own task as its own worker, and opens none of the back office to it', async () => {
    const [own] = await query<{ id: number }>(
      t,
      `select w.id from ad_wx_user w join sys_user u on u.id = w.user_id where u.username = 'gg_worker1'`,
    );
    const bound = await tasks.send<AdTaskDetail>('gg_worker1', 'bindQrCode', {
      id: task.id,
      qrCode: 'SCOPE-QR-W',
    });
    expect(bound.status, bound.body.resultMsg).toBe(200);
    const [p] = await query<{ latitude: number; longitude: number }>(
      t,
      `select latitude, longitude from ad_point where id = ${task.pointId}`,
    );
    // Naming another worker changes nothing: a field worker's log is its own.
    const sent = await tasks.send<AdTaskDetail>('gg_worker1', 'submitLog', {
      id: task.id,
      version: bound.body.data.version,
      workerId: worker.id,
      photoFileId: photos.gg_worker1,
      qrCode: 'SCOPE-QR-W',
      ...p,
    });
    expect(sent.status, sent.body.resultMsg).toBe(200);
    expect(sent.body.data.logs[0].workerId).toBe(own.id);
    expect(sent.body.data.workerId).toBe(own.id);
    // The operator's back office answers 403: points, orders, logs, assignments, unbinding, users.
    const token = tasks.tokens.gg_worker1;
    for (const [method, path, query] of [
      ['GET', adPointCalls.list.path, { page: '1', limit: '10' }],
      ['GET', adOrderCalls.getOrderList.path, { page: '1', limit: '10' }],
      ['GET', adTaskCalls.getTaskLogListInfo.path, {}],
      ['GET', adUserCalls.getXcxUserList.path, {}],
    ] as const) {
      const res = await t.api(method, path, { token, query });
      expect(res.status, `${path}: ${res.body.resultMsg}`).toBe(403);
    }
    const assign = await tasks.send('gg_worker1', 'assign', { ids: [task.id], workerId: own.id });
    expect(assign.status).toBe(403);
    const unbind = await tasks.send('gg_worker1', 'unBindQrCode', { id: task.id });
    expect(unbind.status).toBe(403);
    // Its menu: 首页 and the personal pages, no 广告管理 page.
    const menu = await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', { token });
    const urls = (function flat(m: MenuEntry[]): string[] {
      return m.flatMap((e) => [e.url, ...flat(e.childTree)]);
    })(menu.body.data);
    expect(urls).toContain('/dashboard');
    expect(urls.filter((u) => u.startsWith('/ad'))).toEqual([]);
  });

  it('shows a use unit its own settlement', async () => {
    const [r] = await query<{ id: number }>(
      t,
      `select id from ad_settlement where use_company_id = ${syCompany} limit 1`,
    );
    if (!r) {
      const ggId = await companyOf(t, 'gg_admin1');
      await confirmedOrder(t, ggId, {
        points: 1,
        startDate: '2029-07-01',
        endDate: '2029-07-10',
        useCompanyId: syCompany,
      });
      await settle.send('gg_admin1', 'compute', { month: '2029-07' });
    }
    const mine = await settle.send<Page<AdSettlementRow>>('sy_admin1', 'list', {});
    expect(mine.status).toBe(200);
    expect(mine.body.data.records.length).toBeGreaterThan(0);
    expect(mine.body.data.records.every((x) => x.useCompanyId === syCompany)).toBe(true);
    const id = mine.body.data.records[0].id;
    expect((await settle.send('sy_admin1', 'get', { id })).status).toBe(200);
  });
});
