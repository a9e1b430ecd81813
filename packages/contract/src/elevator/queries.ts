import { z } from 'zod';
import { defineCall } from '../call.ts';
import { requiredText, text } from '../common.ts';
import {
  claim,
  claimType,
  E,
  elevatorDetail,
  elevatorFilters,
  elevatorPage,
  inspectionCounts,
  list,
  P,
} from './fields.ts';

/** Lists and lookups of the elevator registry (/pc/elevator): by filters, by claim, by map point. */

export const elevatorQueryCalls = {
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
};
