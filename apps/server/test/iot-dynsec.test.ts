import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IotDeviceRow } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_ACCOUNTS_JOB } from '../src/modules/iot/accounts.ts';
import { iotRuntime } from '../src/modules/iot/broker.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { connect, normal, query, until } from './iot-support.ts';

/**
 * The shipped Mosquitto configuration (tools/mosquitto/) with the dynamic-security plugin, on a
 * private broker of the test's own (a free port, a file of its own; the system's Mosquitto is left
 * alone): the server keeps the devices' accounts (MQTT_DYNSEC), a device may publish only under its
 * own topic, a renewed secret replaces the old one, a deleted device can no longer connect; the
 * accounts follow the registry's commits only (a failed commit changes nothing on the broker, a
 * broker down at commit gets the change from the job once it is back).
 */
const CONF = path.resolve(import.meta.dirname, '../../../tools/mosquitto/mosquitto.conf');
const PLUGIN = /^plugin (\S+)$/m.exec(fs.readFileSync(CONF, 'utf8'))?.[1] ?? '';
const missing = ['mosquitto', 'mosquitto_ctrl'].find(
  (bin) => spawnSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`]).status !== 0,
);
const skipReason = missing
  ? `${missing} is not installed`
  : !fs.existsSync(PLUGIN)
    ? `the dynamic-security plugin ${PLUGIN} is missing`
    : null;
if (skipReason) console.log(`iot-dynsec: ${skipReason} — its tests are skipped`);
const MOSQUITTO_BIN = fs.existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto';

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function portOpen(port: number, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}`);
}

describe.skipIf(skipReason !== null).each(dbKinds)(
  'IoT devices on Mosquitto with dynamic security on %s',
  (kind) => {
    let t: TestApp;
    let broker: ChildProcess;
    let dir: string;
    let url: string;
    let port: number;
    let merchant: string;
    const startBroker = async () => {
      broker = spawn(MOSQUITTO_BIN, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
      await portOpen(port);
    };
    const devices: Record<string, { device: IotDeviceRow; secret: string }> = {};

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-mosq-'));
      port = await freePort();
      const file = path.join(dir, 'dynamic-security.json');
      const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', file, 'ec-server', 'server-pw'], {
        encoding: 'utf8',
      });
      expect(init.status, init.stderr).toBe(0);
      // Mosquitto started as root runs as its own user: it must be able to save the accounts.
      fs.chmodSync(dir, 0o777);
      fs.chmodSync(file, 0o666);
      // The shipped configuration, on the test's port and file.
      const conf = fs
        .readFileSync(CONF, 'utf8')
        .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
        .replace(/^plugin_opt_config_file .*$/m, `plugin_opt_config_file ${file}`);
      fs.writeFileSync(path.join(dir, 'mosquitto.conf'), conf);
      await startBroker();
      url = `mqtt://127.0.0.1:${port}`;
      t = await startTestApp(kind, {
        mqtt: { url: `mqtt://ec-server:server-pw@127.0.0.1:${port}`, port: null, group: 'ec', dynsec: true },
      });
      await iotRuntime(t.platform).ready;
      expect(iotRuntime(t.platform).accounts).not.toBeNull();
      merchant = await t.login('iot_admin1');
      for (const code of ['DYN-A001', 'DYN-B001']) {
        const res = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
          token: merchant,
          body: { code, name: code },
        });
        expect(res.status, res.body.resultMsg).toBe(200);
        devices[code] = res.body.data;
      }
    });
    afterAll(async () => {
      await t?.close();
      broker?.kill();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    const history = async (d: IotDeviceRow) =>
      (
        await query<{ n: number }>(t, `select count(*)::int as n from iot_history where device_id = ${d.id}`)
      )[0].n;
    const user = (d: IotDeviceRow) => `${d.merchantId}/${d.code}`;

    it('lets a device publish under its own topic only: as another device the broker drops it', async () => {
      const { device: a, secret } = devices['DYN-A001'];
      const b = devices['DYN-B001'].device;
      const c = await connect(url, user(a), secret);
      // As B first, then its own: once its own is stored, B's would have been too.
      await c.publishAsync(`${b.topic}/status`, JSON.stringify(normal({ floor: 7 })), { qos: 1 });
      await c.publishAsync(`elevator/${a.merchantId}/${a.code}/status`, JSON.stringify(normal()), { qos: 1 });
      expect(
        await until(
          () => history(a),
          (n) => n === 1,
        ),
      ).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(await history(b)).toBe(0);
      await c.endAsync();
      // Anonymous, a wrong secret, B's name with A's secret: refused at the door.
      await expect(connect(url)).rejects.toThrow();
      await expect(connect(url, user(a), 'wrong-secret')).rejects.toThrow();
      await expect(connect(url, user(b), secret)).rejects.toThrow();
    });

    it('replaces the password when the secret is renewed, and removes the account with the device', async () => {
      const { device: a, secret: old } = devices['DYN-A001'];
      const renewed = await t.api<{ device: IotDeviceRow; secret: string | null }>(
        'POST',
        '/iot/device/update',
        {
          token: merchant,
          body: { id: a.id, version: a.version, name: a.name, renewSecret: true },
        },
      );
      expect(renewed.status, renewed.body.resultMsg).toBe(200);
      const secret = renewed.body.data.secret as string;
      await expect(connect(url, user(a), old)).rejects.toThrow();
      const c = await connect(url, user(a), secret);
      await c.endAsync();

      const b = devices['DYN-B001'];
      (await connect(url, user(b.device), b.secret)).end(true);
      const del = await t.api('DELETE', '/iot/device/delete', {
        token: merchant,
        query: { ids: String(b.device.id) },
      });
      expect(del.status, del.body.resultMsg).toBe(200);
      await expect(connect(url, user(b.device), b.secret)).rejects.toThrow();
    });

    /** The broker's device accounts, as its control API lists them. */
    const brokerClients = () => {
      const r = spawnSync(
        'mosquitto_ctrl',
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-u',
          'ec-server',
          '-P',
          'server-pw',
          'dynsec',
          'listClients',
        ],
        { encoding: 'utf8' },
      );
      expect(r.status, r.stderr).toBe(0);
      return r.stdout
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    };
    const queued = async () =>
      (await query<{ n: number }>(t, 'select count(*)::int as n from iot_broker_outbox'))[0].n;

    it('changes nothing on the broker when the commit fails: add, renew and delete', async () => {
      // A check the database makes at commit (a deferred constraint trigger): the call's writes all
      // went through, its commit is refused.
      await t.platform.db.execute(
        sql.raw(`create or replace function ec_test_refuse_commit() returns trigger language plpgsql as $$
          begin
            if (tg_op = 'DELETE' and old.name = 'REFUSE-DELETE') or (tg_op <> 'DELETE' and new.name = 'REFUSE-COMMIT') then
              raise exception 'commit refused (test)';
            end if;
            return null;
          end $$`),
      );
      await t.platform.db.execute(
        sql.raw(`create constraint trigger ec_test_refuse_commit after insert or update or delete on iot_device
          deferrable initially deferred for each row execute function ec_test_refuse_commit()`),
      );
      try {
        const before = brokerClients();
        const added = await t.api('POST', '/iot/device/add', {
          token: merchant,
          body: { code: 'DYN-F001', name: 'REFUSE-COMMIT' },
        });
        expect(added.status).toBe(500);
        expect(brokerClients()).toEqual(before);
        expect(brokerClients().some((c) => c.endsWith('/DYN-F001'))).toBe(false);

        // A renewed secret whose commit fails: the old secret still opens the broker.
        const ok = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
          token: merchant,
          body: { code: 'DYN-F002', name: 'REFUSE-DELETE' },
        });
        expect(ok.status, ok.body.resultMsg).toBe(200);
        const d = ok.body.data.device;
        (await connect(url, user(d), ok.body.data.secret)).end(true);
        const renewed = await t.api('POST', '/iot/device/update', {
          token: merchant,
          body: { id: d.id, version: d.version, name: 'REFUSE-COMMIT', renewSecret: true },
        });
        expect(renewed.status).toBe(500);
        (await connect(url, user(d), ok.body.data.secret)).end(true);

        // A delete whose commit fails: the account stays.
        const del = await t.api('DELETE', '/iot/device/delete', {
          token: merchant,
          query: { ids: String(d.id) },
        });
        expect(del.status).toBe(500);
        (await connect(url, user(d), ok.body.data.secret)).end(true);
        expect(brokerClients()).toContain(user(d));
        expect(await queued()).toBe(0);
      } finally {
        await t.platform.db.execute(sql.raw('drop trigger ec_test_refuse_commit on iot_device'));
      }
    });

    it('applies a change the broker missed (down at commit) when the job runs again', async () => {
      const exited = new Promise((r) => broker.once('exit', r));
      broker.kill();
      await exited;
      // The call succeeds (the registry committed), the account change waits in the queue.
      const added = await t.api<{ device: IotDeviceRow; secret: string }>('POST', '/iot/device/add', {
        token: merchant,
        body: { code: 'DYN-D001', name: 'DYN-D001' },
      });
      expect(added.status, added.body.resultMsg).toBe(200);
      const { device, secret } = added.body.data;
      expect(await queued()).toBe(1);
      // Still down: the job runs, fails, keeps the change.
      const failed = await t.platform.jobs.runNow(BROKER_ACCOUNTS_JOB);
      expect(failed.state).toBe('failed');
      expect(await queued()).toBe(1);

      await startBroker();
      expect(brokerClients()).not.toContain(user(device));
      // Once the server is connected again, the job's next run applies it (and only once).
      await until(
        async () => (await t.platform.jobs.runNow(BROKER_ACCOUNTS_JOB)).state,
        (state) => state === 'ran',
      );
      expect(await queued()).toBe(0);
      expect(brokerClients()).toContain(user(device));
      (await connect(url, user(device), secret)).end(true);
      // Applied again (a crash before the row's deletion): the same account.
      await iotRuntime(t.platform).accounts?.provision([
        { merchantId: device.merchantId, code: device.code, secret },
      ]);
      (await connect(url, user(device), secret)).end(true);
    });
  },
);
