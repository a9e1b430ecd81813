import type { AuthUser } from '../access.ts';

/** What authentication found for a token, as kept between requests. */
export interface CachedSession {
  user: AuthUser;
  tokenId: number;
  /** Epoch milliseconds. */
  expiresAt: number;
  maxExpiresAt: number;
  /** When the token's last activity was last written (epoch milliseconds). */
  lastSeenAt: number;
}

interface Entry extends CachedSession {
  storedAt: number;
}

/**
 * Recently authenticated tokens, kept for a few seconds so that a busy user's requests do not each
 * ask the database who they are. It is emptied whenever what authentication reads may have changed:
 * - by this server after every write call it serves (register.ts), before the response goes out;
 * - by every server on NOTIFY auth_changed, which triggers on the user, role, menu and company
 *   tables send for any change from anywhere, and on the token table when a token ends (revoked or
 *   deleted; migrations 0006 and 0008);
 * - and an entry lives at most `ttlMs` in any case.
 * While the server is not listening for those notifications (`live` false) nothing is kept.
 * A lookup that started before an emptying may not store what it read (the generation check), so a
 * change can never be overwritten by an older read.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Whether notifications arrive; going either way empties the cache. */
  setLive(live: boolean) {
    this.live = live;
    this.clear();
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /** The session of a token hash, if kept, not older than the TTL and not expired. */
  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Call before reading the database; pass the result to `put`. */
  begin(): number {
    return this.generation;
  }

  put(tokenHash: string, session: CachedSession, generation: number, now = Date.now()) {
    if (!this.live || this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { ...session, storedAt: now });
  }

  get size() {
    return this.entries.size;
  }
}
