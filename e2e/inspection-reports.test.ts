import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type Api,
  apiAs,
  expectCount,
  messageWith,
  rowsOf,
  runSearch,
  searchField,
  settle,
} from './elevator-support.ts';
import { consoleSuite, screenshot } from './support.ts';

/**
 * 检验报告 against the real server (the demo's reports of the past year): jy_admin1 filters its
 * reports, opens one's detail (results, conclusion, instruments with their calibration), downloads
 * its PDF (a PDF whose text holds the register code), uploads a new original-record version and
 * finds it in 报告原始记录; sy_admin1 sees only the pushed reports of its lifts, not one still 检验中.
 */

const suite = consoleSuite();
const R = '/inspection/tbInspectionReport';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface ReportRow {
  id: number;
  reportNo: string;
  state: string;
  registerCode: string;
  useUnitId: number;
  conclusion: string | null;
}
interface Detail extends ReportRow {
  instruments: { name: string; validUntil: string | null }[];
  results: { name: string }[];
}

async function newPage(user: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(user);
  await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++)
    text += (await (await doc.getPage(i)).getTextContent()).items
      .map((it) => ('str' in it ? it.str : ''))
      .join('');
  await doc.destroy();
  return text;
}

describe('检验报告: the organisation’s reports, their PDF and original records; the use unit reads the pushed ones', () => {
  test('jy_admin1 filters, opens the detail, downloads the PDF, uploads an original record; sy_admin1 sees pushed reports only', async () => {
    const jy: Api = await apiAs(suite.server.baseUrl, 'jy_admin1');
    const sy: Api = await apiAs(suite.server.baseUrl, 'sy_admin1');
    const inspector: Api = await apiAs(suite.server.baseUrl, 'jy_inspector1');

    // A pushed demo report of jy_admin1 on a lift of sy_admin1.
    const syInfo = await sy<{ companyId: number; companyName: string }>('GET', '/pc/sysUser/getUserInfo');
    const pushed = await jy<{ records: ReportRow[] }>('GET', `${R}/query`, {
      page: 1,
      limit: 50,
      state: 'pushed',
    });
    const report = pushed.records.find((r) => r.useUnitId === syInfo.companyId);
    assert.ok(report, 'the demo holds a pushed report of jy_admin1 on a lift of sy_admin1');
    const detail = await jy<Detail>('GET', `${R}/get/detail`, { id: report.id });
    assert.ok(detail.instruments.length > 0, 'the demo report names its instruments');

    // A report still 检验中 on a lift of sy_admin1: jy_inspector1 records its first result.
    const tasks = await inspector<
      { orderId: number; reportId: number | null; useUnitName: string | null; registerCode: string }[]
    >('GET', `${R}/work/tasks`);
    const task = tasks.find((t) => t.reportId === null && t.useUnitName === syInfo.companyName);
    assert.ok(task, 'an order of sy_admin1 distributed to jy_inspector1 without a report yet');
    const work = await inspector<{ items: { itemId: number }[] }>('GET', `${R}/work/detail`, {
      orderId: task.orderId,
    });
    const open = await inspector<ReportRow>('POST', '/inspection/tbInspectionResult/updateResult', {
      orderId: task.orderId,
      results: [{ itemId: work.items[0].itemId, result: '符合' }],
    });
    assert.equal(open.state, 'inspecting');

    // --- jy_admin1
    {
      const { context, page } = await newPage('jy_admin1');
      try {
        await page.goto(`${suite.server.baseUrl}/#/organization/report`);
        const list = page.getByTestId('inspection-reports');
        await settle(list);
        await searchField(list, '报告编号').locator('input').fill(report.reportNo);
        await runSearch(list);
        const row = rowsOf(list).filter({ hasText: report.reportNo });
        await row.first().waitFor();
        // The filtered page replaces the unfiltered one when its call answers: wait for it.
        await expectCount(rowsOf(list), 1);
        await row.getByText('已推送').waitFor();
        if (report.conclusion) await row.getByText(report.conclusion).first().waitFor();

        // The detail: its items, conclusion and instruments with their calibration.
        await row.getByTestId('report-detail-open').click();
        const view = page.getByTestId('report-detail');
        await view.waitFor();
        await view.getByText(detail.results[0].name).first().waitFor();
        await view.getByText(detail.instruments[0].name).first().waitFor();
        if (detail.instruments[0].validUntil)
          await view.getByText(detail.instruments[0].validUntil).first().waitFor();
        await screenshot(page, 'inspection-report-detail');
        await page.locator('.ant-drawer-close').click();

        // The PDF: previewed, then downloaded; a PDF whose text holds the register code.
        await row.getByTestId('report-pdf').click();
        const dialog = page.getByTestId('report-pdf-dialog');
        await dialog.locator('canvas').first().waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          dialog.getByTestId('report-pdf-download').click(),
        ]);
        assert.match(download.suggestedFilename(), new RegExp(`${report.reportNo}\\.pdf$`));
        const bytes = await readFile((await download.path())!);
        assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
        assert.ok((await pdfText(bytes)).includes(report.registerCode), 'the PDF holds the register code');
        await screenshot(page, 'inspection-report-pdf');
        await dialog.getByRole('button', { name: /关\s*闭/ }).click();

        // The report still 检验中 is listed for the organisation.
        await searchField(list, '报告编号').locator('input').fill(open.reportNo);
        await runSearch(list);
        await rowsOf(list).filter({ hasText: open.reportNo }).getByText('检验中').waitFor();

        // A stale write: another tab changes the report while the 备注 dialog is open; the save is
        // refused with the reason, the dialog closes and the list reloads; a second save passes.
        const openRow = rowsOf(list).filter({ hasText: open.reportNo });
        await openRow.getByTestId('report-remark').click();
        const remark = page.getByTestId('report-remark-dialog');
        await remark.getByLabel('备注（打印在报告 PDF 上）').fill('现场复核');
        await jy('POST', `${R}/remarkPdf`, { id: open.id, remark: '另一窗口的备注' });
        await remark.getByRole('button', { name: /保\s*存/ }).click();
        await messageWith(page, /已被他人修改/);
        await remark.waitFor({ state: 'hidden' });
        await settle(list);
        await openRow.getByTestId('report-remark').click();
        await remark.getByLabel('备注（打印在报告 PDF 上）').fill('现场复核');
        await remark.getByRole('button', { name: /保\s*存/ }).click();
        await messageWith(page, '保存成功');
        assert.equal(
          (await jy<Detail & { pdfRemark: string }>('GET', `${R}/get/detail`, { id: open.id })).pdfRemark,
          '现场复核',
        );

        // 重新生成 on a selection: the report's PDF generated again, the outcome per report.
        await searchField(list, '报告编号').locator('input').fill(report.reportNo);
        await runSearch(list);
        await rowsOf(list).filter({ hasText: report.reportNo }).locator('.ant-checkbox-input').check();
        await list.getByTestId('report-batch-recreate').click();
        await page
          .locator('.ant-modal-confirm')
          .getByRole('button', { name: /确\s*定/ })
          .click();
        const recreated = page.getByTestId('report-recreate-result');
        await recreated.getByText('已重新生成 1 份报告').waitFor();
        await recreated.getByText('已生成').waitFor();
        await screenshot(page, 'inspection-report-recreated');
        await recreated.getByRole('button', { name: /确\s*定|OK/ }).click();
        await recreated.waitFor({ state: 'hidden' });

        // 原始记录: a new version uploaded, then listed with its uploader.
        await searchField(list, '报告编号').locator('input').fill(report.reportNo);
        await runSearch(list);
        const before = await jy<{ version: number }[]>('GET', '/pc/insreportAttHis/query', {
          reportId: report.id,
        });
        await rowsOf(list).filter({ hasText: report.reportNo }).getByTestId('report-records').click();
        const his = page.getByTestId('reportfilehis');
        await his.getByText(report.reportNo).first().waitFor();
        await his
          .locator('input[type="file"]')
          .setInputFiles({ name: '原始记录-e2e.png', mimeType: 'image/png', buffer: PNG_1PX });
        await his.locator('.ant-upload-list-item-done').first().waitFor({ state: 'attached' });
        await his.getByTestId('reportfilehis-upload').click();
        await page
          .locator('.ant-popconfirm:visible')
          .getByRole('button', { name: /确\s*定/ })
          .click();
        await messageWith(page, '已上传新版本');
        const next = (before[0]?.version ?? 0) + 1;
        const versions = his.getByTestId('reportfilehis-versions');
        const newest = rowsOf(versions).filter({ hasText: `V${next}` });
        await newest.getByText('原始记录-e2e.png').waitFor();
        await screenshot(page, 'inspection-report-files');
      } finally {
        await context.close();
      }
      const after = await jy<{ version: number; fileName: string | null }[]>(
        'GET',
        '/pc/insreportAttHis/query',
        {
          reportId: report.id,
        },
      );
      assert.equal(after[0].fileName, '原始记录-e2e.png');
    }

    // --- sy_admin1: its pushed reports, not the one still 检验中
    {
      const { context, page } = await newPage('sy_admin1');
      try {
        await page.goto(`${suite.server.baseUrl}/#/organization/report`);
        const list = page.getByTestId('inspection-reports');
        await settle(list);
        await searchField(list, '报告编号').locator('input').fill(report.reportNo);
        await runSearch(list);
        await rowsOf(list).filter({ hasText: report.reportNo }).getByText('已推送').waitFor();
        await searchField(list, '报告编号').locator('input').fill(open.reportNo);
        await runSearch(list);
        await list.getByText('暂无已发布的检验报告').waitFor();
        assert.equal(await rowsOf(list).count(), 0);
        // Read only: no organisation's actions on its rows.
        await searchField(list, '报告编号').locator('input').fill('');
        await runSearch(list);
        await rowsOf(list).first().waitFor();
        assert.equal(await list.getByTestId('report-push').count(), 0);
        assert.equal(await list.getByTestId('report-close').count(), 0);
        await screenshot(page, 'inspection-report-use-unit');
      } finally {
        await context.close();
      }
      const mine = await sy<{ records: ReportRow[]; total: number }>('GET', `${R}/query`, {
        page: 1,
        limit: 100,
      });
      assert.ok(mine.total > 0);
      assert.ok(mine.records.every((r) => r.state === 'pushed' && r.useUnitId === syInfo.companyId));
      assert.ok(!mine.records.some((r) => r.id === open.id));
    }
  });
});
