import { hashPassword, type MenuEntry, type SessionUser } from '@ec/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/auth/session.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { authToken, sysUser } from '../src/platform/db/tables.ts';
import { DEMO_USERS } from '../src/platform/seed/demo.ts';
import { DEMO_PASSWORD, dbKinds, startTestApp, type TestApp } from './harness.ts';

const urls = (tree: MenuEntry[]): string[] => tree.flatMap((m) => [m.url, ...urls(m.childTree)]);
/** NOTIFY reaches a PostgreSQL listener a little after the commit (PGlite: at once). */
const notificationsSettle = () => new Promise((r) => setTimeout(r, 200));
const loginForm = (username: string, password: string) => ({
  form: { grant_type: 'password', username, password: hashPassword(password) },
});

describe.each(dbKinds)('sign-in and session on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in by user name or phone and returns a bearer token', async () => {
    const res = await t.api<{ access_token: string; token_type: string; expires_in: number }>(
      'POST',
      '/oauth/token',
      loginForm('admin', DEMO_PASSWORD),
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.token_type).toBe('bearer');
    expect(res.body.data.expires_in).toBe(12 * 3600);
    expect(res.body.data.access_token.length).toBeGreaterThan(30);
    const byPhone = await t.api('POST', '/oauth/token', loginForm('13807710003', DEMO_PASSWORD));
    expect(byPhone.status).toBe(200);
  });

  it('stores tokens only as a hash', async () => {
    const token = await t.login('jg_qingxiu');
    const rows = await t.platform.db
      .select()
      .from(authToken)
      .where(eq(authToken.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await t.platform.db.select({ h: authToken.tokenHash }).from(authToken);
    expect(all.some((r) => r.h === token)).toBe(false);
  });

  it('answers a wrong password and an unknown account alike, so that accounts cannot be told apart', async () => {
    const known = await t.api('POST', '/oauth/token', loginForm('wb_admin2', 'wrong-pass1'));
    const unknown = await t.api('POST', '/oauth/token', loginForm('nobody', 'wrong-pass1'));
    const unknownPhone = await t.api('POST', '/oauth/token', loginForm('13999990000', 'wrong-pass1'));
    for (const res of [known, unknown, unknownPhone]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, resultMsg: '用户名或密码错误' });
    }
    const strip = (b: { requestId?: string }) => ({ ...b, requestId: undefined });
    expect(strip(known.body)).toEqual(strip(unknown.body));
    expect(strip(known.body)).toEqual(strip(unknownPhone.body));
  });

  it('locks an account for 15 minutes after five wrong passwords', async () => {
    for (let i = 0; i < 4; i++) await t.api('POST', '/oauth/token', loginForm('gg_admin1', `bad${i}xyz`));
    const fifth = await t.api('POST', '/oauth/token', loginForm('gg_admin1', 'bad5xyz'));
    expect(fifth.status).toBe(429);
    expect(fifth.body.resultMsg).toMatch(/账号已锁定 15 分钟，请于 \d{2}:\d{2} 后重试/);
    const right = await t.api('POST', '/oauth/token', loginForm('gg_admin1', DEMO_PASSWORD));
    expect(right.status).toBe(429);
    // Once the lock has run out the right password works again and resets the count.
    await t.platform.db
      .update(sysUser)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(sysUser.username, 'gg_admin1'));
    expect((await t.api('POST', '/oauth/token', loginForm('gg_admin1', DEMO_PASSWORD))).status).toBe(200);
  });

  it('rejects malformed sign-in requests naming the field', async () => {
    const noGrant = await t.api('POST', '/oauth/token', {
      form: { username: 'admin', password: hashPassword('x') },
    });
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.resultMsg).toContain('grant_type');
    const plain = await t.api('POST', '/oauth/token', {
      form: { grant_type: 'password', username: 'admin', password: DEMO_PASSWORD },
    });
    expect(plain.status).toBe(400);
    expect(plain.body.errors?.[0].field).toBe('password');
  });

  it('answers 401 without a token, with an unknown token, with an expired one and after logout', async () => {
    expect((await t.api('GET', '/pc/sysUser/getUserInfo')).status).toBe(401);
    const bogus = await t.api('GET', '/pc/sysUser/getUserInfo', { token: 'not-a-token' });
    expect(bogus.status).toBe(401);
    expect(bogus.body.resultMsg).toBe('登录已失效，请重新登录');

    const expiring = await t.login('sy_admin2');
    await t.platform.db
      .update(authToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authToken.tokenHash, hashToken(expiring)));
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: expiring })).status).toBe(401);

    const token = await t.login('sy_admin2');
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    expect((await t.api('POST', '/oauth/logout', { token })).status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(401);
  });

  it('keeps a used session in memory, and forgets it when the token changes anywhere', async () => {
    const token = await t.login('jy_admin1');
    await notificationsSettle(); // the sign-in's own NOTIFY empties the cache when it arrives
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    expect(t.platform.sessions.get(hashToken(token))?.user.username).toBe('jy_admin1');
    // Another server (or a job) revokes it straight in the database: the trigger's NOTIFY empties
    // this server's cache, at once on PGlite and within milliseconds on PostgreSQL.
    await t.platform.db
      .update(authToken)
      .set({ revokedAt: new Date() })
      .where(eq(authToken.tokenHash, hashToken(token)));
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) {
      status = (await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });

  it('keeps sessions through sign-ins (their try counters included) and renewals, which end no token', async () => {
    const token = await t.login('jy_inspector1');
    await notificationsSettle();
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    // Another user signs in elsewhere and a token's expiry is renewed: no server need forget anything.
    await t.platform.db
      .update(authToken)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(authToken.tokenHash, hashToken(token)));
    await t.platform.db.insert(authToken).values({
      tokenHash: hashToken(`another-${kind}`),
      userId: (
        await t.platform.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'))
      )[0].id,
      expiresAt: new Date(Date.now() + 60_000),
      maxExpiresAt: new Date(Date.now() + 60_000),
    });
    // Sign-ins on any server count tries in the account's row: no session reads those columns.
    await t.platform.db
      .update(sysUser)
      .set({ failedLogins: 0, firstFailedAt: null, lockedUntil: null })
      .where(eq(sysUser.username, 'admin'));
    await notificationsSettle();
    expect(t.platform.sessions.get(hashToken(token))?.user.username).toBe('jy_inspector1');
  });

  it('forgets every kept session on a write call, so a change made here applies to the next call', async () => {
    const reader = await t.login('kf_agent1');
    const other = await t.login('wb_staff1');
    await notificationsSettle();
    for (const token of [reader, other])
      expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    expect(t.platform.sessions.size).toBeGreaterThanOrEqual(2);
    expect((await t.api('POST', '/oauth/logout', { token: other })).status).toBe(200);
    expect(t.platform.sessions.size).toBe(0);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: other })).status).toBe(401);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: reader })).status).toBe(200);
  });

  it('renews a token on use but never past its maximum life', async () => {
    const token = await t.login('kf_agent1');
    const soon = new Date(Date.now() + 10_000);
    const max = new Date(Date.now() + 120_000);
    await t.platform.db
      .update(authToken)
      .set({ expiresAt: soon, maxExpiresAt: max })
      .where(eq(authToken.tokenHash, hashToken(token)));
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    const [row] = await t.platform.db
      .select()
      .from(authToken)
      .where(eq(authToken.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime()).toBe(max.getTime());
  });

  it('returns the session user of doc 000 §3', async () => {
    const token = await t.login('wb_admin1');
    const res = await t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', { token });
    expect(res.status).toBe(200);
    const u = res.body.data;
    expect(u.name).toBe(DEMO_USERS.find((d) => d.username === 'wb_admin1')?.realName);
    expect(u.roles).toEqual(['maintenance_admin']);
    expect(u.roleCode).toBe('maintenance_admin');
    expect(u.roleName).toBe('维保单位管理员');
    expect(u.dataScope).toBe('company');
    expect(u.userType).toBe('maintenance');
    expect(u.companyName).toBe('南宁安顺电梯维保有限公司');
    expect(u.telephone).toBe('13807710003');
    expect(u.needIntercept).toBe(false);
    expect(u.permissions).not.toContain('*:*:*');

    const admin = await t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', {
      token: await t.login('admin'),
    });
    expect(admin.body.data.permissions).toContain('*:*:*');
    expect(admin.body.data.dataScope).toBe('all');
    const regulator = await t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', {
      token: await t.login('jg_qingxiu'),
    });
    expect(regulator.body.data.areaCodes).toEqual(['450103']);
  });

  it('builds each user’s menu from the roles', async () => {
    const admin = await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', {
      token: await t.login('admin'),
    });
    const all = urls(admin.body.data);
    expect(all).toContain('/dashboard');
    expect(all).toContain('/basicInformation/theElevatorManagement');
    expect(all).toContain('/permission/page');
    expect(all).toContain('iot');
    expect(all.length).toBeGreaterThan(150);
    expect(all.every((u) => u !== '')).toBe(true);

    const wb = await t.api<MenuEntry[]>('GET', '/pc/sysMenu/getMenuList', {
      token: await t.login('wb_admin1'),
    });
    const mine = urls(wb.body.data);
    expect(mine).toContain('/basicInformation/elevatorMaintenance');
    expect(mine).toContain('/basicInformation');
    expect(mine).not.toContain('/permission/page');
    expect(mine).not.toContain('/basicInformation/theElevatorManagement');
  });

  it('checks permissions before the handler: 403 without, 200 with', async () => {
    const wb = await t.login('wb_admin1');
    const refused = await t.api('GET', '/pc/sysParam/query', { token: wb });
    expect(refused.status).toBe(403);
    expect(refused.body.resultMsg).toBe('没有权限执行此操作');
    const admin = await t.login('admin');
    expect((await t.api('GET', '/pc/sysParam/query', { token: admin })).status).toBe(200);
  });

  it('refuses disabled accounts at sign-in and on every call', async () => {
    const token = await t.login('iot_admin1');
    await t.platform.db.update(sysUser).set({ status: 0 }).where(eq(sysUser.username, 'iot_admin1'));
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(401);
    const res = await t.api('POST', '/oauth/token', loginForm('iot_admin1', DEMO_PASSWORD));
    expect(res.status).toBe(403);
    expect(res.body.resultMsg).toBe('账号已停用，请联系管理员');
    await t.platform.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'iot_admin1'));
  });

  it('reports filing status', async () => {
    const res = await t.api<{ needIntercept: boolean }>('GET', '/pc/sysUser/filingStatus', {
      token: await t.login('wb_staff1'),
    });
    expect(res.body.data.needIntercept).toBe(false);
  });
});

describe.each(dbKinds)('password change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const change = (token: string, curr: string, next: string, again = next) =>
    t.api('POST', '/pc/sysUser/modifyPsw', {
      token,
      body: {
        currPassword: hashPassword(curr),
        password: hashPassword(next),
        rePassword: hashPassword(again),
      },
    });

  it('refuses a wrong old password, a mismatch, a weak one and the old one', async () => {
    const token = await t.login('sy_admin1');
    expect((await change(token, 'nope1234', 'Better2026')).body.resultMsg).toBe('旧密码不正确');
    expect((await change(token, DEMO_PASSWORD, 'Better2026', 'Other2026')).body.resultMsg).toBe(
      '两次输入密码不一致!',
    );
    const weak = await change(token, DEMO_PASSWORD, 'abc123');
    expect(weak.status).toBe(400);
    expect(weak.body.resultMsg).toBe('您输入的密码过于简单，请尝试其他密码。');
    expect((await change(token, DEMO_PASSWORD, DEMO_PASSWORD)).body.resultMsg).toBe('新密码不能与旧密码相同');
    const missing = await t.api('POST', '/pc/sysUser/modifyPsw', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.resultMsg).toContain('请输入旧密码');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await t.login('sy_admin1');
    const token = await t.login('sy_admin1');
    expect((await change(token, DEMO_PASSWORD, 'Better2026')).status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token })).status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: other })).status).toBe(401);
    expect((await t.api('POST', '/oauth/token', loginForm('sy_admin1', DEMO_PASSWORD))).status).toBe(400);
    expect(await t.login('sy_admin1', 'Better2026')).toBeTruthy();
  });
});

describe.each(dbKinds)('SMS codes, registration and reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (phone: string, smsCode: string, extra: Record<string, unknown> = {}) =>
    t.api<{ userId: number }>('POST', '/pc/login/regist', {
      body: {
        userType: 'maintenance',
        realName: '新维保公司',
        phone,
        smsCode,
        password: hashPassword('Newco2026'),
        rePassword: hashPassword('Newco2026'),
        agree: true,
        ...extra,
      },
    });

  it('sends a 6-digit code once per 60 s and registers with it; the new account must file first', async () => {
    const phone = '13912345001';
    const sent = await t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } });
    expect(sent.status).toBe(200);
    const code = t.lastSmsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const again = await t.api('POST', '/pc/login/getVerifyCode', { body: { phone, type: 'register' } });
    expect(again.status).toBe(429);
    expect(again.body.resultMsg).toMatch(/验证码发送过于频繁，请 \d+ 秒后再试/);

    const wrong = await register(phone, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.resultMsg).toBe('验证码错误，还可尝试 4 次');
    const ok = await register(phone, code);
    expect(ok.status).toBe(200);
    // The code was used: the second registration is refused on the code, before the phone.
    const reused = await register(phone, code);
    expect(reused.status).toBe(400);
    expect(reused.body.resultMsg).toBe('验证码已失效，请重新获取');

    const token = await t.login(phone, 'Newco2026');
    const me = await t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', { token });
    expect(me.body.data.needIntercept).toBe(true);
    expect(me.body.data.roles).toEqual(['maintenance_admin']);
  });

  it('answers a code request for a registered phone like any other, and tells only the phone', async () => {
    const taken = await t.api('GET', '/common/sendSms', {
      query: { phone: '13807710001', type: 'register' },
    });
    const fresh = await t.api('GET', '/common/sendSms', {
      query: { phone: '13912345010', type: 'register' },
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(fresh.body);
    expect(t.sms.outbox.at(-2)?.text).toContain('该手机号已注册');
    expect(t.sms.outbox.at(-2)?.phone).toBe('13807710001');
    // Limited alike: a second request within 60 s is refused for both.
    const again = await t.api('GET', '/common/sendSms', {
      query: { phone: '13807710001', type: 'register' },
    });
    const againFresh = await t.api('GET', '/common/sendSms', {
      query: { phone: '13912345010', type: 'register' },
    });
    expect(again.status).toBe(429);
    expect(againFresh.status).toBe(429);
    // Registering the registered phone is refused on the code (it was never sent), not as 已注册.
    const attempt = await register('13807710001', '123456');
    expect(attempt.status).toBe(400);
    expect(attempt.body.resultMsg).toMatch(/^验证码错误/);
  });

  it('refuses bad phones and a missing agreement', async () => {
    const badPhone = await t.api('GET', '/common/sendSms', { query: { phone: '12345', type: 'register' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.resultMsg).toContain('请输入正确的手机号');
    const noAgree = await register('13912345009', '123456', { agree: false });
    expect(noAgree.status).toBe(400);
    expect(noAgree.body.resultMsg).toContain('请阅读并同意用户协议');
  });

  it('expires codes after 5 minutes and gives up after 5 wrong tries', async () => {
    const phone = '13912345002';
    await t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } });
    const code = t.lastSmsCode(phone);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) await register(phone, wrongCode);
    const fifth = await register(phone, wrongCode);
    expect(fifth.body.resultMsg).toBe('验证码错误次数过多，请重新获取');
    const right = await register(phone, code);
    expect(right.status).toBe(400);
    expect(right.body.resultMsg).toBe('验证码错误次数过多，请重新获取');

    const phone2 = '13912345003';
    await t.api('GET', '/common/sendSms', { query: { phone: phone2, type: 'register' } });
    const { smsCode } = await import('../src/platform/db/tables.ts');
    await t.platform.db
      .update(smsCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCode.phone, phone2));
    const expired = await register(phone2, t.lastSmsCode(phone2));
    expect(expired.status).toBe(400);
    expect(expired.body.resultMsg).toBe('验证码已失效，请重新获取');
  });

  it('resets a forgotten password with a code and ends old sessions', async () => {
    const phone = '13807710013';
    const old = await t.login('gg_admin1');
    await t.api('GET', '/common/sendSms', { query: { phone, type: 'resetPsw' } });
    const res = await t.api('POST', '/pc/login/resetPsw', {
      body: {
        phone,
        smsCode: t.lastSmsCode(phone),
        password: hashPassword('Reset2026x'),
        rePassword: hashPassword('Reset2026x'),
      },
    });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/getUserInfo', { token: old })).status).toBe(401);
    expect(await t.login('gg_admin1', 'Reset2026x')).toBeTruthy();
  });

  it('does not reveal whether a phone is registered when resetting', async () => {
    const before = t.sms.outbox.length;
    const res = await t.api('GET', '/common/sendSms', { query: { phone: '13912349999', type: 'resetPsw' } });
    expect(res.status).toBe(200);
    expect(t.sms.outbox.length).toBe(before);
  });

  it('changes the phone with a code sent to the new number', async () => {
    const token = await t.login('jy_inspector1');
    const phone = '13912345004';
    expect(
      (await t.api('POST', '/pc/sysUser/sendPhoneCode', { token, body: { mobile: phone } })).status,
    ).toBe(200);
    const short = await t.api('POST', '/pc/sysUser/editPhone', { token, body: { phone, smsCode: '123' } });
    expect(short.body.resultMsg).toContain('位数应为6');
    // Another account's phone: refused after the code is checked, never before.
    const wrongCode = await t.api('POST', '/pc/sysUser/editPhone', {
      token,
      body: { phone: '13807710001', smsCode: '123456' },
    });
    expect(wrongCode.status).toBe(400);
    await t.api('POST', '/pc/sysUser/sendPhoneCode', { token, body: { mobile: '13807710001' } });
    const taken = await t.api('POST', '/pc/sysUser/editPhone', {
      token,
      body: { phone: '13807710001', smsCode: t.lastSmsCode('13807710001') },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.resultMsg).toBe('该手机号已被其他账号使用');
    const ok = await t.api('POST', '/pc/sysUser/editPhone', {
      token,
      body: { phone, smsCode: t.lastSmsCode(phone) },
    });
    expect(ok.status).toBe(200);
    const me = await t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', { token });
    expect(me.body.data.telephone).toBe(phone);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per IP', async () => {
    const t = await startTestApp('pglite', { rateLimitPerMinute: 3 });
    try {
      // The first without its password (refused by the form's schema, before the handler).
      const statuses = [
        (await t.api('POST', '/oauth/token', { form: { grant_type: 'password', username: 'x' } })).status,
      ];
      for (let i = 0; i < 4; i++)
        statuses.push((await t.api('POST', '/oauth/token', loginForm('x', 'y'))).status);
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses[3]).toBe(429);
      const limited = await t.api('POST', '/oauth/token', loginForm('x', 'y'));
      expect(limited.body.resultMsg).toBe('请求过于频繁，请稍后再试');
      // Refused before the handler, yet in 登录日志: the malformed form with the name typed, the
      // limited ones (answered before the form is read) without it.
      const log = rowsOf<{ username: string; success: boolean; reason: string }>(
        await t.platform.db.execute(
          sql`select username, success, reason from login_log where username in ('x', '') order by id`,
        ),
      );
      expect(log).toEqual([
        { username: 'x', success: false, reason: '请求不完整或格式错误' },
        // The handler logs its own refusals, once.
        ...Array(2).fill({ username: 'x', success: false, reason: '账号不存在' }),
        ...Array(3).fill({ username: '', success: false, reason: '登录尝试过于频繁，已限流' }),
      ]);
    } finally {
      await t.close();
    }
  });
});
