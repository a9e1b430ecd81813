import net from 'node:net';
import { API_PREFIX } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

const CHINESE = /[\u4e00-\u9fa5]/;

describe.each(dbKinds)('bad input answers 400 with a Chinese message on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('refuses control characters in any text filter, naming the field', async () => {
    for (const [method, path, field] of [
      ['GET', '/pc/sysParam/getValue', 'configKey'],
      ['GET', '/pc/buildingCompany/selectAll', 'keyword'],
      ['POST', '/pc/elevator/queryList', 'keyword'],
    ] as const) {
      const input = { [field]: 'a\u0000b' };
      const res = await t.api(method, path, {
        token: admin,
        ...(method === 'GET' ? { query: input } : { body: input }),
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.resultMsg).toBe(`${field}：不能包含控制字符`);
      expect(res.body.errors?.[0].field).toBe(field);
    }
    // Nested values too; tab, line feed and carriage return stay text.
    const nested = await t.api('POST', '/pc/elevator/queryList', {
      token: admin,
      body: { keyword: ['x', 'y\u001b'] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.[0].field).toBe('keyword.1');
    const tabbed = await t.api('POST', '/pc/elevator/queryList', {
      token: admin,
      body: { keyword: '青秀\t' },
    });
    expect(tabbed.status).toBe(200);
  });

  it('refuses ids past the integer column range in paths, queries and bodies', async () => {
    const detail = await t.api('GET', '/pc/maintenanceUser/detail/2147483648', { token: admin });
    expect(detail.status).toBe(400);
    expect(detail.body.resultMsg).toMatch(CHINESE);
    const largest = await t.api('GET', '/pc/maintenanceUser/detail/2147483647', { token: admin });
    expect(largest.status).toBe(404);

    const orders = await t.api('POST', '/pc/elevator/queryDetail/info', {
      token: admin,
      body: { elevatorId: 2147483648 },
    });
    expect(orders.status).toBe(400);
    expect(orders.body.resultMsg).toMatch(CHINESE);

    const removed = await t.api('DELETE', '/pc/sysParam/delete', {
      token: admin,
      query: { ids: '1,2147483648' },
    });
    expect(removed.status).toBe(400);
    expect(removed.body.resultMsg).toMatch(CHINESE);
  });

  it('answers a multipart request without a boundary with 400 or 415, never 500', async () => {
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/common/upload`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
        payload: 'not a multipart body',
      });
      expect(res.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, contentType).toBeLessThan(500);
      expect(res.json().resultMsg, contentType).toMatch(CHINESE);
    }
  });
});

/** Sends raw bytes to a listening server and returns what it answers. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

describe("Node's own refusals before Fastify", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const envelopeOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

  it('answers a header over the limit with 431 in the envelope', async () => {
    const raw = await rawRequest(
      port,
      `GET ${API_PREFIX}/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(raw)).toEqual({ code: 431, resultMsg: '请求头或地址过长' });
  });

  it('answers a malformed request line with 400 in the envelope', async () => {
    const raw = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(raw)).toEqual({ code: 400, resultMsg: '请求格式不正确' });
  });
});
