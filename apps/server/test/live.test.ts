import type { AddressInfo } from 'node:net';
import { type MyOrder, maintenanceWorkCalls } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishLive } from '../src/platform/live.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { openStream, until } from './live-support.ts';

/**
 * Live pages: a work order's change reaches, on commit, the open streams of those who may see the
 * order and no one else; rights changed anywhere end the streams (they reconnect and are checked
 * again); an unknown topic or no session is refused.
 */
describe.each(dbKinds)('live events on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development', demoElevators: 400 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const u of ['admin', 'wb_staff1', 'aq_officer1', 'wb_admin1', 'wb_admin2', 'sy_admin2', 'kf_agent1'])
      tokens[u] = await t.login(u);
  }, 600_000);
  afterAll(() => t?.close());

  it('tells those who may see an order that it changed, and no one else', async () => {
    const streams = Object.fromEntries(
      await Promise.all(
        ['aq_officer1', 'wb_admin1', 'wb_admin2', 'sy_admin2', 'admin'].map(
          async (u) => [u, await openStream(base, tokens[u], 'maintenance.order')] as const,
        ),
      ),
    );
    for (const s of Object.values(streams)) expect(s.status).toBe(200);
    await until(() => t.platform.live.size === 5, 5000, 'five open streams');
    const mine = await t.api<MyOrder[]>('GET', maintenanceWorkCalls.myOrders.path, {
      token: tokens.wb_staff1,
    });
    const order = mine.body.data.find((o) => o.status === 0)!;
    const signIn = await t.api('POST', maintenanceWorkCalls.signIn.path, {
      token: tokens.wb_staff1,
      body: { id: order.id, version: order.version, latitude: order.latitude, longitude: order.longitude },
    });
    expect(signIn.status).toBe(200);
    const expected = { event: 'maintenance.order', data: { id: order.id, status: 1, change: 'signIn' } };
    await until(
      () => streams.aq_officer1.events.length > 0 && streams.admin.events.length > 0,
      5000,
      'the event',
    );
    expect(streams.aq_officer1.events).toEqual([expected]);
    expect(streams.admin.events).toEqual([expected]);
    await until(() => streams.wb_admin1.events.length > 0, 5000, 'the maintenance company’s event');
    // Another maintenance company and another use unit hear nothing of it.
    await new Promise((r) => setTimeout(r, 300));
    expect(streams.wb_admin2.events).toEqual([]);
    expect(streams.sy_admin2.events).toEqual([]);

    // A refused move publishes nothing: signing in again is a 409.
    const again = await t.api('POST', maintenanceWorkCalls.signIn.path, {
      token: tokens.wb_staff1,
      body: { id: order.id, version: order.version, latitude: 22.8, longitude: 108.3 },
    });
    expect(again.status).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(streams.aq_officer1.events).toHaveLength(1);

    // Rights changed anywhere: every stream ends (the browser reconnects and is authenticated again).
    const roles = await t.api<{ records: { id: number; roleKey: string }[] }>('GET', '/pc/sysRole/query', {
      token: tokens.admin,
      query: { page: 1, limit: 50 },
    });
    const role = roles.body.data.records.find((r) => r.roleKey === 'safety_officer')!;
    const detail = await t.api<Record<string, unknown>>('GET', `/pc/sysRole/detail/${role.id}`, {
      token: tokens.admin,
    });
    const saved = await t.api('POST', '/pc/sysRole/save', {
      token: tokens.admin,
      body: { ...detail.body.data, remark: '已调整' },
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    await until(() => Object.values(streams).every((s) => s.ended()), 5000, 'the streams to end');
    expect(t.platform.live.size).toBe(0);
  });

  it('sends a topic’s events only to those holding the permission of the rows it carries', async () => {
    // The call centre's agents see the whole city (data scope "all") but hold no IoT, maintenance or
    // patrol permission: they read the cases, and hear nothing of the lifts' devices or work orders.
    const topics = [
      'iot.alarm',
      'iot.state',
      'maintenance.order',
      'patrol.task',
      'patrol.notice',
      'rescue.case',
    ];
    const agent = await openStream(base, tokens.kf_agent1, topics.join(','));
    const admin = await openStream(base, tokens.admin, topics.join(','));
    expect([agent.status, admin.status]).toEqual([200, 200]);
    await until(() => t.platform.live.size === 2, 5000, 'two open streams');
    // Audiences every "all" scope sees (the modules' own `sees` decide the rest, tested with them).
    const audience = {
      merchantId: 1,
      areaCode: '450103',
      maintenanceCompanyId: 1,
      useCompanyId: 1,
      workerIds: [],
      assigneeIds: [],
      recipientCompanyId: 1,
      rescueUnitId: null,
      assigneeId: null,
    };
    await t.platform.db.transaction(async (tx) => {
      for (const topic of topics) await publishLive(tx, topic, { topic }, audience);
    });
    await until(() => admin.events.length === topics.length, 5000, 'every event to the administrator');
    await until(() => agent.events.length > 0, 5000, 'the case event to the agent');
    await new Promise((r) => setTimeout(r, 300));
    expect(agent.events.map((e) => e.event)).toEqual(['rescue.case']);
    agent.close();
    admin.close();
    await until(() => t.platform.live.size === 0, 5000, 'the streams to close');
  });

  it('refuses an unknown topic and a stream without a session', async () => {
    const unknown = await openStream(base, tokens.admin, 'maintenance.order,nope');
    expect(unknown.status).toBe(400);
    const anonymous = await openStream(base, null, 'maintenance.order');
    expect(anonymous.status).toBe(401);
  });

  it('delivers on commit only', async () => {
    t.platform.live.register({ name: 'test.ping', permissions: null, sees: () => true });
    const s = await openStream(base, tokens.admin, 'test.ping');
    await until(() => t.platform.live.size === 1, 5000, 'the stream');
    await t.platform.db
      .transaction(async (tx) => {
        await publishLive(tx, 'test.ping', { n: 1 }, null);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.platform.db.transaction((tx) => publishLive(tx, 'test.ping', { n: 2 }, null));
    await until(() => s.events.length > 0, 5000, 'the committed event');
    await new Promise((r) => setTimeout(r, 200));
    expect(s.events.map((e) => e.data)).toEqual([{ n: 2 }]);
    s.close();
  });
});
