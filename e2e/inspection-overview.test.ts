import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs, readDownload, rowsOf, settle, totalText } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 超期未检总览 against the real server: jg_qingxiu (青秀区's regulator) opens 检验电梯, reads its
 * district's figures (those the server counts, read through the API beside), clicks the district to
 * drill into its overdue lifts, then 其中未报检 to keep those without an application, and exports them.
 */

const suite = consoleSuite();
const B = '/inspection/tbInspectionOrder';
const DISTRICT = '450103';

interface Figures {
  areaCode: string;
  areaName: string | null;
  inUse: number;
  dueSoon: number;
  overdue: number;
  overdueWithOrder: number;
  overdueWithoutOrder: number;
  stopped: number;
}

describe('超期未检总览: a regulator’s overdue lifts by district', () => {
  test('jg_qingxiu opens the overview, drills into its district and exports the lifts without an application', async () => {
    const jg = await apiAs(suite.server.baseUrl, 'jg_qingxiu');
    const overview = await jg<{ districts: Figures[] }>('GET', `${B}/overdueByDistrict`);
    assert.deepEqual(
      overview.districts.map((d) => d.areaCode),
      [DISTRICT],
      'a district regulator sees its district only',
    );
    const [mine] = overview.districts;
    assert.ok(mine.overdue > 0, 'the demo has overdue lifts in 青秀区 (about 4% of the registry)');
    const without = await jg<{ total: number; records: { registerCode: string }[] }>(
      'GET',
      `${B}/overdueLifts`,
      {
        page: 1,
        limit: 500,
        areaCode: DISTRICT,
        hasOpenOrder: false,
      },
    );
    assert.equal(without.total, mine.overdueWithoutOrder);

    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'jg_qingxiu');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${suite.server.baseUrl}/#/organization/elevator`);
      const figures = page.getByTestId('overdue-overview');
      await figures.waitFor();
      const row = figures.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '青秀区' });
      await row.waitFor();
      const cells = (await row.locator('td').allInnerTexts()).map((s) => s.trim());
      assert.deepEqual(cells.slice(0, 6), [
        '青秀区',
        String(mine.inUse),
        String(mine.dueSoon),
        String(mine.overdue),
        String(mine.overdueWithOrder),
        String(mine.overdueWithoutOrder),
      ]);
      assert.equal(cells[7], String(mine.stopped));
      await screenshot(page, 'inspection-overview');

      // The district's name opens its overdue lifts.
      const list = page.getByTestId('overdue-lifts').locator('.ant-pro-table');
      await page.getByTestId(`overview-district-${DISTRICT}`).click();
      await settle(list);
      await totalText(list)
        .filter({ hasText: `共 ${mine.overdue} 条` })
        .waitFor();
      const first = rowsOf(list).first();
      await first.waitFor();
      assert.match((await first.textContent()) ?? '', /青秀区/);
      assert.match((await first.textContent()) ?? '', /\d+ 天/);

      // 其中未报检: the lifts without an application only.
      if (mine.overdueWithoutOrder > 0) {
        await page.getByTestId(`overview-without-order-${DISTRICT}`).click();
        await settle(list);
        await totalText(list)
          .filter({ hasText: `共 ${mine.overdueWithoutOrder} 条` })
          .waitFor();
        const texts = await rowsOf(list).allInnerTexts();
        assert.ok(texts.length > 0);
        assert.ok(texts.every((t) => t.includes('未报检')));
        assert.ok(texts.some((t) => without.records.some((r) => t.includes(r.registerCode))));

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: '导出超期电梯' }).click(),
        ]);
        const exported = await readDownload(download);
        assert.deepEqual(
          exported.map((r) => String(r.注册代码)).sort(),
          without.records.map((r) => r.registerCode).sort(),
        );
      }
      // The due lifts and their parameters stay one tab away.
      await page.getByRole('tab', { name: '到期待检与技术参数' }).click();
      await page.getByTestId('due-lifts').waitFor();
    } finally {
      await context.close();
    }
  });
});
