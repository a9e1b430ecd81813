import { z } from 'zod';
import { defineCall } from '../call.ts';
import { optionalDate } from '../fields.ts';

/*
 * Advertising statistics (点位统计, the `/ad/count` page; no call named by the documents: the path is
 * ours, docs/paths.md): the operator's points by state and by district, its orders and their revenue
 * by month. An operator counts its own, the platform all.
 */

export const AD_COUNT_PERMISSIONS = { stats: 'ad:count:stats' } as const;

export const adCountOverview = z.object({
  pointTotal: z.number().int(),
  byState: z.array(z.object({ state: z.number().int(), label: z.string(), count: z.number().int() })),
  byDistrict: z.array(z.object({ areaCode: z.string(), count: z.number().int() })),
  byMonth: z.array(
    z.object({
      month: z.string(),
      orders: z.number().int(),
      /** 元, of the orders that count as paid (confirmed, running or finished). */
      revenue: z.number(),
    }),
  ),
});
export type AdCountOverview = z.infer<typeof adCountOverview>;

export const adCountCalls = {
  overview: defineCall({
    domain: 'ad',
    method: 'GET',
    path: '/adCount/overview',
    permission: AD_COUNT_PERMISSIONS.stats,
    summary: '广告统计（点位状态、区县、月度订单与收入）',
    input: z.object({
      /** Orders starting from / until (their start date); default the last 12 months. */
      dateFrom: optionalDate('开始日期'),
      dateTo: optionalDate('结束日期'),
    }),
    output: adCountOverview,
  }),
} as const;
