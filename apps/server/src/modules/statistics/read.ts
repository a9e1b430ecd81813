import { replicaOf } from '../../platform/db/replica.ts';
import type { HandlerContext } from '../../platform/http/implement.ts';
import type { ReadSide } from './query.ts';

/**
 * Where a statistics call reads: the read replica when DATABASE_READ_URL is configured (its replay
 * lag measured per call), else the call's own database.
 */
export async function readSide(ctx: HandlerContext): Promise<ReadSide> {
  const replica = replicaOf(ctx.platform);
  if (replica) return { db: replica.db, source: 'replica', lagSeconds: await replica.lagSeconds() };
  return { db: ctx.db, source: 'primary', lagSeconds: null };
}
