import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  apiAs,
  readDownload,
  rowsOf,
  runSearch,
  searchField,
  settle,
  totalText,
} from './elevator-support.ts';
import { consoleSuite, screenshot, until } from './support.ts';

/**
 * The advertising lists' drill-downs against the real server (no mocks): a worker's row of 投放统计
 * opens 投放日志 narrowed to that worker (its count the statistics' 日志数, the worker in the search
 * form); 投放统计's 导出 downloads its rows; 投放任务 opens narrowed to an order by ?orderId=; a
 * mini-program user's 详情 shows its log count.
 */
interface Stat {
  id: number;
  name: string;
  logs: number;
}
interface Page<T> {
  records: T[];
  total: number;
}

const suite = consoleSuite();
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe('advertising lists in the console', () => {
  test('a worker of 投放统计 opens its logs; the statistics export; an order opens its tasks', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const stats = await api<Stat[]>('GET', '/adTaskLog/getTaskLogStatList', { by: 'worker' });
    assert.ok(stats.length > 1, 'the demo has workers with logs');
    const { page, context } = await suite.open('gg_admin1');
    await page.locator('.ant-pro-sider-menu').waitFor();

    await page.goto(`${suite.server.baseUrl}/#/ad/taskLogStat`);
    const table = page.getByTestId('ad-task-stat');
    await table.waitFor();
    await settle(table);
    await rowsOf(table).first().waitFor();
    // The second worker: not simply the first row of whatever list opens next.
    const w = stats[1];
    const row = rowsOf(table).filter({ hasText: w.name }).first();
    assert.equal(count(await row.locator('td').nth(1).textContent()), w.logs, '日志数 as the call counts');

    // 导出: the same rows as the table.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^(export )?导\s*出$/ }).click(),
    ]);
    const sheet = await readDownload(download);
    assert.deepEqual(
      sheet.map((r) => [r.安装人员, r.日志数]),
      stats.map((s) => [s.name, s.logs]),
      'the export holds the statistics rows',
    );

    await row.getByTestId('ad-task-stat-link').click();
    await until(async () => page.url().includes(`/ad/taskLog?workerId=${w.id}`), 'the log list’s URL');
    const logs = page.getByTestId('ad-task-log-list');
    await logs.waitFor();
    await settle(logs);
    await until(async () => count(await totalText(logs).textContent()) === w.logs, `共 ${w.logs} 条`);
    // The worker fills the search form's 安装人员; every row is that worker's.
    await logs.getByTestId('ad-worker-filter').filter({ hasText: w.name }).waitFor();
    for (const n of await rowsOf(logs).allTextContents()) assert.ok(n.includes(w.name), n);
    await screenshot(page, 'ad-log-by-worker');

    // An order's tasks by a link (the order drawer's 投放任务).
    const orders = await api<Stat[]>('GET', '/adTaskLog/getTaskLogStatList', { by: 'order' });
    const o = orders[0];
    const tasks = await api<Page<unknown>>('GET', '/adTask/getTaskList', {
      orderId: o.id,
      page: 1,
      limit: 1,
    });
    await page.goto(`${suite.server.baseUrl}/#/ad/task?orderId=${o.id}`);
    const list = page.getByTestId('ad-task-list');
    await list.waitFor();
    await list.getByTestId('url-filter-orderId').filter({ hasText: o.name }).waitFor();
    await settle(list);
    await until(
      async () => count(await totalText(list).textContent()) === tasks.total,
      `共 ${tasks.total} 条`,
    );
    await context.close();
  });

  test('a mini-program worker’s 详情 shows its binding and log count', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const stats = await api<Stat[]>('GET', '/adTaskLog/getTaskLogStatList', { by: 'worker' });
    const w = stats[0];
    const { page, context } = await suite.open('gg_admin1');
    await page.locator('.ant-pro-sider-menu').waitFor();
    await page.goto(`${suite.server.baseUrl}/#/ad/user`);
    const list = page.getByTestId('ad-user-list');
    await list.waitFor();
    await settle(list);
    await searchField(list, '关键字').locator('input').fill(w.name);
    await runSearch(list);
    const row = rowsOf(list).filter({ hasText: w.name }).first();
    await row.getByTestId('ad-user-detail').click();
    const drawer = page.locator('.ad-user-drawer');
    await drawer
      .getByTestId('ad-user-log-count')
      .filter({ hasText: String(w.logs) })
      .waitFor();
    await screenshot(page, 'ad-user-detail');
    await context.close();
  });
});
