import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * A read replica (DATABASE_READ_URL): a second pool for the reads that may lag the primary by a
 * stated bound (the statistics, the data screen, the map). Writes, and reads that must see their
 * own write, stay on the primary. `lagSeconds` is the replica's replay lag: 0 when it has replayed
 * everything the primary sent, else now() − the last replayed transaction's commit time; null when
 * the server is not a standby (a plain second connection to the primary).
 */
export interface Replica {
  db: Db;
  lagSeconds(): Promise<number | null>;
  close(): Promise<void>;
}

/** The replica's lag is read at most this often (ms); calls in between reuse it. */
const LAG_CACHE_MS = 1_000;

export function openReplica(url: string, poolSize = 10): Replica {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg(pool) as unknown as Db;
  let cached: { at: number; lag: number | null } | null = null;
  return {
    db,
    async lagSeconds() {
      if (cached && Date.now() - cached.at < LAG_CACHE_MS) return cached.lag;
      const { rows } = await pool.query<{ standby: boolean; lag: string | null }>(
        `select pg_is_in_recovery() as standby,
          case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
            else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag`,
      );
      const r = rows[0];
      const lag = r?.standby ? Math.max(0, Math.round(Number(r.lag ?? 0))) : null;
      cached = { at: Date.now(), lag };
      return lag;
    },
    close: () => pool.end(),
  };
}

const replicas = new WeakMap<object, Replica>();

/** The replica opened for a platform (statistics module start), if DATABASE_READ_URL is set. */
export const replicaOf = (platform: object): Replica | undefined => replicas.get(platform);

export function attachReplica(platform: object, replica: Replica) {
  replicas.set(platform, replica);
  return async () => {
    replicas.delete(platform);
    await replica.close();
  };
}
