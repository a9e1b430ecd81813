import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { apiAs, rowsOf, runSearch, searchField } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 检验电梯 against the real server: jy_admin1 (青秀区) finds a lift due for inspection whose
 * parameters are not recorded, records them in the drawer's form (a speed out of range refused
 * first), and sees a bad parameter sheet refused with its row report, nothing imported.
 */

const suite = consoleSuite();
const BASE = '/inspection/tbTechnicalParameters';

interface DueRow {
  elevatorId: number;
  registerCode: string;
  recorded: boolean;
  areaCode: string;
}

describe('检验电梯: the due lifts of the organisation and their technical parameters', () => {
  test('jy_admin1 records a due lift’s parameters and a bad sheet is refused row by row', async () => {
    const jy = await apiAs(suite.server.baseUrl, 'jy_admin1');
    const due = await jy<{ records: DueRow[]; total: number; summary: { due: number; overdue: number } }>(
      'GET',
      `${BASE}/dueList`,
      { page: 1, limit: 500 },
    );
    assert.ok(due.total > 0, 'the demo has lifts of 青秀区 due within 30 days');
    assert.ok(due.records.every((r) => r.areaCode === '450103'));
    const target = due.records.find((r) => !r.recorded);
    assert.ok(target, 'a due lift without parameters');

    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'jy_admin1');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${suite.server.baseUrl}/#/organization/elevator`);
      const scope = page.getByTestId('due-lifts');
      await scope.waitFor();
      await page.getByTestId('due-count-已超期').getByText(String(due.summary.overdue)).waitFor();

      await searchField(scope, '注册代码').locator('input').fill(target.registerCode);
      await runSearch(scope);
      const row = rowsOf(scope).filter({ hasText: target.registerCode });
      await row.getByText('未录入').waitFor();
      await row.getByRole('button', { name: '技术参数' }).click();

      const drawer = page.getByTestId('param-drawer');
      await drawer.getByText('尚未录入技术参数').waitFor();
      await drawer.getByRole('button', { name: '录入技术参数' }).click();
      const form = page.getByTestId('param-form');
      await form.getByLabel('层站数').fill('12');
      await form.getByLabel('额定速度(m/s)').fill('12');
      await form.getByLabel('曳引比').fill('2:1');
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await form.getByText('额定速度(m/s)应在 0–10 之间').waitFor();
      await form.getByLabel('额定速度(m/s)').fill('1.75');
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message').getByText('技术参数已保存').waitFor();
      await drawer.getByText('2:1').waitFor();
      await drawer.getByText('1.75 m/s').waitFor();
      await screenshot(page, 'inspection-params-drawer');

      const rows = await jy<
        { orgId: number; stops: number; ratedSpeed: number; extra: Record<string, string> }[]
      >('GET', `${BASE}/elevatorTechnicalParametersList`, { elevatorId: target.elevatorId });
      assert.equal(rows.length, 1);
      assert.equal(rows[0].stops, 12);
      assert.equal(rows[0].ratedSpeed, 1.75);
      assert.equal(rows[0].extra['曳引比'], '2:1');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // A sheet with a bad row and an unknown lift: nothing is imported, every row is reported.
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(
        book,
        XLSX.utils.aoa_to_sheet([
          ['注册代码*', '层站数', '额定速度(m/s)'],
          [target.registerCode, '1', '1.5'],
          ['31104501039999999999', '6', '1'],
        ]),
        '技术参数',
      );
      const choosing = page.waitForEvent('filechooser');
      await scope.getByRole('button', { name: /导入技术参数/ }).click();
      await (await choosing).setFiles({
        name: '技术参数.xlsx',
        mimeType: 'application/octet-stream',
        buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
      });
      const report = page.getByRole('dialog').filter({ hasText: '导入结果' });
      await report.waitFor();
      assert.match((await report.textContent()) ?? '', /共 2 行数据，其中 2 行有误/);
      const text = (await report.locator('.ant-table-tbody').textContent()) ?? '';
      assert.match(text, /层站数应在 2–200 之间/);
      assert.match(text, /平台上没有注册代码为「31104501039999999999」的电梯/);
      await screenshot(page, 'inspection-params-import-report');
      const still = await jy<{ stops: number }[]>('GET', `${BASE}/elevatorTechnicalParametersList`, {
        elevatorId: target.elevatorId,
      });
      assert.equal(still[0].stops, 12, 'the refused sheet changed nothing');
    } finally {
      await context.close();
    }
  });
});
