import { API_PREFIX, allCalls } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeOf, registeredRoutes as routesOf } from '../../../tools/coverage.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Every declared call has a handler, and the server answers no call it does not declare. A call
 * declared in the contract but never implemented would be offered by the web client and the API
 * document and answer 404 接口不存在; no call is declared "for later", so there is no exception list.
 */

/** Routes under the API prefix that are the platform's own, not contract calls. */
const PLATFORM_ROUTES = new Set([`GET ${API_PREFIX}/docs`]);

const registeredRoutes = (t: TestApp) => routesOf(t.app);

describe('handlers of the declared calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The routes do not depend on the database or its data.
    t = await startTestApp('pglite', { seedDemo: false });
  });
  afterAll(() => t?.close());

  it('registers a handler for every declared call', () => {
    const routes = registeredRoutes(t);
    const missing = allCalls.filter((c) => !routes.has(routeOf(c))).map((c) => `${c.method} ${c.path}`);
    expect(missing, 'declared calls without a handler').toEqual([]);
  });

  it('registers no call that the contract does not declare', () => {
    const declared = new Set(allCalls.map(routeOf));
    const extra = [...registeredRoutes(t)].filter(
      (r) => r.split(' ')[1].startsWith(`${API_PREFIX}/`) && !declared.has(r) && !PLATFORM_ROUTES.has(r),
    );
    expect(extra, 'routes outside the contract').toEqual([]);
  });

  it('answers every declared call, over HTTP, with something other than 接口不存在', async () => {
    const unanswered: string[] = [];
    for (const call of allCalls) {
      const url = API_PREFIX + call.path.replace(/\{(\w+)\}/g, '1');
      // No token and no input: 401 or 400 (or the answer of a public call), never the router's 404.
      const res = await t.inject({ method: call.method, url });
      if (res.statusCode === 404 && res.body.includes('接口不存在'))
        unanswered.push(`${call.method} ${call.path}`);
    }
    expect(unanswered).toEqual([]);
  });

  it('tells a missing call apart (the check above can fail)', async () => {
    const res = await t.inject({ method: 'GET', url: `${API_PREFIX}/pc/noSuchCall/query` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('接口不存在');
    expect(registeredRoutes(t).has(`GET ${API_PREFIX}/pc/noSuchCall/query`)).toBe(false);
    expect(registeredRoutes(t).has(routeOf(allCalls[0]))).toBe(true);
    // The route table is read whole: nested entries (`query` then `├── AuditList`) included.
    expect(registeredRoutes(t).size).toBeGreaterThanOrEqual(allCalls.length);
  });
});
