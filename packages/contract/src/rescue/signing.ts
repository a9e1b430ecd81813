import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idList, pageOf, paging, text } from '../common.ts';
import { dateField, phoneInput, version } from '../fields.ts';
import { RESCUE_PERMISSIONS } from './rules.ts';

/*
 * Use-unit and lease signing (签约管理, unnamed.md §C4 "sign lease server": queryPage, saves,
 * findById, deleteElevatorById; the paths are ours, docs/paths.md). Kind 1 使用单位签约 is a use
 * unit's service agreement with the platform; kind 2 租赁签约 a lease of its lifts (advertising),
 * with the other party when there is one. A regulator sees those of its districts, a use unit its
 * own, the platform all.
 */

export const SIGN = '/pc/signLease';
const P = RESCUE_PERMISSIONS;

export const SIGNING_KIND = { useUnit: 1, lease: 2 } as const;
export const SIGNING_KIND_LABEL: Record<number, string> = { 1: '使用单位签约', 2: '租赁签约' };
/** Where a signing stands today (from its dates). */
export const SIGNING_STATE_LABEL = { upcoming: '未生效', active: '生效中', expired: '已到期' } as const;
export type SigningState = keyof typeof SIGNING_STATE_LABEL;

const kind = z.coerce
  .number({ error: '请选择签约类型' })
  .int()
  .refine((v) => v === 1 || v === 2, '签约类型应为使用单位签约或租赁签约');

export const signingRow = z.object({
  id: z.number().int(),
  signNo: z.string(),
  kind: z.number().int(),
  kindLabel: z.string(),
  useCompanyId: z.number().int(),
  useCompanyName: z.string(),
  partnerId: z.number().int().nullable(),
  partnerName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  state: z.enum(['upcoming', 'active', 'expired']),
  stateLabel: z.string(),
  /** 元 */
  amount: z.number().int().nullable(),
  /** A lease's share of its lifts' advertising revenue for the use unit, percent (the settlement's). */
  share: z.number().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  remark: z.string().nullable(),
  areaCode: z.string(),
  liftCount: z.number().int(),
  createdByName: z.string().nullable(),
  createTime: z.string(),
  version: z.number().int(),
});
export type SigningRow = z.infer<typeof signingRow>;

export const signingLift = z.object({
  /** The link's id (deleteElevatorById takes it). */
  id: z.number().int(),
  elevatorId: z.number().int(),
  registerCode: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  areaCode: z.string().nullable(),
});
export type SigningLift = z.infer<typeof signingLift>;

export const signingDetail = signingRow.extend({ lifts: z.array(signingLift) });
export type SigningDetail = z.infer<typeof signingDetail>;

export const signingFilters = z.object({
  ...paging,
  kind: kind.optional(),
  /** Signing number or the use unit's name. */
  keyword: text(50).optional(),
  useCompanyId: idField('使用单位').optional(),
  areaCode: text(12).optional(),
  state: z.enum(['upcoming', 'active', 'expired']).optional(),
});
export type SigningFilters = z.input<typeof signingFilters>;

const elevatorIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(idField('电梯'), { error: '电梯列表格式不正确' }).max(500, '一次签约最多 500 台电梯'),
);

/** The signing's contact number; the one a detail showed (masked) may come back unchanged. */
export const signingContactPhone = phoneInput({ label: '联系电话', maskedOk: true });

export const signingInput = z
  .object({
    /** Absent: a new signing. */
    id: idField('签约编号').optional(),
    version: version.optional(),
    kind,
    /** A use unit signs for itself; the platform or a regulator names the use unit. */
    useCompanyId: idField('使用单位').optional(),
    partnerId: idField('租赁方').nullable().optional(),
    startDate: dateField('开始日期'),
    endDate: dateField('结束日期'),
    amount: z.coerce
      .number({ error: '金额应为数字' })
      .int('金额应为整数（元）')
      .min(0, '金额不能为负数')
      .max(1_000_000_000, '金额超出范围')
      .nullable()
      .optional(),
    /** 分成比例 of a lease (kind 2), percent with two decimals; none: the settlement's parameter. */
    share: z.coerce
      .number({ error: '分成比例应为数字' })
      .min(0, '分成比例应在 0 到 100 之间')
      .max(100, '分成比例应在 0 到 100 之间')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, '分成比例最多两位小数')
      .nullable()
      .optional(),
    contactName: text(30).nullable().optional(),
    // A number shown masked (138****1234) may come back unchanged: the stored one is kept.
    contactPhone: signingContactPhone.nullable().optional(),
    remark: text(500).nullable().optional(),
    /** The lifts the signing covers (all of the use unit's); on an edit, the whole set. */
    elevatorIds: elevatorIds.default([]),
  })
  .refine((v) => v.endDate >= v.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
  .refine((v) => v.id === undefined || v.version !== undefined, {
    message: '修改签约时缺少版本号',
    path: ['version'],
  });
export type SigningInput = z.input<typeof signingInput>;

const option = z.object({ id: z.number().int(), name: z.string(), areaCode: z.string().nullable() });

export const signingCalls = {
  queryPage: defineCall({
    domain: 'signLease',
    method: 'GET',
    path: `${SIGN}/queryPage`,
    permission: P.signingList,
    summary: '签约列表',
    input: signingFilters,
    output: pageOf(signingRow),
  }),
  saves: defineCall({
    domain: 'signLease',
    method: 'POST',
    path: `${SIGN}/saves`,
    permission: P.signingEdit,
    summary: '新增或修改签约',
    input: signingInput,
    output: signingDetail,
  }),
  findById: defineCall({
    domain: 'signLease',
    method: 'GET',
    path: `${SIGN}/findById`,
    permission: P.signingList,
    summary: '签约详情（含电梯）',
    input: z.object({ id: idField('签约编号') }),
    output: signingDetail,
  }),
  deleteElevatorById: defineCall({
    domain: 'signLease',
    method: 'DELETE',
    path: `${SIGN}/deleteElevatorById`,
    permission: P.signingEdit,
    summary: '移除签约中的电梯',
    input: z.object({ id: idField('签约电梯编号') }),
    output: signingDetail,
  }),
  delete: defineCall({
    domain: 'signLease',
    method: 'DELETE',
    path: `${SIGN}/delete`,
    permission: P.signingEdit,
    summary: '删除签约',
    input: z.object({ ids: idList }),
    output: z.object({ deleted: z.number().int() }),
  }),
  useUnits: defineCall({
    domain: 'signLease',
    method: 'GET',
    path: `${SIGN}/useUnits`,
    permission: P.signingList,
    summary: '可签约的使用单位',
    input: z.object({ keyword: text(50).optional() }),
    output: z.array(option),
  }),
  partners: defineCall({
    domain: 'signLease',
    method: 'GET',
    path: `${SIGN}/partners`,
    permission: P.signingList,
    summary: '租赁方（广告运营商）',
    input: z.object({ keyword: text(50).optional() }),
    output: z.array(option),
  }),
  lifts: defineCall({
    domain: 'signLease',
    method: 'GET',
    path: `${SIGN}/lifts`,
    permission: P.signingList,
    summary: '使用单位的电梯（签约可选）',
    input: z.object({ useCompanyId: idField('使用单位') }),
    output: z.array(
      z.object({
        id: z.number().int(),
        registerCode: z.string(),
        name: z.string().nullable(),
        address: z.string(),
        areaCode: z.string(),
      }),
    ),
  }),
};
