import { allCalls, hashPassword } from '@ec/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../src/platform/db/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

describe.each(dbKinds)('platform calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const latestLog = async () =>
    (await t.platform.db.select().from(operationLog).orderBy(desc(operationLog.id)).limit(1))[0];

  it('records writes in the operation log without secrets', async () => {
    await t.api('POST', '/oauth/token', {
      form: { grant_type: 'password', username: 'admin', password: hashPassword('nope') },
    });
    // The entry is queued after the response and written in batches; let it be queued, then write it.
    await new Promise((r) => setTimeout(r, 50));
    await t.platform.oplog.flush();
    const failed = await latestLog();
    expect(failed.path).toBe('/oauth/token');
    expect(failed.success).toBe(false);
    expect(failed.status).toBe(400);
    expect(failed.username).toBe('admin');
    expect(JSON.stringify(failed.params)).not.toContain(hashPassword('nope'));
    expect((failed.params as Record<string, unknown>).password).toBe('******');

    const saved = await t.api('POST', '/pc/sysParam/save', {
      token: admin,
      body: { configKey: 'oplog.test', value: 'v1', name: '日志测试' },
    });
    expect(saved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    await t.platform.oplog.flush();
    const ok = await latestLog();
    expect(ok).toMatchObject({
      path: '/pc/sysParam/save',
      method: 'POST',
      success: true,
      status: 200,
      username: 'admin',
    });
    expect(ok.summary).toBe('保存系统参数');
    expect(ok.ip).toBeTruthy();
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
    expect(ok.requestId).toBe(saved.headers['x-request-id']);

    const before = await t.platform.db.select().from(operationLog).where(eq(operationLog.method, 'GET'));
    expect(before).toHaveLength(0);
  });

  it('does not log queries sent as POST (marked reads), and does log the writes beside them', async () => {
    const reads = allCalls.filter((c) => c.reads);
    expect(reads.map((c) => c.path)).toContain('/pc/elevator/queryList');
    // A lookup of contract states changes nothing either.
    expect(reads.map((c) => c.path)).toContain('/pc/maintenanceContract/elevatorState');
    expect(reads.every((c) => c.method === 'POST' && c.result !== 'file')).toBe(true);
    const listed = await t.api('POST', '/pc/elevator/queryList', {
      token: admin,
      body: { page: 1, limit: 5 },
    });
    expect(listed.status).toBe(200);
    const exported = await t.api('POST', '/pc/elevator/exportByIds', { token: admin, body: { ids: [] } });
    await new Promise((r) => setTimeout(r, 50));
    await t.platform.oplog.flush();
    const paths = (await t.platform.db.select({ path: operationLog.path }).from(operationLog)).map(
      (r) => r.path,
    );
    expect(paths).not.toContain('/pc/elevator/queryList');
    expect(exported.status).toBeGreaterThanOrEqual(200);
    expect(paths).toContain('/pc/elevator/exportByIds');
  });

  it('keeps system parameters: unique keys, built-ins protected, getValue by key', async () => {
    const created = await t.api<{ id: number }>('POST', '/pc/sysParam/save', {
      token: admin,
      body: { configKey: 'demo.key', value: '42', name: '演示参数' },
    });
    expect(created.status).toBe(200);
    const dup = await t.api('POST', '/pc/sysParam/save', {
      token: admin,
      body: { configKey: 'demo.key', value: '43', name: '重复' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.resultMsg).toBe('参数键 demo.key 已存在');
    const value = await t.api<string>('GET', '/pc/sysParam/getValue', {
      token: admin,
      query: { configKey: 'demo.key' },
    });
    expect(value.body.data).toBe('42');
    const missing = await t.api<string | null>('GET', '/pc/sysParam/getValue', {
      token: admin,
      query: { configKey: 'nope' },
    });
    expect(missing.body.data).toBeNull();

    const builtIn = await t.api<{ records: { id: number }[] }>('GET', '/pc/sysParam/query', {
      token: admin,
      query: { configKey: 'tempFileSize' },
    });
    const refused = await t.api('DELETE', '/pc/sysParam/delete', {
      token: admin,
      query: { ids: String(builtIn.body.data.records[0].id) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toContain('tempFileSize');
    const deleted = await t.api('DELETE', '/pc/sysParam/delete', {
      token: admin,
      query: { ids: String(created.body.data.id) },
    });
    expect(deleted.status).toBe(200);
    const none = await t.api('DELETE', '/pc/sysParam/delete', { token: admin, query: { ids: '' } });
    expect(none.status).toBe(400);
    expect(none.body.resultMsg).toContain('请先选择要操作的数据');
  });

  it('pages lists as {records, total, page, limit} and caps the page size', async () => {
    const res = await t.api<{ records: unknown[]; total: number; page: number; limit: number }>(
      'GET',
      '/pc/sysParam/query',
      {
        token: admin,
        query: { page: 1, limit: 2 },
      },
    );
    expect(res.body.data.records).toHaveLength(2);
    expect(res.body.data.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data).toMatchObject({ page: 1, limit: 2 });
    const tooMany = await t.api('GET', '/pc/sysParam/query', { token: admin, query: { limit: 501 } });
    expect(tooMany.status).toBe(400);
    const fuzzy = await t.api<{ total: number }>('GET', '/pc/sysParam/query', {
      token: admin,
      query: { name: '%' },
    });
    expect(fuzzy.body.data.total).toBe(0);
  });

  it('sets the platform title through a logo record; the newest wins', async () => {
    const wb = await t.login('wb_admin1');
    expect((await t.api('POST', '/pc/tbLogo/add', { token: wb, body: { title: '我的平台' } })).status).toBe(
      403,
    );
    await t.api('POST', '/pc/tbLogo/add', { token: admin, body: { title: '南宁电梯云' } });
    await t.api('POST', '/pc/tbLogo/add', { token: admin, body: { title: '南宁市电梯安全云平台' } });
    const list = await t.api<{ records: { title: string; fileType: string }[] }>('GET', '/pc/tbLogo/query', {
      token: wb,
      query: { page: 1, limit: 10, fileType: 'logo' },
    });
    expect(list.body.data.records[0]).toMatchObject({ title: '南宁市电梯安全云平台', fileType: 'logo' });
  });

  it('serves dictionaries and the area tree of Nanning', async () => {
    const token = await t.login('wb_admin1');
    const dicts = await t.api<{ code: string; childs: { key: string; value: string }[] }[]>(
      'GET',
      '/pc/sysDict/getAllDict',
      { token },
    );
    const type = dicts.body.data.find((d) => d.code === 'elevator_type');
    expect(type?.childs).toEqual(
      expect.arrayContaining([
        { key: '1', value: '直梯' },
        { key: '2', value: '扶梯' },
      ]),
    );
    const areas = await t.api<
      { value: string; label: string; children: { value: string; label: string }[] }[]
    >('GET', '/common/areaTree');
    expect(areas.body.data[0]).toMatchObject({ value: '450100', label: '南宁市' });
    const children = areas.body.data[0].children;
    expect(children.map((c) => c.value)).toContain('450103');
    expect(children.find((c) => c.value === '450181')?.label).toBe('横州市');
    expect(children.filter((c) => c.value.length === 8)).toHaveLength(5);
  });

  it('publishes an OpenAPI document of every declared call', async () => {
    const res = await t.inject({ method: 'GET', url: '/monitor/api/docs' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(allCalls.length);
    expect(doc.paths['/monitor/api/oauth/token'].post.requestBody.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
    expect(doc.paths['/monitor/api/pc/sysParam/save'].post['x-permission']).toBe('system:param:edit');
  });

  it('answers the health call without a token', async () => {
    const res = await t.api<{ status: string; database: string }>('GET', '/health');
    expect(res.body.data).toEqual({ status: 'ok', database: kind });
  });
});
