import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { apiAs } from './elevator-support.ts';
import { consoleSuite, screenshot, until } from './support.ts';

/**
 * 运维中心 against the real server with its background workers on (JOBS on): an export larger than
 * the threshold parameter goes to the export centre while the user keeps working, the navbar's badge
 * turns to done and the file downloads from 导出中心; a reviewer's bell counts a new claim's message
 * the moment it is submitted, without a reload, and 消息中心 lists it.
 */

const suite = consoleSuite({ env: { JOBS: 'on' } });

interface Param {
  id: number;
  configKey: string;
  value: string;
  name: string;
}

describe('运维中心: background exports and messages', () => {
  test('a large export runs in the background, the badge turns to done, the file downloads', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiAs(base, 'admin');
    // The demo city is small: the threshold goes down to 20 rows so that its list counts as large.
    const params = await admin<{ records: Param[] }>('GET', '/pc/sysParam/query', {
      page: 1,
      limit: 20,
      configKey: 'export.background.threshold',
    });
    const threshold = params.records.find((p) => p.configKey === 'export.background.threshold');
    assert.ok(threshold, 'the threshold parameter is seeded');
    await admin('POST', '/pc/sysParam/save', { ...threshold, value: '20' });

    const { context, page } = await suite.open('admin');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/basicInformation/theElevatorManagement`);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await page
        .getByRole('button', { name: /导\s*出$/ })
        .first()
        .click();
      await page.getByText('已加入导出任务').waitFor();
      // The user keeps working: another page opens while the file is made.
      await page.goto(`${base}/#/dashboard`);
      const badge = page.getByTestId('export-badge');
      await until(
        async () => (await badge.getAttribute('data-state')) === 'ready',
        'the export done',
        60_000,
      );
      await screenshot(page, 'ops-export-badge-ready');
      await page.getByRole('button', { name: '导出中心' }).click();
      const row = page.getByTestId('export-table').locator('.ant-table-tbody tr.ant-table-row').first();
      await row.getByText('已完成').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: '下载' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^电梯台账_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const file = readFileSync((await download.path())!);
      assert.equal(file.subarray(0, 2).toString(), 'PK', 'an .xlsx (zip) file');
      await screenshot(page, 'ops-export-centre');
    } finally {
      await context.close();
      await admin('POST', '/pc/sysParam/save', { ...threshold, value: '20000' });
    }
  });

  test('a reviewer sees a new claim’s message appear without reloading', async () => {
    const base = suite.server.baseUrl;
    const company = await apiAs(base, 'wb_admin1');
    const reviewer = await apiAs(base, 'jg_qingxiu');
    const free = await company<{ records: { id: number; areaCode: string }[] }>(
      'POST',
      '/pc/elevator/queryUnClaim',
      {
        page: 1,
        limit: 100,
        maintenanceClaimState: 0,
      },
    );
    const lift = free.records.find((r) => r.areaCode === '450103');
    assert.ok(lift, 'a free lift in 青秀区');

    const { context, page } = await suite.open('jg_qingxiu');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      const badge = page.getByTestId('notice-badge');
      await badge.waitFor();
      const unread = await reviewer<{ total: number }>('GET', '/pc/notice/unread');
      const number = badge.locator('.ant-scroll-number');
      const count = async () =>
        (await number.count()) === 0 ? 0 : Number(await number.first().getAttribute('title'));
      await until(async () => (await count()) === unread.total, 'the badge shows the unread count');

      await company('POST', '/pc/elevator/claim', { ids: [lift.id] });
      await until(async () => (await count()) === unread.total + 1, 'the bell counts the new message');
      await page.getByRole('button', { name: '消息中心' }).click();
      await page.getByTestId('notice-table').getByText('电梯认领待审核').first().waitFor();
      await screenshot(page, 'ops-notice-centre');
    } finally {
      await context.close();
    }
  });
});
