import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageOf, paging, text } from '../common.ts';
import { BE, positiveId } from './fields.ts';

/** Maintenance incentive (维保激励, /pc/maintenanceIncentive): ratings of maintenance units. */

export const incentiveRow = z.object({
  maintenanceCompanyId: z.number().int(),
  maintenanceCompanyName: z.string(),
  ratingCount: z.number().int(),
  elevatorCount: z.number().int(),
  averageScore: z.number(),
  /** Findings of the regulator's checks confirmed as violations in the last 365 days. */
  violationCount: z.number().int(),
  /** The average rating less 0.2 per confirmed violation (not below 0): the list's order. */
  incentiveScore: z.number(),
  lastRatedAt: z.string().nullable(),
});
export type IncentiveRow = z.infer<typeof incentiveRow>;

export const ratingRow = z.object({
  id: z.number().int(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  elevatorName: z.string().nullable(),
  address: z.string(),
  maintenanceCompanyId: z.number().int(),
  maintenanceCompanyName: z.string(),
  useCompanyName: z.string(),
  orderId: z.number().int().nullable(),
  score: z.number().int(),
  comment: z.string().nullable(),
  raterName: z.string().nullable(),
  createTime: z.string(),
});
export type RatingRow = z.infer<typeof ratingRow>;

const MI = '/pc/maintenanceIncentive';
export const incentiveCalls = {
  queryList: defineCall({
    domain: BE,
    method: 'GET',
    path: `${MI}/queryList`,
    permission: 'incentive:list',
    summary: '维保激励：各维保单位的平均评分',
    input: z.object({ ...paging, name: text(100).optional() }),
    output: pageOf(incentiveRow),
  }),
  detail: defineCall({
    domain: BE,
    method: 'GET',
    path: `${MI}/detail`,
    permission: 'incentive:list',
    summary: '维保激励：一个维保单位的评价明细',
    input: z.object({ ...paging, maintenanceCompanyId: positiveId('维保单位') }),
    output: pageOf(ratingRow),
  }),
  save: defineCall({
    domain: BE,
    method: 'POST',
    path: `${MI}/save`,
    permission: 'incentive:rate',
    summary: '使用单位按电梯评价维保单位（1–5 分，每台电梯每月一次）',
    input: z.object({
      elevatorId: positiveId('电梯'),
      score: z.coerce
        .number({ error: '请评分' })
        .int('评分应为 1–5 的整数')
        .min(1, '评分应为 1–5 的整数')
        .max(5, '评分应为 1–5 的整数'),
      comment: text(300).optional(),
      orderId: idField().nullable().optional(),
    }),
    output: ratingRow,
  }),
};
