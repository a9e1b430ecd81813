import type { IotStatusMessage } from '@ec/contract';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { rowsOf } from '../src/platform/db/sql.ts';
import type { TestApp } from './harness.ts';

/** Helpers of the IoT tests: SQL reads, a second merchant, the lifts of the demo parties. */

export const query = async <T>(t: TestApp, text: string) =>
  rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

/** A lift of sy_admin1's use unit maintained by wb_admin1's company, in 青秀区 when there is one. */
export async function demoLift(t: TestApp, skip: number[] = []) {
  const [u] = await query<{ id: number; company_id: number }>(
    t,
    `select id, company_id from sys_user where username = 'sy_admin1'`,
  );
  const rows = await query<{ id: number; register_code: string; area_code: string }>(
    t,
    `select e.id, e.register_code, e.area_code from elevator e
      where e.use_company_id = ${u.company_id}
        and not exists (select 1 from iot_binding b where b.elevator_id = e.id and b.unbound_at is null)
        ${skip.length ? `and e.id not in (${skip.join(',')})` : ''}
      order by (e.area_code = '450103') desc, e.id limit 1`,
  );
  if (!rows[0]) throw new Error('no free demo lift');
  return { id: rows[0].id, registerCode: rows[0].register_code, areaCode: rows[0].area_code };
}

/** The regulator account of a district (jg_qingxiu 450103 …). */
export const REGULATORS: Record<string, string> = {
  '450102': 'jg_xingning',
  '450103': 'jg_qingxiu',
  '450105': 'jg_jiangnan',
  '450107': 'jg_xixiangtang',
  '450108': 'jg_liangqing',
  '450109': 'jg_yongning',
  '450110': 'jg_wuming',
};
/** A regulator of another district than `areaCode`. */
export const otherRegulator = (areaCode: string) => (areaCode === '450105' ? 'jg_qingxiu' : 'jg_jiangnan');

/** A second IoT merchant with a device of its own (no account: only the data). */
export async function otherMerchantDevice(t: TestApp, code = 'OTHER-0001') {
  const [m] = await query<{ id: number }>(
    t,
    `insert into enterprise (name, kind, filing_state) values ('另一家物联网公司', 'iot', 2) returning id`,
  );
  const [d] = await query<{ id: number }>(
    t,
    `insert into iot_device (code, name, merchant_id, secret_hash) values ('${code}', '他家设备', ${m.id},
      '${'0'.repeat(64)}') returning id`,
  );
  return { merchantId: m.id, deviceId: d.id, code };
}

/** A normal state: standing at a landing with doors open. */
export const normal = (over: Partial<IotStatusMessage> = {}): IotStatusMessage => ({
  mode: 'normal',
  run: 'stop',
  floor: 3,
  doorZone: true,
  door: 'open',
  passenger: false,
  power: 'mains',
  speed: 0,
  safetyCircuit: true,
  doorLockCircuit: true,
  ...over,
});

/** Stopped with doors closed and a passenger inside (the 困人 condition). */
export const trapped = (over: Partial<IotStatusMessage> = {}) =>
  normal({ doorZone: false, door: 'closed', passenger: true, floor: 5, ...over });

/** An escalator running up normally (its device's `escalator` message, without the time `t`). */
export const escalatorRunning = (over: Record<string, unknown> = {}) => ({
  mode: 'normal',
  run: 'up',
  speed: 0.5,
  nominalSpeed: 0.5,
  handrailLeftDeviation: 1,
  handrailRightDeviation: -2,
  stepMissing: false,
  combPlateTripped: false,
  safetyCircuit: true,
  ...over,
});

/** Posts one message over HTTP with the device's credentials. */
export function ingest(t: TestApp, deviceCode: string, secret: string, kind: string, message: unknown) {
  return t.api<{ stored: boolean }>('POST', '/iot/ingest', { body: { deviceCode, secret, kind, message } });
}

/** An MQTT client connected to `url` (no reconnection): a device with its name and secret, or anonymous. */
export function connect(url: string, username?: string, password?: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}

/** Reads until `ok` holds or `ms` pass (answers the last read): what an asynchronous ingestion needs. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
