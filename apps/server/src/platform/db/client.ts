import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

// The platform knows no domain: the handle carries no schema (no relational queries), every query
// names its tables, which each module owns. drizzle-kit reads the tables from src/schema.ts.
export type Db = PgDatabase<PgQueryResultHKT>;
type NoSchema = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** A handle queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

/** What a listener hears: each notification, and whether it is listening at all. */
export interface NotificationHandlers {
  notify(payload: string): void;
  /** False while the connection is down (notifications may be missed), true once listening. */
  live(listening: boolean): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on `channel` (an identifier); resolves to a function that stops listening. */
  listen(channel: string, on: NotificationHandlers): Promise<() => Promise<void>>;
  /** PGlite only: a copy of the whole database, to open again with `loadDataDir`. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /**
       * The embedded database's page cache (shared_buffers) in MB; PostgreSQL's default is 128. It
       * lives inside this process: a full read (an export) fills it to the brim, and a WebAssembly
       * heap never gives memory back. Pages beyond it are read from the operating system's cache.
       */
      cacheMb?: number;
      /** Starts from a copy made by `dump` (tests start each file from one seeded copy). */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const MIGRATION_LOCK = 7_400_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    const db = drizzlePg(pool) as unknown as Db;
    // Several nodes may start at once: one migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      listen: (channel, on) => listenPostgres(options.url, channel, on),
      close: () => pool.end(),
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
      // btree_gist: exclusion constraints on an id and a period (migration 0011).
      extensions: { pg_trgm, btree_gist },
      loadDataDir: options.loadDataDir,
      startParams:
        options.cacheMb === undefined
          ? undefined
          : [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.cacheMb}MB`],
    });
    const db = drizzlePglite(client) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      dump: () => client.dumpDataDir('none'),
      async listen(channel, on) {
        // One process holds the folder: notifications arrive as the statement that sent them ends.
        const stop = await client.listen(channel, (payload) => on.notify(payload));
        on.live(true);
        return async () => {
          on.live(false);
          await stop();
        };
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * LISTEN on a connection of its own (pooled connections come and go). When it drops, `live(false)`
 * at once and a reconnection every second until it listens again.
 */
async function listenPostgres(url: string, channel: string, on: NotificationHandlers) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    retry = undefined;
    const c = new pg.Client({ connectionString: url });
    let down = false;
    const lost = () => {
      if (down) return;
      down = true;
      on.live(false);
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (message) => {
      if (message.channel === channel) on.notify(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await c.end();
        return;
      }
      client = c;
      on.live(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    on.live(false);
    await client?.end().catch(() => undefined);
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its folder and two processes on one folder lose rows, so the server takes
 * an exclusive lock file and refuses to start a second time. A lock left by a killed process
 * (its pid no longer runs) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(
          `数据目录 ${dataDir} 已被进程 ${pid} 使用：同一目录只能由一个服务进程打开（嵌入式数据库不支持多进程）。` +
            '请先停止该进程，或用 DATA_DIR 指定另一个目录，或设置 DATABASE_URL 使用 PostgreSQL。',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`无法锁定数据目录 ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
