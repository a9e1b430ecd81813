import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type Api, apiAs, messageWith } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 检验收费标准 in the console against the real server: the inspection organisation's administrator
 * (jy_admin1) previews the quote of a passenger lift with more stops than the base fee includes,
 * raises the per-stop fee on 新增收费标准 (edit), and sees the lift's quote change by exactly the
 * extra stops times the difference; on 检验项目 the varieties' tree leads to a variety's items, key
 * ones starred.
 */

const suite = consoleSuite();

interface QuoteLift {
  id: number;
  registerCode: string;
  variety: string | null;
}
interface Quote {
  total: number;
  lines: { label: string; amount: number }[];
  facts: { stops: number | null };
}
interface Cost {
  id: number;
  variety: string;
  baseStops: number | null;
  extraStopFee: number | null;
}

const yuanText = (fen: number) =>
  `${Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;

describe('检验收费标准: the quote follows the tariff', () => {
  let api: Api;
  let lift: QuoteLift;
  let quote: Quote;
  let cost: Cost;

  before(async () => {
    api = await apiAs(suite.server.baseUrl, 'jy_admin1');
    const lifts = await api<QuoteLift[]>('GET', '/inspection/tbInspectionCost/lifts', { keyword: '3110' });
    for (const l of lifts.filter((x) => x.variety === '3110')) {
      const q = await api<Quote>('GET', '/inspection/tbInspectionCost/quote', { elevatorId: l.id });
      if (q.lines.some((line) => line.label === '超层站加收')) {
        lift = l;
        quote = q;
        break;
      }
    }
    assert.ok(lift, 'a passenger lift above the stops the base fee includes');
    const costs = await api<{ records: Cost[] }>('GET', '/inspection/tbInspectionCost/query', {
      variety: '3110',
    });
    cost = costs.records[0];
  });

  test('jy_admin1 raises the per-stop fee and sees the lift quote change', async () => {
    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'jy_admin1');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${suite.server.baseUrl}/#/organization/Fee`);
      const table = page.getByTestId('inspection-cost-table');
      await table.getByText('曳引驱动乘客电梯').waitFor();

      const preview = page.getByTestId('quote-preview');
      await preview.getByTestId('quote-lift').click();
      await page.keyboard.type(lift.registerCode);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: lift.registerCode })
        .click();
      const total = preview.getByTestId('quote-total');
      await total.getByText(yuanText(quote.total), { exact: true }).waitFor();
      await preview.getByText('超层站加收').waitFor();
      await screenshot(page, 'inspection-quote-before');

      // Edit the passenger lifts' tariff: the per-stop fee goes up by ¥15.
      const row = table.locator('tr', { hasText: '曳引驱动乘客电梯' });
      await row.getByRole('button', { name: '编辑' }).click();
      const form = page.getByTestId('fee-form');
      await form.getByText('编辑收费标准：曳引驱动乘客电梯').waitFor();
      const perStop = form.getByLabel('超出部分每层站加收');
      const newFee = (cost.extraStopFee ?? 0) + 1500;
      await perStop.fill(String(newFee / 100));
      await form.getByTestId('fee-example').waitFor();
      await form.getByTestId('fee-save').click();
      await messageWith(page, '收费标准已保存');

      // Back on the list, the preview shows the new quote of the same lift.
      const extraStops = (quote.facts.stops ?? 0) - (cost.baseStops ?? 0);
      const expected = quote.total + extraStops * 1500;
      await preview.getByTestId('quote-total').getByText(yuanText(expected), { exact: true }).waitFor();
      await screenshot(page, 'inspection-quote-after');
      const after = await api<Quote>('GET', '/inspection/tbInspectionCost/quote', { elevatorId: lift.id });
      assert.equal(after.total, expected);

      // 检验项目: the varieties with their counts; choosing 自动扶梯 lists its items, key ones starred.
      const tree = await api<{ varieties: { variety: string; varietyName: string; itemCount: number }[] }>(
        'GET',
        '/inspection/tbInspectionItem/elevatorTypeList',
      );
      const escalator = tree.varieties.find((v) => v.variety === '3310')!;
      await page.goto(`${suite.server.baseUrl}/#/organization/content`);
      const items = page.getByTestId('inspection-items');
      await items.getByTestId('variety-tree').waitFor({ timeout: 60_000 });
      await items.getByTestId('variety-tree').getByText(`自动扶梯（${escalator.itemCount}）`).click();
      const itemTable = items.getByTestId('inspection-item-table');
      await itemTable.getByText('自动扶梯的检验项目').waitFor();
      await itemTable.getByText(`共 ${escalator.itemCount} 条`).waitFor();
      await itemTable
        .locator('td')
        .filter({ hasText: /^★扶手带运行速度$/ })
        .waitFor();
      assert.ok((await itemTable.locator('[title="关键项目"]').count()) > 0, 'key items are starred');
      await screenshot(page, 'inspection-items');
    } catch (err) {
      await screenshot(page, 'inspection-catalog-failed');
      throw err;
    } finally {
      await context.close();
    }
  });
});
