import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, settle } from './elevator-support.ts';
import {
  acceptToDistribute,
  applyThroughPage,
  confirm,
  liftToApplyFor,
  O,
  type OrderRow,
  PNG_1PX,
  pdfText,
  R,
  shanghaiToday,
} from './inspection-support.ts';
import { consoleSuite, screenshot } from './support.ts';

/**
 * Issue 16's browser test, against the real server: sy_admin1 applies for its lift; jy_admin1
 * accepts, quotes, issues the charge notice, records the payment and distributes the order to
 * jy_inspector1 for today; the inspector, on its phone page (/m/inspect, 375 × 812), records a key
 * item 不符合 with its description and a photo (a save made meanwhile on another phone is refused and
 * the inspector's edits kept), picks an instrument and signs: the server's conclusion 不合格 with a
 * rectification deadline. The organisation pushes it and creates the re-inspection; the inspector
 * records every item 符合 and signs: 复检合格; pushed, the report's PDF downloads from the phone page
 * with the register code and 复检合格 in its text, and the lift's next-inspection date on 电梯详情 has
 * moved.
 */

const suite = consoleSuite();
const PHONE = { width: 375, height: 812 };

interface ReportDetail {
  id: number;
  reportNo: string;
  state: string;
  attempt: number;
  version: number;
  conclusion: string | null;
  rectificationDeadline: string | null;
  nextInspectionDate: string | null;
  results: { itemId: number; keyItem: boolean; result: string | null; code: string; name: string }[];
}
interface WorkTask {
  orderId: number;
  reportId: number | null;
  attempt: number;
  due: string;
}

/** The item cards of the lift on the phone page. */
const itemsOf = (page: Page) => page.getByTestId('inspect-item');

/** Answers every item `result`, except `skip`. */
async function answerAll(items: Locator, result: string, skip?: Locator) {
  const n = await items.count();
  const skipId = skip ? await skip.getAttribute('data-item-id') : null;
  for (let i = 0; i < n; i++) {
    const item = items.nth(i);
    if (skipId && (await item.getAttribute('data-item-id')) === skipId) continue;
    await item.getByRole('button', { name: result, exact: true }).click();
  }
}

async function saved(page: Page) {
  await page.getByTestId('inspect-save').click();
  await page.getByTestId('inspect-notice').getByText('已保存', { exact: true }).waitFor();
}

async function sign(page: Page, conclusion: string) {
  const button = page.getByTestId('inspect-sign');
  await assertEnabled(button);
  await button.click();
  await page.getByTestId('inspect-sign-confirm').click();
  await page.getByTestId('inspect-notice').getByText(`已签字，检验结论：${conclusion}`).waitFor();
  await page.getByTestId('inspect-done').getByText('已签字，等待检验机构推送报告').waitFor();
}

async function assertEnabled(button: Locator) {
  for (let i = 0; i < 50 && (await button.isDisabled()); i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await button.isDisabled(), false, 'the button is enabled');
}

/** jy_admin1 on 检验报告 (/organization/report): the row action of report `reportNo`, confirmed. */
async function onReportPage(page: Page, baseUrl: string, reportNo: string, action: 'push' | 'reinspect') {
  // Reopened from the address, so that the list shows what the inspector did meanwhile.
  if (page.url().endsWith('/organization/report')) await page.reload();
  else await page.goto(`${baseUrl}/#/organization/report`);
  const list = page.getByTestId('inspection-reports');
  await settle(list);
  const row = rowsOf(list).filter({ hasText: reportNo });
  await row.getByTestId(`report-${action}`).click();
  if (action === 'push') {
    // 发布 asks for the 审核人员: an inspector of the organisation who did not inspect this report.
    const dialog = page.getByRole('dialog').filter({ hasText: `发布报告（${reportNo}）` });
    await dialog.getByLabel('审核人员', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
      .first()
      .click();
    await dialog.getByRole('button', { name: /发\s*布/ }).click();
  } else {
    await confirm(page);
  }
  await messageWith(page, action === 'push' ? '已发布' : '已创建复检报告');
  return { list, row };
}

/** Nothing on the page is wider than the phone's screen. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
  assert.ok(width <= PHONE.width, `the page is ${width} px wide on a ${PHONE.width} px screen`);
}

describe('检验作业: the inspector’s phone page from a fail to the re-inspection’s pass', () => {
  test('apply, accept, quote, notice, pay, distribute; 不合格 on the phone; re-inspection 复检合格; PDF; the registry’s date moved', async () => {
    const { baseUrl } = suite.server;
    const sy: Api = await apiAs(baseUrl, 'sy_admin1');
    const jy: Api = await apiAs(baseUrl, 'jy_admin1');
    const ins: Api = await apiAs(baseUrl, 'jy_inspector1');
    const today = shanghaiToday();
    const { lift, org } = await liftToApplyFor(sy, jy);
    const inspectors = await jy<{ id: number; name: string; username: string | null }[]>(
      'GET',
      '/inspection/tbInspector/list',
    );
    const inspector = inspectors.find((i) => i.username === 'jy_inspector1');
    assert.ok(inspector, 'jy_inspector1 is a passed inspector of jy_admin1');

    // --- sy_admin1 applies; jy_admin1 accepts, quotes, issues the notice, records the payment, distributes
    let orderId: number;
    {
      const { context, page } = await suite.open('sy_admin1');
      try {
        await page.locator('.ant-pro-sider-menu').waitFor();
        orderId = await applyThroughPage(page, baseUrl, lift, org.name);
      } finally {
        await context.close();
      }
    }
    const { orderNo } = await sy<OrderRow>('GET', `${O}/get/${orderId}`);
    {
      const { context, page } = await suite.open('jy_admin1');
      try {
        await page.locator('.ant-pro-sider-menu').waitFor();
        await acceptToDistribute(page, baseUrl, orderNo, inspector.name, today);
      } finally {
        await context.close();
      }
    }
    const distributed = await jy<OrderRow>('GET', `${O}/get/${orderId}`);
    assert.equal(distributed.state, 'distributed');
    assert.equal(distributed.payState, 'paid');
    assert.equal(distributed.plannedDate, today);

    // --- jy_inspector1 on its phone: a key item 不符合 with a photo, the conclusion 不合格
    const { context, page } = await suite.open('jy_inspector1', PHONE);
    try {
      // Where the inspector lands: the dashboard's way to its phone page.
      await page
        .getByTestId('dashboard-inspect')
        .getByRole('button', { name: /进入检验作业/ })
        .click();
      await page.getByTestId('inspect-page').waitFor();
      const todays = page.getByTestId('inspect-group-today');
      const card = todays.getByTestId('inspect-task').filter({ hasText: lift.registerCode });
      await card.getByText('已分配').waitFor();
      await fitsThePhone(page);
      await screenshot(page, 'inspection-work-list');
      await card.click();

      await page.getByTestId('inspect-register-code').getByText(lift.registerCode, { exact: true }).waitFor();
      const conclusion = page.getByTestId('inspect-conclusion');
      await conclusion.getByText('录入并保存检验结果后').waitFor();
      const items = itemsOf(page);
      await items.first().waitFor();
      const keyItem = items.and(page.locator('[data-key="true"]')).first();
      await keyItem.getByText('关键项目').waitFor();
      const keyCode = (await keyItem.getAttribute('aria-label')) ?? '';

      await answerAll(items, '符合', keyItem);
      await keyItem.getByRole('button', { name: '不符合', exact: true }).click();
      // 不符合 needs its description before it is saved.
      await page.getByTestId('inspect-save').click();
      await page.getByTestId('inspect-notice').getByText('不符合，请填写不符合情况').waitFor();
      await keyItem.locator('textarea').fill('制动器闸瓦磨损超标');
      await keyItem
        .locator('input[type="file"]')
        .setInputFiles({ name: 'defect.png', mimeType: 'image/png', buffer: PNG_1PX });
      await keyItem.getByTestId('inspect-photo').locator('img').waitFor();
      await saved(page);
      await conclusion.getByTestId('inspect-conclusion-value').getByText('不合格', { exact: true }).waitFor();
      await conclusion.getByText(/整改期限：\d{4}-\d{2}-\d{2} 前/).waitFor();

      // Another phone saves meanwhile: this page's save is refused (409), its own edit kept, saved again.
      const work = await ins<{ report: ReportDetail }>('GET', `${R}/work/detail`, { orderId });
      const other = work.report.results.find((r) => !r.keyItem)!;
      const mine = work.report.results.filter((r) => !r.keyItem).at(-1)!;
      assert.notEqual(other.itemId, mine.itemId);
      await ins('POST', '/inspection/tbInspectionResult/updateResult', {
        reportId: work.report.id,
        version: work.report.version,
        results: [{ itemId: other.itemId, result: '符合', remark: '另一台手机补录' }],
      });
      const mineCard = items.and(page.locator(`[data-item-id="${mine.itemId}"]`));
      await mineCard.getByRole('button', { name: '无此项', exact: true }).click();
      await page.getByTestId('inspect-save').click();
      await page.getByTestId('inspect-notice').getByText('未保存的修改已保留').waitFor();
      await mineCard.getByText('未保存').waitFor();
      assert.equal(
        await mineCard.getByRole('button', { name: '无此项', exact: true }).getAttribute('aria-pressed'),
        'true',
      );
      const otherNote = items.and(page.locator(`[data-item-id="${other.itemId}"]`)).locator('textarea');
      await otherNote.waitFor();
      assert.equal(await otherNote.inputValue(), '另一台手机补录');
      await saved(page);

      // The instrument of the inspection, then the signature.
      const fields = page.getByTestId('inspect-fields');
      await fields.getByLabel('检验日期').waitFor();
      assert.equal(await fields.getByLabel('检验日期').inputValue(), today);
      // Before an instrument is chosen the page says what stops the signature.
      await page.getByTestId('inspect-blockers').getByText('请选择本次使用的检验设备').waitFor();
      assert.equal(await page.getByTestId('inspect-sign').isDisabled(), true);
      await fields.locator('input[type="checkbox"]').first().check();
      await saved(page);
      await page.getByTestId('inspect-blockers').waitFor({ state: 'detached' });
      await fitsThePhone(page);
      await screenshot(page, 'inspection-work-fail');
      await sign(page, '不合格');
      await conclusion.getByText('检验结论').first().waitFor();
      await conclusion.getByTestId('inspect-conclusion-value').getByText('不合格', { exact: true }).waitFor();

      const first = await ins<{ report: ReportDetail }>('GET', `${R}/work/detail`, { orderId });
      assert.equal(first.report.state, 'signed');
      assert.equal(first.report.conclusion, '不合格');
      assert.ok(first.report.rectificationDeadline, 'a rectification deadline');
      await conclusion.getByText(`整改期限：${first.report.rectificationDeadline} 前`).waitFor();
      await page.getByTestId('inspect-lift').scrollIntoViewIfNeeded();
      await screenshot(page, 'inspection-work-signed');
      const key = first.report.results.find((r) => `${r.code} ${r.name}` === keyCode)!;
      assert.equal(key.result, '不符合');
      assert.equal(first.report.results.find((r) => r.itemId === mine.itemId)?.result, '无此项');

      // --- the organisation, on 检验报告, pushes it (the lift stopped) and creates the re-inspection
      const office = await suite.open('jy_admin1');
      await office.page.locator('.ant-pro-sider-menu').waitFor();
      await onReportPage(office.page, baseUrl, first.report.reportNo, 'push');
      const stopped = await sy<{ useStatus: number }>('POST', '/pc/elevator/queryElevator', {
        code: lift.registerCode,
      });
      assert.equal(stopped.useStatus, 2, 'the failed lift is stopped (停用待整改)');
      await onReportPage(office.page, baseUrl, first.report.reportNo, 'reinspect');
      const again = (await ins<{ report: ReportDetail }>('GET', `${R}/work/detail`, { orderId })).report;
      assert.equal(again.attempt, 2);
      assert.equal(again.state, 'inspecting');

      // --- the inspector finds the re-inspection, records every item 符合 and signs: 复检合格
      await page.goto(`${baseUrl}/#/m/inspect`);
      const reCard = page
        .getByTestId('inspect-group-today')
        .getByTestId('inspect-task')
        .filter({ hasText: lift.registerCode });
      await reCard.getByText('复检').waitFor();
      await reCard.click();
      await page.getByTestId('inspect-earlier').getByText(keyCode).waitFor();
      await items.first().waitFor();
      await answerAll(items, '符合');
      await saved(page);
      await conclusion
        .getByTestId('inspect-conclusion-value')
        .getByText('复检合格', { exact: true })
        .waitFor();
      await conclusion.getByText(/下次检验日期：\d{4}-\d{2}-\d{2}/).waitFor();
      await screenshot(page, 'inspection-work-reinspect');
      await sign(page, '复检合格');

      const second = await ins<{ report: ReportDetail; task: WorkTask }>('GET', `${R}/work/detail`, {
        orderId,
      });
      assert.equal(second.report.id, again.id);
      assert.equal(second.report.conclusion, '复检合格');
      assert.ok(second.report.nextInspectionDate, 'a next-inspection date');
      // --- the organisation pushes it; its PDF downloads from 检验报告
      const { row } = await onReportPage(office.page, baseUrl, second.report.reportNo, 'push');
      await row.getByText('已推送').waitFor();
      await row.getByTestId('report-pdf').click();
      const dialog = office.page.getByTestId('report-pdf-dialog');
      const orgDownloading = office.page.waitForEvent('download');
      const pdfButton = dialog.getByTestId('report-pdf-download');
      await assertEnabled(pdfButton);
      await pdfButton.click();
      const orgFile = await orgDownloading;
      assert.match(orgFile.suggestedFilename(), /\.pdf$/);
      const orgText = (
        await pdfText(new Uint8Array(await readFile((await orgFile.path()) as string)))
      ).replace(/\s/g, '');
      assert.ok(orgText.includes(lift.registerCode), 'the PDF names the register code');
      assert.ok(orgText.includes('复检合格'), 'the PDF gives the conclusion 复检合格');
      await screenshot(office.page, 'inspection-work-report-pdf');
      await office.context.close();

      // --- and from the inspector's phone page
      await page.reload();
      await page.getByTestId('inspect-done').getByText('报告已推送').waitFor();
      const downloading = page.waitForEvent('download');
      await page.getByTestId('inspect-pdf').click();
      const file = await downloading;
      assert.match(file.suggestedFilename(), /\.pdf$/);
      const bytes = new Uint8Array(await readFile((await file.path()) as string));
      assert.equal(Buffer.from(bytes.subarray(0, 5)).toString(), '%PDF-');
      const text = (await pdfText(bytes)).replace(/\s/g, '');
      assert.ok(text.includes(lift.registerCode), 'the PDF names the register code');
      assert.ok(text.includes('复检合格'), 'the PDF gives the conclusion 复检合格');

      // Done: the lift has left the inspector's list.
      const tasks = await ins<WorkTask[]>('GET', `${R}/work/tasks`);
      assert.equal(
        tasks.find((t) => t.orderId === orderId),
        undefined,
      );

      // --- the registry's 电梯详情: the next-inspection date has moved
      const { context: desk, page: registry } = await suite.open('sy_admin1');
      try {
        await registry.locator('.ant-pro-sider-menu').waitFor();
        await registry.goto(`${baseUrl}/#/basicInformation/elevatorPageDetails?id=${lift.id}`);
        // The descriptions are bordered: a label and its value in one table row.
        const detail = registry.getByTestId('elevator-detail');
        await detail.getByText(`电梯详情 · ${lift.registerCode}`).waitFor();
        const next = detail.locator('tr').filter({ hasText: '下次检验日期' });
        await next.getByText(second.report.nextInspectionDate!).waitFor();
        assert.notEqual(second.report.nextInspectionDate, lift.nextInspectDate);
        assert.equal(await next.getByText(lift.nextInspectDate).count(), 0, 'the old date is gone');
        const last = detail.locator('tr').filter({ hasText: '上次检验日期' });
        await last.getByText(today, { exact: true }).waitFor();
        await screenshot(registry, 'inspection-work-registry');
      } finally {
        await desk.close();
      }
    } finally {
      await context.close();
    }
  });
});
