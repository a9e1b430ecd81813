import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, type RunningServer, startServer } from './support.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const LIST = '/basicInformation/theElevatorManagement';

describe('a newcomer signs in to the elevator list (issue 11, items 17 and 17b)', () => {
  test("the list's first page is asked for beside the session, once, and the navbar follows the rows", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      // The order in which the browser sent the API calls and received their answers.
      const events: string[] = [];
      page.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/monitor/api/')) events.push(`sent ${p.slice('/monitor/api'.length)}`);
      });
      page.on('requestfinished', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/monitor/api/')) events.push(`answered ${p.slice('/monitor/api'.length)}`);
      });
      await page.goto(`${server.baseUrl}/#/login?redirect=${encodeURIComponent(LIST)}`);
      await page.getByPlaceholder('用户名或手机号').fill('admin');
      await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      const table = page.getByTestId('elevator-management');
      await table.locator('.ant-table-row').first().waitFor();
      // The navbar's tools mount once the list has shown its rows.
      await page.locator('.user-menu').waitFor();

      for (const call of ['/pc/elevator/queryList', '/common/areaTree']) {
        const sent = events.filter((e) => e === `sent ${call}`);
        assert.equal(sent.length, 1, `${call} is asked for once: ${events.join(', ')}`);
      }
      const sentList = events.indexOf('sent /pc/elevator/queryList');
      const menuAnswered = events.indexOf('answered /pc/sysMenu/getMenuList');
      assert.ok(menuAnswered > 0, events.join(', '));
      assert.ok(
        sentList < menuAnswered,
        `the list is asked for while the session loads, not after the layout: ${events.join(', ')}`,
      );
      assert.ok(events.indexOf('sent /common/areaTree') < menuAnswered, events.join(', '));
      assert.ok(
        events.indexOf('answered /oauth/token') < sentList,
        'and only once signed in (the token came first)',
      );
    } finally {
      await context.close();
    }
  });

  test('the console arrives compressed, hashed files are cached for a year and index.html is revalidated', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const scripts: { url: string; encoding?: string; cache?: string; length?: string }[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.endsWith('.js'))
          scripts.push({
            url: r.url(),
            encoding: r.headers()['content-encoding'],
            cache: r.headers()['cache-control'],
            length: r.headers()['content-length'],
          });
      });
      const index = await page.goto(`${server.baseUrl}/#/login`);
      await page.getByPlaceholder('用户名或手机号').waitFor();
      assert.equal(index?.headers()['content-encoding'], 'br');
      assert.equal(index?.headers()['cache-control'], 'no-cache');
      assert.ok(scripts.length > 0);
      for (const s of scripts) {
        // Files under 1 KB have no compressed copy (it would save less than its headers).
        if (s.encoding !== 'br') assert.ok(Number(s.length) < 1024, `${s.url} is sent compressed`);
        assert.equal(s.cache, 'public, max-age=31536000, immutable', s.url);
      }
      // A client that accepts no compression gets the same file as it is.
      const big = scripts.find((s) => s.encoding === 'br')!.url;
      const plain = await fetch(big, { headers: { 'accept-encoding': 'identity' } });
      assert.equal(plain.headers.get('content-encoding'), null);
      const br = await fetch(big, { headers: { 'accept-encoding': 'br' } });
      assert.equal(br.headers.get('content-encoding'), 'br');
      // (fetch decodes the brotli body)
      assert.equal(await br.text(), await plain.text());
    } finally {
      await context.close();
    }
  });
});
