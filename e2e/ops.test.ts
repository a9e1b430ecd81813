import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { apiAs } from './elevator-support.ts';
import { consoleSuite, screenshot, until } from './support.ts';

/**
 * 运维中心 against the real server with its background workers on (JOBS on): an export of 200,000
 * sign-in attempts, far larger than the threshold parameter, goes to the export centre while the
 * user keeps working, the navbar's badge
 * turns to done and the file downloads from 导出中心; a reviewer's bell counts a new claim's message
 * the moment it is submitted, without a reload, and 消息中心 lists it.
 */

/** The sign-in attempts the log holds besides the demo city's own: a year of a busy console. */
const ATTEMPTS = 200_000;

const suite = consoleSuite({
  env: { JOBS: 'on' },
  prepare: async (db) => {
    await db.execute(sql`
      insert into login_log (username, success, reason, method, ip, user_agent, created_at)
      select 'user' || (g % 5000), g % 20 <> 0, case when g % 20 = 0 then '密码错误' end, 'password',
        '10.0.' || (g % 250) || '.' || (g % 251), 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0',
        now() - interval '1 day' + g * interval '100 milliseconds'
      from generate_series(1, ${ATTEMPTS}) g`);
  },
});

describe('运维中心: background exports and messages', () => {
  test('a 200,000-row export runs in the background while the user works on; the badge turns to done, the file downloads', async () => {
    const base = suite.server.baseUrl;
    const admin = await apiAs(base, 'admin');
    const all = await admin<{ total: number }>('GET', '/pc/loginLog/query', { page: 1, limit: 1 });
    assert.ok(all.total >= ATTEMPTS, `the log holds ${all.total} attempts`);

    const { context, page } = await suite.open('admin');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      // 登录日志 unfiltered: far past the threshold parameter (20,000 rows), so it is queued.
      await page.goto(`${base}/#/ops/loginLog`);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await page
        .getByRole('button', { name: /导\s*出$/ })
        .first()
        .click();
      await page.getByText('已加入导出任务').waitFor();
      const badge = page.getByTestId('export-badge');
      // The user keeps working while the file is made: the lift list opens and searches.
      await page.goto(`${base}/#/basicInformation/theElevatorManagement`);
      // The lift list's own rows and button: the log page may still be in the document, hidden, as the
      // route changes (its rows and its 查询 matched first on a loaded CI machine).
      const rows = page.getByTestId('elevator-management').locator('.ant-table-tbody tr.ant-table-row');
      await rows.first().waitFor();
      assert.notEqual(await badge.getAttribute('data-state'), 'ready', 'the export is still being made');
      await page
        .getByRole('button', { name: /查\s*询/ })
        .filter({ visible: true })
        .first()
        .click();
      await rows.first().waitFor();
      await until(
        async () => (await badge.getAttribute('data-state')) === 'ready',
        'the export done',
        180_000,
      );
      await screenshot(page, 'ops-export-badge-ready');
      await page.getByRole('button', { name: '导出中心' }).click();
      const row = page.getByTestId('export-table').locator('.ant-table-tbody tr.ant-table-row').first();
      await row.getByText('已完成').waitFor();
      assert.match((await row.textContent()) ?? '', /登录日志/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: '下载' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^登录日志_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const book = XLSX.read(readFileSync((await download.path())!));
      const lines = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
      assert.deepEqual(lines[0].slice(0, 4), ['登录时间', '登录账号', '登录方式', '结果']);
      // Every attempt the log held when the export was asked for, and the sign-ins since then.
      assert.ok(lines.length - 1 >= all.total, `${lines.length - 1} rows of ${all.total}`);
      await screenshot(page, 'ops-export-centre');
    } finally {
      await context.close();
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
