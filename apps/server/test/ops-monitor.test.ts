import XLSX from '@e965/xlsx';
import {
  EXPORT_PARAMS,
  hashPassword,
  LOGIN_FAILURE,
  type LoginLogRow,
  MONITOR_PARAMS,
  type OnlineSession,
  type Page,
} from '@ec/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeLoginLog } from '../src/modules/operations/monitor/login-log.ts';
import { hashToken } from '../src/platform/auth/session.ts';
import { authToken, loginLog, sysParam, sysUser } from '../src/platform/db/tables.ts';
import { DEMO_PASSWORD, dbKinds, startTestApp, type TestApp } from './harness.ts';

const UA = 'Mozilla/5.0 (MonitorTest) Chrome/130';

/**
 * 登录日志 and 在线用户 (issue 20): every sign-in attempt is logged with its reason, the log is
 * listed, exported and purged after its retention; the sessions are listed with their IP and last
 * activity and the administrator ends one (not their own); only the administrator may.
 */
describe.each(dbKinds)('sign-in log and online users on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  /** A password sign-in from an address and browser of the test's choosing. */
  const signIn = async (username: string, password: string, ip = '10.20.30.40') => {
    const res = await t.inject({
      method: 'POST',
      url: '/monitor/api/oauth/token',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
      payload: new URLSearchParams({
        grant_type: 'password',
        username,
        password: hashPassword(password),
      }).toString(),
    });
    return {
      status: res.statusCode,
      body: res.json() as { resultMsg: string; data: { access_token: string } },
    };
  };
  const lastLogOf = async (username: string) =>
    (
      await t.platform.db
        .select()
        .from(loginLog)
        .where(eq(loginLog.username, username))
        .orderBy(desc(loginLog.id))
        .limit(1)
    )[0];
  const userIdOf = async (username: string) =>
    (await t.platform.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0]
      .id;
  const setUser = (username: string, values: Partial<typeof sysUser.$inferInsert>) =>
    t.platform.db.update(sysUser).set(values).where(eq(sysUser.username, username));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a successful sign-in with the account, IP and browser', async () => {
    const res = await signIn('wb_admin1', DEMO_PASSWORD, '10.1.2.3');
    expect(res.status).toBe(200);
    const row = await lastLogOf('wb_admin1');
    expect(row).toMatchObject({
      success: true,
      reason: null,
      method: 'password',
      ip: '10.1.2.3',
      userAgent: UA,
      userId: await userIdOf('wb_admin1'),
    });
  });

  it('logs each failure with its reason, whatever the user is told', async () => {
    const cases: {
      name: string;
      prepare?: () => Promise<unknown>;
      password: string;
      status: number;
      reason: string;
      known: boolean;
    }[] = [
      {
        name: 'nobody_here',
        password: 'wrong-pass1',
        status: 400,
        reason: LOGIN_FAILURE.unknownAccount,
        known: false,
      },
      {
        name: 'wb_staff1',
        password: 'wrong-pass1',
        status: 400,
        reason: LOGIN_FAILURE.wrongPassword,
        known: true,
      },
      {
        // The fifth wrong password of the window locks the account.
        name: 'jy_admin2',
        prepare: () => setUser('jy_admin2', { failedLogins: 4, firstFailedAt: new Date() }),
        password: 'wrong-pass1',
        status: 429,
        reason: LOGIN_FAILURE.lockedNow,
        known: true,
      },
      {
        name: 'gg_admin1',
        prepare: () => setUser('gg_admin1', { lockedUntil: new Date(Date.now() + 600_000) }),
        password: DEMO_PASSWORD,
        status: 429,
        reason: LOGIN_FAILURE.locked,
        known: true,
      },
      {
        // Five tries of the window are already being checked: the sixth is not.
        name: 'sy_admin1',
        prepare: () => setUser('sy_admin1', { failedLogins: 5, firstFailedAt: new Date() }),
        password: DEMO_PASSWORD,
        status: 429,
        reason: LOGIN_FAILURE.tooManyTries,
        known: true,
      },
      {
        name: 'kf_agent1',
        prepare: () => setUser('kf_agent1', { status: 0 }),
        password: DEMO_PASSWORD,
        status: 403,
        reason: LOGIN_FAILURE.disabled,
        known: true,
      },
    ];
    for (const c of cases) {
      await c.prepare?.();
      const before = (await lastLogOf(c.name))?.id ?? 0;
      const res = await signIn(c.name, c.password, '10.9.9.9');
      expect(res.status, c.name).toBe(c.status);
      const row = await lastLogOf(c.name);
      expect(row.id, c.name).toBeGreaterThan(before);
      expect(row, c.name).toMatchObject({
        success: false,
        reason: c.reason,
        ip: '10.9.9.9',
        userAgent: UA,
        userId: c.known ? await userIdOf(c.name) : null,
      });
    }
    await setUser('kf_agent1', { status: 1 });
    await setUser('gg_admin1', { lockedUntil: null, failedLogins: 0, firstFailedAt: null });
    await setUser('sy_admin1', { lockedUntil: null, failedLogins: 0, firstFailedAt: null });
    await setUser('jy_admin2', { lockedUntil: null, failedLogins: 0, firstFailedAt: null });
  });

  it('lists the log newest first with the filters, a phone masked', async () => {
    await signIn('13800001111', 'wrong-pass1', '10.7.7.7');
    const all = await t.api<Page<LoginLogRow>>('GET', '/pc/loginLog/query', {
      token: admin,
      query: { limit: 50 },
    });
    expect(all.status).toBe(200);
    const ids = all.body.data.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.data.records[0]).toMatchObject({
      username: '138****1111',
      success: false,
      reason: LOGIN_FAILURE.unknownAccount,
      method: 'password',
      methodLabel: '密码',
      ip: '10.7.7.7',
    });

    const failed = await t.api<Page<LoginLogRow>>('GET', '/pc/loginLog/query', {
      token: admin,
      query: { success: false, ip: '10.9.9', limit: 50 },
    });
    expect(failed.body.data.total).toBe(6);
    expect(failed.body.data.records.every((r) => !r.success && r.ip === '10.9.9.9')).toBe(true);

    const byName = await t.api<Page<LoginLogRow>>('GET', '/pc/loginLog/query', {
      token: admin,
      query: { username: 'wb_admin1', success: true },
    });
    expect(byName.body.data.records.length).toBeGreaterThan(0);
    expect(byName.body.data.records.every((r) => r.username === 'wb_admin1' && r.success)).toBe(true);

    const future = await t.api<Page<LoginLogRow>>('GET', '/pc/loginLog/query', {
      token: admin,
      query: { startTime: '2099-01-01 00:00:00' },
    });
    expect(future.body.data).toMatchObject({ total: 0, records: [] });
  });

  it('refuses a malformed filter in Chinese', async () => {
    const res = await t.api('GET', '/pc/loginLog/query', { token: admin, query: { startTime: '昨天' } });
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toContain('开始时间格式应为 yyyy-MM-dd HH:mm:ss');
    const bad = await t.api('POST', '/pc/online/forceLogout', { token: admin, body: { id: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('会话编号应为数字');
  });

  it('exports the log as .xlsx, in the background when it is large', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/monitor/api/pc/loginLog/export',
      query: { success: 'false', ip: '10.9.9.9' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const sheet = XLSX.read(res.rawPayload).Sheets.登录日志;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(['登录时间', '登录账号', '登录方式', '结果', '失败原因', 'IP', '浏览器']);
    expect(rows).toHaveLength(7);
    expect(rows.slice(1).map((r) => r[4])).toContain(LOGIN_FAILURE.disabled);

    // A threshold of 0 rows: every export is a background job.
    const threshold = EXPORT_PARAMS.threshold.key;
    const setThreshold = (value: string) =>
      t.platform.db
        .insert(sysParam)
        .values({ configKey: threshold, value, name: '后台导出阈值（行）' })
        .onConflictDoUpdate({ target: sysParam.configKey, set: { value } });
    await setThreshold('0');
    try {
      const queued = await t.api<{ queued: boolean; job: { name: string } }>('GET', '/pc/loginLog/export', {
        token: admin,
      });
      expect(queued.status).toBe(202);
      expect(queued.body.data).toMatchObject({ queued: true, job: { name: '登录日志' } });
    } finally {
      await setThreshold(String(EXPORT_PARAMS.threshold.fallback));
    }
  });

  it('refuses the log and the sessions to anyone but the administrator', async () => {
    const other = await t.login('jg_qingxiu');
    for (const [method, path, body] of [
      ['GET', '/pc/loginLog/query', undefined],
      ['GET', '/pc/loginLog/export', undefined],
      ['GET', '/pc/online/query', undefined],
      ['POST', '/pc/online/forceLogout', { id: 1 }],
    ] as const) {
      const res = await t.api(method, path, { token: other, body });
      expect(res.status, path).toBe(403);
    }
  });

  it('purges the attempts older than the retention, daily, and keeps the rest', async () => {
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    await t.platform.db.insert(loginLog).values(
      [181, 179, 10].map((d) => ({
        username: `purge_${d}`,
        success: false,
        reason: LOGIN_FAILURE.wrongPassword,
        method: 'password',
        createdAt: at(d),
      })),
    );
    const left = async () =>
      (
        await t.platform.db
          .select({ u: loginLog.username })
          .from(loginLog)
          .where(sql`${loginLog.username} like 'purge_%'`)
      )
        .map((r) => r.u)
        .sort();
    // The seeded parameter: 180 days.
    const [param] = await t.platform.db
      .select({ value: sysParam.value })
      .from(sysParam)
      .where(eq(sysParam.configKey, MONITOR_PARAMS.loginLogRetentionDays.key));
    expect(param.value).toBe('180');
    expect(t.platform.jobs.list().some((j) => j.name === 'login-log-purge')).toBe(true);
    expect(await t.platform.jobs.runDue('login-log-purge')).toBe(true);
    expect(await left()).toEqual(['purge_10', 'purge_179']);
    const recent = await t.platform.db
      .select({ id: loginLog.id })
      .from(loginLog)
      .where(eq(loginLog.username, 'wb_admin1'));
    expect(recent.length).toBeGreaterThan(0);

    // 0 is no retention: the default holds rather than an emptied log.
    await t.platform.db
      .update(sysParam)
      .set({ value: '0' })
      .where(eq(sysParam.configKey, MONITOR_PARAMS.loginLogRetentionDays.key));
    expect(await purgeLoginLog(t.platform.db)).toBe(0);
    await t.platform.db
      .update(sysParam)
      .set({ value: '5' })
      .where(eq(sysParam.configKey, MONITOR_PARAMS.loginLogRetentionDays.key));
    expect(await purgeLoginLog(t.platform.db)).toBe(2);
    expect(await left()).toEqual([]);
    await t.platform.db
      .update(sysParam)
      .set({ value: '180' })
      .where(eq(sysParam.configKey, MONITOR_PARAMS.loginLogRetentionDays.key));
  });

  it('lists a fresh session with its account, organisation, IP and browser', async () => {
    const token = (await signIn('wb_admin1', DEMO_PASSWORD, '10.5.5.5')).body.data.access_token;
    const res = await t.api<Page<OnlineSession>>('GET', '/pc/online/query', {
      token: admin,
      query: { ip: '10.5.5.5' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const [row] = res.body.data.records;
    expect(row).toMatchObject({ username: 'wb_admin1', ip: '10.5.5.5', userAgent: UA, current: false });
    expect(row.realName).toBeTruthy();
    expect(row.orgName).toBeTruthy();
    const [tok] = await t.platform.db
      .select({ id: authToken.id })
      .from(authToken)
      .where(eq(authToken.tokenHash, hashToken(token)));
    expect(row.id).toBe(tok.id);
    // The administrator's own session is marked.
    const mine = await t.api<Page<OnlineSession>>('GET', '/pc/online/query', {
      token: admin,
      query: { username: 'admin', limit: 100 },
    });
    expect(mine.body.data.records.filter((r) => r.current)).toHaveLength(1);
  });

  it('writes the last activity of a session on use, at most once a minute', async () => {
    const token = (await signIn('wb_staff1', DEMO_PASSWORD, '10.6.6.6')).body.data.access_token;
    const where = eq(authToken.tokenHash, hashToken(token));
    const old = new Date(Date.now() - 5 * 60_000);
    await t.platform.db.update(authToken).set({ lastSeenAt: old }).where(where);
    t.platform.sessions.clear();
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    const [seen] = await t.platform.db.select({ at: authToken.lastSeenAt }).from(authToken).where(where);
    expect(Date.now() - seen.at.getTime()).toBeLessThan(10_000);
    // Within the minute a request writes nothing.
    const recent = new Date(Date.now() - 20_000);
    await t.platform.db.update(authToken).set({ lastSeenAt: recent }).where(where);
    t.platform.sessions.clear();
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    const [same] = await t.platform.db.select({ at: authToken.lastSeenAt }).from(authToken).where(where);
    expect(same.at.getTime()).toBe(recent.getTime());
  });

  it('ends a session: its token is refused; not twice, not an unknown one, not the own one', async () => {
    const token = (await signIn('wb_admin2', DEMO_PASSWORD, '10.4.4.4')).body.data.access_token;
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    const [tok] = await t.platform.db
      .select({ id: authToken.id })
      .from(authToken)
      .where(eq(authToken.tokenHash, hashToken(token)));
    const ended = await t.api('POST', '/pc/online/forceLogout', { token: admin, body: { id: tok.id } });
    expect(ended.status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(401);
    const listed = await t.api<Page<OnlineSession>>('GET', '/pc/online/query', {
      token: admin,
      query: { ip: '10.4.4.4' },
    });
    expect(listed.body.data.total).toBe(0);

    const again = await t.api('POST', '/pc/online/forceLogout', { token: admin, body: { id: tok.id } });
    expect(again.status).toBe(409);
    expect(again.body.resultMsg).toBe('该会话已下线或已过期');
    const unknown = await t.api('POST', '/pc/online/forceLogout', {
      token: admin,
      body: { id: 2_000_000_000 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.resultMsg).toBe('会话不存在');

    const [own] = await t.platform.db
      .select({ id: authToken.id })
      .from(authToken)
      .where(eq(authToken.tokenHash, hashToken(admin)));
    const self = await t.api('POST', '/pc/online/forceLogout', { token: admin, body: { id: own.id } });
    expect(self.status).toBe(400);
    expect(self.body.resultMsg).toBe('不能强制下线自己当前的会话，如需结束请使用“退出登录”');
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: admin })).status).toBe(200);
  });

  it.skipIf(kind !== 'postgres')('ends a session once when fifty requests race', async () => {
    const token = (await signIn('wb_staff1', DEMO_PASSWORD, '10.3.3.3')).body.data.access_token;
    const [tok] = await t.platform.db
      .select({ id: authToken.id })
      .from(authToken)
      .where(eq(authToken.tokenHash, hashToken(token)));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.api('POST', '/pc/online/forceLogout', { token: admin, body: { id: tok.id } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(401);
  });
});
