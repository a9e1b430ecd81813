import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

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
  });
});
