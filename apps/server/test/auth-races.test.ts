import { createHash } from 'node:crypto';
import { hashPassword, type SessionUser } from '@ec/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCode, sysUser } from '../src/platform/db/tables.ts';
import { DEMO_PASSWORD, dbKinds, startTestApp, type TestApp } from './harness.ts';
import { newIdNumber, uploadPng } from './parties-support.ts';

/*
 * The rules that decide a sign-in or an account write, raced 50 at a time (on PostgreSQL they run in
 * parallel; PGlite runs one query at a time and would hide a check-then-write).
 */

const N = 50;
const signIn = (t: TestApp, username: string, password: string) =>
  t.api('POST', '/oauth/token', {
    form: { grant_type: 'password', username, password: hashPassword(password) },
  });

describe.each(dbKinds)('sign-in lockout and SMS tries under concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('locks an account after five wrong passwords, however many arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => signIn(t, 'iot_admin1', `Wrong${i}pass`)),
    );
    const statuses = results.map((r) => r.status);
    // Four wrong tries are answered as such, the fifth locks, every other one is refused unchecked.
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(N - 4);
    for (const r of results.filter((x) => x.status === 400))
      expect(r.body.resultMsg).toBe('用户名或密码错误');
    const right = await signIn(t, 'iot_admin1', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.resultMsg).toMatch(/账号已锁定/);
    const [row] = await t.platform.db
      .select({ lockedUntil: sysUser.lockedUntil })
      .from(sysUser)
      .where(eq(sysUser.username, 'iot_admin1'));
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('does not let a right password among concurrent wrong ones unlock a locked account', async () => {
    // kf_agent1 is locked by five sequential wrong tries, then 50 tries race, the right one among them.
    for (let i = 0; i < 5; i++) await signIn(t, 'kf_agent1', `Bad${i}pass`);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => signIn(t, 'kf_agent1', i === 25 ? DEMO_PASSWORD : `Bad${i}x`)),
    );
    expect(results.every((r) => r.status === 429)).toBe(true);
  });

  it('evaluates at most five SMS codes of 50 sent at once, then refuses the right one too', async () => {
    const phone = '13912346001';
    expect((await t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } })).status).toBe(200);
    const code = t.lastSmsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (smsCodeValue: string) => ({
      userType: 'maintenance',
      realName: '并发注册',
      phone,
      smsCode: smsCodeValue,
      password: hashPassword('Race2026x'),
      rePassword: hashPassword('Race2026x'),
      agree: true,
    });
    const results = await Promise.all(
      Array.from({ length: N }, () => t.api('POST', '/pc/login/regist', { body: body(wrong) })),
    );
    const evaluated = results.filter((r) => /^验证码错误，还可尝试/.test(r.body.resultMsg));
    expect(evaluated.length).toBe(4);
    expect(results.every((r) => r.status === 400)).toBe(true);
    const [row] = await t.platform.db
      .select({ attempts: smsCode.attempts })
      .from(smsCode)
      .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, 'register')));
    expect(row.attempts).toBe(5);
    const right = await t.api('POST', '/pc/login/regist', { body: body(code) });
    expect(right.status).toBe(400);
    expect(right.body.resultMsg).toBe('验证码错误次数过多，请重新获取');
  });

  it('changes a password once when 50 changes from the same old password race', async () => {
    const token = await t.login('jy_admin1');
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.api('POST', '/pc/sysUser/modifyPsw', {
          token,
          body: {
            currPassword: hashPassword(DEMO_PASSWORD),
            password: hashPassword(`Changed${i}x2026`),
            rePassword: hashPassword(`Changed${i}x2026`),
          },
        }),
      ),
    );
    const won = results.findIndex((r) => r.status === 200);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([400, 409]).toContain(r.status);
    expect((await signIn(t, 'jy_admin1', `Changed${won}x2026`)).status).toBe(200);
  });

  it('sends one code when 50 requests for one phone arrive at once', async () => {
    const phone = '13912346002';
    const before = t.sms.outbox.filter((m) => m.phone === phone).length;
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(N - 1);
    expect(t.sms.outbox.filter((m) => m.phone === phone).length - before).toBe(1);
  });
});

describe.each(dbKinds)('one identifier names one account on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const registerWithCode = async (phone: string, password: string) => {
    const sent = await t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } });
    expect(sent.status).toBe(200);
    return t.api<{ userId: number }>('POST', '/pc/login/regist', {
      body: {
        userType: 'use_unit',
        realName: '物业公司',
        phone,
        smsCode: t.lastSmsCode(phone),
        password: hashPassword(password),
        rePassword: hashPassword(password),
        agree: true,
      },
    });
  };
  const roleId = async () => {
    const roles = await t.api<{ records: { id: number; roleKey: string }[] }>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { limit: 100 },
    });
    return roles.body.data.records.find((r) => r.roleKey === 'callcenter')!.id;
  };
  const createUser = async (username: string, phone: string | undefined, role: number) =>
    t.api<{ user: { id: number } }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: { username, realName: '新用户', phone, userType: 'callcenter', roleIds: [role] },
    });

  it('keeps a moved phone with its account: nobody else takes it, and it still reaches the first account', async () => {
    const P1 = '13912347001';
    const P2 = '13912347002';
    // A registers with P1 (its user name too), then moves to P2.
    expect((await registerWithCode(P1, 'Owner2026a')).status).toBe(200);
    const a = await t.login(P1, 'Owner2026a');
    await t.api('POST', '/pc/sysUser/sendPhoneCode', { token: a, body: { mobile: P2 } });
    const moved = await t.api('POST', '/pc/sysUser/editPhone', {
      token: a,
      body: { phone: P2, smsCode: t.lastSmsCode(P2) },
    });
    expect(moved.status).toBe(200);

    // B cannot take P1: not by registering, not as a user created by the administrator.
    await t.platform.db.delete(smsCode).where(eq(smsCode.phone, P1)); // past the 60 s between codes
    const b = await t.api('GET', '/common/sendSms', { query: { phone: P1, type: 'register' } });
    expect(b.status).toBe(200);
    expect(t.sms.outbox.at(-1)?.text).toContain('该手机号已注册');
    const role = await roleId();
    const byAdmin = await createUser('b_account', P1, role);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.resultMsg).toBe(`手机号 ${P1} 已被其他账号使用`);
    const asName = await createUser(P1, undefined, role);
    expect(asName.status).toBe(409);
    expect(asName.body.resultMsg).toBe(`用户名 ${P1} 已被其他账号使用`);
    // Another account cannot move onto A's new phone either.
    const other = await t.login('jy_rescue1');
    await t.platform.db.delete(smsCode).where(eq(smsCode.phone, P2)); // past the 60 s between codes
    await t.api('POST', '/pc/sysUser/sendPhoneCode', { token: other, body: { mobile: P2 } });
    const onto = await t.api('POST', '/pc/sysUser/editPhone', {
      token: other,
      body: { phone: P2, smsCode: t.lastSmsCode(P2) },
    });
    expect(onto.status).toBe(409);

    // P1 and P2 both reach A.
    for (const name of [P1, P2]) {
      const token = await t.login(name, 'Owner2026a');
      const me = await t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', { token });
      expect(me.body.data).toMatchObject({ username: P1, telephone: P2 });
    }
  });

  it('refuses a worker account whose phone names another account, naming the phone', async () => {
    // 13912347001 is the user name of the account registered in the previous test.
    const company = await t.login('wb_admin1');
    const saved = await t.api('POST', '/pc/maintenanceUser/save', {
      token: company,
      body: {
        realName: '重名工',
        idNumber: newIdNumber(),
        phone: '13912347001',
        certType: 'T',
        certNo: 'TST4501009997',
        certExpiry: '2029-05-01',
        photoFileId: await uploadPng(t, company),
      },
    });
    expect(saved.status).toBe(409);
    expect(saved.body.resultMsg).toBe('手机号 13912347001 已被其他账号使用');
  });

  it('keeps a past phone for its account when it has another user name', async () => {
    const role = await roleId();
    const P3 = '13912347003';
    const P4 = '13912347004';
    const made = await createUser('c_account', P3, role);
    expect(made.status).toBe(200);
    const detail = await t.api<Record<string, unknown>>(
      'GET',
      `/pc/sysUser/detail/${made.body.data.user.id}`,
      {
        token: admin,
      },
    );
    expect(detail.status).toBe(200);
    const moved = await t.api('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        id: made.body.data.user.id,
        username: 'c_account',
        realName: '新用户',
        phone: P4,
        userType: 'callcenter',
        roleIds: [role],
      },
    });
    expect(moved.status).toBe(200);
    // P3 is now a past phone of c_account: nobody else takes it, and it signs nobody in.
    expect((await createUser('d_account', P3, role)).status).toBe(409);
    const viaPast = await signIn(t, P3, 'Whatever1x');
    expect(viaPast.status).toBe(400);
    expect(viaPast.body.resultMsg).toBe('用户名或密码错误');
    // Moving back to its own past phone is allowed.
    const back = await t.api('POST', '/pc/sysUser/save', {
      token: admin,
      body: {
        id: made.body.data.user.id,
        username: 'c_account',
        realName: '新用户',
        phone: P3,
        userType: 'callcenter',
        roleIds: [role],
      },
    });
    expect(back.status).toBe(200);
  });

  it('creates one account when 50 creations with one phone race', async () => {
    const role = await roleId();
    const phone = '13912347010';
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => createUser(`race_user_${i}`, phone, role)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.resultMsg).toBe(`手机号 ${phone} 已被其他账号使用`);
    }
    const rows = await t.platform.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.phone, phone));
    expect(rows).toHaveLength(1);
  });

  it('creates one account when a user name and another account’s phone race', async () => {
    const role = await roleId();
    const value = '13912347011';
    // Half create a user named by the number, half a user with it as phone.
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2 === 0 ? createUser(value, undefined, role) : createUser(`race_phone_${i}`, value, role),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(N - 1);
  });

  it('creates one account when a registration races 49 administrator creations of its phone', async () => {
    const phone = '13912347020';
    // A code the registration holds (as the outbox would have it), valid for a minute.
    await t.platform.db.insert(smsCode).values({
      phone,
      purpose: 'register',
      codeHash: createHash('sha256').update(`${phone}:register:654321`).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const role = await roleId();
    const racers = await Promise.all([
      t.api('POST', '/pc/login/regist', {
        body: {
          userType: 'use_unit',
          realName: '物业公司',
          phone,
          smsCode: '654321',
          password: hashPassword('Owner2026a'),
          rePassword: hashPassword('Owner2026a'),
          agree: true,
        },
      }),
      ...Array.from({ length: N - 1 }, (_, i) => createUser(`reg_race_${i}`, phone, role)),
    ]);
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 409)).toHaveLength(N - 1);
    const rows = await t.platform.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.phone, phone));
    expect(rows).toHaveLength(1);
  });
});
