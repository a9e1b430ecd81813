import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';

/*
 * The devices' accounts on an external Mosquitto with the dynamic-security plugin
 * (tools/mosquitto/): with MQTT_DYNSEC=on (config.ts), the server keeps one broker client per device,
 * named `<merchant id>/<code>` with the device's secret as password and a role of its own that may
 * publish only under `elevator/<merchant id>/<code>/#` (the plugin's default refuses every other
 * publish). It is created when the device is added (one by one, in a batch or by import), its
 * password changed when the secret is renewed, and it and its role are deleted with the device —
 * through the plugin's control topic `$CONTROL/dynamic-security/v1`, by the server's own account
 * (which needs the plugin's admin role). The calls are made after the device's transaction has
 * committed, from the queue accounts.ts keeps, and each is idempotent (applied again, it leaves the
 * same account).
 */

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
const TIMEOUT_MS = 5000;

export const brokerUsername = (merchantId: number, code: string) => `${merchantId}/${code}`;
export const brokerRolename = (merchantId: number, code: string) => `ec-device/${merchantId}/${code}`;

interface Command {
  command: string;
  [k: string]: unknown;
}
interface Response {
  command: string;
  error?: string;
  correlationData?: string;
}

export interface DeviceAccounts {
  /** Creates the device's client and role (or, when they exist, sets the password). */
  provision(devices: { merchantId: number; code: string; secret: string }[]): Promise<void>;
  /** Sets the device's password (its secret renewed). */
  setSecret(merchantId: number, code: string, secret: string): Promise<void>;
  /** Deletes the devices' clients (which disconnects them) and roles. */
  remove(devices: { merchantId: number; code: string }[]): Promise<void>;
}

/** The devices' accounts through the control topic, over the server's connection to the broker. */
export function dynsecAccounts(client: MqttClient): DeviceAccounts {
  const waiting = new Map<string, (r: Response) => void>();
  let subscribed: Promise<void> | null = null;
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    try {
      const body = JSON.parse(payload.toString()) as { responses?: Response[] };
      for (const r of body.responses ?? []) {
        const done = r.correlationData ? waiting.get(r.correlationData) : undefined;
        if (done) {
          waiting.delete(r.correlationData as string);
          done(r);
        }
      }
    } catch {
      // Not the plugin's answer: ignored.
    }
  });
  const subscribe = () =>
    (subscribed ??= client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 }).then(
      () => undefined,
      (err) => {
        subscribed = null;
        throw err;
      },
    ));

  /** Sends commands at once; the responses in order. */
  async function send(commands: Command[]): Promise<Response[]> {
    if (commands.length === 0) return [];
    // Offline, mqtt.js would queue the commands and send them on reconnection, out of the queue's order.
    if (!client.connected) throw new Error('MQTT 服务未连接，设备账号操作未发送');
    await subscribe();
    const tagged = commands.map((c) => ({ ...c, correlationData: randomUUID() }));
    const answers = tagged.map(
      (c) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(c.correlationData);
            reject(new Error(`MQTT 服务未应答设备账号操作（${c.command}）`));
          }, TIMEOUT_MS);
          waiting.set(c.correlationData, (r) => {
            clearTimeout(timer);
            resolve(r);
          });
        }),
    );
    await client.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
    return Promise.all(answers);
  }
  const failed = (r: Response) => new Error(`MQTT 服务拒绝设备账号操作 ${r.command}：${r.error}`);

  return {
    async provision(devices) {
      for (let i = 0; i < devices.length; i += 100) {
        const chunk = devices.slice(i, i + 100);
        const created = await send(
          chunk.flatMap((d) => [
            {
              command: 'createRole',
              rolename: brokerRolename(d.merchantId, d.code),
              acls: [
                {
                  acltype: 'publishClientSend',
                  topic: `elevator/${d.merchantId}/${d.code}/#`,
                  priority: 0,
                  allow: true,
                },
              ],
            },
            {
              command: 'createClient',
              username: brokerUsername(d.merchantId, d.code),
              password: d.secret,
              roles: [{ rolename: brokerRolename(d.merchantId, d.code) }],
            },
          ]),
        );
        // Left over from an earlier device of the code (or a failed request): made right.
        const fix: Command[] = [];
        for (const [j, d] of chunk.entries()) {
          const [role, user] = [created[2 * j], created[2 * j + 1]];
          if (role.error && !/already exists/i.test(role.error)) throw failed(role);
          if (user.error) {
            if (!/already exists/i.test(user.error)) throw failed(user);
            const username = brokerUsername(d.merchantId, d.code);
            fix.push(
              { command: 'deleteClient', username },
              {
                command: 'createClient',
                username,
                password: d.secret,
                roles: [{ rolename: brokerRolename(d.merchantId, d.code) }],
              },
            );
          }
        }
        for (const r of await send(fix)) if (r.error) throw failed(r);
      }
    },
    async setSecret(merchantId, code, secret) {
      const [r] = await send([
        { command: 'setClientPassword', username: brokerUsername(merchantId, code), password: secret },
      ]);
      if (r.error && /not found/i.test(r.error)) {
        await this.provision([{ merchantId, code, secret }]);
        return;
      }
      if (r.error) throw failed(r);
    },
    async remove(devices) {
      const answers = await send(
        devices.flatMap((d) => [
          { command: 'deleteClient', username: brokerUsername(d.merchantId, d.code) },
          { command: 'deleteRole', rolename: brokerRolename(d.merchantId, d.code) },
        ]),
      );
      for (const r of answers) if (r.error && !/not found/i.test(r.error)) throw failed(r);
    },
  };
}
