import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { type Api, apiAs, messageWith, rowsOf, settle } from './elevator-support.ts';
import { consoleSuite, DESKTOP, screenshot } from './support.ts';

/**
 * 电子巡查 against the real server: jg_qingxiu creates a patrol task over one of sy_admin1's lifts
 * (新建巡检任务), does it on the phone page (#/m/patrol, 375 × 812) with a 不符合 and its photo, and
 * completes it; sy_admin1 answers the rectification notice with evidence (我的巡检内容); jg_qingxiu
 * finds the answered notice on its 整改通知 list (/patrol/notice, 待复核 first), reviews the answer
 * and closes it (销号).
 */

const suite = consoleSuite();
const PHONE = { width: 375, height: 812 };

/** The smallest valid PNG: one transparent pixel. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(user: string, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(user, phone ? PHONE : DESKTOP);
  if (phone) await page.waitForURL((url) => url.hash.startsWith('#/dashboard'));
  else await page.locator('.ant-pro-sider-menu').waitFor();
  return { context, page };
}

interface TaskDetail {
  id: number;
  state: string;
  targets: { id: number; latitude: number | null; results: { result: string; photos: string[] }[] }[];
  notices: { id: number; state: string; recipient: string; noticeNo: string }[];
}

describe('电子巡查: task → result → notice → answer → close', () => {
  test('jg_qingxiu patrols sy_admin1’s lift; sy_admin1 answers; jg_qingxiu closes the notice', async () => {
    const jg: Api = await apiAs(suite.server.baseUrl, 'jg_qingxiu');
    const sy: Api = await apiAs(suite.server.baseUrl, 'sy_admin1');
    const lifts = await sy<{ records: { id: number; registerCode: string; areaCode: string }[] }>(
      'POST',
      '/pc/elevator/queryElevatorList',
      { page: 1, limit: 100 },
    );
    const lift = lifts.records.find((l) => l.areaCode === '450103');
    assert.ok(lift, 'a lift of sy_admin1 in 青秀区');
    const taskName = `浏览器测试巡查 ${Date.now()}`;

    // --- jg_qingxiu creates the task
    let taskId: number;
    {
      const { context, page } = await newPage('jg_qingxiu');
      try {
        await page.goto(`${suite.server.baseUrl}/#/wisdom/patrolTask`);
        await settle(page.getByTestId('patrol-tasks'));
        await page.getByRole('button', { name: /新建巡检任务/ }).click();
        const form = page.getByTestId('new-patrol-task');
        await form.waitFor();
        await form.getByLabel('任务名称').fill(taskName);
        // Creating without targets is refused on the page.
        await form.getByLabel('巡检模板').click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: '电梯现场巡查（通用）' })
          .first()
          .click();
        // The regulator itself is offered and chosen as the assignee.
        await form.getByTestId('task-assignees').locator('.ant-select-selection-item').first().waitFor();
        await form.getByTestId('create-task').click();
        await messageWith(page, '请至少选择一个巡检对象');
        const search = form.getByPlaceholder('注册代码、地址或名称');
        await search.fill(lift.registerCode);
        await search.press('Enter');
        const options = form.getByTestId('target-options');
        const row = rowsOf(options).filter({ hasText: lift.registerCode }).first();
        await row.waitFor();
        await row.locator('input[type="checkbox"]').check();
        await form.getByTestId('picked-targets').getByText(lift.registerCode, { exact: false }).waitFor();
        await screenshot(page, 'patrol-new-task');
        await form.getByTestId('create-task').click();
        await messageWith(page, '巡检任务已创建');
        const detail = page.getByTestId('patrol-task-detail');
        await detail.waitFor();
        await detail.getByTestId('task-state').getByText('待执行').waitFor();
        taskId = Number(new URL(page.url().replace('/#', '')).searchParams.get('id'));
        assert.ok(taskId > 0);
        // Its own list shows it.
        await page.goto(`${suite.server.baseUrl}/#/wisdom/patrolTask`);
        const list = page.getByTestId('patrol-tasks');
        await settle(list);
        const listed = rowsOf(list).filter({ hasText: taskName });
        await listed.getByText('待执行').waitFor();
        // A 待执行 task is changed on the same form, its target still picked.
        await listed.getByRole('button', { name: '修改' }).click();
        const edit = page.getByTestId('new-patrol-task');
        await edit.getByTestId('picked-targets').getByText(lift.registerCode, { exact: false }).waitFor();
        await edit.getByLabel('任务名称').fill(`${taskName}（改）`);
        await edit.getByTestId('create-task').click();
        await messageWith(page, '巡检任务已修改');
        await page.getByTestId('patrol-task-detail').getByText(`${taskName}（改）`).waitFor();
      } finally {
        await context.close();
      }
    }

    // --- on site, on the phone page: one 不符合 with a photo, the rest 符合, then complete
    {
      const { context, page } = await newPage('jg_qingxiu', true);
      try {
        await context.grantPermissions(['geolocation'], { origin: suite.server.baseUrl });
        await context.setGeolocation({ latitude: 22.8172, longitude: 108.3665, accuracy: 10 });
        await page.goto(`${suite.server.baseUrl}/#/m/patrol`);
        await page.getByTestId('patrol-work-page').waitFor();
        await page.getByTestId('patrol-task-card').filter({ hasText: taskName }).click();
        await page.getByTestId('patrol-target-card').filter({ hasText: lift.registerCode }).click();
        const items = page.getByTestId('patrol-item');
        await items.first().waitFor();
        const total = await items.count();
        assert.ok(total >= 5, `the template has ${total} items`);
        const first = items.nth(0);
        await first.getByRole('button', { name: '不符合', exact: true }).click();
        // A 不符合 without what was found is refused on the page.
        for (let i = 1; i < total; i++)
          await items.nth(i).getByRole('button', { name: '符合', exact: true }).click();
        await page.getByTestId('save-results').click();
        await page
          .getByRole('alert')
          .getByText(/请填写发现的问题/)
          .waitFor();
        await first.getByLabel('说明').fill('使用标志上的下次检验日期已过期');
        await first
          .getByTestId('patrol-photo-input')
          .setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: PNG_1PX });
        await first.locator('img').first().waitFor();
        await screenshot(page, 'patrol-phone-items-375');
        await page.getByTestId('save-results').click();
        const target = page.getByTestId('patrol-target-card').filter({ hasText: lift.registerCode });
        await target.getByText(`已查 ${total}/${total}`).waitFor();
        await target.getByText('不符合 1 项').waitFor();
        await page.getByTestId('complete-task').click();
        await page.getByTestId('work-task-state').getByText('已完成').waitFor();
        await screenshot(page, 'patrol-phone-done-375');
      } finally {
        await context.close();
      }
      const task = await jg<TaskDetail>('POST', '/pc/pollingOrder/queryDetail', { id: taskId });
      assert.equal(task.state, 'done');
      assert.ok(Math.abs((task.targets[0].latitude ?? 0) - 22.8172) < 0.001, 'the position is recorded');
      const fail = task.targets[0].results.find((r) => r.result === 'fail');
      assert.equal(fail?.photos.length, 1, 'the finding keeps its photo');
      assert.equal(task.notices.length, 1);
      assert.equal(task.notices[0].state, 'open');
      assert.equal(task.notices[0].recipient, 'use');
    }
    const notice = (await jg<TaskDetail>('POST', '/pc/pollingOrder/queryDetail', { id: taskId })).notices[0];

    // --- sy_admin1 answers the notice with evidence
    {
      const { context, page } = await newPage('sy_admin1');
      try {
        await page.goto(`${suite.server.baseUrl}/#/patrol/myContent`);
        const list = page.getByTestId('patrol-notices');
        await settle(list);
        const row = rowsOf(list).filter({ hasText: notice.noticeNo });
        await row.getByText('待整改').waitFor();
        await row.getByRole('button', { name: '查看并回复' }).click();
        const drawer = page.getByTestId('notice-detail');
        await drawer.getByText('使用标志上的下次检验日期已过期').first().waitFor();
        await drawer.getByRole('button', { name: /回复整改/ }).click();
        const dialog = page.getByTestId('notice-answer');
        await dialog.getByRole('button', { name: /确\s*定/ }).click();
        await dialog.getByText('请填写整改说明').waitFor();
        await dialog.getByLabel('整改说明').fill('已申请定期检验，并更换了新的使用标志');
        await dialog
          .locator('input[type="file"]')
          .setInputFiles({ name: '整改.png', mimeType: 'image/png', buffer: PNG_1PX });
        await dialog.locator('.ant-upload-list-item-done').waitFor({ state: 'attached' });
        await dialog.getByRole('button', { name: /确\s*定/ }).click();
        await messageWith(page, '已回复，等待监管部门复核');
        await drawer.getByText('待复核').first().waitFor();
        await screenshot(page, 'patrol-notice-answered');
      } finally {
        await context.close();
      }
    }

    // --- jg_qingxiu reviews and closes it
    {
      const { context, page } = await newPage('jg_qingxiu');
      try {
        // 整改通知 (/patrol/notice): the notices of its districts, 待复核 by the filter it opens with.
        await page.goto(`${suite.server.baseUrl}/#/patrol/notice`);
        const notices = page.getByTestId('patrol-review-notices');
        await settle(notices);
        const row = rowsOf(notices).filter({ hasText: notice.noticeNo });
        await row.getByText('待复核').waitFor();
        assert.equal(
          await rowsOf(notices).filter({ hasNotText: '待复核' }).count(),
          0,
          'the list opens with 待复核 only',
        );
        await row.getByRole('button', { name: '复核' }).click();
        const drawer = page.getByTestId('notice-detail');
        await drawer.getByText('已申请定期检验，并更换了新的使用标志').first().waitFor();
        await drawer.getByRole('button', { name: /销\s*号/ }).click();
        const dialog = page.getByTestId('notice-close');
        await dialog.getByLabel(/复核意见/).fill('现场复核，已整改');
        await dialog.getByRole('button', { name: /确\s*定/ }).click();
        await messageWith(page, '已销号');
        await drawer.getByText('已销号').first().waitFor();
        await screenshot(page, 'patrol-notice-closed');
      } finally {
        await context.close();
      }
      const closed = await sy<{ state: string; history: { action: string }[] }>(
        'POST',
        '/pc/pollingNotice/queryDetail',
        {
          id: notice.id,
        },
      );
      assert.equal(closed.state, 'closed');
      assert.deepEqual(
        closed.history.map((h) => h.action),
        ['issue', 'answer', 'close'],
      );
    }
  });
});
