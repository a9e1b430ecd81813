import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  dateText,
  INT4_MAX,
  idField,
  idList,
  idParam,
  nothing,
  pageOf,
  paging,
  requiredText,
  text,
} from './common.ts';
import { maintenanceOrderRow } from './maintenance.ts';
import { addDays, INSPECT_DUE_DAYS } from './rules.ts';

/** 注册代码 / 设备代码: 18–20 letters and digits, kept as strings (DOMAIN.md §1.1). */
export const ELEVATOR_CODE_RE = /^[0-9A-Za-z]{18,20}$/;
/** 应急救援识别码: 6 digits, leading zeros kept. */
export const RESCUE_CODE_RE = /^\d{6}$/;

export const ELEVATOR_TYPES = { 1: '直梯', 2: '扶梯' } as const;
export const USE_STATUS = { 1: '在用', 2: '停用', 3: '报废' } as const;
export const CLAIM_TYPES = ['maintenance', 'use'] as const;
export const claimType = z.enum(CLAIM_TYPES);
export type ClaimType = z.infer<typeof claimType>;
/** Claim state of an elevator for one claim type: 0 not claimed, 2 awaiting review, 3 bound. */
export const CLAIM_STATE_LABEL: Record<number, string> = { 0: '未认领', 2: '待审核', 3: '已认领' };
/** A claim record's state: the workflow's 2/3/4, and 1 once withdrawn or released. */
export const CLAIM_RECORD_STATE_LABEL: Record<number, string> = {
  1: '已撤回/已解除',
  2: '待审核',
  3: '已通过',
  4: '已驳回',
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

const code = (label: string) => z.string().trim().regex(ELEVATOR_CODE_RE, `${label}应为 18–20 位字母或数字`);
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

export const claimHistoryEntry = z.object({
  action: z.string(),
  actionLabel: z.string(),
  fromState: z.number().int().nullable(),
  toState: z.number().int(),
  actorName: z.string().nullable(),
  description: z.string().nullable(),
  time: z.string(),
});

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

const elevatorIdInput = z.object({ elevatorId: idField() });

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
const auditIdInput = z.object({ auditId: idField() });
const idsInput = z.object({ ids: idList });
const claimDecision = z.object({
  auditId: idField(),
  auditDescription: text(500).optional(),
  version: z.coerce.number().int().min(0).max(INT4_MAX, '版本号不正确').optional(),
});

const E = 'elevator';
const P = '/pc/elevator';
const list = 'elevator:list';
const edit = 'elevator:edit';
const claim = 'elevator:claim';
const audit = 'elevator:claim:audit';

export const elevatorCalls = {
  queryList: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryList`,
    reads: true,
    permission: list,
    summary: '电梯台账列表',
    input: elevatorFilters,
    output: elevatorPage,
  }),
  inspectionCounts: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/inspectionCounts`,
    reads: true,
    permission: list,
    summary: '本辖区在用电梯的超期未检、即将到期台数',
    input: z.object({}),
    output: inspectionCounts,
  }),
  query: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/query`,
    reads: true,
    permission: list,
    summary: '电梯快速检索（选择器）',
    input: z.object({
      keyword: text(50).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    output: z.array(
      z.object({
        id: z.number().int(),
        registerCode: z.string(),
        name: z.string().nullable(),
        address: z.string(),
      }),
    ),
  }),
  queryElevatorList: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryElevatorList`,
    reads: true,
    permission: list,
    summary: '我的电梯列表',
    input: elevatorFilters,
    output: elevatorPage,
  }),
  queryClaim: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryClaim`,
    reads: true,
    permission: claim,
    summary: '本单位已认领（含待审核）的电梯',
    input: elevatorFilters.extend({ claimType: claimType.optional() }),
    output: elevatorPage,
  }),
  queryUnClaim: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryUnClaim`,
    reads: true,
    permission: claim,
    summary: '可认领的电梯',
    input: elevatorFilters.extend({ claimType: claimType.optional() }),
    output: elevatorPage,
  }),
  queryByPoint: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryByPoint`,
    reads: true,
    permission: list,
    summary: '地图范围内的电梯',
    input: z
      .object({
        minLng: z.coerce.number().min(-180).max(180).optional(),
        maxLng: z.coerce.number().min(-180).max(180).optional(),
        minLat: z.coerce.number().min(-90).max(90).optional(),
        maxLat: z.coerce.number().min(-90).max(90).optional(),
        lng: z.coerce.number().min(-180).max(180).optional(),
        lat: z.coerce.number().min(-90).max(90).optional(),
        radiusKm: z.coerce.number().positive().max(50).optional(),
        limit: z.coerce.number().int().min(1).max(5000).default(2000),
      })
      .refine(
        (v) =>
          (v.minLng !== undefined &&
            v.maxLng !== undefined &&
            v.minLat !== undefined &&
            v.maxLat !== undefined) ||
          (v.lng !== undefined && v.lat !== undefined && v.radiusKm !== undefined),
        '请提供地图范围（minLng、maxLng、minLat、maxLat）或圆心与半径（lng、lat、radiusKm）',
      ),
    output: z.array(
      z.object({
        id: z.number().int(),
        registerCode: z.string(),
        name: z.string().nullable(),
        address: z.string(),
        longitude: z.number(),
        latitude: z.number(),
        type: z.number().int(),
      }),
    ),
  }),
  queryElevator: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryElevator`,
    reads: true,
    permission: list,
    summary: '按注册代码、设备代码或救援识别码查找电梯',
    input: z.object({ code: requiredText('电梯编号或救援识别码', 32) }),
    output: elevatorDetail,
  }),
  save: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/save`,
    permission: edit,
    summary: '新增电梯',
    input: elevatorFields,
    output: elevatorDetail,
  }),
  saveedit: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/saveedit`,
    permission: edit,
    summary: '新增或修改电梯',
    input: elevatorFields.extend({
      id: idField().optional(),
      version: z.coerce.number().int().min(0).max(INT4_MAX, '版本号不正确').optional(),
    }),
    output: elevatorDetail,
  }),
  update: defineCall({
    domain: E,
    method: 'PUT',
    path: `${P}/update`,
    permission: edit,
    summary: '修改电梯',
    input: elevatorFields.extend({
      id: idField(),
      version: z.coerce.number().int().min(0).max(INT4_MAX, '版本号不正确'),
    }),
    output: elevatorDetail,
  }),
  updateBatch: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/updateBatch`,
    permission: edit,
    summary: '批量修改电梯',
    input: z
      .object({
        ids: idList,
        useOccasion: text(10).optional(),
        useStatus: z.coerce.number().int().min(1).max(3).optional(),
        nextInspectDate: dateText.optional(),
        useCompanyId: idField().optional(),
      })
      .refine((v) => Object.keys(v).length > 1, '请至少填写一项要修改的内容'),
    output: z.object({ updated: z.number().int() }),
  }),
  delete: defineCall({
    domain: E,
    method: 'DELETE',
    path: `${P}/delete`,
    permission: edit,
    summary: '删除电梯',
    input: idsInput,
    output: z.object({ deleted: z.number().int() }),
  }),
  enAble: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/enAble`,
    permission: edit,
    summary: '启用电梯',
    input: idsInput,
    output: z.object({ updated: z.number().int() }),
  }),
  disAble: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/disAble`,
    permission: edit,
    summary: '停用电梯',
    input: idsInput,
    output: z.object({ updated: z.number().int() }),
  }),
  unbindingEmergencyCode: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/unbindingEmergencyCode`,
    permission: edit,
    summary: '解绑应急救援识别码',
    input: idParam,
    output: nothing,
  }),
  supervisionCode: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/supervisionCode`,
    permission: edit,
    summary: '设置监察识别码',
    input: z.object({
      id: idField(),
      supervisionCode: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z]{4,20}$/, '监察识别码应为 4–20 位字母或数字'),
    }),
    output: nothing,
  }),
  distributionElevator: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/distributionElevator`,
    permission: audit,
    summary: '为电梯指定维保单位',
    input: z.object({
      ids: idList,
      maintenanceCompanyId: z.coerce
        .number()
        .int()
        .positive({ error: '请选择维保单位' })
        .max(INT4_MAX, '编号超出范围'),
    }),
    output: z.object({ updated: z.number().int() }),
  }),
  syncModify: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/syncModify`,
    permission: 'elevator:sync',
    summary: '以同步来源的数据修正电梯登记信息',
    input: z.object({
      id: idField(),
      useCertNo: text(40).optional(),
      registerDate: dateText.optional(),
      lastInspectDate: dateText.optional(),
      nextInspectDate: dateText.optional(),
      useStatus: z.coerce.number().int().min(1).max(3).optional(),
    }),
    output: elevatorDetail,
  }),
  syncData: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/syncData`,
    permission: 'elevator:sync',
    summary: '接收外部系统推送的电梯数据（按注册代码新增或更新）',
    input: z.object({
      records: z.array(elevatorFields).min(1, '没有要同步的数据').max(1000, '一次最多同步 1000 条'),
    }),
    output: z.object({ created: z.number().int(), updated: z.number().int() }),
  }),
  syncSheet: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/syncSheet`,
    permission: 'elevator:sync',
    summary: '读取同步表格（导入模板格式），返回待同步的电梯数据与有问题的行',
    encoding: 'multipart',
    input: z.object({}),
    output: syncSheetResult,
  }),
  refreshInspectTime: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/refreshInspectTime`,
    permission: edit,
    summary: '按上次检验日期重算下次检验日期',
    input: idParam,
    output: elevatorDetail,
  }),
  refreshAllInspectTime: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/refreshAllInspectTime`,
    permission: edit,
    summary: '重算全部电梯的下次检验日期',
    input: z.object({}),
    output: z.object({ updated: z.number().int() }),
  }),
  importList: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/importList`,
    permission: 'elevator:import',
    summary: '导入电梯',
    encoding: 'multipart',
    input: z.object({}),
    output: importReport,
  }),
  importTemplate: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/importTemplate`,
    permission: 'elevator:import',
    summary: '电梯导入模板',
    result: 'file',
    input: z.object({}),
    output: z.unknown(),
  }),
  export: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/export`,
    permission: 'elevator:export',
    summary: '按条件导出电梯',
    result: 'file',
    input: elevatorFilters,
    output: z.unknown(),
  }),
  exportByIds: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/exportByIds`,
    permission: 'elevator:export',
    summary: '导出选中的电梯',
    result: 'file',
    input: idsInput,
    output: z.unknown(),
  }),
  exportExcel: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/exportExcel`,
    permission: 'elevator:export',
    summary: '导出电梯台账（含技术参数）',
    result: 'file',
    input: elevatorFilters,
    output: z.unknown(),
  }),
  exportElevatorDataByIds: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/exportElevatorDataByIds`,
    permission: 'elevator:export',
    summary: '导出选中电梯的完整资料',
    result: 'file',
    input: idsInput,
    output: z.unknown(),
  }),
  detailInfo: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryDetail/info`,
    reads: true,
    permission: list,
    summary: '电梯详情',
    input: elevatorIdInput,
    output: elevatorDetail,
  }),
  detailMaintenanceOrderInfo: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryDetail/maintenanceOrderInfo`,
    reads: true,
    permission: list,
    summary: '电梯的维保工单',
    input: elevatorIdInput.extend(paging),
    output: pageOf(maintenanceOrderRow),
  }),
  detailMaintenanceInfo: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryDetail/maintenanceInfo`,
    reads: true,
    permission: list,
    summary: '电梯的维保单位',
    input: elevatorIdInput,
    output: companyInfo,
  }),
  detailBuildingCompanyInfo: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/queryDetail/buildingCompanyInfo`,
    reads: true,
    permission: list,
    summary: '电梯的使用单位',
    input: elevatorIdInput,
    output: companyInfo,
  }),
  attachmentList: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/attachment/list`,
    reads: true,
    permission: list,
    summary: '电梯附件列表',
    input: elevatorIdInput,
    output: z.array(elevatorAttachment),
  }),
  attachmentAdd: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/attachment/add`,
    permission: edit,
    summary: '为电梯添加附件（先上传文件，再按文件编号添加）',
    input: elevatorIdInput.extend({
      fileIds: z
        .array(z.string().uuid('文件编号格式不正确'), { error: '请选择要添加的附件' })
        .min(1, '请选择要添加的附件')
        .max(10, '一次最多添加 10 个附件'),
    }),
    output: z.array(elevatorAttachment),
  }),
  attachmentRemove: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/attachment/remove`,
    permission: edit,
    summary: '删除电梯附件',
    input: elevatorIdInput.extend({ ids: idList }),
    output: z.object({ removed: z.number().int() }),
  }),
  auditDetailInfo: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/auditElevatorDetail/info`,
    reads: true,
    permission: list,
    summary: '认领审核：电梯信息',
    input: auditIdInput,
    output: elevatorDetail,
  }),
  auditDetailUserCompany: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/auditElevatorDetail/userCompanyInfo`,
    reads: true,
    permission: list,
    summary: '认领审核：使用单位',
    input: auditIdInput,
    output: companyInfo,
  }),
  auditDetailMaintenance: defineCall({
    domain: E,
    method: 'POST',
    path: `${P}/auditElevatorDetail/maintenanceInfo`,
    reads: true,
    permission: list,
    summary: '认领审核：维保单位',
    input: auditIdInput,
    output: companyInfo,
  }),
  queryClaimElevatorList: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/queryClaimElevatorList`,
    permission: audit,
    summary: '待审核的认领',
    input: z.object({ ...paging, claimType: claimType.optional(), registerCode: text(32).optional() }),
    output: pageOf(claimRecord),
  }),
  queryClaimElevatorDetail: defineCall({
    domain: E,
    method: 'GET',
    path: `${P}/queryClaimElevatorDetail/{id}`,
    permission: list,
    summary: '认领记录详情',
    input: idParam,
    output: z.object({ claim: claimRecord, elevator: elevatorDetail, history: z.array(claimHistoryEntry) }),
  }),
  claim: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${P}/claim`,
    permission: claim,
    summary: '维保单位认领电梯',
    input: idsInput,
    output: z.object({ submitted: z.number().int() }),
  }),
  unClaim: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${P}/unClaim`,
    permission: claim,
    summary: '维保单位撤回认领或解除绑定',
    input: idsInput,
    output: z.object({ released: z.number().int() }),
  }),
};

const C = '/pc/elevatorClaim';
export const claimCalls = {
  submitClaim: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/submitClaim`,
    permission: claim,
    summary: '使用单位认领电梯',
    input: z.object({ ids: idList, communityId: idField().optional() }),
    output: z.object({ submitted: z.number().int() }),
  }),
  unSubmitObject: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/unSubmitObject`,
    permission: claim,
    summary: '使用单位撤回认领或解除绑定',
    input: idsInput,
    output: z.object({ released: z.number().int() }),
  }),
  auditPass: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/auditPass`,
    permission: audit,
    summary: '认领审核通过',
    input: claimDecision,
    output: claimRecord,
  }),
  auditReject: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/auditReject`,
    permission: audit,
    summary: '认领审核驳回',
    input: claimDecision,
    output: claimRecord,
  }),
  queryHistoryList: defineCall({
    domain: 'claim',
    method: 'GET',
    path: `${C}/queryHistoryList`,
    permission: list,
    summary: '认领记录',
    input: z.object({
      ...paging,
      claimType: claimType.optional(),
      state: z.coerce.number().int().min(1).max(4).optional(),
      registerCode: text(32).optional(),
      companyId: idField().optional(),
    }),
    output: pageOf(claimRecord),
  }),
  elevatorHistoryDetail: defineCall({
    domain: 'claim',
    method: 'GET',
    path: `${C}/elevatorHistoryDetail/{id}`,
    permission: list,
    summary: '认领记录的审核历史',
    input: idParam,
    output: z.object({ claim: claimRecord, history: z.array(claimHistoryEntry) }),
  }),
  historyElevatorClaim: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/historyElevatorClaim`,
    permission: list,
    summary: '一台电梯的全部认领记录',
    input: elevatorIdInput,
    output: z.array(claimRecord),
  }),
  batchRemoveElevator: defineCall({
    domain: 'claim',
    method: 'POST',
    path: `${C}/batchRemoveElevator`,
    permission: audit,
    summary: '删除已办结的认领记录',
    input: idsInput,
    output: z.object({ deleted: z.number().int() }),
  }),
};
