import { hashPassword, type SessionUser } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED } from '../src/platform/auth/temporary.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { newIdNumber, newPhone, uploadPng } from './parties-support.ts';

/*
 * A password someone else chose (an administrator creating or resetting a user, a company opening a
 * worker's account) signs in once: then only the password change, the user's info and logout answer.
 * These tests sign in through the call itself (the harness's login() settles temporary passwords).
 */

describe.each(dbKinds)('temporary passwords on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const signIn = async (username: string, password: string) => {
    const res = await t.api<{ access_token: string }>('POST', '/oauth/token', {
      form: { grant_type: 'password', username, password: hashPassword(password) },
    });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data.access_token;
  };
  const me = (token: string) => t.api<SessionUser>('GET', '/pc/sysUser/getUserInfo', { token });
  const change = (token: string, from: string, to: string) =>
    t.api('POST', '/pc/sysUser/modifyPsw', {
      token,
      body: { currPassword: hashPassword(from), password: hashPassword(to), rePassword: hashPassword(to) },
    });
  /** Calls a temporary password must not open: signed-in ones, permission-guarded ones, writes. */
  const blocked = (token: string) =>
    Promise.all([
      t.api('GET', '/pc/sysMenu/getMenuList', { token }),
      t.api('GET', '/pc/sysUser/filingStatus', { token }),
      t.api('GET', '/pc/sysUser/query', { token, query: { page: 1, limit: 10 } }),
      t.api('POST', '/pc/sysUser/sendPhoneCode', { token, body: { mobile: '13912349001' } }),
    ]);

  it('leads an administrator-created user from the one-time password to the password change only', async () => {
    const roles = await t.api<{ records: { id: number; roleKey: string }[] }>('GET', '/pc/sysRole/query', {
      token: admin,
      query: { limit: 100 },
    });
    const role = roles.body.data.records.find((r) => r.roleKey === 'admin')!.id;
    const made = await t.api<{ user: { id: number }; initialPassword: string }>('POST', '/pc/sysUser/save', {
      token: admin,
      body: { username: 'temp_admin', realName: '临时密码', userType: 'platform', roleIds: [role] },
    });
    expect(made.status).toBe(200);
    const oneTime = made.body.data.initialPassword;
    const token = await signIn('temp_admin', oneTime);

    const info = await me(token);
    expect(info.status).toBe(200);
    expect(info.body.data.mustChangePassword).toBe(true);
    for (const res of await blocked(token)) {
      expect(res.status).toBe(403);
      expect(res.body.resultMsg).toBe(PASSWORD_CHANGE_REQUIRED);
    }

    // Changing it opens the console, in this session; the one-time password no longer signs in.
    expect((await change(token, oneTime, 'Mine2026ok')).status).toBe(200);
    expect((await me(token)).body.data.mustChangePassword).toBe(false);
    for (const res of await blocked(token)) expect(res.status).not.toBe(403);
    const again = await t.api('POST', '/oauth/token', {
      form: { grant_type: 'password', username: 'temp_admin', password: hashPassword(oneTime) },
    });
    expect(again.status).toBe(400);
    const later = await signIn('temp_admin', 'Mine2026ok');
    expect((await me(later)).body.data.mustChangePassword).toBe(false);

    // A reset by the administrator gives a temporary password again.
    const reset = await t.api<{ password: string }>('POST', '/pc/sysUser/resetPassword', {
      token: admin,
      body: { id: made.body.data.user.id, delivery: 'show' },
    });
    expect(reset.status).toBe(200);
    const afterReset = await signIn('temp_admin', reset.body.data.password);
    expect((await me(afterReset)).body.data.mustChangePassword).toBe(true);
    expect((await t.api('GET', '/pc/sysMenu/getMenuList', { token: afterReset })).status).toBe(403);
    // Logout stays open.
    expect((await t.api('POST', '/oauth/logout', { token: afterReset })).status).toBe(200);
  });

  it('gives a worker account opened by its company a temporary password', async () => {
    const company = await t.login('wb_admin1');
    const photo = await uploadPng(t, company);
    const phone = newPhone();
    const saved = await t.api<{ oneTimePassword: string }>('POST', '/pc/maintenanceUser/save', {
      token: company,
      body: {
        realName: '临时密码工',
        idNumber: newIdNumber(),
        phone,
        certType: 'T',
        certNo: 'TST4501009998',
        certExpiry: '2029-05-01',
        photoFileId: photo,
      },
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    const token = await signIn(phone, saved.body.data.oneTimePassword);
    expect((await me(token)).body.data.mustChangePassword).toBe(true);
    const filing = await t.api('GET', '/pc/sysUser/filingStatus', { token });
    expect(filing.status).toBe(403);
    expect(filing.body.resultMsg).toBe(PASSWORD_CHANGE_REQUIRED);
    expect((await change(token, saved.body.data.oneTimePassword, 'Worker2026x')).status).toBe(200);
    expect((await t.api('GET', '/pc/sysUser/filingStatus', { token })).status).toBe(200);
  });

  it('does not mark passwords people chose themselves', async () => {
    const demo = await signIn('wb_staff1', 'Demo@2026');
    expect((await me(demo)).body.data.mustChangePassword).toBe(false);
    expect((await t.api('GET', '/pc/sysMenu/getMenuList', { token: demo })).status).toBe(200);
  });
});
