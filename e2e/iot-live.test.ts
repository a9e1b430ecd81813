import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import mqtt from 'mqtt';
import { apiAs } from './elevator-support.ts';
import { type Device, freeDemoLift, REGULATORS } from './iot-support.ts';
import { consoleSuite, screenshot } from './support.ts';

/**
 * 物联网电梯 live, against the real server (no mock): iot_admin1 binds a device to a lift on its page;
 * the lift's district regulator sees its row turn from 未连接 to 在线 with the lift's 运行状态, and
 * opens the device on its own page and sees the states the device sends (over HTTP, and one over MQTT
 * to the embedded broker; the device's own secret) arrive without reloading; an injected 困人 (stopped
 * with doors closed and a passenger, past iotTrappedSeconds) shows as an open alarm there, in the
 * list's 困人 filter and on the lift's timeline, and its rescue case appears on kf_agent1's board.
 */

const suite = consoleSuite();
const CODE = 'E2E-LIVE-01';

const state = (over: Record<string, unknown>) => ({
  mode: 'normal',
  run: 'stop',
  floor: 1,
  doorZone: true,
  door: 'open',
  passenger: false,
  power: 'mains',
  speed: 0,
  safetyCircuit: true,
  doorLockCircuit: true,
  ...over,
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('物联网电梯 live: bind, live state, 困人 → the rescue board', () => {
  test('iot_admin1 binds; the regulator sees the states live; 困人 reaches kf_agent1', async () => {
    const base = suite.server.baseUrl;
    const merchant = await apiAs(base, 'iot_admin1');
    // Free a demo lift in a district with a regulator: unbind the demo device watching it.
    const lift = await freeDemoLift(merchant);
    const [created] = await merchant<{ device: Device; secret: string }[]>('POST', '/iot/device/batchAdd', {
      devices: [{ code: CODE, name: '端到端实时终端' }],
    });
    const post = async (message: Record<string, unknown>) => {
      const res = await fetch(`${base}/monitor/api/iot/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceCode: CODE, secret: created.secret, kind: 'status', message }),
      });
      assert.equal(res.status, 200, await res.text());
    };

    // 1. The merchant binds it on its page.
    const { context, page } = await suite.open('iot_admin1');
    try {
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${base}/#/wisdom/iotelevator`);
      const search = page.getByPlaceholder('设备编号、名称、注册代码或地址');
      await search.fill(CODE);
      await search.press('Enter');
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CODE });
      await row.getByRole('button', { name: '绑定' }).click();
      const bind = page.locator('.ant-modal').filter({ hasText: '绑定电梯' });
      await bind.getByLabel('电梯注册代码').fill(lift.registerCode);
      await bind.getByRole('button', { name: /确\s*定|OK/ }).click();
      await row.filter({ hasText: lift.registerCode }).waitFor();
    } finally {
      await context.close();
    }

    // 2. The regulator's list follows the device (未连接 → 在线, its 运行状态) and its data drawer the
    // states the device posts, live. Device times now (a state older than the lift's stored one is
    // history only).
    const regulator = REGULATORS[lift.areaCode];
    const { context: c2, page: p2 } = await suite.open(regulator);
    try {
      await p2.locator('.ant-pro-sider-menu').waitFor();
      await p2.goto(`${base}/#/wisdom/iotelevator`);
      const search = p2.getByPlaceholder('设备编号、名称、注册代码或地址');
      await search.fill(CODE);
      await search.press('Enter');
      const row = p2.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CODE });
      await row.filter({ hasText: lift.registerCode }).waitFor();
      await row.getByText('未连接').waitFor();
      // (The lift may keep the state its former demo device reported: not the one posted below.)
      const lastState = row.getByTestId('iot-last-state');
      assert.notEqual((await lastState.textContent())?.trim(), '12 层 · 停止 · 开门');
      // The device's first message, no reload: the row turns 在线 with the lift's floor, run and door.
      // (The device reports every second, as devices do, so that the page's stream, opening as the
      // list loads, need not have been open at the first.)
      let last = 0;
      await until(async () => {
        if (Date.now() - last > 1000) {
          last = Date.now();
          await post(state({ floor: 12, t: last }));
        }
        return (
          ((await lastState.textContent()) ?? '').trim() === '12 层 · 停止 · 开门' &&
          (await row.getByText('在线').count()) === 1
        );
      }, 'the row turning 在线 with its 运行状态, live');
      await screenshot(p2, 'iot-live-list-row');
      await row.getByRole('button', { name: '数据' }).click();
      const floor = p2.getByTestId('iot-floor');
      await until(async () => ((await floor.textContent()) ?? '').trim() === '12', 'floor 12');
      // A new state, no reload: the page follows the server's events. This one over MQTT, as devices
      // report: to the server's embedded broker (its port in the ingestion counters), with the
      // device's own credentials, on its own topic.
      const admin = await apiAs(base, 'admin');
      const { broker, port } = await admin<{ broker: string; port: number | null }>(
        'GET',
        '/iot/ingest/stats',
      );
      assert.equal(broker, 'embedded');
      assert.ok(port, 'the embedded broker listens');
      const device = created.device as Device & { merchantId: number; topic: string };
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: `${device.merchantId}/${CODE}`,
        password: created.secret,
        reconnectPeriod: 0,
      });
      try {
        await client.publishAsync(
          `${device.topic}/status`,
          JSON.stringify(state({ floor: 7, t: Date.now() })),
          {
            qos: 1,
          },
        );
      } finally {
        await client.endAsync();
      }
      await until(async () => ((await floor.textContent()) ?? '').trim() === '7', 'floor 7 arriving live');
      await post(state({ floor: 9, run: 'up', door: 'closed', doorZone: false, speed: 1, t: Date.now() }));
      await until(
        async () => ((await lastState.textContent()) ?? '').trim() === '9 层 · 上行 · 关门',
        'the row following the device',
      );

      // 3. 困人: stopped between floors, doors closed, a passenger, for longer than iotTrappedSeconds
      // (60 s): the second state's device time 4 minutes on (the server accepts up to 5 ahead).
      const trapped = { doorZone: false, door: 'closed', passenger: true, floor: 8 };
      await post(state({ ...trapped, t: Date.now() }));
      await post(state({ ...trapped, t: Date.now() + 240_000 }));
      const alarm = p2.getByTestId('iot-open-alarm').filter({ hasText: '困人' });
      await alarm.waitFor({ timeout: 20_000 });
      await screenshot(p2, 'iot-live-trapped');
      // The lift's day: the alarm on its timeline.
      await p2.getByRole('tab', { name: '运行与报警记录' }).click();
      await p2.getByTestId('iot-timeline').getByText('报警：困人').waitFor();
      await p2.locator('.ant-drawer-close').click();
      // The list's alarm filter finds it.
      await p2.getByRole('combobox', { name: '报警' }).click();
      await p2.keyboard.type('未消除：困人');
      await p2.keyboard.press('Enter');
      await row.waitFor();
    } finally {
      await c2.close();
    }

    // 4. Its rescue case is on kf_agent1's board.
    const admin = await apiAs(base, 'admin');
    const alarms = await admin<{ records: { type: number; caseId: number | null }[] }>(
      'GET',
      '/iot/alarm/list',
      {
        elevatorId: lift.elevatorId,
        state: 'open',
      },
    );
    const caseId = alarms.records.find((a) => a.type === 50)?.caseId;
    assert.ok(caseId, 'the 困人 alarm opened a rescue case');
    const { context: c3, page: p3 } = await suite.open('kf_agent1');
    try {
      await p3.locator('.ant-pro-sider-menu').waitFor();
      await p3.goto(`${base}/#/yjcz`);
      await p3.getByTestId('rescue-board').waitFor();
      await p3.locator(`[data-testid="board-case"][data-case-id="${caseId}"]`).waitFor({ timeout: 20_000 });
      await screenshot(p3, 'iot-live-rescue-board');
    } finally {
      await c3.close();
    }
  });
});
