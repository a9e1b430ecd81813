import { z } from 'zod';
import {
  auditStep,
  dateText,
  INT4_MAX,
  idField,
  idList,
  pageOf,
  paging,
  requiredText,
  text,
} from '../common.ts';
import { addDays, FILING_STATE, INSPECT_DUE_DAYS } from '../rules.ts';

/**
 * The elevator registry's labels, rules and schemas (rows, forms, filters, claims, attachments),
 * and the domain and permission names its calls use. Some exports (the permission names, the small
 * inputs) serve only the sibling files; ../elevator.ts re-exports the public names.
 */

/** 注册代码 / 设备代码: 18–20 letters and digits, kept as strings (DOMAIN.md §1.1). */
export const ELEVATOR_CODE_RE = /^[0-9A-Za-z]{18,20}$/;
/** 应急救援识别码: 6 digits, leading zeros kept. */
export const RESCUE_CODE_RE = /^\d{6}$/;

export const ELEVATOR_TYPES = { 1: '直梯', 2: '扶梯' } as const;
/** The registry's type of an escalator or moving walk (扶梯): its IoT state is the escalator's. */
export const ESCALATOR_TYPE = 2;
export const USE_STATUS = { 1: '在用', 2: '停用', 3: '报废' } as const;
export const CLAIM_TYPES = ['maintenance', 'use'] as const;
export const claimType = z.enum(CLAIM_TYPES);
export type ClaimType = z.infer<typeof claimType>;
/** Claim state of an elevator for one claim type: 0 not claimed, 2 awaiting review, 3 bound. */
export const CLAIM_STATE_LABEL: Record<number, string> = { 0: '未认领', 2: '待审核', 3: '已认领' };
/** A claim record's state: the workflow's 2/3/4, and 1 once withdrawn or released. */
export const CLAIM_RECORD_STATE_LABEL: Record<number, string> = {
  [FILING_STATE.notFiled]: '已撤回/已解除',
  [FILING_STATE.pending]: '待审核',
  [FILING_STATE.passed]: '已通过',
  [FILING_STATE.rejected]: '已驳回',
};

/**
 * Periodic inspection (TSG T7001: every year) of a lift in use: 超期未检 when its next inspection
 * date has passed, 即将到期 when it falls within INSPECT_DUE_DAYS. A lift out of use (停用, 报废)
 * is not inspected until it returns to use, so it carries neither. The server's filter and counts
 * apply the same rule in SQL (elevator/list.ts).
 */
export const INSPECT_STATES = ['overdue', 'due'] as const;
export type InspectState = (typeof INSPECT_STATES)[number];
export const INSPECT_STATE_LABEL: Record<InspectState, string> = { overdue: '超期未检', due: '即将到期' };

/** The inspection state of a lift on `today` (`yyyy-MM-dd` in Asia/Shanghai), or null when neither. */
export function inspectStateOf(
  e: { nextInspectDate: string | null; useStatus: number },
  today: string,
): InspectState | null {
  if (e.useStatus !== 1 || !e.nextInspectDate) return null;
  if (e.nextInspectDate < today) return 'overdue';
  return e.nextInspectDate <= addDays(today, INSPECT_DUE_DAYS) ? 'due' : null;
}

export const ELEVATOR_SORT_FIELDS = [
  'id',
  'registerCode',
  'nextInspectDate',
  'createTime',
  'areaCode',
] as const;

export const code = (label: string) =>
  z.string().trim().regex(ELEVATOR_CODE_RE, `${label}应为 18–20 位字母或数字`);
const optionalCode = (label: string) => z.union([code(label), z.literal('')]).optional();
const num = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能为负数`)
    .max(max, `${label}超出范围`);
const optionalDate = z
  .union([dateText, z.literal('')])
  .nullable()
  .optional();

/** Fields an elevator is created or edited with. */
export const elevatorFields = z.object({
  registerCode: code('注册代码'),
  deviceCode: optionalCode('设备代码'),
  useCertNo: text(40).optional(),
  rescueCode: z
    .union([z.string().regex(RESCUE_CODE_RE, '应急救援识别码应为 6 位数字'), z.literal('')])
    .optional(),
  name: text(100).optional(),
  internalNo: text(50).optional(),
  factoryNo: text(50).optional(),
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, '电梯类型应为 1（直梯）或 2（扶梯）'),
  variety: text(10).optional(),
  useOccasion: text(10).optional(),
  areaCode: requiredText('所在区域', 12),
  address: requiredText('详细地址', 200),
  community: text(100).optional(),
  longitude: num('经度', 180).nullable().optional(),
  latitude: num('纬度', 90).nullable().optional(),
  useCompanyId: idField().nullable().optional(),
  manufacturer: text(100).optional(),
  installer: text(100).optional(),
  brand: text(50).optional(),
  model: text(50).optional(),
  ratedLoad: num('额定载重量', 100_000).nullable().optional(),
  ratedSpeed: num('额定速度', 20).nullable().optional(),
  floors: num('层数', 300).nullable().optional(),
  manufactureDate: optionalDate,
  installDate: optionalDate,
  registerDate: optionalDate,
  lastInspectDate: optionalDate,
  nextInspectDate: optionalDate,
  /** 1 when a new elevator omits it; an update that omits it keeps the current one. */
  useStatus: z.coerce.number().int().min(1).max(3).optional(),
});
export type ElevatorFields = z.infer<typeof elevatorFields>;

export const elevatorRow = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  deviceCode: z.string().nullable(),
  useCertNo: z.string().nullable(),
  rescueCode: z.string().nullable(),
  supervisionCode: z.string().nullable(),
  name: z.string().nullable(),
  type: z.number().int(),
  typeLabel: z.string(),
  variety: z.string().nullable(),
  useOccasion: z.string().nullable(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  address: z.string(),
  community: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  maintenanceCompanyId: z.number().int().nullable(),
  maintenanceCompanyName: z.string().nullable(),
  maintenanceClaimState: z.number().int(),
  useClaimState: z.number().int(),
  status: z.number().int(),
  useStatus: z.number().int(),
  nextInspectDate: z.string().nullable(),
  createTime: z.string(),
});
export type ElevatorRow = z.infer<typeof elevatorRow>;

export const elevatorDetail = elevatorRow.extend({
  internalNo: z.string().nullable(),
  factoryNo: z.string().nullable(),
  manufacturer: z.string().nullable(),
  installer: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  ratedLoad: z.number().nullable(),
  ratedSpeed: z.number().nullable(),
  floors: z.number().nullable(),
  manufactureDate: z.string().nullable(),
  installDate: z.string().nullable(),
  registerDate: z.string().nullable(),
  lastInspectDate: z.string().nullable(),
  version: z.number().int(),
  updateTime: z.string(),
});
export type ElevatorDetail = z.infer<typeof elevatorDetail>;

/** Filters of the registry lists; every one narrows the SQL, inside the caller's data scope. */
export const elevatorFilters = z.object({
  ...paging,
  registerCode: text(32).optional(),
  deviceCode: text(32).optional(),
  useCertNo: text(40).optional(),
  rescueCode: text(6).optional(),
  /** Fuzzy search over address, community and name, and the names of the use unit and maintenance company. */
  keyword: text(50).optional(),
  address: text(100).optional(),
  areaCode: text(12).optional(),
  useCompanyId: idField().optional(),
  maintenanceCompanyId: idField().optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  useStatus: z.coerce.number().int().min(1).max(3).optional(),
  maintenanceClaimState: z.coerce
    .number()
    .int()
    .refine((v) => [0, 2, 3].includes(v), '认领状态应为 0、2 或 3')
    .optional(),
  useClaimState: z.coerce
    .number()
    .int()
    .refine((v) => [0, 2, 3].includes(v), '认领状态应为 0、2 或 3')
    .optional(),
  useOccasion: text(10).optional(),
  nextInspectFrom: dateText.optional(),
  nextInspectTo: dateText.optional(),
  /** 超期未检 or 即将到期 (see inspectStateOf). */
  inspectState: z
    .enum(INSPECT_STATES, { error: '检验状态应为 overdue（超期未检）或 due（即将到期）' })
    .optional(),
  sortField: z.enum(ELEVATOR_SORT_FIELDS, { error: '不支持按该字段排序' }).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type ElevatorFilters = z.infer<typeof elevatorFilters>;

/** Lifts in use within the caller's scope by inspection state: what a regulator checks first. */
export const inspectionCounts = z.object({
  overdue: z.number().int(),
  due: z.number().int(),
});
export type InspectionCounts = z.infer<typeof inspectionCounts>;

export const elevatorPage = pageOf(elevatorRow).extend({
  /** True when `total` is an estimate ("约 N"): exact counts stop where counting stops being cheap (db/totals.ts). */
  approximate: z.boolean(),
});

export const claimRecord = z.object({
  id: z.number().int(),
  auditId: z.number().int(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  claimType,
  companyId: z.number().int(),
  companyName: z.string(),
  communityId: z.number().int().nullable(),
  state: z.number().int(),
  stateLabel: z.string(),
  auditDescription: z.string().nullable(),
  version: z.number().int(),
  submitTime: z.string(),
  decideTime: z.string().nullable(),
});
export type ClaimRecord = z.infer<typeof claimRecord>;

/** A claim's history has the shape of every review history. */
export const claimHistoryEntry = auditStep;

export const companyInfo = z
  .object({
    id: z.number().int(),
    name: z.string(),
    creditCode: z.string().nullable(),
    areaCode: z.string().nullable(),
    address: z.string().nullable(),
    legalPerson: z.string().nullable(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
  })
  .nullable();

export const importReport = z.object({
  success: z.boolean(),
  total: z.number().int(),
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  /** The error report as a sheet, to download through /showFile. */
  reportFileId: z.string().nullable(),
});
export type ImportReport = z.infer<typeof importReport>;

export const elevatorIdInput = z.object({ elevatorId: idField() });

/** A file attached to an elevator (附件): the stored file and who attached it when. */
export const elevatorAttachment = z.object({
  id: z.number().int(),
  elevatorId: z.number().int(),
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mime: z.string(),
  uploaderName: z.string().nullable(),
  createTime: z.string(),
});
export type ElevatorAttachment = z.infer<typeof elevatorAttachment>;
/** Attachments one elevator may hold. */
export const MAX_ELEVATOR_ATTACHMENTS = 50;

/** One row of a sync sheet read by the server, before it is pushed through syncData. */
export const syncSheetResult = z.object({
  total: z.number().int(),
  records: z.array(elevatorFields),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type SyncSheetResult = z.infer<typeof syncSheetResult>;

// The small inputs, the catalogue domain, the path prefix and the permissions of the elevator calls
// (for the sibling files; not re-exported from the contract).
export const auditIdInput = z.object({ auditId: idField() });
export const idsInput = z.object({ ids: idList });
export const claimDecision = z.object({
  auditId: idField(),
  auditDescription: text(500).optional(),
  version: z.coerce.number().int().min(0).max(INT4_MAX, '版本号不正确').optional(),
});

export const E = 'elevator';
export const P = '/pc/elevator';
export const list = 'elevator:list';
export const edit = 'elevator:edit';
export const claim = 'elevator:claim';
export const audit = 'elevator:claim:audit';
