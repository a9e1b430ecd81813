import type { AddressInfo } from 'node:net';
import { hashPassword, RESCUE_CASE_TOPIC, rescueCaseCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { jobState } from '../src/platform/db/tables.ts';
import { publishLive } from '../src/platform/live.ts';
import { createPostgresDatabase, DEMO_PASSWORD, testConfig } from './harness.ts';
import { openStream, until } from './live-support.ts';

type Built = Awaited<ReturnType<typeof buildApp>>;

/** Two API nodes on one PostgreSQL database, as in a city deployment. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Built;
  let b: Built;
  let runs = 0;
  const job = {
    name: 'cluster-test-job',
    everyMs: 3600_000,
    run: async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 200));
    },
  };

  beforeAll(async () => {
    created = await createPostgresDatabase();
    const open = () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
    // Both start at once: migrations and seed must serialise.
    [a, b] = await Promise.all([
      open().then((database) => buildApp(testConfig('/tmp/ec-cluster-a'), { database })),
      open().then((database) => buildApp(testConfig('/tmp/ec-cluster-b'), { database })),
    ]);
    a.platform.jobs.register(job);
    b.platform.jobs.register(job);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await created?.drop();
  });

  it('accepts on one node a token issued by the other, and logout on one ends it on both', async () => {
    const login = await a.app.inject({
      method: 'POST',
      url: '/monitor/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: hashPassword(DEMO_PASSWORD),
      }).toString(),
    });
    const token = login.json().data.access_token;
    const auth = { authorization: `Bearer ${token}` };
    const info = await b.app.inject({
      method: 'GET',
      url: '/monitor/api/pc/sysUser/getUserInfo',
      headers: auth,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.name).toBe('平台管理员');
    await b.app.inject({ method: 'POST', url: '/monitor/api/oauth/logout', headers: auth });
    const after = await a.app.inject({
      method: 'GET',
      url: '/monitor/api/pc/sysUser/getUserInfo',
      headers: auth,
    });
    expect(after.statusCode).toBe(401);
  });

  it('seeded the database once', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/monitor/api/common/areaTree' });
    expect(res.json().data).toHaveLength(1);
  });

  it('runs a scheduled job once per period across both nodes', async () => {
    // The start of the current period, not the wall clock: `now + 1000` must stay in the same period
    // (with Date.now() it did not when the test started in the last second of an hour).
    const now = Math.floor(Date.now() / job.everyMs) * job.everyMs;
    const results = await Promise.all([
      a.platform.jobs.runDue(job.name, now),
      b.platform.jobs.runDue(job.name, now),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // A node that wakes up later in the same period finds it served.
    expect(await b.platform.jobs.runDue(job.name, now + 1000)).toBe(false);
    expect(runs).toBe(1);
    // The next period runs again, on whichever node gets there first.
    expect(await b.platform.jobs.runDue(job.name, now + job.everyMs)).toBe(true);
    expect(runs).toBe(2);
    const [state] = await a.platform.db.select().from(jobState);
    expect(state).toMatchObject({ name: job.name, runs: 2, lastStatus: 'ok' });
  });

  it('delivers a live event published on one node to the streams of the other', async () => {
    for (const node of [a, b])
      node.platform.live.register({ name: 'test.ping', permissions: null, sees: () => true });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await b.app.inject({
      method: 'POST',
      url: '/monitor/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: hashPassword(DEMO_PASSWORD),
      }).toString(),
    });
    const port = (b.app.server.address() as AddressInfo).port;
    const stream = await openStream(`http://127.0.0.1:${port}`, login.json().data.access_token, 'test.ping');
    await until(() => b.platform.live.size === 1, 5000, 'the stream on b');
    await a.platform.db.transaction((tx) => publishLive(tx, 'test.ping', { from: 'a' }, null));
    await until(() => stream.events.length === 1, 5000, 'the event on b');
    expect(stream.events[0]).toEqual({ event: 'test.ping', data: { from: 'a' } });
    stream.close();
  });

  it('shows a rescue case dispatched on one node to the agents and the rescuer on the other, and to nobody else', async () => {
    const login = async (username: string) =>
      (
        await b.app.inject({
          method: 'POST',
          url: '/monitor/api/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'password',
            username,
            password: hashPassword(DEMO_PASSWORD),
          }).toString(),
        })
      ).json().data.access_token as string;
    const port = (b.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const [agent, rescuer, other] = await Promise.all(['kf_agent2', 'wb_admin1', 'wb_admin2'].map(login));
    const streams = await Promise.all(
      [agent, rescuer, other].map((tk) => openStream(base, tk, RESCUE_CASE_TOPIC)),
    );
    await until(() => b.platform.live.size >= 3, 5000, 'three streams on b');
    const company = (
      await b.app.inject({
        method: 'GET',
        url: '/monitor/api/pc/sysUser/getUserInfo',
        headers: { authorization: `Bearer ${rescuer}` },
      })
    ).json().data.companyId as number;
    const [lift] = rowsOf<{ id: number }>(
      await a.platform.db.execute(
        sql`select id from elevator where maintenance_company_id = ${company}
          and not exists (select 1 from rescue_case c where c.elevator_id = elevator.id and c.status < 6) limit 1`,
      ),
    );
    // On node a: the agent takes the call and dispatches to the lift's maintenance company.
    const token = await (async () => {
      const r = await a.app.inject({
        method: 'POST',
        url: '/monitor/api/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: 'kf_agent1',
          password: hashPassword(DEMO_PASSWORD),
        }).toString(),
      });
      return r.json().data.access_token as string;
    })();
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const saved = await a.app.inject({
      method: 'PUT',
      url: `/monitor/api${rescueCaseCalls.saveOrder.path}`,
      headers: auth,
      payload: { kind: 1, elevatorId: lift.id, trapped: 1 },
    });
    const opened = saved.json().data.case as { id: number; version: number };
    const dispatched = await a.app.inject({
      method: 'POST',
      url: `/monitor/api${rescueCaseCalls.dispatch.path}`,
      headers: auth,
      payload: { id: opened.id, version: opened.version, level: 1 },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const ofCase = (s: { events: { data: Record<string, unknown> }[] }) =>
      s.events.filter((e) => e.data.id === opened.id);
    await until(
      () => ofCase(streams[0]).length >= 2 && ofCase(streams[1]).length >= 1,
      5000,
      'the case on b',
    );
    expect(ofCase(streams[0]).at(-1)?.data).toMatchObject({ id: opened.id, status: 2, assigneeId: company });
    expect(ofCase(streams[1]).at(-1)?.data).toMatchObject({ id: opened.id, status: 2 });
    expect(ofCase(streams[2])).toEqual([]);
    for (const s of streams) s.close();
  });
});
