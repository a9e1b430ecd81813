import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Db } from './db/client.ts';
import type { FileStorage } from './files/storage.ts';
import type { Scheduler } from './jobs.ts';
import type { LiveHub } from './live.ts';
import type { OperationLogWriter } from './oplog.ts';
import type { SmsDriver } from './sms.ts';

/** The services every module receives; the platform knows no domain. */
export interface Platform {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
  sms: SmsDriver;
  storage: FileStorage;
  jobs: Scheduler;
  /** Recently authenticated tokens (emptied on every write call and on NOTIFY auth_changed). */
  sessions: SessionCache;
  /** The operation log's batched writer; readers of the log flush it first. */
  oplog: OperationLogWriter;
  /** Open live streams of this node and the topics modules declared (platform/live.ts). */
  live: LiveHub;
}
