import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs, readDownload, rowsOf, settle } from './elevator-support.ts';
import { consoleSuite, screenshot } from './support.ts';

/**
 * Advertising figures in the console against the real server (no mocks): 广告统计 groups
 * gg_admin1's points by district (names, not codes), use occasion and lift type, each summing to
 * the point total; 点位地图's 导出 downloads the map's points of the state shown.
 */
interface Group {
  key: string | null;
  label: string;
  count: number;
}

const suite = consoleSuite();

describe('advertising figures in the console', () => {
  test('广告统计 shows the group counts, and the point map exports its points', async () => {
    const api = await apiAs(suite.server.baseUrl, 'gg_admin1');
    const byArea = await api<Group[]>('GET', '/adPoint/countByArea');
    const byOccasion = await api<Group[]>('GET', '/adPoint/countByOccasion');
    const total = byArea.reduce((s, g) => s + g.count, 0);
    assert.ok(total > 0);
    assert.equal(
      byOccasion.reduce((s, g) => s + g.count, 0),
      total,
    );

    const { page, context } = await suite.open('gg_admin1');
    await page.locator('.ant-pro-sider-menu').waitFor();
    await page.goto(`${suite.server.baseUrl}/#/ad/count`);
    for (const id of ['ad-count-area', 'ad-count-occasion', 'ad-count-lift-type']) {
      const table = page.getByTestId(id);
      await table.waitFor();
      await settle(table);
      await rowsOf(table).first().waitFor();
    }
    const area = page.getByTestId('ad-count-area');
    // District names (e.g. 青秀区), not the six-digit codes.
    await rowsOf(area)
      .filter({ hasText: /区|县|市/ })
      .first()
      .waitFor();
    assert.equal(
      await rowsOf(area)
        .filter({ hasText: /^\d{6}/ })
        .count(),
      0,
      'no raw area code',
    );
    assert.equal(await page.getByText('区县代码').count(), 0);
    await screenshot(page, 'ad-count-groups');

    await page.goto(`${suite.server.baseUrl}/#/ad/pointMap`);
    await page.getByTestId('ad-map-export').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('ad-map-export').click(),
    ]);
    const rows = await readDownload(download);
    const all = await api<{ total: number }>('GET', '/adPoint/getPointAll');
    assert.equal(rows.length, all.total, 'the export holds the map’s points');
    await context.close();
  });
});
