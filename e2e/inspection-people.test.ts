import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 检验人员 against the real server: jy_admin1 adds an inspector with a certificate, passes the
 * organisation's audit of it on 检验人员审核, and finds it among the unassigned inspectors on
 * 人员分配, from where it is put into a department.
 */

const suite = consoleSuite();
const NAME = '韦检测';
const CERT = 'TS-DTY-E2E-0001';

describe('检验人员: add, audit, distribute', () => {
  test('jy_admin1 adds an inspector, passes the audit and sees it in 人员分配', async () => {
    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'jy_admin1');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${suite.server.baseUrl}/#/organization/testingPersonnel`);
      const list = page.getByTestId('inspectors');
      await list.getByText('即将到期').first().waitFor();
      await page.getByTestId('cert-counts').getByText('即将到期 1').waitFor();
      await page.getByRole('button', { name: '新增检验人员' }).click();
      const form = page.getByTestId('inspector-form-form');
      await form.getByLabel('姓名').fill(NAME);
      await form.getByLabel('手机号码').fill('13907718888');
      await form.getByLabel('证书编号').fill(CERT);
      await form.getByLabel('资格项目').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'DTY' }).click();
      await form.getByLabel('有效期至').click();
      await form.getByLabel('有效期至').fill('2030-06-30');
      await form.getByLabel('有效期至').press('Enter');
      await page
        .getByTestId('inspector-form')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await page.locator('.ant-message').getByText('保存成功').waitFor();
      await list.getByText(CERT).waitFor();
      await screenshot(page, 'inspection-people-added');

      await page.goto(`${suite.server.baseUrl}/#/organization/auditPersonnel`);
      const audits = page.getByTestId('inspector-audits');
      const row = audits.locator('tr', { hasText: CERT });
      await row.waitFor();
      await row.getByRole('button', { name: '审核' }).click();
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.locator('.ant-message').getByText('已审核通过').waitFor();
      await row.getByText('审核通过').waitFor();

      const admin = await apiAs(suite.server.baseUrl, 'jy_admin1');
      const found = await admin<{
        records: { id: number; auditState: number; departmentId: number | null }[];
      }>('GET', '/inspection/tbInspector/query', { keyword: CERT });
      assert.equal(found.records.length, 1);
      assert.equal(found.records[0].auditState, 3);

      await page.goto(`${suite.server.baseUrl}/#/organization/personnelAllotment`);
      const transfer = page.getByTestId('allotment-transfer');
      const item = transfer.locator('.ant-transfer-list').first().locator('li', { hasText: NAME });
      await item.waitFor();
      await item.click();
      await transfer.locator('.ant-transfer-operation button').first().click();
      await page.locator('.ant-message').getByText('已分配到部门').waitFor();
      await transfer.locator('.ant-transfer-list').nth(1).locator('li', { hasText: NAME }).waitFor();
      await screenshot(page, 'inspection-people-allotment');
      const after = await admin<{
        records: { departmentId: number | null; departmentName: string | null }[];
      }>('GET', '/inspection/tbInspector/query', { keyword: CERT });
      assert.equal(after.records[0].departmentName, '电梯检验一部');
    } finally {
      await context.close();
    }
  });
});
