import { asc, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { iotRuntime } from './broker.ts';
import type { DeviceAccounts } from './dynsec.ts';
import { iotBrokerOutbox } from './tables.ts';

/*
 * The devices' accounts on an external Mosquitto with dynamic security (MQTT_DYNSEC, dynsec.ts),
 * kept after commit: a device's change queues its account change in `iot_broker_outbox` in the same
 * transaction (`DeviceWork.accounts`), and `inDeviceTransaction` applies the queue once the
 * transaction has committed. A transaction that rolls back (or whose commit fails) leaves no row, so
 * the broker never gets a change the registry does not have; a change the broker refuses or misses
 * (down) stays queued, and the job `iot-broker-accounts` applies the queue again until it is
 * accepted. The queue is applied in id order by one applier at a time (in the process, and across
 * nodes by an advisory lock on PostgreSQL), and every change is idempotent (dynsec.ts), so a change
 * applied twice (a crash between the broker's answer and the row's deletion) does no harm.
 */

export type AccountChange =
  | { op: 'provision'; merchantId: number; code: string; secret: string }
  | { op: 'secret'; merchantId: number; code: string; secret: string }
  | { op: 'remove'; merchantId: number; code: string };

/** Queues account changes in the caller's transaction; a no-op when the broker keeps no accounts. */
export type QueueAccounts = (changes: AccountChange[]) => Promise<void>;

export const BROKER_ACCOUNTS_JOB = 'iot-broker-accounts';
const APPLY_LOCK = 7_417_001;
const BATCH = 500;

/** Whether the configured broker keeps the devices' accounts (MQTT_URL with MQTT_DYNSEC=on). */
export const keepsAccounts = (platform: Platform) =>
  Boolean(platform.config.mqtt.url && platform.config.mqtt.dynsec);

function queueIn(tx: Queryable, on: boolean): QueueAccounts {
  return async (changes) => {
    if (!on || changes.length === 0) return;
    for (let i = 0; i < changes.length; i += BATCH)
      await tx.insert(iotBrokerOutbox).values(
        changes.slice(i, i + BATCH).map((c) => ({
          op: c.op,
          merchantId: c.merchantId,
          code: c.code,
          secret: c.op === 'remove' ? null : c.secret,
        })),
      );
  };
}

/**
 * Runs a device change in one transaction with a queue for its broker account changes; once the
 * transaction has committed, applies the queue (a broker that refuses or is down does not fail the
 * call: the change stays queued for the job).
 */
export async function inDeviceTransaction<T>(
  platform: Platform,
  work: (tx: Tx, accounts: QueueAccounts) => Promise<T>,
): Promise<T> {
  const on = keepsAccounts(platform);
  const out = await platform.db.transaction((tx) => work(tx, queueIn(tx, on)));
  if (on)
    await applyAccounts(platform).catch((err) =>
      platform.log.warn(
        { err: (err as Error).message },
        `物联网：设备账号变更未能同步到 MQTT 服务，将由定时任务 ${BROKER_ACCOUNTS_JOB} 重试`,
      ),
    );
  return out;
}

/**
 * The rounds of each server, one after another (`tail`); a round not started yet (`pending`) is
 * joined by later callers: it reads the queue after their rows committed.
 */
const appliers = new WeakMap<Platform, { tail: Promise<void>; pending: Promise<void> | null }>();

/** Applies the queued account changes, in order, until the queue is empty; rejects when the broker fails one. */
export function applyAccounts(platform: Platform): Promise<void> {
  let a = appliers.get(platform);
  if (!a) {
    a = { tail: Promise.resolve(), pending: null };
    appliers.set(platform, a);
  }
  const state = a;
  if (state.pending) return state.pending;
  const round: Promise<void> = state.tail
    .catch(() => undefined)
    .then(() => {
      if (state.pending === round) state.pending = null;
      return applyQueue(platform);
    });
  state.pending = round;
  state.tail = round;
  return round;
}

async function applyQueue(platform: Platform): Promise<void> {
  const accounts = iotRuntime(platform).accounts;
  if (platform.dbKind === 'postgres') {
    // Across nodes: one applier, holding the lock (and a connection) while it talks to the broker.
    const failure = await platform.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
      return drain(tx, accounts);
    });
    if (failure) throw failure;
    return;
  }
  // PGlite: one process, one applier (above); no transaction held over the broker's answers.
  const failure = await drain(platform.db, accounts);
  if (failure) throw failure;
}

type Row = typeof iotBrokerOutbox.$inferSelect;

/** Applies the rows in id order, deleting each applied run; the broker's error stops it (rows kept). */
async function drain(q: Db | Tx, accounts: DeviceAccounts | null): Promise<Error | null> {
  for (;;) {
    const rows = await q.select().from(iotBrokerOutbox).orderBy(asc(iotBrokerOutbox.id)).limit(BATCH);
    if (rows.length === 0) return null;
    // Runs of the same change, in order (a remove then a provision of the same code stay in order).
    const runs: Row[][] = [];
    for (const r of rows) {
      const last = runs.at(-1);
      if (last && last[0].op === r.op && r.op !== 'secret') last.push(r);
      else runs.push([r]);
    }
    for (const run of runs) {
      try {
        if (!accounts) throw new Error('MQTT 服务未启动');
        await applyRun(accounts, run);
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        await q
          .update(iotBrokerOutbox)
          .set({ attempts: sql`${iotBrokerOutbox.attempts} + 1`, lastError: error.message.slice(0, 500) })
          .where(inArray(iotBrokerOutbox.id, [run[0].id]));
        return error;
      }
      await q.delete(iotBrokerOutbox).where(
        inArray(
          iotBrokerOutbox.id,
          run.map((r) => r.id),
        ),
      );
    }
  }
}

async function applyRun(accounts: DeviceAccounts, run: Row[]) {
  const op = run[0].op;
  if (op === 'provision')
    await accounts.provision(
      run.map((r) => ({ merchantId: r.merchantId, code: r.code, secret: r.secret ?? '' })),
    );
  else if (op === 'secret') await accounts.setSecret(run[0].merchantId, run[0].code, run[0].secret ?? '');
  else if (op === 'remove')
    await accounts.remove(run.map((r) => ({ merchantId: r.merchantId, code: r.code })));
  else throw new Error(`未知的设备账号操作 ${op}`);
}

/** The job that applies what the broker refused or missed (registered when the broker keeps accounts). */
export const brokerAccountsJob = (platform: Platform): JobDefinition => ({
  name: BROKER_ACCOUNTS_JOB,
  label: '物联网设备 MQTT 账号同步重试',
  everyMs: 30_000,
  // It manages its own transaction (and lock): the broker's answers are not awaited inside the slot's.
  outsideTransaction: true,
  run: () => applyAccounts(platform),
});
