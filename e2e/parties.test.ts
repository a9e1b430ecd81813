import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  type RunningServer,
  screenshot,
  signIn,
  smsCodeFor,
  startServer,
  until,
  watchForeignRequests,
} from './support.ts';

/**
 * Issue 6 in the browser: a maintenance company registers with the SMS code, is held on its filing
 * page, files with a licence scan, the 青秀区 regulator passes it, and the company signs in again to
 * its full menu. Then every page of the parties feature opens for the accounts that use it.
 */

let server: RunningServer;
let browser: Browser;
const foreign: string[][] = [];

/** The smallest valid PNG: one transparent pixel. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** A 17-character body completed with its GB 32100 check character. */
const withCreditCheck = (body: string) => {
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CHARS.indexOf(body[i]), 0);
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
};

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A 17-digit citizen ID body completed with its GB 11643 check character. */
const withIdCheck = (body: string) =>
  body + '10X98765432'[ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(body[i]), 0) % 11];

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  foreign.push(watchForeignRequests(context, server.baseUrl));
  const page = await context.newPage();
  return { context, page };
}

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash);
const waitForHash = (page: Page, hash: string | RegExp) =>
  until(
    () => (typeof hash === 'string' ? hashOf(page) === hash : hash.test(hashOf(page))),
    `hash ${hash} (at ${page.url()})`,
  );

/** Picks an option of the antd select under a form item label. */
async function choose(page: Page, label: string, option: string) {
  await page
    .locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) })
    .locator('.ant-select')
    .click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

const fill = (page: Page, label: string, value: string) =>
  page
    .locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) })
    .locator('input')
    .first()
    .fill(value);

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a maintenance company files itself and is passed by the regulator (flows 1–2)', () => {
  const phone = `1370771${String(Date.now() % 10_000).padStart(4, '0')}`;
  const password = 'Lift2026ok';
  const companyName = `南宁浏览器测试电梯维保有限公司${phone.slice(-4)}`;
  const creditCode = withCreditCheck(`91450103MA5E${phone.slice(-4)}K`);
  let company: { context: BrowserContext; page: Page };

  before(async () => {
    company = await newPage();
  });
  after(async () => company.context.close());

  test('registers with the SMS code from the development outbox', async () => {
    const { page } = company;
    await page.goto(`${server.baseUrl}/#/register`);
    const form = page.locator('.register-form');
    await form.waitFor();
    await form.locator('.ant-select').first().click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '维保单位' })
      .click();
    await fill(page, '姓名', '浏览器管理员');
    await fill(page, '手机号', phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await until(() => smsCodeFor(server, phone) !== null, 'the SMS code in the server output');
    await form
      .locator('.ant-form-item', { has: page.locator('label:text-is("验证码")') })
      .locator('input')
      .fill(smsCodeFor(server, phone)!);
    await fill(page, '邮箱', 'lift@example.com');
    await form.locator('input[type="password"]').nth(0).fill(password);
    await form.locator('input[type="password"]').nth(1).fill(password);
    // The agreement text is shown and accepted.
    await form.getByRole('button', { name: /《.*》/ }).click();
    const agreement = page.locator('.ant-modal:visible');
    await agreement.locator('.ant-modal-body').waitFor();
    await agreement.getByRole('button', { name: '我已阅读并同意' }).click();
    assert.equal(await form.locator('.ant-checkbox-input').isChecked(), true);
    await form.locator('button[type="submit"]').click();
    await page.locator('.ant-message-success', { hasText: '注册成功' }).waitFor();
    await waitForHash(page, '#/login');
  });

  test('signs in and is held on the initial filing page', async () => {
    const { page } = company;
    await signIn(page, server.baseUrl, phone, password);
    await waitForHash(page, '#/initialFiling');
    const filing = page.locator('[data-testid="initial-filing"]');
    await filing.getByText('维保单位初始备案').waitFor();
    await filing.getByText('您的账号尚未完成备案').waitFor();
    // Any other page sends it back here while the filing is not passed.
    await page.goto(`${server.baseUrl}/#/basicInformation/maintenancePersonnel`);
    await waitForHash(page, '#/initialFiling');
  });

  test('files the company with a licence scan; a wrong credit code is caught first', async () => {
    const { page } = company;
    const form = page.locator('[data-testid="company-form"]');
    await form.waitFor();
    await fill(page, '维保单位名称', companyName);
    await fill(page, '统一社会信用代码', '91450103MA5KAT0010');
    await fill(page, '详细地址', '南宁市青秀区民族大道 88 号');
    await form.locator('.ant-form-item-explain-error', { hasText: '统一社会信用代码格式不正确' }).waitFor();
    await fill(page, '统一社会信用代码', creditCode);
    await form
      .locator('.ant-form-item', { has: page.locator('label:text-is("所在区域")') })
      .locator('.ant-cascader')
      .click();
    await page.locator('.ant-cascader-menu-item', { hasText: '南宁市' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '青秀区' }).click();
    await page.keyboard.press('Escape');
    await fill(page, '法定代表人', '浏览器法人');
    await fill(page, '联系人', '浏览器联系人');
    await fill(page, '联系电话', phone);
    await choose(page, '许可项目', '电梯安装（含修理）');
    await choose(page, '许可等级', 'B 级');
    await fill(page, '许可证编号', 'TS3345888-2029');
    const expiry = form
      .locator('.ant-form-item', { has: page.locator('label:text-is("许可证有效期")') })
      .locator('input');
    await expiry.click();
    await expiry.fill('2029-06-30');
    await page.keyboard.press('Enter');
    const licence = form.locator('.ant-form-item', { has: page.locator('label:text-is("许可证扫描件")') });
    await licence
      .locator('input[type="file"]')
      .setInputFiles({ name: '许可证.png', mimeType: 'image/png', buffer: PNG_1PX });
    await licence
      .locator('.ant-upload-list-item-done, .ant-upload-list-item', { hasText: '' })
      .first()
      .waitFor();
    await until(
      async () => (await licence.locator('.ant-upload-list-item-uploading').count()) === 0,
      'the upload',
    );
    await screenshot(page, 'initial-filing-form');
    await page.locator('[data-testid="filing-submit"]').click();
    await page.locator('.ant-message-success', { hasText: '已提交' }).waitFor();
    await page.getByText('备案已提交，正在等待监管部门审核').waitFor();
    assert.equal(hashOf(page), '#/initialFiling');
    await page.locator('[data-testid="company-descriptions"]').getByText(companyName).waitFor();
  });

  test('the 青秀区 regulator finds it in the audit list and passes it', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.baseUrl, 'jg_qingxiu');
    await waitForHash(page, '#/dashboard');
    await page.goto(`${server.baseUrl}/#/basicInformation/maintenanceUnit`);
    await page.getByRole('tab', { name: '备案审核' }).click();
    const table = page.locator('[data-testid="maintenance-unit-audit"]');
    const row = table.locator('tr', { hasText: companyName });
    await row.waitFor();
    await screenshot(page, 'maintenance-audit-list');
    // The detail shows the uploaded scan.
    await row.getByRole('button', { name: '详情' }).click();
    await waitForHash(page, /^#\/basicInformation\/detailsOfMaintenance\?id=\d+$/);
    const detail = page.locator('[data-testid="maintenance-detail"]');
    await detail.getByText(companyName).first().waitFor();
    await detail.getByText('许可证.png').waitFor();
    await detail.getByRole('button', { name: /^审\s*核$/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '维保单位备案审核' });
    await dialog.getByText('通过', { exact: true }).click();
    await dialog.locator('textarea').fill('资料齐全，同意备案');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-success', { hasText: '已审核通过' }).waitFor();
    await detail.locator('[data-testid="filing-state"]', { hasText: '备案成功' }).first().waitFor();
    await detail.getByRole('tab', { name: '审核记录' }).click();
    await detail.locator('[data-testid="audit-step"]', { hasText: '资料齐全，同意备案' }).waitFor();
    assert.equal(await detail.locator('[data-testid="audit-step"]').count(), 2);
    await context.close();
  });

  test('signs in again and sees its full menu', async () => {
    const { page } = company;
    await page.locator('.user-menu').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '退出登录' }).click();
    await waitForHash(page, '#/login');
    await signIn(page, server.baseUrl, phone, password);
    await waitForHash(page, '#/dashboard');
    const menu = page.locator('.ant-pro-sider-menu');
    await menu.getByText('基础信息', { exact: true }).click();
    for (const item of ['维保人员管理', '维保合同管理', '维保认领'])
      await menu.getByText(item, { exact: true }).waitFor();
    await menu.getByText('维保人员管理', { exact: true }).click();
    await waitForHash(page, '#/basicInformation/maintenancePersonnel');
    await page.locator('[data-testid="personnel-list"]').waitFor();
    await page.goto(`${server.baseUrl}/#/basicInformation/detailsOfMaintenance`);
    await page.locator('[data-testid="maintenance-detail"]').getByText(companyName).first().waitFor();
    await screenshot(page, 'filed-company-detail');
  });
});

describe('an inspection organisation account binds to an organisation on the platform (机构审核)', () => {
  const phone = `1350771${String((Date.now() + 7) % 10_000).padStart(4, '0')}`;
  const password = 'Lift2026ok';
  const orgName = '广西壮族自治区特种设备检验研究院南宁分院';
  const orgCode = withCreditCheck('12450000MB1JY0005');
  let account: { context: BrowserContext; page: Page };

  before(async () => {
    // Registered through the calls the register page makes (the page itself is covered above).
    const base = `${server.baseUrl}/monitor/api`;
    const sent = await fetch(`${base}/common/sendSms?phone=${phone}&type=register`);
    assert.equal(sent.status, 200);
    await until(() => smsCodeFor(server, phone) !== null, 'the SMS code in the server output');
    const hash = createHash('sha256').update(password).digest('hex');
    const registered = await fetch(`${base}/pc/login/regist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        userType: 'inspection',
        realName: '浏览器检验员',
        phone,
        smsCode: smsCodeFor(server, phone),
        password: hash,
        rePassword: hash,
        agree: true,
      }),
    });
    assert.equal(registered.status, 200);
    account = await newPage();
  });
  after(async () => account.context.close());

  test('asks to join the organisation from its filing page', async () => {
    const { page } = account;
    await signIn(page, server.baseUrl, phone, password);
    await waitForHash(page, '#/initialFiling/mechanism');
    const filing = page.locator('[data-testid="initial-filing"]');
    await filing.getByText('检验机构备案').waitFor();
    await filing.getByText('绑定已登记的单位').click();
    const form = page.locator('[data-testid="bind-form"]');
    await form.locator('input').first().fill(orgCode);
    await form.getByRole('button', { name: /查\s*询/ }).click();
    await form.getByText(`已找到：${orgName}`).waitFor();
    await fill(
      page,
      '本人身份证号',
      withIdCheck(`45010319900101${String(Date.now() % 1000).padStart(3, '0')}`),
    );
    await fill(page, '职务', '检验员');
    await form.getByRole('button', { name: /申请绑定/ }).click();
    await page.locator('.ant-message-success', { hasText: '绑定申请已提交' }).waitFor();
    await filing.getByText('检验机构绑定').waitFor();
    await filing.getByText('备案已提交，正在等待监管部门审核').waitFor();
    await page.locator('[data-testid="person-descriptions"]').getByText(orgName).waitFor();
  });

  test('the platform finds the request on 机构审核, opens it and passes it', async () => {
    const { context, page } = await newPage();
    await signIn(page, server.baseUrl, 'admin');
    await waitForHash(page, '#/dashboard');
    await page.goto(`${server.baseUrl}/#/organization/Audit`);
    // The organisations' own filings are listed first, the demo one among them.
    await page.locator('[data-testid="org-audit-list"] tr', { hasText: orgName }).first().waitFor();
    await page.getByRole('tab', { name: '绑定申请审核' }).click();
    const row = page.locator('[data-testid="org-join-audit-list"] tr', { hasText: '浏览器检验员' });
    await row.waitFor();
    await screenshot(page, 'organization-audit-list');
    await row.getByRole('button', { name: '详情' }).click();
    await waitForHash(page, /^#\/organization\/auditDetail\?joinId=\d+$/);
    const detail = page.locator('[data-testid="org-audit-detail"]');
    await detail.getByText(`绑定申请：浏览器检验员 → ${orgName}`).waitFor();
    await detail.locator('[data-testid="audit-step"]', { hasText: '提交审核' }).waitFor();
    await detail.locator('[data-testid="audit-button"]').click();
    const dialog = page.locator('.ant-modal', { hasText: '检验机构绑定申请审核' });
    await dialog.getByText('通过', { exact: true }).click();
    await dialog.locator('textarea').fill('核实为本机构人员');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-success', { hasText: '已审核通过' }).waitFor();
    await detail.locator('[data-testid="audit-step"]', { hasText: '核实为本机构人员' }).waitFor();
    await detail.locator('[data-testid="filing-state"]', { hasText: '备案成功' }).first().waitFor();
    await screenshot(page, 'organization-audit-detail');
    // The organisation's filing opens with its approval scan slot and history (the list page kept
    // its tab while the detail was open).
    await page.goto(`${server.baseUrl}/#/organization/Audit`);
    await page.getByRole('tab', { name: '机构备案审核' }).click();
    await page
      .locator('[data-testid="org-audit-list"] tr', { hasText: orgName })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    await waitForHash(page, /^#\/organization\/auditDetail\?id=\d+$/);
    await detail.getByText('核准证扫描件').waitFor();
    await detail.locator('[data-testid="company-descriptions"]').getByText(orgName).waitFor();
    await context.close();
  });

  test('the account enters the console once passed', async () => {
    const { page } = account;
    await page.reload();
    const filing = page.locator('[data-testid="initial-filing"]');
    await filing.getByText('备案已通过').waitFor();
    await filing.getByRole('button', { name: '进入系统' }).click();
    await waitForHash(page, '#/dashboard');
  });
});

describe('every page of the parties feature opens for its users', () => {
  const pages: [string, string[]][] = [
    [
      'admin',
      [
        '/basicInformation/maintenanceUnit',
        '/basicInformation/maintenancePersonnel',
        '/basicInformation/maintenanceContract',
        '/basicInformation/hon',
        '/basicInformation/safetyOfficerRecord',
        '/basicInformation/community',
        '/basicInformation/maintenanceIncentive',
        '/basicInformation/newMaintenanceUnit',
        '/basicInformation/newOccupancyUnit',
        '/basicInformation/newMaintenance',
        '/basicInformation/detailsOfMaintenance?id=1',
        '/basicInformation/unitDetails?id=3',
        '/basicInformation/userUnitDetails?id=4',
        '/basicInformationb/maintenanceUnit',
        '/basicInformationb/maintenancePersonnel',
        '/basicInformationb/hon',
        '/basicInformationb/maintenanceContract',
        '/organization/Audit',
      ],
    ],
    [
      'jg_qingxiu',
      ['/basicInformation/hon', '/basicInformation/safetyOfficerRecord', '/basicInformation/community'],
    ],
    [
      'sy_admin1',
      [
        '/basicInformation/userRecord',
        '/basicInformation/honForTheRecord',
        '/basicInformation/maintenanceIncentive',
        '/basicInformation/userUnitDetails',
        '/basicInformation/maintenanceContract',
      ],
    ],
    ['wb_admin1', ['/basicInformation/maintenancePersonnel', '/basicInformation/detailsOfMaintenance']],
    ['jy_admin1', ['/organization/Audit']],
  ];
  for (const [user, paths] of pages) {
    test(`${user}: ${paths.length} pages render without an error`, async () => {
      const { context, page } = await newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, server.baseUrl, user);
      await waitForHash(page, '#/dashboard');
      for (const path of paths) {
        await page.goto(`${server.baseUrl}/#${path}`);
        await waitForHash(page, `#${path}`);
        const here = page.locator(`[data-page="${path.split('?')[0]}"]`);
        await here.locator('.ant-card, .ant-table, .ant-tabs').first().waitFor();
        // Lists finish loading; nothing says the page failed or is not built.
        await until(
          async () => (await here.locator('.ant-spin-spinning, .ant-skeleton').count()) === 0,
          `${path} to load`,
        );
        assert.equal(await here.getByText('页面出错了').count(), 0, path);
        assert.equal(await here.getByText('建设中').count(), 0, path);
        assert.equal(await here.getByText('加载失败').count(), 0, path);
      }
      await screenshot(page, `parties-${user}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('network', () => {
  test('no request went to any host but the server', () => {
    assert.deepEqual(foreign.flat(), []);
  });
});
