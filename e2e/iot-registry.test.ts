import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs, fillTemplate, templateHeaders } from './elevator-support.ts';
import { type Device, ingest, unwatchedLift } from './iot-support.ts';
import { consoleSuite, screenshot, until } from './support.ts';

/**
 * 物联网电梯's alarm lists and the merchant's registry against the real server: alarms opened in two
 * districts by devices reporting over HTTP; the platform filters the 报警 tab by 江南区 on the area
 * picker and sees exactly the API's answer for that district, all of it 江南区, kept in the URL; the
 * lift's elevator detail links to its whole alarm history (a cleared alarm included). iot_admin1
 * opens a device's detail and its binding history, renews its secret (the old one is refused by the
 * ingestion call, the new one accepted) and makes a signed data link that opens the device's data
 * without signing in, and binds devices by pasted 设备编号,注册代码 lines (同步绑定), the result row by
 * row, or from a sheet: an .xlsx with bad rows gets them named by their row numbers in the sheet, a
 * fixed .csv fills the same lines and binds. The lift's 物联网 tab lists its alarm history itself, for
 * the use unit too: sy_admin1 reads its own lift's alarms there, and another use unit's watched lift
 * is out of its reach (the page, the tab's calls).
 */

const suite = consoleSuite();

interface AlarmPage {
  total: number;
  records: { id: number; registerCode: string | null; areaCode: string | null; typeLabel: string }[];
}

const alarm = (type: number, state: 'raise' | 'clear' = 'raise') => ({ type, state, detail: 'e2e' });

describe('物联网电梯: alarms per district and per lift; the device registry', () => {
  test('the platform filters alarms by district; the lift detail links to its alarm history', async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    const admin = await apiAs(base, 'admin');
    // One lift in 江南区 and one in 青秀区, each watched by a new device that raises alarms.
    const jiangnan = await unwatchedLift(admin, merchant, '450105');
    const qingxiu = await unwatchedLift(admin, merchant, '450103');
    const created = await merchant<{ device: Device; secret: string }[]>('POST', '/iot/device/batchAdd', {
      devices: [
        { code: 'E2E-ALM-JN', name: '江南区报警终端', registerCode: jiangnan.registerCode },
        { code: 'E2E-ALM-QX', name: '青秀区报警终端', registerCode: qingxiu.registerCode },
      ],
    });
    const [jn, qx] = created;
    for (const [d, msg] of [
      [jn, alarm(12)],
      [jn, alarm(12, 'clear')],
      [jn, alarm(11)],
      [qx, alarm(11)],
    ] as const) {
      const res = await ingest(base, d.device.code, d.secret, 'alarm', msg);
      assert.equal(res.status, 200, res.body);
    }
    const expected = await admin<AlarmPage>('GET', '/iot/alarm/list', {
      areaCode: '450105',
      state: 'open',
      page: 1,
      limit: 10,
    });
    assert.ok(expected.total >= 1, 'an open alarm in 江南区');
    assert.ok(expected.records.every((r) => r.areaCode === '450105'));
    const everywhere = await admin<AlarmPage>('GET', '/iot/alarm/list', {
      state: 'open',
      page: 1,
      limit: 100,
    });
    assert.ok(
      everywhere.records.some((r) => r.areaCode === '450103'),
      'an open alarm outside 江南区 the filter must leave out',
    );

    const { context, page } = await suite.open('admin');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/wisdom/iotelevator`);
      await page.getByRole('tab', { name: '报警' }).click();
      await until(() => page.url().includes('tab=alarms'), 'the tab in the URL');
      const filters = page.getByTestId('iot-alarm-filters');
      await filters.locator('.ant-cascader .ant-select-selector').click();
      await page.locator('.ant-cascader-menu-item[title="南宁市"]').click();
      await page.locator('.ant-cascader-menu-item[title="江南区"]').click();
      await until(() => page.url().includes('areaCode=450105'), 'the district in the URL');
      const table = page.getByTestId('iot-alarm-table');
      const rows = table.locator('tr.ant-table-row');
      const shown = async () => {
        const out: string[][] = [];
        for (const tr of await rows.all())
          out.push((await tr.locator('td').allTextContents()).map((t) => t.trim()));
        return out;
      };
      // Rows: 报警, 级别, 电梯, 区域, …
      await until(async () => {
        const r = await shown();
        return (
          r.length === expected.records.length &&
          r.every((cells, i) => cells[2] === expected.records[i].registerCode && cells[3] === '江南区')
        );
      }, "the API's 江南区 alarms, in its order");
      assert.ok(
        (await table.getByText(`共 ${expected.total} 条`).count()) === 1,
        'the total is the API total',
      );
      assert.ok(!(await shown()).some((c) => c[2] === qingxiu.registerCode), 'no 青秀区 alarm');
      await screenshot(page, 'iot-alarms-district');

      // A reload keeps the filter (it lives in the URL).
      await page.reload();
      await until(async () => {
        const r = await shown();
        return r.length === expected.records.length && r.every((c) => c[3] === '江南区');
      }, 'the filtered list after a reload');

      // The lift's detail links to all its alarms: the cleared 关门故障 and the open 开门故障.
      await page.goto(`${base}/#/basicInformation/elevatorPageDetails?id=${jiangnan.id}`);
      const detail = page.getByTestId('elevator-detail');
      await detail.getByRole('tab', { name: '物联网' }).click();
      // The tab's own history (whoever sees the tab: the use unit and maintenance company too).
      const tabHistory = detail.getByTestId('iot-tab-history');
      await tabHistory.getByText('关门故障').waitFor();
      await tabHistory.getByText('开门故障').waitFor();
      await tabHistory.getByText('已消除').first().waitFor();
      await detail.getByTestId('iot-tab-alarm-history').click();
      await until(
        () => page.url().includes(`elevatorId=${jiangnan.id}`) && page.url().includes('state=all'),
        "the lift's history in the URL",
      );
      const history = await admin<AlarmPage>('GET', '/iot/alarm/list', {
        elevatorId: jiangnan.id,
        page: 1,
        limit: 10,
      });
      assert.ok(history.total >= 2);
      await until(async () => {
        const r = await shown();
        return (
          r.length === history.records.length &&
          r.every((c) => c[2] === jiangnan.registerCode) &&
          r.some((c) => c[0] === '关门故障' && c[8] !== '未消除') &&
          r.some((c) => c[0] === '开门故障' && c[8] === '未消除')
        );
      }, "the lift's open and cleared alarms");
      await screenshot(page, 'iot-alarms-lift');
    } finally {
      await context.close();
    }
  });

  test('iot_admin1: detail with binding history, secret renewal, signed data link', async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    const admin = await apiAs(base, 'admin');
    const first = await unwatchedLift(admin, merchant, '450103');
    const second = await unwatchedLift(admin, merchant, '450103', [first.registerCode]);
    const [created] = await merchant<{ device: Device; secret: string }[]>('POST', '/iot/device/batchAdd', {
      devices: [{ code: 'E2E-REG-01', name: '登记测试终端', registerCode: first.registerCode }],
    });
    const id = created.device.id;
    await merchant('POST', '/equ3000/unbind', { deviceId: id });
    await merchant('POST', '/equ3000/bind', { deviceId: id, registerCode: second.registerCode });
    const status = {
      mode: 'normal',
      run: 'stop',
      floor: 2,
      doorZone: true,
      door: 'closed',
      passenger: false,
      power: 'mains',
      speed: 0,
      safetyCircuit: true,
      doorLockCircuit: true,
    };
    assert.equal((await ingest(base, 'E2E-REG-01', created.secret, 'status', status)).status, 200);

    const { context, page } = await suite.open('iot_admin1');
    let renewed = '';
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/wisdom/iotelevator`);
      const search = page.getByPlaceholder('设备编号、名称、注册代码或地址');
      await search.fill('E2E-REG-01');
      await search.press('Enter');
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'E2E-REG-01' });
      await row.getByRole('button', { name: '详情' }).click();

      // The detail: the lift bound now, and both bindings, the first one ended.
      const detail = page.getByTestId('iot-device-detail');
      await detail.getByTestId('iot-detail-lift').getByText(second.registerCode).waitFor();
      const bindings = detail.getByTestId('iot-binding-history').locator('tr.ant-table-row');
      await until(async () => (await bindings.count()) === 2, 'two bindings');
      const now = bindings.filter({ hasText: second.registerCode });
      await now.getByText('当前绑定').waitFor();
      const before = bindings.filter({ hasText: first.registerCode });
      assert.equal(await before.getByText('当前绑定').count(), 0, 'the first binding ended');
      await screenshot(page, 'iot-device-detail');

      // Edit from the detail: a new name and a renewed secret, shown once.
      await page
        .locator('.ant-drawer')
        .getByRole('button', { name: /编\s*辑/ })
        .click();
      const edit = page.locator('.ant-modal').filter({ hasText: '编辑设备' });
      await edit.getByLabel('设备名称').fill('登记测试终端（已改）');
      await edit.getByText('重置设备密钥').click();
      await edit.getByText('旧密钥立即失效').waitFor();
      await edit.getByRole('button', { name: /确\s*定|OK/ }).click();
      const shown = page.locator('.ant-modal').filter({ hasText: '新的设备密钥（仅显示这一次）' });
      await shown.getByText('只显示这一次，关闭后无法再次查看').waitFor();
      renewed = ((await shown.locator('code').textContent()) ?? '').trim();
      assert.ok(renewed.length >= 30 && renewed !== created.secret, 'a new secret is shown');
      assert.equal(await shown.locator('.ant-typography-copy').count(), 1, 'with a copy button');
      await screenshot(page, 'iot-device-secret');
      await shown.getByRole('button', { name: '我已保存' }).click();
      await page.locator('.ant-drawer').getByText('登记测试终端（已改）', { exact: true }).waitFor();

      // The data link: made on the page, opened without signing in.
      await page.locator('.ant-drawer').getByRole('button', { name: '分享链接' }).click();
      const linkDialog = page.locator('.ant-modal').filter({ hasText: '设备数据链接' });
      await linkDialog.getByLabel('有效期（小时）').fill('2');
      await linkDialog.getByRole('button', { name: '生成链接' }).click();
      const url = await linkDialog.getByTestId('iot-data-link-url').getAttribute('href');
      assert.ok(url?.startsWith(`${base}/monitor/api/equ3000/`), url ?? 'no link');
      const expiry = ((await linkDialog.getByTestId('iot-data-link-expiry').textContent()) ?? '').trim();
      const hoursLeft = (Date.parse(`${expiry.replace(' ', 'T')}+08:00`) - Date.now()) / 3600_000;
      assert.ok(hoursLeft > 1.9 && hoursLeft <= 2, `expires in 2 hours (${expiry})`);
      assert.equal(await linkDialog.locator('.ant-typography-copy').count(), 1, 'with a copy button');
      await screenshot(page, 'iot-device-link');

      // Opened in a browser that never signed in: the device's data.
      const { context: anonymous, page: outside } = await suite.open();
      try {
        const res = await outside.goto(url ?? '');
        assert.equal(res?.status(), 200);
        const body = JSON.parse((await outside.locator('body').textContent()) ?? '') as {
          data: { device: { code: string; name: string }; state: { floor: number } | null };
        };
        assert.equal(body.data.device.code, 'E2E-REG-01');
        assert.equal(body.data.device.name, '登记测试终端（已改）');
        assert.equal(body.data.state?.floor, 2);
      } finally {
        await anonymous.close();
      }
    } finally {
      await context.close();
    }

    // The old secret no longer authenticates; the new one does.
    const old = await ingest(base, 'E2E-REG-01', created.secret, 'status', status);
    assert.equal(old.status, 401, old.body);
    assert.equal((await ingest(base, 'E2E-REG-01', renewed, 'status', status)).status, 200);
  });

  test('iot_admin1 binds devices by pasted lines (同步绑定) and reads the result row by row', async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    const admin = await apiAs(base, 'admin');
    const lift = await unwatchedLift(admin, merchant, '450103');
    await merchant('POST', '/iot/device/batchAdd', {
      devices: [
        { code: 'E2E-SYN-01', name: '同步测试甲' },
        { code: 'E2E-SYN-02', name: '同步测试乙' },
      ],
    });
    const { context, page } = await suite.open('iot_admin1');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/wisdom/iotelevator`);
      await page.getByRole('button', { name: '同步绑定' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '同步绑定' });
      const lines = dialog.getByLabel('设备编号,注册代码');
      await lines.fill('设备编号,注册代码\nE2E-SYN-01,NOSUCHLIFT\nE2E-SYN-01,x');
      await dialog.getByText('第 3 行：设备编号 E2E-SYN-01 重复').waitFor();
      await lines.fill(`设备编号,注册代码\nE2E-SYN-01,${lift.registerCode}\nE2E-SYN-02\tNOSUCHLIFT`);
      await dialog.getByRole('button', { name: '同步 2 条' }).click();
      const result = dialog.getByTestId('iot-sync-result');
      await result.getByText('绑定 1').waitFor();
      await result.getByText('失败 1').waitFor();
      await result.locator('tr').filter({ hasText: 'E2E-SYN-02' }).waitFor();
      await screenshot(page, 'iot-sync-result');
      await dialog.getByRole('button', { name: /关\s*闭/ }).click();
      const search = page.getByPlaceholder('设备编号、名称、注册代码或地址');
      await search.fill('E2E-SYN-0');
      await search.press('Enter');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await rows.filter({ hasText: 'E2E-SYN-01' }).filter({ hasText: lift.registerCode }).waitFor();
      await rows.filter({ hasText: 'E2E-SYN-02' }).filter({ hasText: '未绑定' }).waitFor();
    } finally {
      await context.close();
    }
    const listed = await merchant<{ records: Device[] }>('POST', '/equ3000/list', { keyword: 'E2E-SYN-01' });
    assert.equal(listed.records[0]?.lift?.registerCode, lift.registerCode);
  });

  test('iot_admin1 binds devices from a sheet (同步绑定): bad rows named by row, then bound', async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    const admin = await apiAs(base, 'admin');
    const liftA = await unwatchedLift(admin, merchant, '450103');
    const liftB = await unwatchedLift(admin, merchant, '450103', [liftA.registerCode]);
    await merchant('POST', '/iot/device/batchAdd', {
      devices: [
        { code: 'E2E-SHT-01', name: '表格同步甲' },
        { code: 'E2E-SHT-02', name: '表格同步乙' },
        { code: 'E2E-SHT-03', name: '表格同步丙' },
      ],
    });
    const { context, page } = await suite.open('iot_admin1');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/wisdom/iotelevator`);
      await page.getByRole('button', { name: '同步绑定' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '同步绑定' });
      // The template, filled: row 3 is not a device code, row 5 repeats row 2 (row 4 left blank).
      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: '下载模板' }).click();
      const template = await downloading;
      assert.equal(template.suggestedFilename(), '同步绑定模板.xlsx');
      const templatePath = await template.path();
      assert.deepEqual(await templateHeaders(templatePath), ['设备编号', '注册代码']);
      const sheet = await fillTemplate(templatePath, [
        { 设备编号: 'E2E-SHT-01', 注册代码: liftA.registerCode },
        { 设备编号: 'E2E#SHT-02', 注册代码: liftB.registerCode },
        {},
        { 设备编号: 'E2E-SHT-01', 注册代码: liftB.registerCode },
      ]);
      const file = dialog.getByLabel('同步绑定表格');
      await file.setInputFiles({
        name: '同步绑定.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: sheet,
      });
      await dialog.getByTestId('iot-sync-source').getByText('同步绑定.xlsx').waitFor();
      await dialog.getByText('第 3 行：设备编号「E2E#SHT-02」格式不正确').waitFor();
      await dialog.getByText('第 5 行：设备编号 E2E-SHT-01 重复').waitFor();
      assert.equal(await dialog.getByText(/^第 \d+ 行/).count(), 2);
      assert.ok(await dialog.getByRole('button', { name: '同步 1 条' }).isDisabled());
      await screenshot(page, 'iot-sync-sheet-errors');

      // The fixed list saved as CSV (UTF-8 with its mark): two rows to bind, one to a lift that is
      // not there (refused by the server, named in the result).
      const csv = `\uFEFF设备编号,注册代码\r\nE2E-SHT-01,${liftA.registerCode}\r\nE2E-SHT-02,${liftB.registerCode}\r\nE2E-SHT-03,NOSUCHLIFT\r\n`;
      await file.setInputFiles({ name: '同步绑定.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByTestId('iot-sync-source').getByText('同步绑定.csv').waitFor();
      await dialog.getByRole('button', { name: '同步 3 条' }).click();
      const result = dialog.getByTestId('iot-sync-result');
      await result.getByText('绑定 2').waitFor();
      await result.getByText('失败 1').waitFor();
      await result.locator('tr').filter({ hasText: 'E2E-SHT-03' }).waitFor();
      await dialog.getByRole('button', { name: /关\s*闭/ }).click();
      const search = page.getByPlaceholder('设备编号、名称、注册代码或地址');
      await search.fill('E2E-SHT-0');
      await search.press('Enter');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await rows.filter({ hasText: 'E2E-SHT-01' }).filter({ hasText: liftA.registerCode }).waitFor();
      await rows.filter({ hasText: 'E2E-SHT-02' }).filter({ hasText: liftB.registerCode }).waitFor();
      await rows.filter({ hasText: 'E2E-SHT-03' }).filter({ hasText: '未绑定' }).waitFor();
    } finally {
      await context.close();
    }
    const listed = await merchant<{ records: Device[] }>('POST', '/equ3000/list', { keyword: 'E2E-SHT-0' });
    const boundTo = Object.fromEntries(listed.records.map((d) => [d.code, d.lift?.registerCode ?? null]));
    assert.deepEqual(boundTo, {
      'E2E-SHT-01': liftA.registerCode,
      'E2E-SHT-02': liftB.registerCode,
      'E2E-SHT-03': null,
    });
  });

  test("a use unit reads its lift's alarm history on the 物联网 tab; another use unit's lift is out of reach", async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    const devices = await merchant<{ records: Device[] }>('POST', '/equ3000/list', { limit: 500 });
    const watched = new Set(devices.records.map((d) => d.lift?.registerCode));
    /** A lift (not an escalator) of the use unit that no device watches, from its own registry view. */
    const ownLift = async (username: string) => {
      const unit = await apiAs(base, username);
      const lifts = await unit<{ records: { id: number; registerCode: string; type: number }[] }>(
        'POST',
        '/pc/elevator/queryList',
        { page: 1, limit: 100 },
      );
      const lift = lifts.records.find((e) => e.type !== 2 && !watched.has(e.registerCode));
      assert.ok(lift, `a lift of ${username} without a device`);
      return lift;
    };
    const mine = await ownLift('sy_admin1');
    const theirs = await ownLift('sy_admin2');
    const [own, other] = await merchant<{ device: Device; secret: string }[]>(
      'POST',
      '/iot/device/batchAdd',
      {
        devices: [
          { code: 'E2E-USE-01', name: '使用单位一终端', registerCode: mine.registerCode },
          { code: 'E2E-USE-02', name: '使用单位二终端', registerCode: theirs.registerCode },
        ],
      },
    );
    for (const [d, msg] of [
      [own, alarm(12)],
      [own, alarm(12, 'clear')],
      [own, alarm(11)],
      [other, alarm(1)],
    ] as const) {
      const res = await ingest(base, d.device.code, d.secret, 'alarm', msg);
      assert.equal(res.status, 200, res.body);
    }

    // The tab's calls for the other unit's lift: 404, and no alarm of it in the unit's list.
    const unit1 = await apiAs(base, 'sy_admin1');
    await assert.rejects(unit1('GET', '/iot/lift/state', { elevatorId: theirs.id }), / 404 /);
    await assert.rejects(unit1('POST', '/pc/elevator/queryDetail/info', { elevatorId: theirs.id }), / 404 /);
    const theirAlarms = await unit1<AlarmPage>('GET', '/iot/alarm/list', {
      elevatorId: theirs.id,
      page: 1,
      limit: 10,
    });
    assert.equal(theirAlarms.total, 0);

    const { context, page } = await suite.open('sy_admin1');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/basicInformation/elevatorPageDetails?id=${mine.id}`);
      const detail = page.getByTestId('elevator-detail');
      await detail.getByRole('tab', { name: '物联网' }).click();
      const tab = detail.getByTestId('iot-tab');
      await tab.getByText('E2E-USE-01').waitFor();
      const history = detail.getByTestId('iot-tab-history');
      const rows = history.locator('tr.ant-table-row');
      await rows.filter({ hasText: '关门故障' }).filter({ hasText: '已消除' }).waitFor();
      await rows.filter({ hasText: '开门故障' }).filter({ hasText: '未消除' }).waitFor();
      assert.equal(await rows.count(), 2, 'the two alarms of its lift, nothing else');
      await screenshot(page, 'iot-use-unit-history');

      // The other unit's lift, watched and alarming: not found, no 物联网 tab, its alarm nowhere.
      await page.goto(`${base}/#/basicInformation/elevatorPageDetails?id=${theirs.id}`);
      await page.locator('.ant-result-title').getByText('电梯不存在或无权访问').waitFor();
      assert.equal(await page.getByTestId('iot-tab').count(), 0);
      assert.equal(await page.getByText('E2E-USE-02').count(), 0);
      assert.equal(await page.getByText('冲顶').count(), 0);
    } finally {
      await context.close();
    }
  });
});
