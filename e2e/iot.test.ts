import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiAs } from './elevator-support.ts';
import { type Device, freeDemoLift, REGULATORS } from './iot-support.ts';
import { consoleSuite, screenshot } from './support.ts';

/**
 * 物联网电梯 against the real server: iot_admin1 adds a device on the page (its secret shown once),
 * binds it to a lift by register code, the device reports over HTTP with that secret, and the
 * regulator of the lift's district finds the device online on its own page with the reported floor.
 * An escalator's device reports its escalator state: the regulator's elevator detail 物联网 tab shows
 * it and follows the next one without a reload.
 */

const suite = consoleSuite();

describe('物联网电梯: a merchant binds a device, the district regulator sees it report', () => {
  test('iot_admin1 adds and binds a device; it reports; jg sees it online with its floor', async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    // Free a demo lift in a district with a regulator: unbind the demo device watching it.
    const lift = await freeDemoLift(merchant);

    const { context, page } = await suite.open('iot_admin1');
    let secret = '';
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/wisdom/iotelevator`);
      await page.getByRole('button', { name: '新增设备' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '新增设备' });
      await dialog.getByLabel('设备编号').fill('E2E-IOT-01');
      await dialog.getByLabel('设备名称').fill('端到端测试终端');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      const shown = page.locator('.ant-modal').filter({ hasText: '设备密钥（仅显示这一次）' });
      await shown.waitFor();
      secret = (await shown.locator('code').innerText()).trim();
      assert.ok(secret.length >= 30, 'the secret is shown once');
      await shown.getByRole('button', { name: /知道了|OK|确\s*定/ }).click();

      await page.getByPlaceholder('设备编号、名称、注册代码或地址').fill('E2E-IOT-01');
      await page.getByPlaceholder('设备编号、名称、注册代码或地址').press('Enter');
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'E2E-IOT-01' });
      await row.getByRole('button', { name: '绑定' }).click();
      const bind = page.locator('.ant-modal').filter({ hasText: '绑定电梯' });
      await bind.getByLabel('电梯注册代码').fill(lift.registerCode);
      await bind.getByRole('button', { name: /确\s*定|OK/ }).click();
      await row.filter({ hasText: lift.registerCode }).waitFor();
      await screenshot(page, 'iot-merchant-bound');
    } finally {
      await context.close();
    }

    // The device reports with its own credentials.
    const res = await fetch(`${base}/monitor/api/iot/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceCode: 'E2E-IOT-01',
        secret,
        kind: 'status',
        message: {
          mode: 'normal',
          run: 'stop',
          floor: 12,
          doorZone: true,
          door: 'open',
          passenger: false,
          power: 'mains',
          speed: 0,
          safetyCircuit: true,
          doorLockCircuit: true,
        },
      }),
    });
    assert.equal(res.status, 200);

    const regulator = REGULATORS[lift.areaCode];
    const { context: c2, page: p2 } = await suite.open(regulator);
    try {
      await p2.locator('.ant-pro-sider-menu').waitFor();
      await p2.goto(`${base}/#/wisdom/iotelevator`);
      await p2.getByPlaceholder('设备编号、名称、注册代码或地址').fill('E2E-IOT-01');
      await p2.getByPlaceholder('设备编号、名称、注册代码或地址').press('Enter');
      const row = p2.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'E2E-IOT-01' });
      await row.filter({ hasText: '在线' }).filter({ hasText: lift.registerCode }).waitFor();
      assert.equal(
        await p2.getByRole('button', { name: '新增设备' }).count(),
        0,
        'a regulator reads, it does not add',
      );
      await row.getByRole('button', { name: '数据' }).click();
      const floor = p2.getByTestId('iot-floor');
      await floor.waitFor();
      assert.equal((await floor.innerText()).trim(), '12');
      await screenshot(p2, 'iot-regulator-data');
    } finally {
      await c2.close();
    }
  });

  test("an escalator's 物联网 tab shows its escalator state and follows it live", async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    const regulator = await apiAs(base, 'jg_qingxiu');
    // An escalator (type 2 扶梯) of 青秀区 that no device watches yet.
    const devices = await merchant<{ records: Device[] }>('POST', '/equ3000/list', { limit: 500 });
    const watched = new Set(devices.records.map((d) => d.lift?.registerCode));
    const escalators = await regulator<{ records: { id: number; registerCode: string }[] }>(
      'POST',
      '/pc/elevator/queryList',
      { page: 1, limit: 100, type: 2 },
    );
    const lift = escalators.records.find((e) => !watched.has(e.registerCode));
    assert.ok(lift, 'an escalator of 青秀区 without a device');
    const [created] = await merchant<{ device: Device; secret: string }[]>('POST', '/iot/device/batchAdd', {
      devices: [{ code: 'E2E-ESC-01', name: '端到端扶梯终端', registerCode: lift.registerCode }],
    });
    const post = async (over: Record<string, unknown>) => {
      const res = await fetch(`${base}/monitor/api/iot/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          deviceCode: 'E2E-ESC-01',
          secret: created.secret,
          kind: 'escalator',
          message: {
            mode: 'normal',
            run: 'up',
            speed: 0.5,
            nominalSpeed: 0.5,
            handrailLeftDeviation: 1,
            handrailRightDeviation: -2,
            stepMissing: false,
            combPlateTripped: false,
            safetyCircuit: true,
            t: Date.now(),
            ...over,
          },
        }),
      });
      assert.equal(res.status, 200, await res.text());
    };
    await post({});

    const { context, page } = await suite.open('jg_qingxiu');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/basicInformation/elevatorPageDetails?id=${lift.id}`);
      const detail = page.getByTestId('elevator-detail');
      await detail.getByRole('tab', { name: '物联网' }).click();
      const tab = detail.getByTestId('iot-tab');
      const run = tab.getByTestId('iot-escalator-run');
      await run.waitFor();
      assert.equal((await run.textContent())?.trim(), '上行');
      await tab.getByText('0.5 m/s（名义 0.5 m/s）').waitFor();
      assert.equal(await tab.getByText('楼层', { exact: true }).count(), 0, 'no car fields for an escalator');
      // A new state, no reload: the tab follows the iot.state events of its escalator.
      await post({ run: 'down', combPlateTripped: true, t: Date.now() + 1000 });
      await tab.getByTestId('iot-escalator-run').getByText('下行').waitFor({ timeout: 20_000 });
      await tab
        .locator('.ant-tag')
        .filter({ hasText: /^动作$/ })
        .waitFor();
      await screenshot(page, 'iot-escalator-tab');
    } finally {
      await context.close();
    }
  });
});
