import { API_PREFIX, formatDateTime, type Page } from '@ec/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../src/platform/db/tables.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { userWithPages, waitForLog } from './system-support.ts';

type Record_ = {
  id: number;
  username: string | null;
  userId: number | null;
  method: string;
  path: string;
  summary: string | null;
  success: boolean;
  status: number;
  message: string | null;
  createTime: string;
  durationMs: number;
};
type Agreement = { kind: string; title: string; content: string; updateTime: string | null };

describe.each(dbKinds)('operation records and agreements on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let startedAt: string;
  const records = async (query: Record<string, string | number | boolean | undefined>, token = admin) => {
    const res = await t.api<Page<Record_>>('GET', '/pc/operationRecord/query', { token, query });
    expect(res.status, res.body.resultMsg).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // Whole seconds: the filters are to the second.
    startedAt = formatDateTime(new Date(Date.now() - 1000));
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('records every system-settings write, found by user, call, time range and outcome', async () => {
    const type = await t.api<{ id: number }>('POST', '/pc/sysDict/typeSave', {
      token: admin,
      body: { code: 'oplog_type', name: '日志类型' },
    });
    expect(type.status).toBe(200);
    const dup = await t.api('POST', '/pc/sysDict/typeSave', {
      token: admin,
      body: { code: 'oplog_type', name: '重复' },
    });
    expect(dup.status).toBe(409);
    const role = await t.api('POST', '/pc/sysRole/save', {
      token: admin,
      body: { roleKey: 'oplog_role', name: '日志角色', dataScope: 'self' },
    });
    expect(role.status).toBe(200);
    await t.api('DELETE', '/pc/sysDict/typeDelete', {
      token: admin,
      query: { ids: String(type.body.data.id) },
    });
    await waitForLog(t, eq(operationLog.path, '/pc/sysDict/typeDelete'));
    const other = await userWithPages(t, admin, ['/permission/operationRecord', '/permission/agreement']);
    await t.api('POST', '/pc/sysAgreement/save', {
      token: other.token,
      body: { title: '用户注册协议', content: '<p>第一版</p>' },
    });
    await waitForLog(
      t,
      and(eq(operationLog.path, '/pc/sysAgreement/save'), eq(operationLog.userId, other.id)),
    );

    const dictSaves = await records({ username: 'admin', path: '/pc/sysDict/typeSave' });
    expect(dictSaves.total).toBe(2);
    expect(dictSaves.records.map((r) => r.success)).toEqual([false, true]);
    expect(dictSaves.records[0]).toMatchObject({
      method: 'POST',
      summary: '保存字典类型',
      status: 409,
      message: '字典编码 oplog_type 已被「日志类型」使用',
    });

    const failures = await records({ username: 'admin', success: false, startTime: startedAt });
    expect(failures.records.map((r) => r.path)).toEqual(['/pc/sysDict/typeSave']);
    const paths = (
      await records({ username: 'admin', success: true, startTime: startedAt, limit: 100 })
    ).records.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/pc/sysDict/typeSave',
        '/pc/sysRole/save',
        '/pc/sysDict/typeDelete',
        '/pc/sysUser/save',
      ]),
    );
    // Reads are not recorded.
    expect(paths.some((p) => p.endsWith('/query'))).toBe(false);

    const byOther = await records({ userId: other.id });
    expect(byOther.records.map((r) => r.path)).toEqual(['/pc/sysAgreement/save']);
    // By name, the sign-in appears too (it is recorded before there is a user id).
    const byName = await records({ username: other.username }, other.token);
    expect(byName.records.map((r) => r.path)).toEqual(['/pc/sysAgreement/save', '/oauth/token']);

    const past = await records({ endTime: startedAt.slice(0, 10), startTime: '2000-01-01' });
    expect(past.records.every((r) => r.createTime <= `${startedAt.slice(0, 10)} 23:59:59`)).toBe(true);
    const future = await records({ startTime: formatDateTime(new Date(Date.now() + 3600_000)) });
    expect(future.total).toBe(0);

    const slowFirst = await records({ sortField: 'durationMs', sortOrder: 'descend', limit: 5 });
    const durations = slowFirst.records.map((r) => r.durationMs);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
  });

  it('shows a record in detail, with its parameters and without secrets', async () => {
    const user = await waitForLog(t, eq(operationLog.path, '/pc/sysUser/save'));
    const detail = await t.api<Record_ & { params: Record<string, unknown> }>(
      'GET',
      `/pc/operationRecord/detail/${user[0].id}`,
      { token: admin },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.data.params).toMatchObject({ realName: expect.stringMatching(/^测试用户/) });
    const login = (await waitForLog(t, eq(operationLog.path, '/oauth/token')))[0];
    const loginDetail = await t.api<{ params: Record<string, unknown> }>(
      'GET',
      `/pc/operationRecord/detail/${login.id}`,
      { token: admin },
    );
    expect(loginDetail.body.data.params.password).toBe('******');
    expect((await t.api('GET', '/pc/operationRecord/detail/99999999', { token: admin })).status).toBe(404);
  });

  it('refuses bad filters naming the field', async () => {
    const bad = await t.api('GET', '/pc/operationRecord/query', {
      token: admin,
      query: { startTime: '昨天' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toBe('startTime：开始时间格式应为 yyyy-MM-dd HH:mm:ss');
    const impossible = await t.api('GET', '/pc/operationRecord/query', {
      token: admin,
      query: { endTime: '2026-02-30 10:00:00' },
    });
    expect(impossible.body.resultMsg).toBe('endTime：结束时间格式应为 yyyy-MM-dd HH:mm:ss');
    const method = await t.api('GET', '/pc/operationRecord/query', {
      token: admin,
      query: { method: 'GET' },
    });
    expect(method.body.resultMsg).toBe('method：请求方式应为 POST、PUT 或 DELETE');
    const sort = await t.api('GET', '/pc/operationRecord/query', {
      token: admin,
      query: { sortField: 'params' },
    });
    expect(sort.body.resultMsg).toBe('sortField：不支持按该字段排序');
  });

  it('exports the filtered records as a spreadsheet', async () => {
    const query = { username: 'admin', startTime: startedAt };
    const listed = await records({ ...query, limit: 500 });
    const res = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/pc/operationRecord/export`,
      query,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('操作记录'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('操作记录')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('时间');
    expect(sheet.getRow(1).getCell(5).value).toBe('接口');
    expect(sheet.rowCount - 1).toBe(listed.total);
    const exportedPaths = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) exportedPaths.add(String(row.getCell(5).value));
    });
    expect([...exportedPaths].sort()).toEqual([...new Set(listed.records.map((r) => r.path))].sort());

    const bad = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/pc/operationRecord/export`,
      query: { startTime: 'x' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resultMsg).toContain('开始时间格式');
  });

  it('refuses the operation records without the permission', async () => {
    const wb = await t.login('wb_admin1');
    expect((await t.api('GET', '/pc/operationRecord/query', { token: wb })).status).toBe(403);
    expect((await t.api('GET', '/pc/operationRecord/detail/1', { token: wb })).status).toBe(403);
    expect((await t.api('GET', '/pc/operationRecord/export', { token: wb })).status).toBe(403);
    expect((await t.api('GET', '/pc/operationRecord/query')).status).toBe(401);
  });

  it('serves the agreement to anyone, and sanitises it on save', async () => {
    const privacy = await t.api<Agreement>('GET', '/pc/sysAgreement/detail', { query: { kind: 'privacy' } });
    expect(privacy.status).toBe(200);
    expect(privacy.body.data).toEqual({ kind: 'privacy', title: '隐私政策', content: '', updateTime: null });

    const dirty = [
      '<h2 onclick="steal()">第一条</h2>',
      '<p style="color:red">请阅读<strong>全部</strong>条款。<script>alert(1)</script></p>',
      '<style>body{display:none}</style>',
      '<a href="javascript:alert(1)">坏链接</a>',
      '<a href="https://example.com/terms" target="_blank" onmouseover="x()">条款原文</a>',
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      '<ul><li>一</li></ul>',
    ].join('');
    const saved = await t.api<Agreement>('POST', '/pc/sysAgreement/save', {
      token: admin,
      body: { kind: 'register', title: '用户注册协议', content: dirty },
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    const html = saved.body.data.content;
    expect(html).toBe(
      '<h2>第一条</h2><p>请阅读<strong>全部</strong>条款。</p><a rel="noopener noreferrer">坏链接</a>' +
        '<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">条款原文</a><ul><li>一</li></ul>',
    );
    for (const bad of [
      'script',
      'style',
      'onclick',
      'onerror',
      'onmouseover',
      'javascript:',
      'iframe',
      '<img',
    ]) {
      expect(html).not.toContain(bad);
    }

    const anonymous = await t.api<Agreement>('GET', '/pc/sysAgreement/detail');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toMatchObject({ kind: 'register', title: '用户注册协议', content: html });
    expect(anonymous.body.data.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses agreement edits without the permission and with bad input', async () => {
    const wb = await t.login('wb_admin1');
    const refused = await t.api('POST', '/pc/sysAgreement/save', {
      token: wb,
      body: { title: '我的协议', content: '<p>x</p>' },
    });
    expect(refused.status).toBe(403);
    expect(
      (await t.api('POST', '/pc/sysAgreement/save', { body: { title: 'x', content: 'x' } })).status,
    ).toBe(401);
    const noTitle = await t.api('POST', '/pc/sysAgreement/save', {
      token: admin,
      body: { title: '', content: 'x' },
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.resultMsg).toBe('title：协议标题不能为空');
    const kind = await t.api('GET', '/pc/sysAgreement/detail', { query: { kind: 'secret' } });
    expect(kind.status).toBe(400);
    expect(kind.body.resultMsg).toBe('kind：协议类型应为 register 或 privacy');
  });
});
