import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_MEANS_UNSET, loadConfig, SETTINGS } from '../src/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';

describe('configuration from the environment', () => {
  it('takes whole numbers and keeps the defaults when a variable is unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', AUTH_CACHE_MS: '0', PORT: '9090' });
    expect(config.authCacheMs).toBe(0);
    expect(config.port).toBe(9090);
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(loadConfig({ NODE_ENV: 'test' }).authCacheMs).toBe(10_000);
  });

  it('refuses an empty setting at start, naming it, so that DEMO_PASSWORD="" gives no empty passwords', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DEMO_PASSWORD: '' })).toThrow(
      '环境变量 DEMO_PASSWORD 的值为空：请填写一个值，或删除该变量以使用默认值',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', DEMO_PASSWORD: '   ' })).toThrow(/DEMO_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: '', SMS_DRIVER: 'http' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    // Every setting the README lists but those whose default is "unset".
    for (const name of SETTINGS) {
      if (EMPTY_MEANS_UNSET.has(name)) continue;
      expect(() => loadConfig({ NODE_ENV: 'test', [name]: '' }), name).toThrow(`环境变量 ${name} 的值为空`);
    }
  });

  it('treats an empty value as unset where the default is unset (database, S3, CORS)', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      CORS_ORIGINS: '',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.corsOrigins).toEqual([]);
  });

  it('names in the README every setting it reads, and says which ones an empty value leaves unset', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const name of SETTINGS) {
      if (name === 'SEED_DEMO' || name === 'WEB_DIR') continue;
      expect(readme, name).toContain(`\`${name}\``);
    }
    const rule = readme.split('\n').find((line) => line.includes('empty value'));
    expect(rule, 'the README states the empty-value rule').toBeDefined();
    for (const name of EMPTY_MEANS_UNSET) {
      expect(rule, name).toContain(name.startsWith('S3_') ? '`S3_*`' : `\`${name}\``);
    }
  });

  it('keeps 10 connections to PostgreSQL unless DATABASE_POOL_SIZE says otherwise, and never fewer than 2', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databasePoolSize).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
    // One connection would wait forever at start: the migration lock holds it while migrating needs another.
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses a value that is not a whole non-negative number, naming the variable', () => {
    // NaN would have kept sessions in memory with no time limit.
    expect(() => loadConfig({ NODE_ENV: 'test', AUTH_CACHE_MS: '10s' })).toThrow(
      '环境变量 AUTH_CACHE_MS 应为非负整数，当前值为「10s」',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', TOKEN_TTL_SECONDS: '-5' })).toThrow(/TOKEN_TTL_SECONDS/);
    expect(() => loadConfig({ NODE_ENV: 'test', DEMO_ELEVATORS: '1.5' })).toThrow(/DEMO_ELEVATORS/);
    // The embedded database does not start without a page cache.
    expect(() => loadConfig({ NODE_ENV: 'test', PGLITE_CACHE_MB: '0' })).toThrow(
      '环境变量 PGLITE_CACHE_MB 应为不小于 1 的整数，当前值为「0」',
    );
  });

  it('gives the embedded database the configured page cache', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).pgliteCacheMb).toBe(32);
    const database = await openDatabase({ kind: 'pglite', cacheMb: 24 });
    try {
      const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`));
      expect(row.shared_buffers).toBe('24MB');
    } finally {
      await database.close();
    }
  });
});
