import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { query, until } from './iot-support.ts';

/**
 * The device simulator (tools/simulate, `npm run simulate`) run for a few seconds against a server
 * with its embedded broker: it creates and binds its devices through the HTTP API, connects each as
 * its own MQTT client, and the lifts' states arrive — one of them 困人 as the injected fault says.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SIMULATOR = path.join(ROOT, 'tools/simulate/index.ts');

function simulate(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SIMULATOR, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
    });
    child.stderr.on('data', (b) => {
      out += b;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.each(dbKinds)('the device simulator on %s', (kind) => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-sim-'));
    t = await startTestApp(kind, { mqtt: { port: 0 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports like devices: the bound lifts get their state, a trapped one as trapped', async () => {
    const { port } = t.app.server.address() as { port: number };
    const broker = `mqtt://127.0.0.1:${iotRuntime(t.platform).port}`;
    const file = path.join(dir, 'devices.json');
    const common = [
      '--devices',
      '3',
      '--interval',
      '1',
      '--broker',
      broker,
      '--file',
      file,
      '--prefix',
      'SIMT',
    ];
    const api = ['--api', `http://127.0.0.1:${port}/monitor/api`];
    const run = await simulate([
      ...common,
      ...api,
      '--provision',
      '--seconds',
      '4',
      '--fault',
      'trapped:SIMT-00003',
    ]);
    expect(run.code, run.out).toBe(0);
    const devices = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      code: string;
      elevatorId: number | null;
    }[];
    expect(devices.map((d) => d.code)).toEqual(['SIMT-00001', 'SIMT-00002', 'SIMT-00003']);
    const lifts = devices.map((d) => d.elevatorId);
    expect(lifts.every((id) => id !== null)).toBe(true);
    // Every bound lift's latest state came over MQTT from its own device.
    const states = await until(
      () =>
        query<{ elevator_id: number; run: string; door_zone: boolean; passenger: boolean; code: string }>(
          t,
          `select s.elevator_id, s.run, s.door_zone, s.passenger, d.code from iot_lift_state s
            join iot_device d on d.id = s.device_id where s.elevator_id in (${lifts.join(',')})`,
        ),
      (rows) => rows.length === 3,
    );
    expect(states.map((s) => s.code).sort()).toEqual(['SIMT-00001', 'SIMT-00002', 'SIMT-00003']);
    const trapped = states.find((s) => s.code === 'SIMT-00003');
    expect(trapped).toMatchObject({ run: 'stop', door_zone: false, passenger: true });
    const [{ n }] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from iot_history h join iot_device d on d.id = h.device_id where d.code like 'SIMT-%'`,
    );
    expect(n).toBeGreaterThanOrEqual(3);
  });
});
