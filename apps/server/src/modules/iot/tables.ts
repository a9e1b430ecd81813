import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysUser, updatedAt } from '../../platform/db/tables.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../elevator/tables.ts';

/**
 * A monitoring device (采集传输装置 / 监测终端, GB/T 24476) of an IoT merchant (an `enterprise` of
 * kind 'iot'). Its secret is stored as a SHA-256 hash (a random 32-byte secret made by the server,
 * shown once): the MQTT user name is `<merchant id>/<code>` (or the bare code, then the secret picks
 * the device among the merchants using that code), the password the secret.
 */
export const iotDevice = pgTable(
  'iot_device',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => enterprise.id),
    /** 'mqtt' | 'http' */
    protocol: text('protocol').notNull().default('mqtt'),
    secretHash: text('secret_hash').notNull(),
    intervalSeconds: integer('interval_seconds').notNull().default(30),
    /** 0 never connected, 1 online, 2 offline (silent for 3 × its interval). */
    state: smallint('state').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A code is unique within its merchant only: two merchants may number their devices alike (a
  // platform-wide key would tell a merchant that another one uses a code). The merchant id is in the
  // topic and in the MQTT user name (`<merchant id>/<code>`), so a device is still named unambiguously.
  (t) => [
    uniqueIndex('iot_device_merchant_code_uq').on(t.merchantId, t.code),
    index('iot_device_code_idx').on(t.code),
  ],
);

/**
 * Which device watches which lift, with history. One active binding per lift and one per device:
 * the two partial unique indexes decide concurrent binds (the loser gets 409).
 */
export const iotBinding = pgTable(
  'iot_binding',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => iotDevice.id, { onDelete: 'cascade' }),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    boundBy: integer('bound_by').references(() => sysUser.id, { onDelete: 'set null' }),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    unboundBy: integer('unbound_by').references(() => sysUser.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('iot_binding_active_lift_uq').on(t.elevatorId).where(sql`unbound_at is null`),
    uniqueIndex('iot_binding_active_device_uq').on(t.deviceId).where(sql`unbound_at is null`),
    index('iot_binding_device_idx').on(t.deviceId, t.boundAt),
  ],
);

/** The latest state of each monitored lift (one row per lift, upserted by the ingestion). */
export const iotLiftState = pgTable('iot_lift_state', {
  elevatorId: integer('elevator_id')
    .primaryKey()
    .references(() => elevator.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').references(() => iotDevice.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  mode: text('mode').notNull(),
  run: text('run').notNull(),
  floor: integer('floor').notNull(),
  doorZone: boolean('door_zone').notNull(),
  door: text('door').notNull(),
  passenger: boolean('passenger').notNull(),
  power: text('power').notNull(),
  speed: doublePrecision('speed').notNull(),
  safetyCircuit: boolean('safety_circuit').notNull(),
  doorLockCircuit: boolean('door_lock_circuit').notNull(),
  /** Since when it stands with doors closed and a passenger inside (困人 after N seconds). */
  trappedSince: timestamp('trapped_since', { withTimezone: true }),
  runs: integer('runs'),
  runHours: doublePrecision('run_hours'),
  doorCycles: integer('door_cycles'),
  statsAt: timestamp('stats_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * The latest state of each monitored escalator or moving walk (one row per lift, upserted by the
 * ingestion from its device's `escalator` messages; GB/T 24476 §9 for escalators).
 */
export const iotEscalatorState = pgTable('iot_escalator_state', {
  elevatorId: integer('elevator_id')
    .primaryKey()
    .references(() => elevator.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').references(() => iotDevice.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  mode: text('mode').notNull(),
  run: text('run').notNull(),
  speed: doublePrecision('speed').notNull(),
  nominalSpeed: doublePrecision('nominal_speed'),
  handrailLeftDeviation: doublePrecision('handrail_left_deviation').notNull(),
  handrailRightDeviation: doublePrecision('handrail_right_deviation').notNull(),
  stepMissing: boolean('step_missing').notNull(),
  combPlateTripped: boolean('comb_plate_tripped').notNull(),
  safetyCircuit: boolean('safety_circuit').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every message received, by month: on PostgreSQL and PGlite a table partitioned by range of `at`
 * (one partition per UTC month, made ahead and dropped after the retention by the job
 * `iot-partitions`; a default partition takes what falls outside). Drizzle knows it as a plain
 * table: the migration adds `partition by` (drizzle-kit cannot say it). No primary key: a partitioned
 * table's key would have to hold `at`, and nothing refers to a message.
 */
export const iotHistory = pgTable(
  'iot_history',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    deviceId: integer('device_id').notNull(),
    elevatorId: integer('elevator_id'),
    /** 'status' | 'alarm' | 'stats' */
    kind: text('kind').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('iot_history_lift_at_idx').on(t.elevatorId, t.at),
    index('iot_history_device_at_idx').on(t.deviceId, t.at),
  ],
);

/**
 * An alarm of a lift (DOMAIN.md §7.3 types, 困人 and 离线 derived). One open alarm per lift and type
 * (partial unique index): a repeat raises `repeats`, a normal run clears it.
 */
export const iotAlarm = pgTable(
  'iot_alarm',
  {
    id: serial('id').primaryKey(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => iotDevice.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => enterprise.id),
    /** The lift's district when it opened (district filters). */
    areaCode: text('area_code'),
    type: smallint('type').notNull(),
    severity: smallint('severity').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    repeats: integer('repeats').notNull().default(0),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearReason: text('clear_reason'),
    detail: text('detail'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => sysUser.id, { onDelete: 'set null' }),
    ackNote: text('ack_note'),
    /** The rescue case a 困人 alarm opened or joined. */
    caseId: integer('case_id'),
  },
  (t) => [
    uniqueIndex('iot_alarm_open_uq').on(t.elevatorId, t.type).where(sql`cleared_at is null`),
    index('iot_alarm_lift_idx').on(t.elevatorId, t.openedAt),
    index('iot_alarm_opened_idx').on(t.openedAt),
    index('iot_alarm_area_idx').on(t.areaCode, t.openedAt),
    index('iot_alarm_merchant_idx').on(t.merchantId, t.openedAt),
  ],
);

/**
 * The devices' broker accounts still to be made, renewed or deleted on an external Mosquitto with
 * dynamic security (MQTT_DYNSEC, dynsec.ts): written in the transaction of the device's change and
 * applied in id order once it has committed (accounts.ts), the rows of a broker that refused or was
 * down left for the `iot-broker-accounts` job to apply again. Every change is idempotent. A row
 * holds the device's new secret (`provision`, `secret`) until the broker has it, then is deleted.
 */
export const iotBrokerOutbox = pgTable('iot_broker_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'provision' | 'secret' | 'remove' */
  op: text('op').notNull(),
  merchantId: integer('merchant_id').notNull(),
  code: text('code').notNull(),
  secret: text('secret'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
});
