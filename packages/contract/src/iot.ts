import { z } from 'zod';
import { defineCall, PUBLIC } from './call.ts';
import { idField, idList, pageOf, paging, requiredText, text } from './common.ts';
import { importReport } from './elevator/fields.ts';
import { dateField, version } from './fields.ts';

/*
 * Elevator IoT (电梯物联网, issue 17; DOMAIN.md §7): monitoring devices on the lifts, their
 * messages (GB/T 24476-2017 clauses 9 real-time state, 10 statistics, 11 faults and alarms) and the
 * alarms the server keeps from them.
 *
 * Devices report over MQTT on `elevator/<merchant id>/<device code>/status|alarm|stats|escalator` (the
 * payload is one JSON message of the schema below), or over HTTP (`iotIngestCalls.ingest`) with
 * the same messages. A device code is unique within its merchant. A device authenticates with
 * `<merchant id>/<code>` as MQTT user name (or the bare code: the secret then picks the device) and
 * its secret as password; it may publish only under its own topic.
 */

export const IOT_PERMISSIONS = {
  /** Devices, their data and the lookups (merchants, regulators, the lifts' companies). */
  deviceList: 'iot:device:list',
  /** The merchant's registry: add, change, delete, import, bind, unbind, sync. */
  deviceEdit: 'iot:device:edit',
  /** Alarms and a lift's history. */
  alarmList: 'iot:alarm:list',
  /** Acknowledge an alarm (确认处理). */
  alarmHandle: 'iot:alarm:handle',
  /** The ingestion counters of a server node. */
  ingestStats: 'iot:ingest:stats',
} as const;

// ---------------------------------------------------------------- message schemas (GB/T 24476)

/**
 * Live events (GET /live/events): `iot.alarm` an alarm that opened or cleared (its row), `iot.state`
 * a lift's or an escalator's latest state after each stored batch that changed it (`iotStateEvent`:
 * `kind` 'lift' with the `iotLiftState`, 'escalator' with the `iotEscalatorState`). Each goes to
 * whoever sees the lift's device: the merchant, the lift's district regulators, its companies, the
 * platform.
 */
export const IOT_ALARM_TOPIC = 'iot.alarm';
export const IOT_STATE_TOPIC = 'iot.state';

/** The largest message accepted (bytes of the JSON payload); larger ones are dropped and counted. */
export const IOT_MAX_MESSAGE_BYTES = 4096;
/** status 电梯实时状态, alarm 故障/报警, stats 统计, escalator 自动扶梯/人行道实时状态. */
export const IOT_MESSAGE_KINDS = ['status', 'alarm', 'stats', 'escalator'] as const;
export type IotMessageKind = (typeof IOT_MESSAGE_KINDS)[number];

/** 服务模式: 正常, 检修, 消防, 停止服务, 其他. */
export const IOT_MODES = ['normal', 'inspection', 'fire', 'out_of_service', 'other'] as const;
export const IOT_MODE_LABEL: Record<(typeof IOT_MODES)[number], string> = {
  normal: '正常',
  inspection: '检修',
  fire: '消防',
  out_of_service: '停止服务',
  other: '其他',
};
/** 运行状态 / 方向: 停止, 上行, 下行. */
export const IOT_RUN_STATES = ['stop', 'up', 'down'] as const;
export const IOT_RUN_LABEL: Record<(typeof IOT_RUN_STATES)[number], string> = {
  stop: '停止',
  up: '上行',
  down: '下行',
};
/** 门状态: 关门到位, 开门到位, 开门中, 关门中. */
export const IOT_DOOR_STATES = ['closed', 'open', 'opening', 'closing'] as const;
export const IOT_DOOR_LABEL: Record<(typeof IOT_DOOR_STATES)[number], string> = {
  closed: '关门',
  open: '开门',
  opening: '开门中',
  closing: '关门中',
};
/** 供电状态: 市电, 电池, 其他. */
export const IOT_POWER_SOURCES = ['mains', 'battery', 'other'] as const;
export const IOT_POWER_LABEL: Record<(typeof IOT_POWER_SOURCES)[number], string> = {
  mains: '市电',
  battery: '电池',
  other: '其他',
};

/**
 * When the device measured it: ISO 8601 text or epoch milliseconds. Optional (the server's receipt
 * time then); a time more than a day old or five minutes ahead is replaced by the receipt time.
 */
const measuredAt = z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]).optional();

/** GB/T 24476-2017 §9: one real-time state of the lift. */
export const iotStatusMessage = z.strictObject({
  t: measuredAt,
  /** 服务模式 */
  mode: z.enum(IOT_MODES, { error: '服务模式不正确' }),
  /** 运行状态与方向 */
  run: z.enum(IOT_RUN_STATES, { error: '运行状态不正确' }),
  /** 当前楼层 (may be negative) */
  floor: z.number().int().min(-20).max(300),
  /** 平层（门区内） */
  doorZone: z.boolean(),
  door: z.enum(IOT_DOOR_STATES, { error: '门状态不正确' }),
  /** 轿内有人 */
  passenger: z.boolean(),
  power: z.enum(IOT_POWER_SOURCES, { error: '供电状态不正确' }),
  /** 速度 m/s */
  speed: z.number().min(0).max(20),
  /** 安全回路 通 = true */
  safetyCircuit: z.boolean(),
  /** 门锁回路 通 = true */
  doorLockCircuit: z.boolean(),
});
export type IotStatusMessage = z.infer<typeof iotStatusMessage>;

/** GB/T 24476-2017 §10: running totals since the device was installed. */
export const iotStatsMessage = z.strictObject({
  t: measuredAt,
  /** 运行次数 */
  runs: z.number().int().min(0).max(2_000_000_000),
  /** 运行时长（小时） */
  runHours: z.number().min(0).max(1_000_000),
  /** 开关门次数 */
  doorCycles: z.number().int().min(0).max(2_000_000_000),
});
export type IotStatsMessage = z.infer<typeof iotStatsMessage>;

/** 自动扶梯服务模式: 正常, 检修, 停止服务. */
export const IOT_ESCALATOR_MODES = ['normal', 'maintenance', 'out_of_service'] as const;
export const IOT_ESCALATOR_MODE_LABEL: Record<(typeof IOT_ESCALATOR_MODES)[number], string> = {
  normal: '正常',
  maintenance: '检修',
  out_of_service: '停止服务',
};
/** A handrail running slower than the steps by more than this (percent) is 扶手带欠速. */
export const IOT_HANDRAIL_DEVIATION_LIMIT = 15;
/** Faster than the nominal speed by more than this factor is 超速 (GB 16899: 1.2 × nominal). */
export const IOT_ESCALATOR_OVERSPEED = 1.2;

/**
 * GB/T 24476-2017 §9 for escalators and moving walks (自动扶梯和自动人行道): one real-time state.
 * Faults the state shows (a missing step, a comb plate switch, a handrail under speed, an open safety
 * circuit, over speed) open their alarms on ingestion; a normal run clears them.
 */
export const iotEscalatorStatusMessage = z.strictObject({
  t: measuredAt,
  /** 服务模式（检修 = maintenance） */
  mode: z.enum(IOT_ESCALATOR_MODES, { error: '扶梯服务模式不正确' }),
  /** 运行状态与方向: 停止, 上行, 下行 */
  run: z.enum(IOT_RUN_STATES, { error: '运行状态不正确' }),
  /** 梯级运行速度 m/s */
  speed: z.number().min(0).max(5),
  /** 名义速度 m/s (0.5, 0.65, 0.75…): the reference of 超速 */
  nominalSpeed: z.number().min(0.1).max(5).optional(),
  /** 左/右扶手带与梯级的速度偏差（%，负为慢于梯级） */
  handrailLeftDeviation: z.number().min(-100).max(100),
  handrailRightDeviation: z.number().min(-100).max(100),
  /** 梯级（踏板）缺失检测动作 */
  stepMissing: z.boolean(),
  /** 梳齿板保护开关动作 */
  combPlateTripped: z.boolean(),
  /** 安全回路 通 = true */
  safetyCircuit: z.boolean(),
});
export type IotEscalatorStatusMessage = z.infer<typeof iotEscalatorStatusMessage>;

/** Severity: 1 提示, 2 一般, 3 严重, 4 紧急. */
export const IOT_SEVERITY_LABEL: Record<number, string> = { 1: '提示', 2: '一般', 3: '严重', 4: '紧急' };

/**
 * Alarm and fault types: 1–22 as government monitoring platforms number them (DOMAIN.md §7.3),
 * 31–40 the escalator ones, and two the server derives: 50 困人 (stopped with doors closed and a
 * passenger for N seconds: `iotTrappedSeconds`) and 51 设备离线 (silent for 3 × its interval).
 */
export const IOT_ALARM_TYPES: Record<number, { label: string; severity: number }> = {
  1: { label: '冲顶', severity: 4 },
  2: { label: '蹲底', severity: 4 },
  3: { label: '超速', severity: 4 },
  4: { label: '运行中开门', severity: 4 },
  5: { label: '开门走车', severity: 4 },
  6: { label: '门区外停梯', severity: 3 },
  7: { label: '平层关人', severity: 4 },
  8: { label: '非平层关人', severity: 4 },
  9: { label: '停电', severity: 3 },
  10: { label: '安全回路断路', severity: 3 },
  11: { label: '开门故障', severity: 2 },
  12: { label: '关门故障', severity: 2 },
  13: { label: '门锁回路断路', severity: 3 },
  14: { label: '层站按钮粘连', severity: 1 },
  15: { label: '电梯速度异常', severity: 3 },
  16: { label: '制动系统故障', severity: 4 },
  17: { label: '电动机运转时间限制器动作', severity: 3 },
  18: { label: '温度传感器异常', severity: 1 },
  19: { label: '楼层信息丢失', severity: 2 },
  20: { label: '关门时受阻挡', severity: 1 },
  21: { label: '用户报警（一键呼救）', severity: 4 },
  22: { label: '电池电量低', severity: 1 },
  31: { label: '扶梯超速保护', severity: 4 },
  32: { label: '扶梯非操纵逆转', severity: 4 },
  33: { label: '梯级缺失', severity: 4 },
  34: { label: '扶手带欠速（左）', severity: 2 },
  35: { label: '扶手带欠速（右）', severity: 2 },
  36: { label: '工作制动器打开故障', severity: 3 },
  37: { label: '附加制动器动作故障', severity: 3 },
  38: { label: '检修盖板或楼层板打开', severity: 3 },
  39: { label: '梳齿板保护动作', severity: 3 },
  40: { label: '扶梯安全回路断路', severity: 3 },
  50: { label: '困人', severity: 4 },
  51: { label: '设备离线', severity: 2 },
};
export const IOT_ALARM_TRAPPED = 50;
/** 用户报警（一键呼救）: a passenger pressed the car's alarm button (its rescue case's source is 一键呼救). */
export const IOT_ALARM_BUTTON = 21;
export const IOT_ALARM_OFFLINE = 51;
/**
 * The alarms that mean a passenger is trapped and open (or join) the lift's rescue case: 7 平层关人,
 * 8 非平层关人 and 21 一键呼救 as a device reports them, and 50 困人 the server derives.
 */
export const IOT_RESCUE_TYPES: ReadonlySet<number> = new Set([7, 8, IOT_ALARM_BUTTON, IOT_ALARM_TRAPPED]);
/** The types a device may report (the derived ones are the server's). */
export const IOT_DEVICE_ALARM_TYPES = Object.keys(IOT_ALARM_TYPES)
  .map(Number)
  .filter((t) => t !== IOT_ALARM_TRAPPED && t !== IOT_ALARM_OFFLINE);

/** GB/T 24476-2017 §11: a fault or alarm raised (or, `state: 'clear'`, ended) by the device. */
export const iotAlarmMessage = z.strictObject({
  t: measuredAt,
  type: z
    .number()
    .int()
    .refine((t) => IOT_DEVICE_ALARM_TYPES.includes(t), '报警类型不正确'),
  state: z.enum(['raise', 'clear']).default('raise'),
  detail: z.string().max(200).optional(),
});
export type IotAlarmMessage = z.infer<typeof iotAlarmMessage>;

export const IOT_MESSAGE_SCHEMAS = {
  status: iotStatusMessage,
  alarm: iotAlarmMessage,
  stats: iotStatsMessage,
  escalator: iotEscalatorStatusMessage,
} as const;

/** The escalator alarm types, for filters and the escalator state (31–40). */
export const IOT_ESCALATOR_ALARM_TYPES = [31, 32, 33, 34, 35, 36, 37, 38, 39, 40] as const;

/** Parameters (系统参数) the IoT module reads, with their defaults. */
export const IOT_PARAMS = {
  trappedSeconds: { key: 'iotTrappedSeconds', fallback: 60 },
  retentionMonths: { key: 'iotHistoryRetentionMonths', fallback: 6 },
} as const;

/** A device's default reporting interval (seconds); silent for 3 × its interval it is 离线. */
export const IOT_DEFAULT_INTERVAL = 30;
export const IOT_DEVICE_STATES = { never: 0, online: 1, offline: 2 } as const;
export const IOT_DEVICE_STATE_LABEL: Record<number, string> = { 0: '未连接', 1: '在线', 2: '离线' };
export const IOT_PROTOCOLS = ['mqtt', 'http'] as const;

// ---------------------------------------------------------------- rows

const liftRef = z.object({
  elevatorId: z.number().int(),
  registerCode: z.string(),
  address: z.string(),
  areaCode: z.string(),
});

/**
 * Which state a lift has: 'escalator' for an escalator or moving walk (the registry's type 2 扶梯),
 * 'lift' otherwise.
 */
export const IOT_STATE_KINDS = ['lift', 'escalator'] as const;
export type IotStateKind = (typeof IOT_STATE_KINDS)[number];

/**
 * The bound lift's latest state in brief (the device list's 运行状态): run and, for a lift, floor
 * and door (an escalator has neither); null before its first message.
 */
export const iotDeviceLastState = z.object({
  kind: z.enum(IOT_STATE_KINDS),
  at: z.string(),
  run: z.enum(IOT_RUN_STATES),
  floor: z.number().int().nullable(),
  door: z.enum(IOT_DOOR_STATES).nullable(),
});
export type IotDeviceLastState = z.infer<typeof iotDeviceLastState>;

export const iotDeviceRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  merchantId: z.number().int(),
  merchantName: z.string().nullable(),
  protocol: z.enum(IOT_PROTOCOLS),
  intervalSeconds: z.number().int(),
  state: z.number().int(),
  stateLabel: z.string(),
  lastSeenAt: z.string().nullable(),
  /** The lift bound now (one active binding per device and per lift). */
  lift: liftRef.nullable(),
  boundAt: z.string().nullable(),
  openAlarms: z.number().int(),
  /** The bound lift's latest state (null: not bound, or no message yet). */
  lastState: iotDeviceLastState.nullable(),
  /** MQTT topic prefix the device publishes under. */
  topic: z.string(),
  remark: z.string().nullable(),
  createTime: z.string(),
  version: z.number().int(),
});
export type IotDeviceRow = z.infer<typeof iotDeviceRow>;

export const iotBindingRow = z.object({
  id: z.number().int(),
  elevatorId: z.number().int(),
  registerCode: z.string().nullable(),
  boundAt: z.string(),
  boundBy: z.string().nullable(),
  unboundAt: z.string().nullable(),
  unboundBy: z.string().nullable(),
});

export const iotLiftState = z.object({
  elevatorId: z.number().int(),
  deviceId: z.number().int().nullable(),
  at: z.string(),
  mode: z.enum(IOT_MODES),
  run: z.enum(IOT_RUN_STATES),
  floor: z.number().int(),
  doorZone: z.boolean(),
  door: z.enum(IOT_DOOR_STATES),
  passenger: z.boolean(),
  power: z.enum(IOT_POWER_SOURCES),
  speed: z.number(),
  safetyCircuit: z.boolean(),
  doorLockCircuit: z.boolean(),
  runs: z.number().int().nullable(),
  runHours: z.number().nullable(),
  doorCycles: z.number().int().nullable(),
  statsAt: z.string().nullable(),
  /** Since when the lift stands with doors closed and a passenger (困人 after `iotTrappedSeconds`). */
  trappedSince: z.string().nullable(),
});
export type IotLiftState = z.infer<typeof iotLiftState>;

/** The latest state of an escalator or moving walk (its device's last `escalator` message). */
export const iotEscalatorState = z.object({
  elevatorId: z.number().int(),
  deviceId: z.number().int().nullable(),
  at: z.string(),
  mode: z.enum(IOT_ESCALATOR_MODES),
  run: z.enum(IOT_RUN_STATES),
  speed: z.number(),
  nominalSpeed: z.number().nullable(),
  handrailLeftDeviation: z.number(),
  handrailRightDeviation: z.number(),
  stepMissing: z.boolean(),
  combPlateTripped: z.boolean(),
  safetyCircuit: z.boolean(),
});
export type IotEscalatorState = z.infer<typeof iotEscalatorState>;

/** What the lift's `iot.state` live event carries: which kind of state, and the state. */
export const iotStateEvent = z.discriminatedUnion('kind', [
  iotLiftState.extend({ kind: z.literal('lift') }),
  iotEscalatorState.extend({ kind: z.literal('escalator') }),
]);
export type IotStateEvent = z.infer<typeof iotStateEvent>;

export const iotAlarmRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  typeLabel: z.string(),
  severity: z.number().int(),
  severityLabel: z.string(),
  open: z.boolean(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string().nullable(),
  openedAt: z.string(),
  lastAt: z.string(),
  /** How many times the device repeated it while open. */
  repeats: z.number().int(),
  clearedAt: z.string().nullable(),
  clearReason: z.string().nullable(),
  detail: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  ackNote: z.string().nullable(),
  /** The rescue case a 困人 alarm opened (or joined). */
  caseId: z.number().int().nullable(),
});
export type IotAlarmRow = z.infer<typeof iotAlarmRow>;

export const iotHistoryEntry = z.object({
  at: z.string(),
  kind: z.enum(IOT_MESSAGE_KINDS),
  deviceId: z.number().int(),
  message: z.record(z.string(), z.unknown()),
});

/** The most runs `liftHistory` answers at once. */
export const IOT_MAX_DAY_RUNS = 2000;

/**
 * A lift's run: a move, from its first moving state to the state that ends it (a stop or the other
 * direction; a move still going at the day's last state ends there), with the floors; or an
 * escalator's spell of one direction, from its first state to its last (no floors).
 */
export const iotLiftRun = z.object({
  run: z.enum(['up', 'down']),
  from: z.string(),
  to: z.string(),
  fromFloor: z.number().int().nullable(),
  toFloor: z.number().int().nullable(),
});
export type IotLiftRun = z.infer<typeof iotLiftRun>;

export const iotDeviceData = z.object({
  device: iotDeviceRow,
  state: iotLiftState.nullable(),
  /** An escalator's latest state (its lift-shaped `state` is then null). */
  escalator: iotEscalatorState.nullable(),
  alarms: z.array(iotAlarmRow),
  recent: z.array(iotHistoryEntry),
});
export type IotDeviceData = z.infer<typeof iotDeviceData>;

export const iotDeviceDetail = iotDeviceRow.extend({ bindings: z.array(iotBindingRow) });

/** A device as created (or its secret renewed): the secret is shown this once, never stored in clear. */
export const iotDeviceCreated = z.object({ device: iotDeviceRow, secret: z.string() });

// ---------------------------------------------------------------- inputs

const deviceId = idField('设备');
const elevatorId = idField('电梯');
export const IOT_DEVICE_CODE_RE = /^[A-Za-z0-9_-]{4,40}$/;
const deviceCode = requiredText('设备编号', 40).regex(
  IOT_DEVICE_CODE_RE,
  '设备编号应为 4–40 位字母、数字、下划线或短横线',
);
const interval = z.coerce
  .number({ error: '上报间隔应为数字' })
  .int('上报间隔应为整数')
  .min(5, '上报间隔不能少于 5 秒')
  .max(3600, '上报间隔不能超过 3600 秒');
const protocol = z.enum(IOT_PROTOCOLS, { error: '接入协议应为 mqtt 或 http' });

const deviceFields = z.object({
  code: deviceCode,
  name: requiredText('设备名称', 100),
  protocol: protocol.default('mqtt'),
  intervalSeconds: interval.default(IOT_DEFAULT_INTERVAL),
  remark: text(500).optional(),
});

const deviceFilters = z.object({
  ...paging,
  keyword: text(60).optional(),
  /** 'true' bound to a lift, 'false' not. */
  bound: z.enum(['true', 'false']).optional(),
  state: z.coerce.number().int().min(0).max(2).optional(),
  merchantId: idField('物联网商户').optional(),
  /** The district (or city, by its prefix) of the lift bound now. */
  areaCode: text(12).optional(),
  elevatorId: elevatorId.optional(),
  /** The bound lift's maintenance company / use company. */
  maintenanceCompanyId: idField('维保单位').optional(),
  useCompanyId: idField('使用单位').optional(),
  /** 'open' with an open alarm, 'none' without. */
  alarm: z.enum(['open', 'none'], { error: '报警条件应为 open 或 none' }).optional(),
  /** With an open alarm of this type (IOT_ALARM_TYPES). */
  alarmType: z.coerce
    .number({ error: '报警类型应为数字' })
    .int()
    .refine((t) => t in IOT_ALARM_TYPES, '报警类型不正确')
    .optional(),
});

/** One row of a device import: the registry fields and the lift to bind (its register code). */
export const iotDeviceImportFields = deviceFields.extend({ registerCode: text(30).optional() });
/** The most rows one device sheet may hold. */
export const IOT_IMPORT_MAX_ROWS = 5000;
/** The device sheet's headers (* required), in the template's order. */
export const IOT_IMPORT_HEADERS = [
  '设备编号*',
  '设备名称*',
  '接入协议',
  '上报间隔(秒)',
  '绑定电梯注册代码',
  '备注',
] as const;

/** The most lines one 同步绑定 may send (pasted or from a sheet). */
export const IOT_SYNC_MAX_ROWS = 1000;
/** The 同步绑定 sheet's headers, in the template's order (注册代码 blank: unbind). */
export const IOT_SYNC_HEADERS = ['设备编号', '注册代码'] as const;

const liftOf = z
  .object({ deviceId, elevatorId: elevatorId.optional(), registerCode: text(30).optional() })
  .refine((v) => v.elevatorId !== undefined || !!v.registerCode, {
    message: '请选择要绑定的电梯（编号或注册代码）',
    path: ['elevatorId'],
  });

/** A signed link token: 8 characters of expiry (base 36 seconds) and 22 of signature. */
export const IOT_LINK_TOKEN_LENGTH = 30;

const E = '/equ3000';
const D = '/iot/device';
const A = '/iot/alarm';
const P = IOT_PERMISSIONS;

/** 电梯数据同步 (doc 2 §7.10, the 7 `equipment-sync` rows) and the merchant's device registry. */
export const iotDeviceCalls = {
  list: defineCall({
    domain: 'equipment-sync',
    method: 'POST',
    path: `${E}/list`,
    permission: P.deviceList,
    summary: '物联网设备列表',
    reads: true,
    input: deviceFilters,
    output: pageOf(iotDeviceRow),
  }),
  /**
   * The device sheet (.xlsx or .xls, IOT_IMPORT_HEADERS): all rows stored, or none and every bad
   * row by its number. Each new device's secret is answered this once.
   */
  import: defineCall({
    domain: 'equipment-sync',
    method: 'POST',
    path: `${E}/import`,
    permission: P.deviceEdit,
    summary: '导入物联网设备表格（全部成功或全部不导入）',
    encoding: 'multipart',
    input: z.object({}),
    output: importReport.extend({ devices: z.array(iotDeviceCreated) }),
  }),
  importTemplate: defineCall({
    domain: 'iot',
    method: 'GET',
    path: `${D}/importTemplate`,
    permission: P.deviceEdit,
    summary: '物联网设备导入模板',
    result: 'file',
    input: z.object({}),
    output: z.unknown(),
  }),
  /** The same rows as JSON (provisioning tools, the simulator): all or nothing. */
  batchAdd: defineCall({
    domain: 'iot',
    method: 'POST',
    path: `${D}/batchAdd`,
    permission: P.deviceEdit,
    summary: '批量新增物联网设备（全部成功或全部不导入）',
    input: z.object({
      devices: z
        .array(iotDeviceImportFields)
        .min(1, '请至少导入一台设备')
        .max(500, '一次最多导入 500 台设备'),
    }),
    output: z.array(iotDeviceCreated),
  }),
  bind: defineCall({
    domain: 'equipment-sync',
    method: 'POST',
    path: `${E}/bind`,
    permission: P.deviceEdit,
    summary: '设备绑定电梯',
    input: liftOf,
    output: iotDeviceRow,
  }),
  unbind: defineCall({
    domain: 'equipment-sync',
    method: 'POST',
    path: `${E}/unbind`,
    permission: P.deviceEdit,
    summary: '设备解绑电梯',
    input: z.object({ deviceId }),
    output: iotDeviceRow,
  }),
  sync: defineCall({
    domain: 'equipment-sync',
    method: 'POST',
    path: `${E}/sync`,
    permission: P.deviceEdit,
    summary: '同步设备与电梯的对应关系（按注册代码，逐条结果）',
    input: z.object({
      items: z
        .array(
          z.object({
            deviceCode,
            /** Empty: the device is unbound. */
            registerCode: text(30),
          }),
        )
        .min(1, '请至少提交一条对应关系')
        .max(IOT_SYNC_MAX_ROWS, `一次最多同步 ${IOT_SYNC_MAX_ROWS} 条`),
    }),
    output: z.object({
      bound: z.number().int(),
      unbound: z.number().int(),
      unchanged: z.number().int(),
      failed: z.array(z.object({ deviceCode: z.string(), message: z.string() })),
    }),
  }),
  /**
   * 同步绑定 from a sheet (.xlsx or .xls with the IOT_SYNC_HEADERS columns): the two columns' text of
   * every non-blank row by its row number in the sheet, nothing written. The dialog checks them as
   * it checks pasted lines, and sends them through `sync`.
   */
  syncSheet: defineCall({
    domain: 'iot',
    method: 'POST',
    path: `${D}/syncSheet`,
    permission: P.deviceEdit,
    summary: '读取同步绑定表格（只读取，不写入）',
    reads: true,
    encoding: 'multipart',
    input: z.object({}),
    output: z.object({
      rows: z.array(z.object({ line: z.number().int(), deviceCode: z.string(), registerCode: z.string() })),
    }),
  }),
  syncTemplate: defineCall({
    domain: 'iot',
    method: 'GET',
    path: `${D}/syncTemplate`,
    permission: P.deviceEdit,
    summary: '同步绑定表格模板',
    result: 'file',
    input: z.object({}),
    output: z.unknown(),
  }),
  getDeviceData: defineCall({
    domain: 'equipment-sync',
    method: 'GET',
    path: `${E}/getDeviceData/{id}`,
    permission: P.deviceList,
    summary: '设备实时数据（状态、统计、未消除报警、最近消息）',
    input: z.object({ id: deviceId }),
    output: iotDeviceData,
  }),
  /**
   * The catalogue's `GET {token}{id}`: a device's data through a signed link, no sign-in (a QR code
   * on the car, a link handed to a use unit). The token is IOT_LINK_TOKEN_LENGTH characters (expiry
   * and an HMAC of device and expiry) followed by the device id; `dataLink` makes one.
   */
  linkData: defineCall({
    domain: 'equipment-sync',
    method: 'GET',
    path: `${E}/{token}{id}`,
    permission: PUBLIC,
    summary: '设备数据签名链接（无需登录）',
    input: z.preprocess(
      (v) => {
        const raw = (v as Record<string, unknown> | null)?.['token:id'];
        if (typeof raw !== 'string') return v;
        return { token: raw.slice(0, IOT_LINK_TOKEN_LENGTH), id: raw.slice(IOT_LINK_TOKEN_LENGTH) };
      },
      z.object({
        token: z.string().length(IOT_LINK_TOKEN_LENGTH, '链接不正确'),
        id: deviceId,
      }),
    ),
    output: iotDeviceData,
  }),
  dataLink: defineCall({
    domain: 'iot',
    method: 'POST',
    path: `${D}/dataLink`,
    permission: P.deviceList,
    summary: '生成设备数据签名链接',
    reads: true,
    input: z.object({
      id: deviceId,
      hours: z.coerce.number().int().min(1, '有效期至少 1 小时').max(720, '有效期最长 720 小时').default(24),
    }),
    output: z.object({ path: z.string(), expiresAt: z.string() }),
  }),
  detail: defineCall({
    domain: 'iot',
    method: 'GET',
    path: `${D}/detail/{id}`,
    permission: P.deviceList,
    summary: '物联网设备详情（含绑定历史）',
    input: z.object({ id: deviceId }),
    output: iotDeviceDetail,
  }),
  add: defineCall({
    domain: 'iot',
    method: 'POST',
    path: `${D}/add`,
    permission: P.deviceEdit,
    summary: '新增物联网设备（密钥仅返回一次）',
    input: deviceFields,
    output: iotDeviceCreated,
  }),
  update: defineCall({
    domain: 'iot',
    method: 'POST',
    path: `${D}/update`,
    permission: P.deviceEdit,
    summary: '修改物联网设备（可重置密钥）',
    input: deviceFields.omit({ code: true }).extend({
      id: deviceId,
      version,
      /** A new secret (shown once); the old one stops working. */
      renewSecret: z.boolean().optional(),
    }),
    output: z.object({ device: iotDeviceRow, secret: z.string().nullable() }),
  }),
  delete: defineCall({
    domain: 'iot',
    method: 'DELETE',
    path: `${D}/delete`,
    permission: P.deviceEdit,
    summary: '删除物联网设备（须先解绑）',
    input: z.object({ ids: idList }),
    output: z.object({ deleted: z.number().int() }),
  }),
  liftState: defineCall({
    domain: 'iot',
    method: 'GET',
    path: '/iot/lift/state',
    permission: P.deviceList,
    summary: '电梯物联网实时状态（电梯详情的物联网页签）',
    input: z.object({ elevatorId }),
    output: z.object({
      device: iotDeviceRow.nullable(),
      /** 'escalator' when the lift is an escalator or moving walk (type 2 扶梯): its state is `escalator`. */
      kind: z.enum(IOT_STATE_KINDS),
      /** A lift's latest state (null for an escalator). */
      state: iotLiftState.nullable(),
      /** An escalator's latest state (null for a lift). */
      escalator: iotEscalatorState.nullable(),
      alarms: z.array(iotAlarmRow),
    }),
  }),
  /**
   * A lift's day as the console shows it: its runs (bounded: the newest `limit`, of `runCount`),
   * computed on the server from the day's states of the lift's kind (the registry's type decides, as
   * on the 物联网 tab), and the alarms open that day. The day's raw messages are `liftMessages`, paged.
   */
  liftHistory: defineCall({
    domain: 'iot',
    method: 'GET',
    path: '/iot/lift/history',
    permission: P.alarmList,
    summary: '电梯一天的运行记录与报警（时间线）',
    input: z.object({
      elevatorId,
      date: dateField('日期'),
      /** How many runs, the day's latest first. */
      limit: z.coerce.number().int().min(1).max(IOT_MAX_DAY_RUNS).default(200),
    }),
    output: z.object({
      kind: z.enum(IOT_STATE_KINDS),
      runs: z.array(iotLiftRun),
      /** The day's runs in all (more than `runs` when the day has more than `limit`). */
      runCount: z.number().int(),
      alarms: z.array(iotAlarmRow),
    }),
  }),
  liftMessages: defineCall({
    domain: 'iot',
    method: 'GET',
    path: '/iot/lift/messages',
    permission: P.alarmList,
    summary: '电梯一天的原始消息（分页）',
    input: z.object({
      elevatorId,
      date: dateField('日期'),
      kind: z.enum(IOT_MESSAGE_KINDS).optional(),
      /** asc from the day's start; desc the day's latest first. */
      order: z.enum(['asc', 'desc']).default('asc'),
      ...paging,
    }),
    output: pageOf(iotHistoryEntry),
  }),
};

/** `/common/queryIotSimple` (doc 2 §7.5): devices or IoT merchants for selects. */
export const iotLookupCalls = {
  queryIotSimple: defineCall({
    domain: 'shared',
    method: 'GET',
    path: '/common/queryIotSimple',
    permission: P.deviceList,
    summary: '物联网设备、商户或有设备电梯的维保/使用单位（下拉选择）',
    input: z.object({
      /** maintenance / use: the companies of the lifts with a device the user sees. */
      kind: z.enum(['device', 'merchant', 'maintenance', 'use']).default('device'),
      keyword: text(60).optional(),
      /** Devices: only those not bound to a lift. */
      unbound: z.enum(['true', 'false']).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    output: z.array(z.object({ id: z.number().int(), code: z.string().nullable(), name: z.string() })),
  }),
};

/** Alarms: list (per lift, company, district), acknowledge. */
export const iotAlarmCalls = {
  list: defineCall({
    domain: 'iot',
    method: 'GET',
    path: `${A}/list`,
    permission: P.alarmList,
    summary: '物联网报警列表',
    input: z.object({
      ...paging,
      /** open 未消除, cleared 已消除; all by default. */
      state: z.enum(['open', 'cleared']).optional(),
      type: z.coerce.number().int().min(1).max(99).optional(),
      severity: z.coerce.number().int().min(1).max(4).optional(),
      areaCode: text(12).optional(),
      elevatorId: elevatorId.optional(),
      deviceId: deviceId.optional(),
      maintenanceCompanyId: idField('维保单位').optional(),
      useCompanyId: idField('使用单位').optional(),
      dateFrom: dateField('开始日期').optional(),
      dateTo: dateField('结束日期').optional(),
    }),
    output: pageOf(iotAlarmRow),
  }),
  acknowledge: defineCall({
    domain: 'iot',
    method: 'POST',
    path: `${A}/acknowledge`,
    permission: P.alarmHandle,
    summary: '确认物联网报警',
    input: z.object({ id: idField('报警'), note: text(500).optional() }),
    output: iotAlarmRow,
  }),
};

/**
 * Ingestion over HTTP, for devices that cannot speak MQTT: the same messages, with the device's own
 * credentials (`secret`), or a partner's API key with the `iot:ingest` scope in `X-Api-Key` (then no
 * secret: the key's organisation must be the device's merchant, a platform-wide key may name any).
 */
export const iotIngestCalls = {
  ingest: defineCall({
    domain: 'iot',
    method: 'POST',
    path: '/iot/ingest',
    permission: PUBLIC,
    apiKeyScope: 'iot:ingest',
    summary: '设备数据上报（HTTP；设备密钥或 API 密钥 iot:ingest）',
    input: z.object({
      deviceCode,
      /** The device's merchant (its topic's number): optional, the secret picks the device otherwise. */
      merchantId: idField('物联网商户').optional(),
      /** Required unless the request carries an API key. */
      secret: requiredText('设备密钥', 100).optional(),
      kind: z.enum(IOT_MESSAGE_KINDS, { error: '消息类型应为 status、alarm、stats 或 escalator' }),
      /** One message of the kind's schema (validated as the MQTT path validates it). */
      message: z.record(z.string(), z.unknown()),
    }),
    output: z.object({ stored: z.boolean() }),
  }),
  stats: defineCall({
    domain: 'iot',
    method: 'GET',
    path: '/iot/ingest/stats',
    permission: P.ingestStats,
    summary: '本节点的物联网接入计数（收到、入库、丢弃及原因）',
    input: z.object({}),
    output: z.object({
      broker: z.enum(['embedded', 'external', 'off']),
      /** The embedded broker's port (devices connect to it; null with an external broker or none). */
      port: z.number().int().nullable(),
      received: z.number().int(),
      stored: z.number().int(),
      dropped: z.record(z.string(), z.number().int()),
      pending: z.number().int(),
    }),
  }),
};
