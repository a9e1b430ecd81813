import { createHash } from 'node:crypto';
import type { ApiKeyRow, ApiKeyUseRow, Page, PartnerLiftRow } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { normal, otherMerchantDevice, query } from './iot-support.ts';

/**
 * API keys for partner systems (issue 20): the administrator issues a key (secret shown once, only its
 * SHA-256 kept), lists and revokes it and reads its uses; a partner calls with X-Api-Key: unknown,
 * revoked and expired keys 401, a key without the call's scope 403, past its rate 429 (exactly the
 * limit passes under 50 concurrent requests on PostgreSQL); the IoT HTTP ingestion accepts a key of the
 * device's merchant only, the lift query reads only the lifts of the key's organisation.
 */

const future = () => `${new Date().getFullYear() + 1}-12-31`;

describe.each(dbKinds)('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let regulator: string;
  let wbCompany: number;
  let iotMerchant: number;
  let ownLift: { register_code: string };
  let foreignLift: { register_code: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
    regulator = await t.login('jg_qingxiu');
    [{ company_id: wbCompany }] = await query<{ company_id: number }>(
      t,
      `select company_id from sys_user where username = 'wb_admin1'`,
    );
    [{ company_id: iotMerchant }] = await query<{ company_id: number }>(
      t,
      `select company_id from sys_user where username = 'iot_admin1'`,
    );
    [ownLift] = await query<{ register_code: string }>(
      t,
      `select register_code from elevator where maintenance_company_id = ${wbCompany} order by id limit 1`,
    );
    [foreignLift] = await query<{ register_code: string }>(
      t,
      `select register_code from elevator where maintenance_company_id <> ${wbCompany}
        and coalesce(use_company_id, 0) <> ${wbCompany} order by id limit 1`,
    );
  });
  afterAll(() => t?.close());

  const create = (body: Record<string, unknown>, token = admin) =>
    t.api<{ key: ApiKeyRow; secret: string }>('POST', '/pc/apiKey/create', { token, body });
  const issue = async (body: Record<string, unknown>) => {
    const res = await create({ name: '测试密钥', expiresOn: future(), ...body });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };
  const lifts = (key: string | undefined, codes: string[], token?: string) =>
    t.api<PartnerLiftRow[]>('GET', '/open/elevator/query', {
      query: { registerCodes: codes.join(',') },
      headers: key ? { 'x-api-key': key } : {},
      token,
    });

  it('shows the secret once, lists the key without it and stores only its hash', async () => {
    const { key, secret } = await issue({ name: '省平台', scopes: ['elevator:read'] });
    expect(secret).toMatch(/^ec_[a-z0-9]{8}_[0-9a-f]{48}$/);
    expect(secret.startsWith(`ec_${key.keyId}_`)).toBe(true);
    expect(key).toMatchObject({
      name: '省平台',
      enterpriseId: null,
      state: 'active',
      uses: 0,
      lastUseTime: null,
    });
    expect(key.expiresOn).toBe(future());

    const list = await t.api<Page<ApiKeyRow>>('GET', '/pc/apiKey/query', {
      token: admin,
      query: { name: '省平台' },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((r) => r.id)).toContain(key.id);
    expect(list.raw).not.toContain(secret);
    expect(list.raw).not.toContain(secret.slice(12));

    const [row] = await query<Record<string, unknown>>(t, `select * from api_key where id = ${key.id}`);
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
  });

  it('refuses the key calls to a non-administrator (403)', async () => {
    const { key } = await issue({ scopes: ['elevator:read'] });
    const calls: [string, string, Record<string, unknown>][] = [
      ['GET', '/pc/apiKey/query', { query: {} }],
      ['POST', '/pc/apiKey/create', { body: { name: 'x', scopes: ['elevator:read'], expiresOn: future() } }],
      ['POST', '/pc/apiKey/revoke', { body: { id: key.id } }],
      ['GET', '/pc/apiKey/uses', { query: { id: key.id } }],
    ];
    for (const [method, path, opts] of calls) {
      const res = await t.api(method, path, { token: regulator, ...opts });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const noToken = await t.api('GET', '/pc/apiKey/query');
    expect(noToken.status).toBe(401);
  });

  it('refuses bad input with Chinese messages (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', scopes: [], expiresOn: future() }, '请至少选择一个权限范围'],
      [
        { name: 'x', scopes: ['elevator:write'], expiresOn: future() },
        '权限范围应为 iot:ingest 或 elevator:read',
      ],
      [{ name: 'x', scopes: ['elevator:read'], expiresOn: '2020-01-01' }, '到期日期不能早于今天'],
      [{ name: 'x', scopes: ['elevator:read'], expiresOn: '2030-02-30' }, '到期日期不是有效日期'],
      [{ name: '', scopes: ['elevator:read'], expiresOn: future() }, '密钥名称不能为空'],
      [
        { name: 'x', scopes: ['elevator:read'], expiresOn: future(), enterpriseId: 99999999 },
        '所属组织不存在',
      ],
      [
        { name: 'x', scopes: ['elevator:read'], expiresOn: future(), ratePerMinute: 0 },
        '每分钟请求上限至少为 1',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.resultMsg).toContain(message);
    }
    const tooMany = await lifts(
      (await issue({ scopes: ['elevator:read'] })).secret,
      Array.from({ length: 101 }, (_, i) => `C${i}`),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.resultMsg).toContain('注册代码最多 100 个');
  });

  it('lets a platform-wide key read any lift and an organisation key only its own', async () => {
    const platformKey = await issue({ scopes: ['elevator:read'] });
    const all = await lifts(platformKey.secret, [foreignLift.register_code, ownLift.register_code, 'NOPE']);
    expect(all.status, all.body.resultMsg).toBe(200);
    expect(all.body.data.map((l) => l.registerCode)).toEqual([
      foreignLift.register_code,
      ownLift.register_code,
    ]);

    const orgKey = await issue({ scopes: ['elevator:read'], enterpriseId: wbCompany });
    expect(orgKey.key.enterpriseName).toBeTruthy();
    const own = await lifts(orgKey.secret, [foreignLift.register_code, ownLift.register_code]);
    expect(own.status).toBe(200);
    expect(own.body.data.map((l) => l.registerCode)).toEqual([ownLift.register_code]);
  });

  it('refuses unknown, malformed, revoked and expired keys (401), a missing scope (403), and sessions', async () => {
    const { key, secret } = await issue({ scopes: ['elevator:read'] });
    const codes = [ownLift.register_code];
    const anonymous = await lifts(undefined, codes);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.resultMsg).toContain('X-Api-Key');
    // A console session does not open a partner call, not even the administrator's.
    const session = await lifts(undefined, codes, admin);
    expect(session.status).toBe(403);
    expect(session.body.resultMsg).toContain('X-Api-Key');
    const malformed = await lifts('not-a-key', codes);
    expect(malformed.status).toBe(401);
    expect(malformed.body.resultMsg).toContain('API 密钥无效');
    // The right id with a wrong secret is unknown too.
    const forged = await lifts(`${secret.slice(0, 12)}${'0'.repeat(48)}`, codes);
    expect(forged.status).toBe(401);
    expect(forged.body.resultMsg).toBe('API 密钥无效');

    const ingestOnly = await issue({ scopes: ['iot:ingest'] });
    const scoped = await lifts(ingestOnly.secret, codes);
    expect(scoped.status).toBe(403);
    expect(scoped.body.resultMsg).toContain('elevator:read');

    expect((await lifts(secret, codes)).status).toBe(200);
    const revoke = await t.api('POST', '/pc/apiKey/revoke', { token: admin, body: { id: key.id } });
    expect(revoke.status, revoke.body.resultMsg).toBe(200);
    const revoked = await lifts(secret, codes);
    expect(revoked.status).toBe(401);
    expect(revoked.body.resultMsg).toBe('API 密钥已吊销');
    const again = await t.api('POST', '/pc/apiKey/revoke', { token: admin, body: { id: key.id } });
    expect(again.status).toBe(409);
    const missing = await t.api('POST', '/pc/apiKey/revoke', { token: admin, body: { id: 99999999 } });
    expect(missing.status).toBe(404);

    const other = await issue({ scopes: ['elevator:read'] });
    expect((await lifts(other.secret, codes)).status).toBe(200);
    await query(t, `update api_key set expires_at = now() - interval '1 second' where id = ${other.key.id}`);
    const expired = await lifts(other.secret, codes);
    expect(expired.status).toBe(401);
    expect(expired.body.resultMsg).toBe('API 密钥已过期');

    const list = await t.api<Page<ApiKeyRow>>('GET', '/pc/apiKey/query', {
      token: admin,
      query: { state: 'revoked', limit: 100 },
    });
    expect(list.body.data.records.find((r) => r.id === key.id)).toMatchObject({ state: 'revoked' });
  });

  it('logs every use of a key, refusals included, with path, status and IP', async () => {
    const { key, secret } = await issue({ scopes: ['iot:ingest'] });
    expect((await lifts(secret, [ownLift.register_code])).status).toBe(403);
    const uses = await t.api<Page<ApiKeyUseRow>>('GET', '/pc/apiKey/uses', {
      token: admin,
      query: { id: key.id },
    });
    expect(uses.status).toBe(200);
    expect(uses.body.data.total).toBe(1);
    expect(uses.body.data.records[0]).toMatchObject({
      method: 'GET',
      path: '/monitor/api/open/elevator/query',
      status: 403,
    });
    expect(uses.body.data.records[0].ip).toBeTruthy();
    const list = await t.api<Page<ApiKeyRow>>('GET', '/pc/apiKey/query', {
      token: admin,
      query: { limit: 100 },
    });
    const row = list.body.data.records.find((r) => r.id === key.id);
    expect(row?.uses).toBe(1);
    expect(row?.lastUseTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const none = await t.api('GET', '/pc/apiKey/uses', { token: admin, query: { id: 99999999 } });
    expect(none.status).toBe(404);
  });

  it('lets the IoT ingestion accept a key of the device merchant only; device secrets keep working', async () => {
    const merchant = await t.login('iot_admin1');
    const added = await t.api<{ device: { id: number; code: string }; secret: string }>(
      'POST',
      '/iot/device/add',
      {
        token: merchant,
        body: { code: 'KEY-0001', name: '密钥上报终端', protocol: 'http' },
      },
    );
    expect(added.status, added.body.resultMsg).toBe(200);
    const device = added.body.data.device;
    const other = await otherMerchantDevice(t, 'KEY-OTHER');
    const orgKey = await issue({ scopes: ['iot:ingest'], enterpriseId: iotMerchant });
    const send = (deviceCode: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
      t.api<{ stored: boolean }>('POST', '/iot/ingest', {
        headers,
        body: { deviceCode, kind: 'status', message: normal(), ...extra },
      });
    const history = async (id: number) =>
      Number(
        (await query<{ n: number }>(t, `select count(*)::int n from iot_history where device_id = ${id}`))[0]
          .n,
      );

    const ok = await send(device.code, { 'x-api-key': orgKey.secret });
    expect(ok.status, ok.body.resultMsg).toBe(200);
    expect(ok.body.data.stored).toBe(true);
    expect(await history(device.id)).toBe(1);

    // Another merchant's device: not found for this key, never stored (by code or by naming the merchant).
    const foreign = await send(other.code, { 'x-api-key': orgKey.secret });
    expect(foreign.status).toBe(404);
    const named = await send(other.code, { 'x-api-key': orgKey.secret }, { merchantId: other.merchantId });
    expect(named.status).toBe(404);
    expect(await history(other.deviceId)).toBe(0);

    // A key without iot:ingest is refused before anything is read.
    const readOnly = await issue({ scopes: ['elevator:read'], enterpriseId: iotMerchant });
    expect((await send(device.code, { 'x-api-key': readOnly.secret })).status).toBe(403);
    // A platform-wide key may report for any merchant's device.
    const platformKey = await issue({ scopes: ['iot:ingest'] });
    expect((await send(other.code, { 'x-api-key': platformKey.secret })).status).toBe(200);

    // The device's own secret still works; without secret or key it is a 400.
    const own = await send(device.code, {}, { secret: added.body.data.secret });
    expect(own.status, own.body.resultMsg).toBe(200);
    expect(await history(device.id)).toBe(2);
    const bare = await send(device.code, {});
    expect(bare.status).toBe(400);
    expect(bare.body.resultMsg).toContain('设备密钥不能为空');
  });

  it('marks the calls that accept a key in the OpenAPI document', async () => {
    const res = await t.inject({ method: 'GET', url: '/monitor/api/docs' });
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    const query = doc.paths['/monitor/api/open/elevator/query'].get;
    expect(query.security).toEqual([{ apiKey: ['elevator:read'] }]);
    expect(query['x-api-key-scope']).toBe('elevator:read');
    expect(doc.paths['/monitor/api/iot/ingest'].post.security).toEqual([{}, { apiKey: ['iot:ingest'] }]);
    expect(doc.paths['/monitor/api/pc/apiKey/query'].get.security).toEqual([{ bearer: [] }]);
  });

  it('lets exactly the rate limit pass under 50 concurrent requests of one key', async () => {
    const { key, secret } = await issue({ scopes: ['elevator:read'], ratePerMinute: 20 });
    // All in one minute of the database's clock (the counter's row is per key and minute).
    const [{ s }] = await query<{ s: number }>(t, `select extract(second from now())::float s`);
    if (Number(s) > 50) await new Promise((r) => setTimeout(r, (61 - Number(s)) * 1000));
    const results = await Promise.all(
      Array.from({ length: 50 }, () => lifts(secret, [ownLift.register_code])),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(results.find((r) => r.status === 429)?.body.resultMsg).toContain('每分钟至多 20 次');
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int n from api_key_use where key_id = ${key.id}`,
    );
    expect(Number(n)).toBe(50);
  }, 90_000);
});
