import { API_PREFIX, allCalls, type Call, isWrite } from '@ec/contract';
/**
 * The malformed-input sweep: every call of the contract with missing, mistyped, huge and hostile
 * input never answers 5xx and its writes refuse it. Run as two files (malformed.test.ts and
 * malformed-more.test.ts, each half of the calls), the suite's longest, so that two workers share it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

const CHINESE = /[\u4e00-\u9fa5]/;
const HOSTILE: unknown[] = [
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(100_000),
  -1,
  1e21,
  { $ne: 1 },
  [1, 2],
  true,
  null,
  // A NUL byte and other control characters in text; ids past the integer column's range.
  'a\u0000b',
  'x\u0007\u001b[2J',
  2147483648,
  '2147483648',
  -2147483649,
];

function fieldsOf(call: Call): string[] {
  try {
    const schema = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' }) as {
      properties?: object;
    };
    return Object.keys(schema.properties ?? {});
  } catch {
    return [];
  }
}

/** How a refusal may answer: bad input, no such record, a conflict, too large, path too long, wrong body type. */
const REFUSALS = [400, 404, 409, 413, 414, 415];

/**
 * Writes that may answer 200 to the sweep's input, and why. Every other write must refuse every
 * case: a 200 would be a record changed by input that no form of the console sends.
 */
const ACCEPTS_ANY_TEXT: Record<string, string> = {
  // The browser's error report: whatever text the page saw is what it reports.
  'POST /common/clientError': 'a report of any text',
};

/**
 * Writes only a party of their own may make, whose input the sweep's values can satisfy: the platform
 * (the sweep's admin) is refused (403) before anything is written, which is a refusal too.
 */
const PARTY_WRITES: Record<string, string> = {
  // Customers belong to an advertising operator; the platform reads them but adds none.
  'POST /adCustom/add': 'an operator’s own customers',
  // Poster changes by the point list's filters (every filter optional): an operator's own points.
  'POST /adPoint/batchAddTask': 'an operator’s own points',
};

/**
 * Writes whose every field is an optional filter: input with none of them (unknown keys are dropped)
 * means "all", and is not an attack; a hostile value in a field is still refused.
 */
const OPTIONAL_FILTER_WRITES: Record<string, string> = {
  // 全部已读: every kind of the user's own messages when no kind is named.
  'POST /pc/notice/readAll': 'all of the user’s own messages',
};

/** A well-formed id list (the sweep's `[1, 2]`) is valid input for a call taking ids, not an attack. */
const wellFormedIds = (input: Record<string, unknown>) =>
  Array.isArray(input.ids) && input.ids.every((v) => Number.isInteger(v) && v > 0);

/** Every variation of bad input for one call: missing, wrong types, huge, hostile, paging extremes. */
function badInputs(call: Call): Record<string, unknown>[] {
  const fields = [...new Set([...fieldsOf(call), 'page', 'limit', 'id', 'ids'])];
  const cases: Record<string, unknown>[] = [{}];
  for (const value of HOSTILE) cases.push(Object.fromEntries(fields.map((f) => [f, value])));
  cases.push({ page: -5, limit: 100_000_000 }, { page: 'abc', limit: '' }, { page: 0, limit: 0 });
  return cases;
}

function requestOf(call: Call, input: Record<string, unknown>, token: string) {
  const path = call.path.replace(/\{(\w+)\}/g, (_, name) =>
    encodeURIComponent(String(input[name] ?? "1' or 1=1")),
  );
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (call.method === 'GET' || call.method === 'DELETE') {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(input)) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
    return { method: call.method, url: API_PREFIX + path, query, headers };
  }
  if (call.encoding === 'form') {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(input)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return {
      method: call.method,
      url: API_PREFIX + path,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    };
  }
  return {
    method: call.method,
    url: API_PREFIX + path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  };
}

/** The sweep over every `parts`-th call from `part` (0-based); part 0 also checks the envelope. */
export function malformedSweep(part: number, parts: number) {
  const mine = <T>(_: T, i: number) => i % parts === part;
  describe.each(dbKinds)(`malformed input sweep (part ${part + 1} of ${parts}) on %s`, (kind) => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      token = await t.login('admin');
    });
    afterAll(() => t.close());

    // An id of `true` would be coerced to 1 and act on record 1: every call taking an id refuses it.
    it.each(
      allCalls
        .filter((c) => isWrite(c) && fieldsOf(c).includes('id') && c.result !== 'file')
        .filter(mine)
        .map((c) => [`${c.method} ${c.path}`, c] as const),
    )('%s refuses true as an id', async (_name, call) => {
      const res = await t.inject(requestOf(call, { id: true }, token) as never);
      expect(REFUSALS.concat(403)).toContain(res.statusCode);
    });

    // Logging out would end the sweep's own session; its input is empty anyway.
    const calls = allCalls.filter((c) => c.path !== '/oauth/logout').filter(mine);

    it.each(calls.map((c) => [`${c.method} ${c.path}`, c] as const))(
      '%s never answers 5xx, and a write refuses hostile input',
      async (name, call) => {
        // A download changes nothing; any other write must refuse what the sweep sends.
        // A write that takes no input (导入标准检验项目) has nothing to refuse: what it answers is its own.
        const mustRefuse =
          isWrite(call) && call.result !== 'file' && !(name in ACCEPTS_ANY_TEXT) && fieldsOf(call).length > 0;
        for (const input of badInputs(call)) {
          const res = await t.inject(requestOf(call, input, token) as never);
          const label = `${call.method} ${call.path} ${JSON.stringify(input).slice(0, 80)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          // The call exists: a 404 is about a record, never the router's 接口不存在.
          expect(res.body, label).not.toContain('接口不存在');
          if (res.statusCode !== 200) expect(REFUSALS.concat(403), label).toContain(res.statusCode);
          // Input naming none of the call's own fields (paging of a call that has none) is the empty filter.
          const emptyFilter =
            name in OPTIONAL_FILTER_WRITES && !Object.keys(input).some((k) => fieldsOf(call).includes(k));
          if (mustRefuse && !wellFormedIds(input) && !emptyFilter)
            expect(name in PARTY_WRITES ? REFUSALS.concat(403) : REFUSALS, label).toContain(res.statusCode);
          if (call.result === 'file' && res.statusCode === 200) continue;
          const body = res.json();
          expect(typeof body.code, label).toBe('number');
          expect(typeof body.resultMsg, label).toBe('string');
          if (res.statusCode >= 400) expect(body.resultMsg, label).toMatch(CHINESE);
          expect(res.body, label).not.toMatch(/at \w+ \(|node_modules|syntax error at|relation "/);
          expect(res.headers['x-request-id'], label).toBeTruthy();
        }
      },
    );

    if (part !== 0) return;

    it('answers broken bodies and unknown paths in the envelope', async () => {
      const badJson = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/pc/sysParam/save`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"configKey":',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().resultMsg).toBe('请求体不是合法的 JSON');

      const arrayBody = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/pc/sysParam/save`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '[1,2,3]',
      });
      expect(arrayBody.statusCode).toBe(400);
      expect(arrayBody.json().resultMsg).toMatch(CHINESE);

      const xml = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/pc/sysParam/save`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json().resultMsg).toBe('不支持的请求内容类型');

      const huge = await t.inject({
        method: 'POST',
        url: `${API_PREFIX}/pc/sysParam/save`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ value: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().resultMsg).toBe('请求内容过大');

      const unknown = await t.inject({ method: 'GET', url: `${API_PREFIX}/pc/elevator/notYetBuilt` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 404 });
      expect(unknown.json().resultMsg).toContain('接口不存在');
    });

    it('names the field in validation errors', async () => {
      const res = await t.api('POST', '/pc/sysParam/save', {
        token,
        body: { configKey: 'a', value: 1, name: '' },
      });
      expect(res.status).toBe(400);
      const fields = res.body.errors?.map((e) => e.field);
      expect(fields).toContain('value');
      expect(fields).toContain('name');
      expect(res.body.resultMsg).toMatch(/^(value|name)：/);
    });

    it('sends the security headers on every response', async () => {
      const res = await t.inject({ method: 'GET', url: `${API_PREFIX}/health` });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Refusals carry them too.
      const missing = await t.inject({ method: 'GET', url: `${API_PREFIX}/no/such/call` });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-security-policy']).toBe(csp);
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
    });
  });
}
