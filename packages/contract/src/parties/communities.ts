import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, idParam, pageOf, paging, requiredText, text } from '../common.ts';
import { deleteCall, version } from './fields.ts';

/** Communities (小区, /pc/community). */

export const communityFields = z.object({
  id: idField().optional(),
  version: version.optional(),
  name: requiredText('小区名称', 100),
  areaCode: requiredText('所在区域', 12),
  address: requiredText('详细地址', 200),
  useCompanyId: z.coerce.number().int().positive('使用单位不正确').nullable().optional(),
  buildingCount: z.coerce
    .number({ error: '楼栋数应为数字' })
    .int('楼栋数应为整数')
    .min(0, '楼栋数不能为负数')
    .max(1000, '楼栋数超出范围')
    .nullable()
    .optional(),
  longitude: z.coerce.number({ error: '经度应为数字' }).min(-180).max(180).nullable().optional(),
  latitude: z.coerce.number({ error: '纬度应为数字' }).min(-90).max(90).nullable().optional(),
  remark: text(500).optional(),
});
export type CommunityFields = z.input<typeof communityFields>;

export const communityRow = z.object({
  id: z.number().int(),
  name: z.string(),
  areaCode: z.string(),
  areaName: z.string().nullable(),
  address: z.string(),
  useCompanyId: z.number().int().nullable(),
  useCompanyName: z.string().nullable(),
  buildingCount: z.number().int().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  remark: z.string().nullable(),
  elevatorCount: z.number().int(),
  version: z.number().int(),
  createTime: z.string(),
});
export type CommunityRow = z.infer<typeof communityRow>;

const CM = '/pc/community';
export const communityCalls = {
  query: defineCall({
    domain: 'community',
    method: 'GET',
    path: `${CM}/query`,
    permission: 'community:list',
    summary: '小区列表',
    input: z.object({
      ...paging,
      name: text(100).optional(),
      areaCode: text(12).optional(),
      useCompanyId: idField().optional(),
    }),
    output: pageOf(communityRow),
  }),
  detail: defineCall({
    domain: 'community',
    method: 'GET',
    path: `${CM}/detail/{id}`,
    permission: 'community:list',
    summary: '小区详情',
    input: idParam,
    output: communityRow,
  }),
  save: defineCall({
    domain: 'community',
    method: 'POST',
    path: `${CM}/save`,
    permission: 'community:edit',
    summary: '新增或修改小区',
    input: communityFields,
    output: communityRow,
  }),
  delete: deleteCall('community', `${CM}/delete`, 'community:edit', '删除小区'),
};
