import { hashPassword, type OnlineSession, type Page } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashToken } from '../src/platform/auth/session.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { createPostgresDatabase, DEMO_PASSWORD, testConfig } from './harness.ts';

type Built = Awaited<ReturnType<typeof buildApp>>;

/**
 * 强制下线 on one API node ends the session on the other at once: the other node had the token in
 * its session cache (kept 10 s), and learns of the revocation by NOTIFY auth_changed, not by the
 * cache running out.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('forced sign-out across two nodes on one PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Built;
  let b: Built;

  const request = (node: Built, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
    node.app.inject({
      method,
      url: `/monitor/api${url}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      payload: body ? JSON.stringify(body) : undefined,
    });
  const signIn = async (node: Built, username: string) => {
    const res = await node.app.inject({
      method: 'POST',
      url: '/monitor/api/oauth/token',
      remoteAddress: '10.11.12.13',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'ClusterTest/1.0' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username,
        password: hashPassword(DEMO_PASSWORD),
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.access_token as string;
  };

  beforeAll(async () => {
    created = await createPostgresDatabase();
    const open = () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
    [a, b] = await Promise.all([
      open().then((database) => buildApp(testConfig('/tmp/ec-monitor-a'), { database })),
      open().then((database) => buildApp(testConfig('/tmp/ec-monitor-b'), { database })),
    ]);
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await created?.drop();
  });

  it('ends on node A a session that node B keeps in its cache, and B refuses the token at once', async () => {
    const admin = await signIn(a, 'admin');
    const user = await signIn(b, 'wb_admin1');
    // Let the sign-ins' own notifications pass, then B keeps the session.
    await new Promise((r) => setTimeout(r, 300));
    expect((await request(b, 'GET', '/pc/sysUser/getUserInfo', user)).statusCode).toBe(200);
    expect(b.platform.sessions.get(hashToken(user))).toBeDefined();

    const online = await request(a, 'GET', '/pc/online/query?ip=10.11.12.13&limit=50', admin);
    const session = (online.json().data as Page<OnlineSession>).records.find(
      (r) => r.username === 'wb_admin1',
    );
    expect(session).toMatchObject({ ip: '10.11.12.13', userAgent: 'ClusterTest/1.0' });

    const ended = await request(a, 'POST', '/pc/online/forceLogout', admin, { id: session!.id });
    expect(ended.statusCode).toBe(200);
    // Well within the cache's 10 s: only the notification can have emptied B's cache.
    const deadline = Date.now() + 3000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await request(b, 'GET', '/pc/sysUser/getUserInfo', user)).statusCode;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    expect((await request(a, 'GET', '/pc/sysUser/getUserInfo', user)).statusCode).toBe(401);
    // The administrator's own session goes on on both nodes.
    expect((await request(b, 'GET', '/pc/sysUser/getUserInfo', admin)).statusCode).toBe(200);
  });
});
