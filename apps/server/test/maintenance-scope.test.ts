import {
  type Call,
  type ElevatorRow,
  type MaintenanceOrderRow,
  maintenanceOrderCalls,
  type Page,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

/**
 * Data scope of the maintenance domain, call by call (the twin of elevator-scope.test.ts):
 * maintenance company 1, use unit 1 and the 青秀区 regulator ask for a work order of a lift that
 * company 2 maintains for use unit 2 outside 青秀区. Each call answers 404 (403 without the
 * permission), the lift's maintenance company sees the order, and afterwards it is as it was.
 */
const calls = maintenanceOrderCalls;
type CallName = keyof typeof calls;

interface Case {
  actor: string;
  perms: Set<string>;
}

describe.each(dbKinds)('maintenance data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const cases: Record<string, Case> = {};
  /** A completed work order of the foreign lift (it has a record trail). */
  let order: MaintenanceOrderRow;
  const owner = 'wb_admin2';

  const send = <T = unknown>(user: string, name: CallName, input: Record<string, unknown>) => {
    const call: Call = calls[name];
    return t.api<T>(call.method, call.path, { token: tokens[user], query: input as Record<string, number> });
  };

  /** A call on the foreign order: 404, or 403 without the permission; its owner is answered. */
  const refused = async (c: Case, name: CallName, input: Record<string, unknown>) => {
    const res = await send(c.actor, name, input);
    expect(res.status, `${c.actor} ${name}: ${res.body.resultMsg}`).toBe(
      c.perms.has(calls[name].permission) ? 404 : 403,
    );
    expect((await send(owner, name, input)).status, `${owner} ${name}`).toBe(200);
  };

  /** One probe per call: a new call without a probe fails to compile and fails the completeness test. */
  const probes: Record<CallName, (c: Case) => Promise<void>> = {
    info: (c) => refused(c, 'info', { id: order.id }),
    queryOrderRecord: (c) => refused(c, 'queryOrderRecord', { orderId: order.id, page: 1, limit: 50 }),
  };

  const snapshot = async () => ({
    info: (await send('admin', 'info', { id: order.id })).body.data,
    records: (await send('admin', 'queryOrderRecord', { orderId: order.id, page: 1, limit: 50 })).body.data,
  });
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of ['admin', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2', 'jg_qingxiu'])
      tokens[u] = await t.login(u);
    const companyOf = async (user: string) =>
      (await t.api<{ companyId: number }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[user] })).body
        .data.companyId;
    const sy2 = await companyOf('sy_admin2');
    const lifts = await t.api<Page<ElevatorRow>>('POST', '/pc/elevator/queryList', {
      token: tokens[owner],
      body: { page: 1, limit: 500 },
    });
    const lift = lifts.body.data.records.find((r) => r.useCompanyId === sy2 && r.areaCode !== '450103');
    expect(lift, 'company 2 maintains a lift of use unit 2 outside 青秀区').toBeDefined();
    const orders = await t.api<Page<MaintenanceOrderRow>>(
      'POST',
      '/pc/elevator/queryDetail/maintenanceOrderInfo',
      {
        token: tokens[owner],
        body: { elevatorId: lift!.id, page: 1, limit: 50 },
      },
    );
    const done = orders.body.data.records.find((o) => o.statusLabel === '已完成');
    expect(done, 'the lift has a completed work order').toBeDefined();
    order = done!;
    for (const actor of ['wb_admin1', 'sy_admin1', 'jg_qingxiu']) {
      const info = (
        await t.api<{ permissions: string[] }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[actor] })
      ).body.data;
      cases[actor] = { actor, perms: new Set(info.permissions) };
    }
    before = await snapshot();
    expect((before.records as Page<unknown>).total).toBeGreaterThan(0);
  });
  afterAll(() => t?.close());

  it('has a probe for every call of the maintenance domain', () => {
    expect(Object.keys(probes).sort()).toEqual(Object.keys(calls).sort());
  });

  for (const actor of ['wb_admin1', 'sy_admin1', 'jg_qingxiu']) {
    it(`${actor} reaches nothing of another's work order, call by call`, async () => {
      const c = cases[actor];
      const failures: string[] = [];
      for (const [name, probe] of Object.entries(probes)) {
        await probe(c).catch((err: Error) => failures.push(`${name}: ${err.message.split('\n')[0]}`));
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }
});
