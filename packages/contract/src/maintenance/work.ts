import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, text } from '../common.ts';
import { dateField, fileIdField, version } from '../fields.ts';
import { maintenanceOrderDetail, maintenanceOrderRow, ORDER_PERMISSIONS } from './orders.ts';
import { ITEM_RESULTS } from './rules.ts';

/*
 * The worker's phone page (维保作业): today's orders, sign in at the lift, the checklist with
 * photos and parts, a second worker, sign out at the lift, the drawn signature and submit. Every call names the
 * version of the order the worker's screen holds, so that two phones on one order cannot overwrite
 * each other (409 for the second).
 */

const MW = '/pc/maintenanceWork';

export const itemResultInput = z.object({
  itemId: idField('维保项目'),
  result: z.enum(ITEM_RESULTS, { error: '请选择维保结果（正常/已调整/已更换/异常/无此项）' }),
  value: text(50).nullable().optional(),
  note: text(500).nullable().optional(),
});
export const partInput = z.object({
  name: text(100).min(1, '请填写配件名称'),
  model: text(100).nullable().optional(),
  quantity: z.coerce.number({ error: '数量应为数字' }).int('数量应为整数').min(1, '数量至少为 1').max(999),
});
export const photoInput = z.object({
  fileId: fileIdField('照片'),
  label: text(20).min(1, '请选择照片类别'),
});

/** What the worker has entered so far (saved as the form goes; nothing typed is lost). */
export const workProgress = z.object({
  id: idField('工单编号'),
  version,
  items: z.array(itemResultInput).max(200).default([]),
  parts: z.array(partInput).max(50).default([]),
  photos: z.array(photoInput).max(20).default([]),
  /** The second worker on site (a filed worker of the same company). */
  coworkerId: idField('第二作业人员').nullable().optional(),
  remark: text(500).nullable().optional(),
});
export type WorkProgress = z.input<typeof workProgress>;

export const myOrder = maintenanceOrderRow.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type MyOrder = z.infer<typeof myOrder>;

/** A filed worker of the worker's company, to pick as the second worker. */
export const coworker = z.object({
  userId: z.number().int(),
  name: z.string(),
  certNo: z.string().nullable(),
});

/** Where the worker stands when signing in or out at the lift (the browser's geolocation). */
const position = {
  latitude: z.coerce.number({ error: '纬度应为数字' }).min(-90, '纬度不正确').max(90, '纬度不正确'),
  longitude: z.coerce.number({ error: '经度应为数字' }).min(-180, '经度不正确').max(180, '经度不正确'),
  accuracy: z.coerce.number().min(0).max(100_000).nullable().optional(),
};

export const maintenanceWorkCalls = {
  myOrders: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MW}/myOrders`,
    permission: ORDER_PERMISSIONS.work,
    summary: '我的维保工单（今天及之前未完成的）',
    input: z.object({ date: dateField('日期').optional() }),
    output: z.array(myOrder),
  }),
  coworkers: defineCall({
    domain: 'maintenance',
    method: 'GET',
    path: `${MW}/coworkers`,
    permission: ORDER_PERMISSIONS.work,
    summary: '可选的第二作业人员',
    input: z.object({ id: idField('工单编号') }),
    output: z.array(coworker),
  }),
  signIn: defineCall({
    domain: 'maintenance',
    method: 'POST',
    path: `${MW}/signIn`,
    permission: ORDER_PERMISSIONS.work,
    summary: '现场签到（记录定位与到电梯的距离）',
    input: z.object({ id: idField('工单编号'), version, ...position }),
    output: maintenanceOrderDetail,
  }),
  saveProgress: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MW}/progress`,
    permission: ORDER_PERMISSIONS.work,
    summary: '保存维保进度（项目结果、照片、配件）',
    input: workProgress,
    output: maintenanceOrderDetail,
  }),
  /**
   * 现场签退: once, after the sign-in, with every item answered; the record (items, photos, parts,
   * workers) can no longer change, and the on-site time is sign-in → sign-out.
   */
  signOut: defineCall({
    domain: 'maintenance',
    method: 'POST',
    path: `${MW}/signOut`,
    permission: ORDER_PERMISSIONS.work,
    summary: '现场签退（记录定位与到电梯的距离，此后维保记录不能再修改）',
    /** The version the phone showed: a record changed since (another phone, another tab) is not signed off (409). */
    input: z.object({ id: idField('工单编号'), version, ...position }),
    output: maintenanceOrderDetail,
  }),
  /** 提交: the signed-out record with the worker's drawn signature, to the use unit for confirmation. */
  submit: defineCall({
    domain: 'maintenance',
    method: 'PUT',
    path: `${MW}/submit`,
    permission: ORDER_PERMISSIONS.work,
    summary: '提交维保记录（签退后，附维保人员签名）',
    input: z.object({ id: idField('工单编号'), version, signatureFileId: fileIdField('维保人员签名') }),
    output: maintenanceOrderDetail,
  }),
};
