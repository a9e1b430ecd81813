import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { rowsOf } from '../src/platform/db/sql.ts';

describe('configuration from the environment', () => {
  it('takes whole numbers and keeps the defaults when a variable is unset or empty', () => {
    const config = loadConfig({ NODE_ENV: 'test', AUTH_CACHE_MS: '0', PORT: '9090', TOKEN_TTL_SECONDS: '' });
    expect(config.authCacheMs).toBe(0);
    expect(config.port).toBe(9090);
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(loadConfig({ NODE_ENV: 'test' }).authCacheMs).toBe(10_000);
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
