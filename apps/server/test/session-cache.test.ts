import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../src/platform/access.ts';
import { type CachedSession, SessionCache } from '../src/platform/auth/session-cache.ts';

const session = (expiresAt: number): CachedSession => ({
  user: { id: 1, username: 'u' } as AuthUser,
  tokenId: 1,
  expiresAt,
  maxExpiresAt: expiresAt,
  lastSeenAt: expiresAt,
});

describe('session cache', () => {
  const now = 1_000_000;

  it('keeps nothing until it listens for changes, and forgets everything when it stops', () => {
    const cache = new SessionCache(10_000);
    cache.put('a', session(now + 60_000), cache.begin(), now);
    expect(cache.get('a', now)).toBeUndefined();
    cache.setLive(true);
    cache.put('a', session(now + 60_000), cache.begin(), now);
    expect(cache.get('a', now)?.tokenId).toBe(1);
    cache.setLive(false);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('does not store a read that started before the cache was emptied', () => {
    const cache = new SessionCache(10_000);
    cache.setLive(true);
    const started = cache.begin();
    cache.clear(); // a change committed while the read was under way
    cache.put('a', session(now + 60_000), started, now);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('drops an entry after its time to live and once the token expires', () => {
    const cache = new SessionCache(10_000);
    cache.setLive(true);
    cache.put('a', session(now + 60_000), cache.begin(), now);
    expect(cache.get('a', now + 9_999)).toBeDefined();
    expect(cache.get('a', now + 10_000)).toBeUndefined();
    cache.put('b', session(now + 5_000), cache.begin(), now);
    expect(cache.get('b', now + 5_000)).toBeUndefined();
  });

  it('keeps nothing with a time to live of 0 (AUTH_CACHE_MS=0)', () => {
    const cache = new SessionCache(0);
    cache.setLive(true);
    cache.put('a', session(now + 60_000), cache.begin(), now);
    expect(cache.get('a', now)).toBeUndefined();
  });
});
