import {
  API_PREFIX,
  type Call,
  fillPath,
  type Page,
  adUserCalls as U,
  type WxUserDetail,
  type WxUserRow,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfUser, leaseLifts } from './ad-support.ts';
import { companyOf, confirmedOrder, query } from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PDF_MIN, PNG_1PX } from './multipart.ts';

/**
 * Mini-program users (小程序用户): an operator adds, lists, reads and updates its field workers'
 * and customers' accounts, binds a customer account to one of its customers and a worker to one of
 * its console accounts, and uploads their photos through the platform's files (checked by content).
 */
describe.each(dbKinds)('advertising mini-program users on %s', (kind) => {
  let t: TestApp;
  let gg: string;
  let customId: number;
  const send = <T>(call: Call, input: Record<string, unknown>, token = gg) => {
    const { path, rest } = fillPath(call.path, input);
    return call.method === 'GET'
      ? t.api<T>('GET', path, { token, query: rest as Record<string, string> })
      : t.api<T>(call.method, path, { token, body: rest });
  };
  const upload = (id: number, body: Buffer, name: string, type: string) => {
    const { payload, contentType } = multipart([{ name, body, type }]);
    return t.inject({
      method: 'POST',
      url: `${API_PREFIX}${U.upload.path}?id=${id}`,
      headers: { authorization: `Bearer ${gg}`, 'content-type': contentType },
      payload,
    });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Lease before booking: the demo operator's lifts leased for the tests' far dates.
    await leaseLifts(t, await companyOfUser(t, 'gg_admin1'));
    gg = await t.login('gg_admin1');
    const o = await confirmedOrder(t, await companyOf(t, 'gg_admin1'), {
      points: 1,
      startDate: '2029-09-01',
      endDate: '2029-09-07',
      confirm: false,
    });
    customId = o.customId;
  }, 900_000);
  afterAll(() => t?.close());

  it('adds a customer account bound to its customer, lists it masked, reads and updates it', async () => {
    const added = await send<WxUserDetail>(U.addXcxUser, {
      kind: 2,
      name: '客户小李',
      phone: '13977100011',
      customerId: customId,
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    expect(added.body.data).toMatchObject({
      kindLabel: '客户',
      customerId: customId,
      enabled: true,
      logCount: 0,
    });
    expect(added.body.data.phone).toBe('139****0011');
    const page = await send<Page<WxUserRow>>(U.getXcxUserList, { keyword: '客户小李' });
    expect(page.body.data.records.map((r) => r.id)).toEqual([added.body.data.id]);
    expect(
      (await send<Page<WxUserRow>>(U.getXcxUserList, { kind: 1, keyword: '客户小李' })).body.data.total,
    ).toBe(0);
    const got = await send<WxUserDetail>(U.getXcxUser, { id: added.body.data.id });
    expect(got.body.data.customerName).not.toBeNull();
    // The masked phone sent back keeps the stored one.
    const updated = await send<WxUserDetail>(U.updateXcxUser, {
      id: got.body.data.id,
      version: got.body.data.version,
      kind: 2,
      name: '客户小李（市场部）',
      phone: got.body.data.phone,
      customerId: customId,
      enabled: false,
    });
    expect(updated.status, updated.body.resultMsg).toBe(200);
    expect(updated.body.data).toMatchObject({ name: '客户小李（市场部）', enabled: false });
    const [{ phone }] = await query<{ phone: string }>(
      t,
      `select phone from ad_wx_user where id = ${got.body.data.id}`,
    );
    expect(phone).toBe('13977100011');
    const stale = await send(U.updateXcxUser, {
      id: got.body.data.id,
      version: got.body.data.version,
      kind: 2,
      name: 'x',
      phone: '13977100011',
      customerId: customId,
    });
    expect(stale.status).toBe(409);
  });

  it('refuses a customer account without a customer, a duplicate phone and a bad phone', async () => {
    const noCustomer = await send(U.addXcxUser, { kind: 2, name: '无客户', phone: '13977100012' });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.resultMsg).toContain('客户类型的用户须绑定广告客户');
    const dup = await send(U.addXcxUser, { kind: 1, name: '重复', phone: '13977100011' });
    expect(dup.status).toBe(409);
    const bad = await send(U.addXcxUser, { kind: 1, name: '坏号', phone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('手机号格式不正确');
    const foreignAccount = await send(U.addXcxUser, {
      kind: 1,
      name: '别家账号',
      phone: '13977100013',
      userId: 1,
    });
    expect(foreignAccount.status).toBe(400);
  });

  it('binds a worker to one console account only', async () => {
    const [me] = await query<{ id: number }>(t, `select id from sys_user where username = 'gg_admin1'`);
    const a = await send<WxUserDetail>(U.addXcxUser, {
      kind: 1,
      name: '安装员甲',
      phone: '13977100014',
      userId: me.id,
    });
    expect(a.status, a.body.resultMsg).toBe(200);
    expect(a.body.data.userName).not.toBeNull();
    const b = await send(U.addXcxUser, { kind: 1, name: '安装员乙', phone: '13977100015', userId: me.id });
    expect(b.status).toBe(409);
  });

  it('uploads a photo checked by content; the operator reads it back', async () => {
    const a = await send<WxUserDetail>(U.addXcxUser, { kind: 1, name: '有照片', phone: '13977100016' });
    const pdf = await upload(a.body.data.id, PDF_MIN, 'x.png', 'image/png');
    expect(pdf.statusCode).toBe(415);
    const ok = await upload(a.body.data.id, PNG_1PX, '照片.png', 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const fileId = ok.json().data.avatarFileId as string;
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const shown = await t.api<{ fileName: string }>('GET', '/getFileInfo', {
      token: gg,
      query: { id: fileId },
    });
    expect(shown.status).toBe(200);
    expect(shown.body.data.fileName).toBe('照片.png');
    // Another operator may not read it.
    const [{ company_id }] = await query<{ company_id: number }>(
      t,
      `select company_id from sys_user where username = 'gg_admin1'`,
    );
    expect(company_id).toBeGreaterThan(0);
    const missing = await upload(2_000_000, PNG_1PX, 'x.png', 'image/png');
    expect(missing.statusCode).toBe(404);
  });
});
