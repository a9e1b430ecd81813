import { z } from 'zod';
import { defineCall } from './call.ts';
import { INT4_MAX, pageOf, paging } from './common.ts';

/*
 * Maintenance work orders (维保工单, TSG T5002-2017): what the registry's detail, the work order
 * page (workOrderNo) and the maintenance log (theLog) show. The maintenance domain's lists, audits
 * and checks (doc2 §7.6) build on the same tables.
 */

/** 维保类别: the four intervals of TSG T5002-2017; each includes the items of the shorter ones. */
export const MAINTENANCE_KINDS = { 1: '半月保养', 2: '季度保养', 3: '半年保养', 4: '年度保养' } as const;
/** 工单状态. */
export const ORDER_STATUSES = { 0: '待维保', 1: '维保中', 2: '待确认', 3: '已完成' } as const;
/** An item's result, as the maintenance record states it. */
export const ITEM_RESULTS = ['正常', '已调整', '已更换', '异常', '无此项'] as const;

export const maintenanceOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  elevatorId: z.number().int(),
  registerCode: z.string(),
  kind: z.number().int(),
  kindLabel: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  planDate: z.string(),
  signInTime: z.string().nullable(),
  signOutTime: z.string().nullable(),
  /** Minutes between sign-in and sign-out, when both are known. */
  durationMinutes: z.number().int().nullable(),
  workers: z.array(z.string()),
  maintenanceCompanyName: z.string().nullable(),
});
export type MaintenanceOrderRow = z.infer<typeof maintenanceOrderRow>;

export const maintenanceItem = z.object({
  name: z.string(),
  result: z.enum(ITEM_RESULTS),
  note: z.string().nullable(),
});

export const maintenanceOrderDetail = maintenanceOrderRow.extend({
  address: z.string(),
  useCompanyName: z.string().nullable(),
  items: z.array(maintenanceItem),
  remark: z.string().nullable(),
  /** The use unit's safety officer who confirmed the record, and when. */
  confirmedBy: z.string().nullable(),
  confirmTime: z.string().nullable(),
});
export type MaintenanceOrderDetail = z.infer<typeof maintenanceOrderDetail>;

export const maintenanceOrderRecord = z.object({
  id: z.number().int(),
  time: z.string(),
  action: z.string(),
  operator: z.string(),
  detail: z.string().nullable(),
});
export type MaintenanceOrderRecord = z.infer<typeof maintenanceOrderRecord>;

const MO = '/pc/maintenanceOrder';

export const maintenanceOrderCalls = {
  info: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryDetail/info`,
    permission: 'elevator:list',
    summary: '维保工单详情',
    input: z.object({
      id: z.coerce.number().int().positive({ error: '工单编号不正确' }).max(INT4_MAX, '编号超出范围'),
    }),
    output: maintenanceOrderDetail,
  }),
  queryOrderRecord: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MO}/queryDetail/queryOrderRecord`,
    permission: 'elevator:list',
    summary: '维保日志（工单的作业记录）',
    input: z.object({
      orderId: z.coerce.number().int().positive({ error: '工单编号不正确' }).max(INT4_MAX, '编号超出范围'),
      ...paging,
    }),
    output: pageOf(maintenanceOrderRecord),
  }),
};
