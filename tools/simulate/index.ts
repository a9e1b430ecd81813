import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { login } from '../bench/common.ts';

/*
 * A fleet of simulated monitoring devices (GB/T 24476) speaking real MQTT, issue 17.
 *
 *   npm run simulate -- --provision --devices 300          # create 300 devices of iot_admin1, bind them to lifts
 *   npm run simulate -- --devices 300 [--interval 10] [--broker mqtt://127.0.0.1:18830]
 *   npm run simulate -- --devices 300 --fault trapped:SIM-00007 --fault door:SIM-00008 --fault offline:SIM-00009
 *
 * --provision signs in as the merchant (--merchant, default iot_admin1, the demo password) on the
 * server's HTTP API (--api, default http://127.0.0.1:8080/monitor/api), imports N devices
 * <prefix>-00001… (their secrets are shown once: kept in --file, default tools/simulate/devices.json,
 * not committed) and binds each to a free lift (the registry's lift ids in order). Without it, the
 * devices of the file connect: each its own MQTT client with its own credentials (user name
 * `<merchant id>/<code>`, password its secret), reporting a status every --interval seconds and its
 * statistics every 10 statuses, like a device does. Faults (also typed on stdin while it runs, e.g.
 * `trapped SIM-00007`, `clear SIM-00007`): trapped (stopped between floors, doors closed, a passenger:
 * 困人 after the server's iotTrappedSeconds), door (开门故障, alarm type 11), offline (the client
 * disconnects: 离线 after 3 × its interval).
 */

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100' },
    interval: { type: 'string', default: '10' },
    broker: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:18830' },
    api: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 8080}/monitor/api` },
    merchant: { type: 'string', default: 'iot_admin1' },
    prefix: { type: 'string', default: 'SIM' },
    file: { type: 'string', default: path.join(import.meta.dirname, 'devices.json') },
    provision: { type: 'boolean', default: false },
    fault: { type: 'string', multiple: true, default: [] },
    seconds: { type: 'string' },
  },
});

interface SimDevice {
  id: number;
  code: string;
  merchantId: number;
  secret: string;
  elevatorId: number | null;
}

const count = Number(values.devices);
const interval = Number(values.interval);
if (!Number.isInteger(count) || count < 1) throw new Error('--devices 应为正整数');
if (!(interval >= 1)) throw new Error('--interval 应为不小于 1 的秒数');

async function call<T>(
  token: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ code: number; data: T; resultMsg: string }> {
  const res = await fetch(`${values.api}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-type': '1' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T; resultMsg: string };
}

/** Creates the devices (500 per import) and binds each to a lift with no device, by lift id order. */
async function provision(): Promise<SimDevice[]> {
  const token = await login(values.api as string, values.merchant);
  const out: SimDevice[] = [];
  const code = (i: number) => `${values.prefix}-${String(i + 1).padStart(5, '0')}`;
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
      code: code(from + k),
      name: `模拟终端 ${from + k + 1}`,
      intervalSeconds: Math.max(5, interval),
    }));
    const res = await call<{ device: { id: number; code: string; merchantId: number }; secret: string }[]>(
      token,
      'POST',
      '/iot/device/batchAdd',
      { devices: rows },
    );
    if (res.code !== 200) throw new Error(`导入设备失败：${res.resultMsg}（已有同号设备时换一个 --prefix）`);
    for (const r of res.data)
      out.push({
        id: r.device.id,
        code: r.device.code,
        merchantId: r.device.merchantId,
        secret: r.secret,
        elevatorId: null,
      });
  }
  // Binds in order of lift id; a lift with a device already (409) is skipped, 50 missing ids in a row end it.
  let liftId = 0;
  let missing = 0;
  for (const d of out) {
    while (missing < 50) {
      liftId++;
      const res = await call(token, 'POST', '/equ3000/bind', { deviceId: d.id, elevatorId: liftId });
      if (res.code === 200) {
        d.elevatorId = liftId;
        missing = 0;
        break;
      }
      if (res.code === 404) missing++;
    }
    if (missing >= 50) break;
  }
  const bound = out.filter((d) => d.elevatorId !== null).length;
  fs.writeFileSync(values.file as string, JSON.stringify(out, null, 1));
  console.log(`已创建 ${out.length} 台设备，绑定 ${bound} 台电梯；凭据写入 ${values.file}`);
  return out;
}

type Fault = 'trapped' | 'door' | 'offline';
const faults = new Map<string, Fault>();
for (const f of values.fault as string[]) {
  const [kind, code] = f.split(':');
  if (!['trapped', 'door', 'offline'].includes(kind) || !code)
    throw new Error(`--fault ${f}：应为 trapped|door|offline:<设备编号>`);
  faults.set(code, kind as Fault);
}

/** One device's reporting loop. */
class Sim {
  client: MqttClient | null = null;
  floor = 1 + Math.floor(Math.random() * 10);
  runs = Math.floor(Math.random() * 100_000);
  ticks = 0;
  doorRaised = false;
  timer: NodeJS.Timeout | null = null;
  constructor(readonly d: SimDevice) {}
  get topic() {
    return `elevator/${this.d.merchantId}/${this.d.code}`;
  }
  connect() {
    this.open();
    // Spread the first reports over the interval, as real devices are.
    setTimeout(
      () => {
        this.tick();
        this.timer = setInterval(() => this.tick(), interval * 1000);
      },
      Math.random() * interval * 1000,
    );
  }
  open() {
    this.client = mqtt.connect(values.broker as string, {
      username: `${this.d.merchantId}/${this.d.code}`,
      password: this.d.secret,
      clientId: `sim-${this.d.merchantId}-${this.d.code}`,
      reconnectPeriod: 5000,
      connectTimeout: 30_000,
    });
    this.client.on('error', (err) => stats.errors.set(err.message, (stats.errors.get(err.message) ?? 0) + 1));
  }
  status() {
    const fault = faults.get(this.d.code);
    if (fault === 'trapped')
      return {
        mode: 'normal',
        run: 'stop',
        floor: this.floor,
        doorZone: false,
        door: 'closed',
        passenger: true,
        power: 'mains',
        speed: 0,
        safetyCircuit: true,
        doorLockCircuit: true,
      };
    const moving = Math.random() < 0.4;
    if (moving) this.floor = Math.max(1, Math.min(30, this.floor + (Math.random() < 0.5 ? -1 : 1)));
    if (moving) this.runs++;
    return moving
      ? {
          mode: 'normal',
          run: Math.random() < 0.5 ? 'up' : 'down',
          floor: this.floor,
          doorZone: false,
          door: 'closed',
          passenger: Math.random() < 0.7,
          power: 'mains',
          speed: 1.5,
          safetyCircuit: true,
          doorLockCircuit: true,
        }
      : {
          mode: 'normal',
          run: 'stop',
          floor: this.floor,
          doorZone: true,
          door: 'open',
          passenger: false,
          power: 'mains',
          speed: 0,
          safetyCircuit: true,
          doorLockCircuit: true,
        };
  }
  tick() {
    const fault = faults.get(this.d.code);
    if (fault === 'offline') {
      if (this.client?.connected) this.client.end(true);
      return;
    }
    if (!this.client || this.client.disconnected) {
      // Back from 离线: a new connection, reporting from the next tick.
      this.client?.end(true);
      this.open();
      return;
    }
    if (!this.client.connected) return;
    const t = Date.now();
    this.client.publish(`${this.topic}/status`, JSON.stringify({ t, ...this.status() }), { qos: 1 });
    stats.sent++;
    if (fault === 'door' && !this.doorRaised) {
      this.client.publish(`${this.topic}/alarm`, JSON.stringify({ t, type: 11, detail: '模拟开门故障' }), {
        qos: 1,
      });
      this.doorRaised = true;
      stats.sent++;
    } else if (fault !== 'door' && this.doorRaised) {
      this.client.publish(`${this.topic}/alarm`, JSON.stringify({ t, type: 11, state: 'clear' }), { qos: 1 });
      this.doorRaised = false;
      stats.sent++;
    }
    if (++this.ticks % 10 === 0) {
      this.client.publish(
        `${this.topic}/stats`,
        JSON.stringify({ t, runs: this.runs, runHours: this.runs / 60, doorCycles: this.runs * 2 }),
        { qos: 1 },
      );
      stats.sent++;
    }
  }
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.client?.end(true);
  }
}

const stats = { sent: 0, errors: new Map<string, number>() };

async function main() {
  let devices: SimDevice[];
  if (values.provision) devices = await provision();
  else {
    if (!fs.existsSync(values.file as string))
      throw new Error(
        `没有设备凭据文件 ${values.file}：先运行 npm run simulate -- --provision --devices ${count}`,
      );
    devices = JSON.parse(fs.readFileSync(values.file as string, 'utf8')) as SimDevice[];
  }
  devices = devices.slice(0, count);
  const sims = devices.map((d) => new Sim(d));
  console.log(
    `${sims.length} 台模拟设备连接 ${values.broker}，每 ${interval} 秒上报；故障：${[...faults].map(([c, f]) => `${f}:${c}`).join(' ') || '无'}`,
  );
  // Connect in waves so that the broker is not flooded with handshakes.
  for (let i = 0; i < sims.length; i += 200) {
    for (const s of sims.slice(i, i + 200)) s.connect();
    await new Promise((r) => setTimeout(r, 100));
  }
  const report = setInterval(() => {
    const connected = sims.filter((s) => s.client?.connected).length;
    const errs = [...stats.errors].map(([m, n]) => `${m} ×${n}`).join('; ');
    console.log(
      `${new Date().toISOString()} 在线 ${connected}/${sims.length}，已发送 ${stats.sent} 条${errs ? `；错误：${errs}` : ''}`,
    );
  }, 10_000);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line: string) => {
    for (const l of line.split('\n')) {
      const [kind, code] = l.trim().split(/\s+/);
      if (!kind || !code) continue;
      if (kind === 'clear') faults.delete(code);
      else if (['trapped', 'door', 'offline'].includes(kind)) faults.set(code, kind as Fault);
      else console.log('用法：trapped|door|offline|clear <设备编号>');
      console.log(`故障：${[...faults].map(([c, f]) => `${f}:${c}`).join(' ') || '无'}`);
    }
  });
  const stop = () => {
    clearInterval(report);
    for (const s of sims) s.stop();
    process.stdin.pause();
    console.log(`停止：共发送 ${stats.sent} 条`);
    setTimeout(() => process.exit(0), 500);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (values.seconds) setTimeout(stop, Number(values.seconds) * 1000);
}

await main();
