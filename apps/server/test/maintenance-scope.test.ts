import {
  type Call,
  type CheckRow,
  type ElevatorRow,
  type MaintainedLift,
  type MaintenanceOrderRow,
  maintenanceContentCalls,
  maintenanceItemCalls,
  maintenanceOrderCalls,
  maintenancePlanCalls,
  maintenanceWorkCalls,
  orderCheckCalls,
  type Page,
  pictureCheckCalls,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Data scope of the maintenance domain, call by call (the twin of elevator-scope.test.ts):
 * maintenance company 1, its worker, use unit 1 and the 青秀区 regulator ask for the work orders,
 * findings and plan of a lift that company 2 maintains for use unit 2 outside 青秀区. Each call
 * answers 404 (403 without the permission) or leaves the record out; the owners see it; and
 * afterwards it is as it was. Templates are the city's, not a tenant's: their edits are refused to
 * accounts without the edit permission.
 */
const prefixed = <P extends string, T extends Record<string, Call>>(p: P, calls: T) =>
  Object.fromEntries(Object.entries(calls).map(([k, v]) => [`${p}.${k}`, v])) as {
    [K in keyof T & string as `${P}.${K}`]: T[K];
  };
const calls = {
  ...prefixed('order', maintenanceOrderCalls),
  ...prefixed('work', maintenanceWorkCalls),
  ...prefixed('content', maintenanceContentCalls),
  ...prefixed('item', maintenanceItemCalls),
  ...prefixed('plan', maintenancePlanCalls),
  ...prefixed('orderCheck', orderCheckCalls),
  ...prefixed('pictureCheck', pictureCheckCalls),
};
type CallName = keyof typeof calls;
const ACTORS = ['wb_admin1', 'wb_staff1', 'sy_admin1', 'jg_qingxiu'] as const;

describe.each(dbKinds)('maintenance data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const perms: Record<string, Set<string>> = {};
  let lift: ElevatorRow;
  let awaiting: MaintenanceOrderRow;
  let done: MaintenanceOrderRow;
  let planned: MaintenanceOrderRow;
  let finding: CheckRow;
  let pictureFinding: CheckRow;
  let plan: MaintainedLift;

  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown>) => {
    const call: Call = calls[name];
    if (call.method === 'DELETE')
      return t.api<T>(call.method, call.path, { token: tokens[user], query: { ids: String(input.ids) } });
    return call.method === 'GET'
      ? t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, number> })
      : t.api<T>(call.method, call.path, { token: tokens[user], body: input });
  };

  /** Refused: 404 with the permission, 403 without it. */
  const refused = async (actor: string, name: CallName, input: Record<string, unknown>) => {
    const res = await send(actor, name, input);
    expect(res.status, `${actor} ${name}: ${res.body.resultMsg}`).toBe(
      perms[actor].has(calls[name].permission) ? 404 : 403,
    );
  };
  /** A list: the record is left out (or 403 without the permission); its owner finds it. */
  const leftOut = async (
    actor: string,
    name: CallName,
    input: Record<string, unknown>,
    owner: string,
    found: (data: unknown) => boolean,
  ) => {
    const res = await send(actor, name, input);
    if (!perms[actor].has(calls[name].permission)) {
      expect(res.status, `${actor} ${name}`).toBe(403);
    } else {
      expect(res.status, `${actor} ${name}: ${res.body.resultMsg}`).toBe(200);
      expect(found(res.body.data), `${actor} ${name} leaves it out`).toBe(false);
    }
    const mine = await send(owner, name, input);
    expect(mine.status, `${owner} ${name}`).toBe(200);
    expect(found(mine.body.data), `${owner} ${name} finds it`).toBe(true);
  };
  /** An edit of the city's templates: 403 without the edit permission (the actor could do it otherwise). */
  const templateEdit = async (actor: string, name: CallName, input: Record<string, unknown>) => {
    if (perms[actor].has(calls[name].permission)) return;
    expect((await send(actor, name, input)).status, `${actor} ${name}`).toBe(403);
  };
  const hasId = (id: number) => (d: unknown) => (d as Page<{ id: number }>).records.some((r) => r.id === id);

  const probes: Record<CallName, (actor: string) => Promise<void>> = {
    'order.queryList': (a) =>
      leftOut(
        a,
        'order.queryList',
        { keyword: done.orderNo, page: 1, limit: 10 },
        'wb_admin2',
        hasId(done.id),
      ),
    'order.info': (a) => refused(a, 'order.info', { id: done.id }),
    'order.queryOrderRecord': (a) =>
      refused(a, 'order.queryOrderRecord', { orderId: done.id, page: 1, limit: 10 }),
    'order.partInfo': (a) => refused(a, 'order.partInfo', { orderId: done.id }),
    'order.userInfo': (a) => refused(a, 'order.userInfo', { orderId: done.id }),
    'order.verifyChain': (a) => refused(a, 'order.verifyChain', { orderId: done.id }),
    'order.confirm': (a) => refused(a, 'order.confirm', { id: awaiting.id, version: awaiting.version }),
    'order.auditPass': (a) => refused(a, 'order.auditPass', { ids: [done.id] }),
    'order.auditReject': (a) => refused(a, 'order.auditReject', { ids: [done.id], description: '探测' }),
    'order.batchExportPDF': (a) => refused(a, 'order.batchExportPDF', { ids: [done.id] }),
    'work.myOrders': async (a) => {
      const res = await send(a, 'work.myOrders', {});
      if (!perms[a].has(calls['work.myOrders'].permission)) return expect(res.status).toBe(403);
      expect((res.body.data as MaintenanceOrderRow[]).some((o) => o.id === planned.id)).toBe(false);
    },
    'work.coworkers': (a) => refused(a, 'work.coworkers', { id: planned.id }),
    'work.signIn': (a) =>
      refused(a, 'work.signIn', {
        id: planned.id,
        version: planned.version,
        latitude: 22.8,
        longitude: 108.3,
      }),
    'work.saveProgress': (a) => refused(a, 'work.saveProgress', { id: planned.id, version: planned.version }),
    'work.signOut': (a) =>
      refused(a, 'work.signOut', {
        id: planned.id,
        version: planned.version,
        latitude: 22.8,
        longitude: 108.3,
      }),
    'work.submit': (a) =>
      refused(a, 'work.submit', {
        id: planned.id,
        version: planned.version,
        signatureFileId: '00000000-0000-4000-8000-000000000000',
      }),
    'content.queryList': async (a) => {
      const res = await send(a, 'content.queryList', { page: 1, limit: 10 });
      expect(res.status).toBe(perms[a].has(calls['content.queryList'].permission) ? 200 : 403);
    },
    'content.queryDetail': async (a) => {
      const res = await send(a, 'content.queryDetail', { id: 1 });
      expect(res.status).toBe(perms[a].has(calls['content.queryDetail'].permission) ? 200 : 403);
    },
    'content.add': (a) => templateEdit(a, 'content.add', { name: '探测', appendix: 'A' }),
    'content.update': (a) =>
      templateEdit(a, 'content.update', { id: 1, version: 1, name: '探测', appendix: 'A' }),
    'content.delete': (a) => templateEdit(a, 'content.delete', { ids: [1] }),
    'item.queryList': async (a) => {
      const res = await send(a, 'item.queryList', { contentId: 1, page: 1, limit: 10 });
      expect(res.status).toBe(perms[a].has(calls['item.queryList'].permission) ? 200 : 403);
    },
    'item.queryDetail': async (a) => {
      const res = await send(a, 'item.queryDetail', { id: 1 });
      expect(res.status).toBe(perms[a].has(calls['item.queryDetail'].permission) ? 200 : 403);
    },
    'item.add': (a) => templateEdit(a, 'item.add', { contentId: 1, kind: 1, name: '探测' }),
    'item.update': (a) =>
      templateEdit(a, 'item.update', { id: 1, version: 0, contentId: 1, kind: 1, name: '探测' }),
    'item.delete': (a) => templateEdit(a, 'item.delete', { ids: [1] }),
    'plan.queryList': (a) =>
      leftOut(a, 'plan.queryList', { keyword: lift.registerCode, page: 1, limit: 10 }, 'wb_admin2', (d) =>
        (d as Page<MaintainedLift>).records.some((r) => r.elevatorId === lift.id),
      ),
    'plan.queryDetail': (a) => refused(a, 'plan.queryDetail', { elevatorId: lift.id }),
    'plan.save': (a) =>
      refused(a, 'plan.save', {
        id: plan.planId,
        version: plan.planVersion,
        elevatorId: lift.id,
        templateId: plan.templateId,
        intervalDays: 7,
        firstDate: plan.firstDate,
        workerIds: plan.workerIds,
      }),
    'plan.delete': (a) => refused(a, 'plan.delete', { ids: [plan.planId] }),
    'orderCheck.list': (a) =>
      leftOut(
        a,
        'orderCheck.list',
        { keyword: finding.orderNo, page: 1, limit: 10 },
        'admin',
        hasId(finding.id),
      ),
    'orderCheck.update': (a) => refused(a, 'orderCheck.update', { id: finding.id, verdict: 2 }),
    'orderCheck.updateByIds': (a) => refused(a, 'orderCheck.updateByIds', { ids: [finding.id], verdict: 2 }),
    'pictureCheck.list': (a) =>
      leftOut(
        a,
        'pictureCheck.list',
        { keyword: pictureFinding.orderNo, page: 1, limit: 10 },
        'admin',
        hasId(pictureFinding.id),
      ),
    'pictureCheck.update': (a) => refused(a, 'pictureCheck.update', { id: finding.id, verdict: 2 }),
    'pictureCheck.updateByIds': (a) =>
      refused(a, 'pictureCheck.updateByIds', { ids: [finding.id], verdict: 2 }),
  };

  const snapshot = async () => ({
    done: (await send('admin', 'order.info', { id: done.id })).body.data,
    awaiting: (await send('admin', 'order.info', { id: awaiting.id })).body.data,
    planned: (await send('admin', 'order.info', { id: planned.id })).body.data,
    plan: (await send('admin', 'plan.queryDetail', { elevatorId: lift.id })).body.data,
    findings: (await send('admin', 'orderCheck.list', { keyword: finding.orderNo, page: 1, limit: 10 })).body
      .data,
  });
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    for (const u of ['admin', 'wb_admin2', ...ACTORS]) tokens[u] = await t.login(u);
    for (const u of ACTORS) {
      const info = (
        await t.api<{ permissions: string[] }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[u] })
      ).body.data;
      perms[u] = new Set(info.permissions);
    }
    const sy2 = (
      await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', {
        token: await t.login('sy_admin2'),
      })
    ).body.data.companyId;
    const orders = (
      await send<Page<MaintenanceOrderRow>>('wb_admin2', 'order.queryList', { page: 1, limit: 500 })
    ).body.data.records.filter((o) => o.useCompanyId === sy2 && o.areaCode !== '450103');
    // One lift with an order in each state the probes need.
    const byLift = new Map<number, MaintenanceOrderRow[]>();
    for (const o of orders) byLift.set(o.elevatorId, [...(byLift.get(o.elevatorId) ?? []), o]);
    const all = orders;
    done = all.find((o) => o.status === 4)!;
    awaiting = all.find((o) => o.status === 3)!;
    planned = all.find((o) => o.status === 0)!;
    expect(done && awaiting && planned, 'company 2 has completed, awaiting and planned orders').toBeTruthy();
    const lifts = (
      await t.api<Page<ElevatorRow>>('POST', '/pc/elevator/queryList', {
        token: tokens.wb_admin2,
        body: { page: 1, limit: 500 },
      })
    ).body.data.records;
    const plans = (await send<Page<MaintainedLift>>('wb_admin2', 'plan.queryList', { page: 1, limit: 500 }))
      .body.data.records;
    plan = plans.find(
      (p) =>
        p.planId !== null &&
        lifts.some((l) => l.id === p.elevatorId && l.useCompanyId === sy2 && l.areaCode !== '450103'),
    )!;
    lift = lifts.find((l) => l.id === plan.elevatorId)!;
    const findings = (await send<Page<CheckRow>>('admin', 'orderCheck.list', { page: 1, limit: 500 })).body
      .data.records;
    const foreignIds = new Set(all.map((o) => o.id));
    finding = findings.find((f) => foreignIds.has(f.orderId))!;
    expect(finding, 'a finding on a company 2 order').toBeDefined();
    const pictures = (await send<Page<CheckRow>>('admin', 'pictureCheck.list', { page: 1, limit: 500 })).body
      .data.records;
    pictureFinding = pictures.find((f) => foreignIds.has(f.orderId))!;
    expect(pictureFinding, 'a picture finding on a company 2 order').toBeDefined();
    before = await snapshot();
  }, 600_000);
  afterAll(() => t?.close());

  it('has a probe for every call of the maintenance domain', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(calls).sort());
  });

  for (const actor of ACTORS) {
    it(`${actor} reaches nothing of another company's maintenance, call by call`, async () => {
      const failures: string[] = [];
      for (const [name, probe] of Object.entries(probes)) {
        await probe(actor).catch((err: Error) => failures.push(`${name}: ${err.message.split('\n')[0]}`));
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }
});
