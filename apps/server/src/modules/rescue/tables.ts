import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterprise, sysFile, sysUser, updatedAt } from '../../platform/db/tables.ts';
import { numberKey } from '../../platform/masking.ts';
// Foreign keys to the lift only (test/module-boundaries.test.ts); queries go through elevator/api.ts.
import { elevator } from '../elevator/tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const company = (name: string) => integer(name).references(() => enterprise.id, { onDelete: 'set null' });
const user = (name: string) => integer(name).references(() => sysUser.id, { onDelete: 'set null' });
/** A case outlives its lift: the lift's facts are copied onto the case when it is located. */
const liftRef = (name: string) => integer(name).references(() => elevator.id, { onDelete: 'set null' });

/**
 * 应急工单: one emergency from the alarm to its close. The lift's facts (codes, address, district,
 * companies) are copied when the agent locates it, so that lists filter on this table's indexed
 * columns and a closed case keeps what was true when it happened. State moves are conditional
 * UPDATEs on (id, status, version) (platform/workflow/moves.ts).
 */
export const rescueCase = pgTable(
  'rescue_case',
  {
    id: serial('id').primaryKey(),
    caseNo: text('case_no').notNull(),
    source: smallint('source').notNull(),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(1),
    elevatorId: liftRef('elevator_id'),
    registerCode: text('register_code'),
    rescueCode: text('rescue_code'),
    address: text('address'),
    areaCode: text('area_code'),
    maintenanceCompanyId: company('maintenance_company_id'),
    useCompanyId: company('use_company_id'),
    /** The rescue unit whose grid contains the lift (level 2), when it has one. */
    rescueUnitId: company('rescue_unit_id'),
    gridId: integer('grid_id'),
    callerPhone: text('caller_phone'),
    callerName: text('caller_name'),
    description: text('description'),
    trapped: smallint('trapped').notNull().default(0),
    freed: smallint('freed'),
    /** The agent who took the case (null for alarms and public reports until an agent handles it). */
    agentId: user('agent_id'),
    level: smallint('level').notNull().default(0),
    /** The company the case is dispatched to now (level 1 or 2); null at level 3 (119). */
    assigneeId: company('assignee_id'),
    /** When the dispatch times out and the job escalates it (null when nothing waits). */
    acceptDeadline: at('accept_deadline'),
    alarmAt: at('alarm_at').notNull().defaultNow(),
    dispatchedAt: at('dispatched_at'),
    acceptedAt: at('accepted_at'),
    acceptedBy: user('accepted_by'),
    arrivedAt: at('arrived_at'),
    /** Metres between the rescuer's reported position and the lift. */
    arriveDistance: integer('arrive_distance'),
    /** Arrived (or closed without arriving) past the arrival limit in force then (超时). */
    overtime: boolean('overtime'),
    freedAt: at('freed_at'),
    closedAt: at('closed_at'),
    cause: smallint('cause'),
    causeDetail: text('cause_detail'),
    backInService: boolean('back_in_service'),
    repairId: integer('repair_id'),
    followUp: text('follow_up'),
    closeNote: text('close_note'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rescue_case_no_uq').on(t.caseNo),
    // One open 困人 case per lift: a second call, alarm or scan about the same lift joins it.
    uniqueIndex('rescue_case_open_lift_uq')
      .on(t.elevatorId)
      .where(sql`${t.status} < 6 and ${t.kind} = 1 and ${t.elevatorId} is not null`),
    index('rescue_case_open_idx').on(t.status, t.alarmAt).where(sql`${t.status} < 6`),
    // The case list's order (newest alarm first, id to break ties), within a district and overall,
    // read backwards (ascending columns: a backward scan gives `desc` with its NULLS FIRST, which a
    // DESC NULLS LAST index would not): a page is the first entries of the scan, with no sort, and
    // the page total is an index-only count of the district's month.
    index('rescue_case_area_alarm_idx').on(t.areaCode, t.alarmAt, t.id),
    index('rescue_case_alarm_id_idx').on(t.alarmAt, t.id),
    index('rescue_case_assignee_idx').on(t.assigneeId, t.status),
    index('rescue_case_maintenance_idx').on(t.maintenanceCompanyId, t.alarmAt),
    index('rescue_case_use_idx').on(t.useCompanyId, t.alarmAt),
    index('rescue_case_lift_idx').on(t.elevatorId, t.alarmAt),
    index('rescue_case_deadline_idx').on(t.acceptDeadline).where(sql`${t.status} = 2`),
  ],
);

/** A case's history: every step (接警, 派遣, 接单, 超时升级, 到达, 解救, 关闭, 备注 …), append-only. */
export const rescueCaseStep = pgTable(
  'rescue_case_step',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => rescueCase.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: smallint('status').notNull(),
    level: smallint('level').notNull().default(0),
    companyId: company('company_id'),
    userId: user('user_id'),
    userName: text('user_name'),
    note: text('note'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('rescue_case_step_case_idx').on(t.caseId, t.id)],
);

/** 故障报修: a fault with nobody trapped, from a call, a scan, a closed case or a maintainer. */
export const repairOrder = pgTable(
  'repair_order',
  {
    id: serial('id').primaryKey(),
    repairNo: text('repair_no').notNull(),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
    areaCode: text('area_code').notNull(),
    maintenanceCompanyId: company('maintenance_company_id'),
    useCompanyId: company('use_company_id'),
    /** The fault type (dictionary hitch_type). */
    hitchType: text('hitch_type').notNull(),
    description: text('description'),
    reporterName: text('reporter_name'),
    reporterPhone: text('reporter_phone'),
    /** 1 电话 2 一键呼救 3 物联网 4 扫码上报 5 维保单位 6 使用单位 */
    source: smallint('source').notNull(),
    /** 1 待处理 2 处理中 3 已完成 */
    status: smallint('status').notNull().default(1),
    caseId: integer('case_id').references(() => rescueCase.id, { onDelete: 'set null' }),
    result: text('result'),
    finishedAt: at('finished_at'),
    createdBy: user('created_by'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('repair_order_no_uq').on(t.repairNo),
    index('repair_order_area_idx').on(t.areaCode, t.id),
    index('repair_order_maintenance_idx').on(t.maintenanceCompanyId, t.id),
    index('repair_order_use_idx').on(t.useCompanyId, t.id),
    index('repair_order_lift_idx').on(t.elevatorId, t.id),
  ],
);

/** 坐席: a call-centre user's seat and duty state (onOffLine). */
export const serviceAgent = pgTable(
  'service_agent',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    seatNo: text('seat_no').notNull(),
    extension: text('extension'),
    online: boolean('online').notNull().default(false),
    /** When the agent last went on or off duty. */
    changedAt: at('changed_at'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('service_agent_seat_uq').on(t.seatNo)],
);

/** An agent going on or off duty (for the duty log and the statistics of seat hours). */
export const serviceAgentShift = pgTable(
  'service_agent_shift',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    online: boolean('online').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('service_agent_shift_user_idx').on(t.userId, t.at)],
);

/**
 * A telephone call (callPhoneRecord): number, direction, start, answer, end, the agent, the linked
 * case; `token` is the telephony pop-up's key (GET {token} turns it into the agent's context).
 */
export const callRecord = pgTable(
  'call_record',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    phone: text('phone').notNull(),
    /**
     * The number as a masked viewer's search compares it (masking.ts numberKey: without dashes and
     * spaces), kept by the database, so that its index serves that search (sameDigits).
     */
    phoneDigits: text('phone_digits')
      .notNull()
      .generatedAlwaysAs((): SQL => numberKey(callRecord.phone)),
    /** 1 呼入 2 呼出 */
    direction: smallint('direction').notNull(),
    startedAt: at('started_at').notNull(),
    answeredAt: at('answered_at'),
    endedAt: at('ended_at'),
    agentId: user('agent_id'),
    caseId: integer('case_id').references(() => rescueCase.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('call_record_token_uq').on(t.token),
    index('call_record_phone_idx').on(t.phone, t.startedAt),
    index('call_record_phone_digits_idx').on(t.phoneDigits, t.startedAt),
    index('call_record_agent_idx').on(t.agentId, t.startedAt),
    index('call_record_case_idx').on(t.caseId),
  ],
);

/** A batch of emergency codes (应急码) generated at once: permanent, or temporary with an expiry. */
export const emergencyCodeBatch = pgTable('emergency_code_batch', {
  id: serial('id').primaryKey(),
  batchNo: text('batch_no').notNull().unique(),
  quantity: integer('quantity').notNull(),
  temporary: boolean('temporary').notNull().default(false),
  /** Temporary codes: the last day they may be used. */
  validUntil: date('valid_until'),
  remark: text('remark'),
  createdBy: user('created_by'),
  createdAt: createdAt(),
});

/**
 * One 6-digit code of the city's pool (leading zeros kept; unique by its key). A lift's code is the
 * registry's `elevator.rescue_code` (the binding lives there, as unbindingEmergencyCode already
 * uses); this table holds the pool, who claimed each code and whether it is void.
 */
export const emergencyCode = pgTable(
  'emergency_code',
  {
    code: text('code').primaryKey(),
    batchId: integer('batch_id').references(() => emergencyCodeBatch.id, { onDelete: 'cascade' }),
    temporary: boolean('temporary').notNull().default(false),
    validUntil: date('valid_until'),
    /** The use unit or maintenance company that claimed it (null: still in the pool). */
    claimedBy: company('claimed_by'),
    claimedAt: at('claimed_at'),
    voided: boolean('voided').notNull().default(false),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('emergency_code_claimed_idx').on(t.claimedBy, t.code),
    index('emergency_code_batch_idx').on(t.batchId, t.code),
  ],
);

/** What happened to a code: 认领 / 绑定 / 解绑 / 作废 / 生成, append-only. */
export const emergencyCodeRecord = pgTable(
  'emergency_code_record',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    action: text('action').notNull(),
    companyId: company('company_id'),
    elevatorId: liftRef('elevator_id'),
    registerCode: text('register_code'),
    userId: user('user_id'),
    userName: text('user_name'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('emergency_code_record_code_idx').on(t.code, t.id),
    index('emergency_code_record_action_idx').on(t.action, t.id),
  ],
);

/** 救援队伍 (jiuYuanDui): a team of a rescue unit (an enterprise of kind 'rescue'). */
export const rescueTeam = pgTable(
  'rescue_team',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    leaderName: text('leader_name'),
    phone: text('phone'),
    areaCode: text('area_code'),
    address: text('address'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    vehicles: integer('vehicles').notNull().default(0),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('rescue_team_name_uq').on(t.unitId, t.name)],
);

/** A rescuer of a unit (and team); `userId` when the rescuer signs in to accept cases. */
export const rescueStaff = pgTable(
  'rescue_staff',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => rescueTeam.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    position: text('position'),
    certNo: text('cert_no'),
    userId: user('user_id'),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rescue_staff_phone_uq').on(t.unitId, t.phone),
    index('rescue_staff_unit_idx').on(t.unitId),
  ],
);

/** 值班表: who of a unit is on duty on a day and shift (1 白班 08–20, 2 夜班 20–08). */
export const rescueDuty = pgTable(
  'rescue_duty',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => rescueStaff.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    shift: smallint('shift').notNull(),
  },
  (t) => [
    uniqueIndex('rescue_duty_uq').on(t.staffId, t.day, t.shift),
    index('rescue_duty_day_idx').on(t.day),
  ],
);

/**
 * 救援网格: a polygon on the map assigned to a rescue unit. `ring` is the outer ring as
 * [longitude, latitude] pairs (GeoJSON order); the bounding box is kept beside it so that the
 * containing grid of a point is found from an index and then tested exactly.
 */
export const rescueGrid = pgTable(
  'rescue_grid',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    unitId: company('unit_id'),
    areaCode: text('area_code'),
    ring: jsonb('ring').$type<[number, number][]>().notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    color: text('color'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rescue_grid_name_uq').on(t.name),
    index('rescue_grid_bbox_idx').on(t.minLng, t.maxLng, t.minLat, t.maxLat),
  ],
);

/**
 * 签约 (sign lease server): a use unit's service agreement with the platform (kind 1, 使用单位签约)
 * or an advertising lease of its lifts (kind 2, 租赁签约), with the lifts it covers.
 */
export const signingRecord = pgTable(
  'signing_record',
  {
    id: serial('id').primaryKey(),
    signNo: text('sign_no').notNull(),
    kind: smallint('kind').notNull(),
    useCompanyId: integer('use_company_id')
      .notNull()
      .references(() => enterprise.id, { onDelete: 'cascade' }),
    /** The other party of a lease (an advertising operator), when there is one. */
    partnerId: company('partner_id'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    amount: integer('amount'),
    /**
     * A lease's share of the advertising revenue its lifts earn for the use unit, in percent (the
     * operator's monthly settlement takes it; none: the system parameter adSettlementShare).
     */
    share: numeric('share', { precision: 5, scale: 2, mode: 'number' }),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    fileId: uuid('file_id').references(() => sysFile.id, { onDelete: 'set null' }),
    remark: text('remark'),
    areaCode: text('area_code').notNull(),
    createdBy: user('created_by'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('signing_record_no_uq').on(t.signNo),
    check('signing_record_share_range', sql`${t.share} between 0 and 100`),
    index('signing_record_use_idx').on(t.useCompanyId, t.id),
    index('signing_record_area_idx').on(t.areaCode, t.id),
    // A lease's (kind 2) first and last days per operator: the advertising search's stretch of days
    // between lease boundaries (rescue/api.ts leaseStretchOf) and its leases of a range.
    index('signing_record_lease_start_idx').on(t.partnerId, t.startDate).where(sql`${t.kind} = 2`),
    index('signing_record_lease_end_idx').on(t.partnerId, t.endDate).where(sql`${t.kind} = 2`),
  ],
);

/** The lifts a signing covers (deleteElevatorById takes one out). */
export const signingElevator = pgTable(
  'signing_elevator',
  {
    id: serial('id').primaryKey(),
    signingId: integer('signing_id')
      .notNull()
      .references(() => signingRecord.id, { onDelete: 'cascade' }),
    elevatorId: integer('elevator_id')
      .notNull()
      .references(() => elevator.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('signing_elevator_uq').on(t.signingId, t.elevatorId),
    // A lift's leases (a booking's lease check and lock, the lease guard; a lift's delete cascading).
    index('signing_elevator_lift_idx').on(t.elevatorId, t.signingId),
  ],
);

/** Public reports (扫码上报) per lift and per address, for the page's cooldown and flood limits. */
export const publicReportHit = pgTable(
  'public_report_hit',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    ip: text('ip').notNull(),
    caseId: integer('case_id').references(() => rescueCase.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('public_report_hit_code_idx').on(t.code, t.at),
    index('public_report_hit_ip_idx').on(t.ip, t.at),
  ],
);
