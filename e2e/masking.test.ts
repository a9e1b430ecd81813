import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type RunningServer, screenshot, signIn, startServer, until } from './support.ts';

/**
 * Issue 11, items 4 and 25, in the browser: a detail page shows a company's phone masked to the
 * administrator, with a 查看 link that asks the server for the full number (an audited call); the
 * company's own account sees its number in full, with no link.
 */

let server: RunningServer;
let browser: Browser;

async function signedIn(user: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, server.baseUrl, user);
  await until(async () => decodeURIComponent(new URL(page.url()).hash) === '#/dashboard', 'the dashboard');
  return page;
}

/** The text of the 联系电话 cell of the company descriptions. */
const phoneCell = (page: Page) =>
  page
    .getByTestId('company-descriptions')
    .locator('th', { hasText: /^联系电话$/ })
    .locator('xpath=following-sibling::td[1]');

describe('masked phone numbers and the 查看 link', () => {
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the administrator sees a use unit’s phone masked and reveals it with 查看', async () => {
    const page = await signedIn('admin');
    await page.goto(`${server.baseUrl}/#/basicInformation/unitDetails?id=3`);
    const cell = phoneCell(page);
    await cell.waitFor();
    const masked = ((await cell.textContent()) ?? '').replace('查看', '').trim();
    assert.match(masked, /^\d{3}\*{4}\d{4}$|^0\d{2,3}-?\*+\d{4}$/, masked);
    await cell.getByTestId('reveal-contactPhone').click();
    const revealed = cell.getByTestId('revealed-contactPhone');
    await revealed.waitFor();
    const full = (await revealed.textContent()) ?? '';
    assert.match(full, /^[\d-]{7,}$/, full);
    assert.equal(full.slice(-4), masked.slice(-4));
    await screenshot(page, 'masking-revealed');
    await page.context().close();
  });

  test('the company’s own account sees its phone in full, without a 查看 link', async () => {
    const page = await signedIn('sy_admin1');
    await page.goto(`${server.baseUrl}/#/basicInformation/userUnitDetails`);
    const cell = phoneCell(page);
    await cell.waitFor();
    const text = ((await cell.textContent()) ?? '').trim();
    assert.doesNotMatch(text, /\*/);
    assert.equal(await cell.getByTestId('reveal-contactPhone').count(), 0);
    await page.context().close();
  });
});
