import path from 'node:path';

export interface SmsConfig {
  /** dev keeps messages in an outbox and logs them; http calls a gateway by URL template. */
  driver: 'dev' | 'http';
  /** For http: a URL with {phone} and {message} placeholders, e.g. https://sms.example/send?to={phone}&text={message} */
  urlTemplate?: string;
  method?: 'GET' | 'POST';
}

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** A streaming read replica of DATABASE_URL: statistics, the data screen and the map read it. */
  databaseReadUrl?: string;
  /**
   * Connections each server keeps to DATABASE_URL (10). At least 2: the start migrates on one
   * connection while holding a lock on another.
   */
  databasePoolSize: number;
  /** shared_buffers of the embedded database (PGlite), in MB; not used with DATABASE_URL. */
  pgliteCacheMb: number;
  /** Serve the built console from this folder when it exists. */
  webDir: string;
  tokenTtlSeconds: number;
  tokenMaxTtlSeconds: number;
  /** How long an authenticated token is kept in memory (0: ask the database on every request). */
  authCacheMs: number;
  /**
   * Statistics answers each server keeps per database while the rollups stay as they are
   * (statistics/remembered.ts; 0: every request computes its figures).
   */
  statsRemembered: number;
  demoPassword: string;
  adminPassword?: string;
  seedDemo: boolean;
  /** Check every response against the contract (off in production, where it only costs time). */
  validateResponses: boolean;
  /** How many demo elevators the first start creates. */
  demoElevators: number;
  sms: SmsConfig;
  s3?: S3Config;
  corsOrigins: string[];
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  jobsEnabled: boolean;
  logLevel: string;
  /** Secret for signed upload tokens; random per process when not set. */
  secret: string;
  /**
   * IoT device messages: with `url` a client of that MQTT broker (shared subscription); else an
   * embedded broker on `port` (null: none; 0: any free port).
   */
  mqtt: {
    url?: string;
    port: number | null;
    /** The shared subscription's group (default ec). */
    group?: string;
    /** MQTT_DYNSEC: the external broker is a Mosquitto whose dynamic-security accounts the server keeps. */
    dynsec?: boolean;
  };
}

export const DEFAULT_DEMO_PASSWORD = 'Demo@2026';

/** Every environment variable the server reads (the README's configuration table, plus SEED_DEMO and WEB_DIR). */
export const SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'DATABASE_POOL_SIZE',
  'PGLITE_CACHE_MB',
  'NODE_ENV',
  'ADMIN_PASSWORD',
  'DEMO_PASSWORD',
  'TOKEN_TTL_SECONDS',
  'TOKEN_MAX_TTL_SECONDS',
  'AUTH_CACHE_MS',
  'STATS_REMEMBERED',
  'SMS_DRIVER',
  'SMS_URL_TEMPLATE',
  'SMS_METHOD',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'CORS_ORIGINS',
  'AUTH_RATE_LIMIT',
  'JOBS',
  'APP_SECRET',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'DEMO_ELEVATORS',
  'VALIDATE_RESPONSES',
  'MQTT_URL',
  'MQTT_PORT',
  'MQTT_DYNSEC',
  'SEED_DEMO',
  'WEB_DIR',
] as const;

/**
 * Settings whose default is "unset" (README): an empty value means unset, as `DATABASE_URL=` in a
 * shell or an env file usually does. Any other empty setting stops the start: an empty
 * DEMO_PASSWORD once gave every demo account an empty password.
 */
export const EMPTY_MEANS_UNSET: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'CORS_ORIGINS',
  'MQTT_URL',
]);

/** The environment with empty "unset" settings removed; an empty value of any other setting is refused. */
function checkedEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of SETTINGS) {
    const raw = env[name];
    if (raw === undefined || raw.trim() !== '') continue;
    if (EMPTY_MEANS_UNSET.has(name)) {
      delete out[name];
      continue;
    }
    throw new Error(`环境变量 ${name} 的值为空：请填写一个值，或删除该变量以使用默认值`);
  }
  return out;
}

/** A whole number (at least `min`, 0 by default) from the environment; a typo stops the start with its name. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    const wanted = min === 0 ? '非负整数' : `不小于 ${min} 的整数`;
    throw new Error(`环境变量 ${name} 应为${wanted}，当前值为「${raw}」`);
  }
  return value;
}

const SWITCH: Record<string, boolean> = {
  on: true,
  off: false,
  '1': true,
  '0': false,
  true: true,
  false: false,
};

/** MQTT_DYNSEC (on/off): only beside MQTT_URL; the old `?dynsec=1` on the URL is refused with the way out. */
function mqttDynsec(env: NodeJS.ProcessEnv): boolean {
  if (env.MQTT_URL && /[?&]dynsec=/.test(env.MQTT_URL))
    throw new Error(
      'MQTT_URL 中的 ?dynsec=1 已不再使用：请去掉它并设置 MQTT_DYNSEC=on（MQTT_URL no longer takes ?dynsec=1: set MQTT_DYNSEC=on）',
    );
  const raw = env.MQTT_DYNSEC;
  if (raw === undefined) return false;
  const value = SWITCH[raw.trim().toLowerCase()];
  if (value === undefined)
    throw new Error(
      `环境变量 MQTT_DYNSEC 应为 on 或 off，当前值为「${raw}」（MQTT_DYNSEC must be on or off, got "${raw}"）`,
    );
  if (value && !env.MQTT_URL)
    throw new Error(
      'MQTT_DYNSEC=on 需要同时设置 MQTT_URL（外部 Mosquitto 的地址）（MQTT_DYNSEC=on needs MQTT_URL, the external Mosquitto）',
    );
  return value;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const env = checkedEnv(environment);
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const production = nodeEnv === 'production';
  const smsDriver = env.SMS_DRIVER === 'http' ? 'http' : 'dev';
  if (production && smsDriver === 'dev') {
    throw new Error('生产环境必须配置短信网关：SMS_DRIVER=http 与 SMS_URL_TEMPLATE');
  }
  if (production && !env.ADMIN_PASSWORD) {
    throw new Error('生产环境必须设置 ADMIN_PASSWORD（首次启动时创建的 admin 账号的密码）');
  }
  const s3 =
    env.S3_BUCKET && env.S3_ENDPOINT
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined;
  return {
    env: nodeEnv,
    port: wholeNumber(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_URL ? env.DATABASE_READ_URL || undefined : undefined,
    databasePoolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', 10, 2),
    pgliteCacheMb: wholeNumber(env, 'PGLITE_CACHE_MB', 32, 1),
    webDir: path.resolve(env.WEB_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    tokenTtlSeconds: wholeNumber(env, 'TOKEN_TTL_SECONDS', 12 * 3600),
    tokenMaxTtlSeconds: wholeNumber(env, 'TOKEN_MAX_TTL_SECONDS', 7 * 24 * 3600),
    authCacheMs: wholeNumber(env, 'AUTH_CACHE_MS', 10_000),
    statsRemembered: wholeNumber(env, 'STATS_REMEMBERED', 1_000),
    demoPassword: env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    adminPassword: env.ADMIN_PASSWORD,
    seedDemo: !production && env.SEED_DEMO !== 'false',
    demoElevators: wholeNumber(env, 'DEMO_ELEVATORS', 2000),
    validateResponses: !production && env.VALIDATE_RESPONSES !== 'false',
    sms: {
      driver: smsDriver,
      urlTemplate: env.SMS_URL_TEMPLATE,
      method: env.SMS_METHOD === 'POST' ? 'POST' : 'GET',
    },
    s3,
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').filter(Boolean),
    bodyLimitBytes: 1024 * 1024,
    rateLimitPerMinute: wholeNumber(env, 'AUTH_RATE_LIMIT', 30),
    jobsEnabled: env.JOBS !== 'off',
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    secret: env.APP_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
    mqtt: {
      url: env.MQTT_URL || undefined,
      // The embedded broker: MQTT_PORT, or 18830 (not 1883, which a system Mosquitto may hold);
      // `off` for none. Tests start their own on a free port when they want one.
      port:
        env.MQTT_PORT === 'off'
          ? null
          : env.MQTT_PORT !== undefined
            ? wholeNumber(env, 'MQTT_PORT', 18830)
            : nodeEnv === 'test'
              ? null
              : 18830,
      dynsec: mqttDynsec(env),
    },
  };
}
