import { randomUUID, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import type { Db, Queryable } from '../../platform/db/client.ts';
import type { Platform } from '../../platform/platform.ts';
import { hashSecret } from './devices.ts';
import { type DeviceAccounts, dynsecAccounts } from './dynsec.ts';
import { Ingestor } from './ingest.ts';
import { iotDevice } from './tables.ts';

/*
 * How device messages reach the ingestion:
 * - no MQTT_URL: an MQTT broker inside the server process (aedes) on MQTT_PORT (default 18830; in
 *   tests off unless asked). A device connects with `<merchant id>/<code>` (or its bare code) as user
 *   name and its secret as password, and may publish only under `elevator/<its merchant id>/<its
 *   code>/…` (authorizePublish);
 * - MQTT_URL: a client of that broker (Mosquitto, EMQX…) with an MQTT 5 shared subscription
 *   `$share/ec/elevator/+/+/+`, so that each message goes to one of the API nodes. The broker
 *   authenticates the devices; the server checks the topic's merchant and device against the
 *   registry and drops a mismatch. With MQTT_DYNSEC=on the broker is a Mosquitto with the
 *   dynamic-security plugin (tools/mosquitto/) and the server keeps each device's broker account
 *   (dynsec.ts): a device may then publish only under its own topic there too.
 */

export const TOPIC_RE = /^elevator\/(\d{1,10})\/([A-Za-z0-9_-]{4,40})\/(status|alarm|stats|escalator)$/;
export const sharedSubscription = (group = 'ec') => `$share/${group}/elevator/+/+/+`;

export interface IotRuntime {
  ingestor: Ingestor;
  broker: 'embedded' | 'external' | 'off';
  /** The embedded broker's port (0 asks the system for a free one). */
  port: number | null;
  /** Resolves once the external subscription is in place. */
  ready: Promise<void>;
  /** The devices' accounts on the external broker (dynamic security), when it keeps them. */
  accounts: DeviceAccounts | null;
  stop(): Promise<void>;
}

const runtimes = new WeakMap<Platform, IotRuntime>();

/** The IoT runtime of a server (its ingestion queue and broker); one without a broker until started. */
export function iotRuntime(platform: Platform): IotRuntime {
  let r = runtimes.get(platform);
  if (!r) {
    r = {
      ingestor: new Ingestor(platform.db, platform.log),
      broker: 'off',
      port: null,
      ready: Promise.resolve(),
      accounts: null,
      stop: async () => undefined,
    };
    runtimes.set(platform, r);
  }
  return r;
}

interface DeviceIdentity {
  id: number;
  code: string;
  merchantId: number;
}

/**
 * Splits an MQTT user name: `<merchant id>/<code>` names the device exactly; a bare code leaves the
 * merchant open (the secret then decides among the merchants that use the code).
 */
export function parseUsername(username: string | undefined): { merchantId?: number; code: string } | null {
  if (!username) return null;
  const m = /^(\d{1,10})\/(.+)$/.exec(username);
  return m ? { merchantId: Number(m[1]), code: m[2] } : { code: username };
}

/**
 * A device by its code (and merchant, when known) and secret, or null. A code is unique within a
 * merchant only: without the merchant, the secret's hash picks the device (secrets are random, so
 * at most one matches).
 */
export async function verifyDevice(
  q: Queryable,
  code: string | undefined,
  secret: string | Buffer | undefined,
  merchantId?: number,
): Promise<DeviceIdentity | null> {
  if (!code || secret === undefined || code.length > 40) return null;
  const rows = await q
    .select({
      id: iotDevice.id,
      code: iotDevice.code,
      merchantId: iotDevice.merchantId,
      hash: iotDevice.secretHash,
    })
    .from(iotDevice)
    .where(
      merchantId !== undefined
        ? and(eq(iotDevice.code, code), eq(iotDevice.merchantId, merchantId))
        : eq(iotDevice.code, code),
    )
    .limit(50);
  const given = Buffer.from(hashSecret(secret.toString()), 'hex');
  let found: DeviceIdentity | null = null;
  for (const d of rows) {
    const kept = Buffer.from(d.hash, 'hex');
    if (given.length === kept.length && timingSafeEqual(given, kept) && !found)
      found = { id: d.id, code: d.code, merchantId: d.merchantId };
  }
  return found;
}

const identities = new WeakMap<Client, DeviceIdentity>();

function authError(): AuthenticateError {
  const err = new Error('设备编号或密钥不正确') as AuthenticateError;
  err.returnCode = 4;
  return err;
}

async function startEmbedded(db: Db, ingestor: Ingestor, port: number, host: string, log: Platform['log']) {
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const name = parseUsername(username);
      verifyDevice(db, name?.code, password, name?.merchantId).then(
        (device) => {
          if (!device) {
            ingestor.refuse('unauthorized');
            return done(authError(), false);
          }
          identities.set(client, device);
          done(null, true);
        },
        (err) => {
          log.error({ err }, 'iot: device authentication failed');
          done(authError(), false);
        },
      );
    },
    authorizePublish: (client, packet, callback) => {
      if (!client) return callback(null);
      const device = identities.get(client);
      const m = TOPIC_RE.exec(packet.topic);
      if (!device || !m || Number(m[1]) !== device.merchantId || m[2] !== device.code) {
        // Publishing as another device (or outside the device topics): refused, counted.
        ingestor.refuse('unauthorized');
        return callback(new Error('not authorized'));
      }
      callback(null);
    },
    authorizeSubscribe: (client, sub, callback) => {
      const device = identities.get(client);
      const own = device ? `elevator/${device.merchantId}/${device.code}/` : null;
      // Refused with a failure code (128) in the SUBACK: the connection stays.
      if (!own || !sub.topic.startsWith(own)) return callback(null, null);
      callback(null, sub);
    },
  });
  broker.on('publish', (packet, client) => {
    if (!client) return;
    const m = TOPIC_RE.exec(packet.topic);
    if (!m) return;
    void ingestor.accept({
      deviceCode: m[2],
      merchantId: Number(m[1]),
      kind: m[3],
      payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
    });
  });
  const server = net.createServer(broker.handle);
  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
  return {
    port: bound,
    async stop() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function startExternal(
  url: string,
  group: string | undefined,
  dynsec: boolean,
  ingestor: Ingestor,
  log: Platform['log'],
) {
  const client = mqtt.connect(url, {
    protocolVersion: 5,
    clientId: `ec-api-${randomUUID().slice(0, 8)}`,
    clean: true,
    reconnectPeriod: 1000,
  });
  const ready = new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(sharedSubscription(group), { qos: 1 }, (err) => {
        if (err) log.error({ err }, 'iot: shared subscription refused by the broker');
        else resolve();
      });
    });
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'iot: MQTT broker connection error'));
  client.on('message', (topic, payload) => {
    if (topic.startsWith('$CONTROL/')) return; // the dynamic-security plugin's answers (dynsec.ts)
    const m = TOPIC_RE.exec(topic);
    if (!m) {
      ingestor.refuse('wrongTopic');
      return;
    }
    void ingestor.accept({ deviceCode: m[2], merchantId: Number(m[1]), kind: m[3], payload });
  });
  return {
    ready,
    accounts: dynsec ? dynsecAccounts(client) : null,
    async stop() {
      await client.endAsync();
    },
  };
}

/** Starts the server's broker or subscription, as configured; its stop flushes the queue. */
export async function startIot(platform: Platform): Promise<() => Promise<void>> {
  const runtime = iotRuntime(platform);
  const { mqtt: conf, host } = platform.config;
  if (conf.url) {
    const ext = startExternal(conf.url, conf.group, conf.dynsec === true, runtime.ingestor, platform.log);
    runtime.broker = 'external';
    runtime.ready = ext.ready;
    runtime.accounts = ext.accounts;
    runtime.stop = ext.stop;
  } else if (conf.port !== null) {
    try {
      const emb = await startEmbedded(platform.db, runtime.ingestor, conf.port, host, platform.log);
      runtime.broker = 'embedded';
      runtime.port = emb.port;
      runtime.stop = emb.stop;
      platform.log.info(`物联网：内置 MQTT 服务已在端口 ${emb.port} 启动`);
    } catch (err) {
      platform.log.error(
        { err: (err as Error).message },
        `物联网：内置 MQTT 服务无法在端口 ${conf.port} 启动（设置 MQTT_PORT 换一个端口，或设置 MQTT_URL 使用外部服务）；HTTP 上报仍可用`,
      );
    }
  }
  return async () => {
    await runtime.stop();
    await runtime.ingestor.flush();
  };
}
