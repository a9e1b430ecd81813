import { z } from 'zod';
import { API_KEY_ONLY, defineCall } from '../call.ts';
import { idField, nothing, pageOf, paging, requiredText } from '../common.ts';
import { dateField } from '../fields.ts';

/**
 * API keys for partner systems (API 密钥, issue 20): IoT vendors, provincial platforms and insurers
 * call the platform with a key the administrator issues instead of a session. A key belongs to one
 * organisation (an enterprise) or to none (platform-wide), holds scopes from API_KEY_SCOPES, expires
 * at the end of its expiry day (Asia/Shanghai), can be revoked, and is rate-limited per minute. The
 * secret (`ec_<8-char id>_<48 hex>`) is answered once, when the key is created; the server keeps its
 * SHA-256 only. A call that accepts a key names the scope in its `apiKeyScope`; the key travels in the
 * `X-Api-Key` request header. Every request made with a key is logged (time, method, path, status, IP).
 * Designed calls.
 */

/** The scopes a key may hold, and what each opens. */
export const API_KEY_SCOPES = {
  'iot:ingest': '物联网数据上报（HTTP，本组织的设备）',
  'elevator:read': '电梯只读查询（按注册代码）',
} as const;
export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_KEYS = Object.keys(API_KEY_SCOPES) as [ApiKeyScope, ...ApiKeyScope[]];

/** The request header that carries a key. */
export const API_KEY_HEADER = 'X-Api-Key';
/** A key's requests per minute unless the administrator sets another limit. */
export const API_KEY_DEFAULT_RATE = 600;

export const API_KEY_PERMISSIONS = {
  list: 'system:apikey:list',
  edit: 'system:apikey:edit',
} as const;

export const apiKeyRow = z.object({
  id: z.number().int(),
  /** The public part of the key (`ec_<keyId>_…`), shown in the list; never the secret. */
  keyId: z.string(),
  name: z.string(),
  enterpriseId: z.number().int().nullable(),
  /** The organisation's name; null for a platform-wide key. */
  enterpriseName: z.string().nullable(),
  scopes: z.array(z.enum(API_KEY_SCOPE_KEYS)),
  ratePerMinute: z.number().int(),
  /** The last day the key works (yyyy-MM-dd, Asia/Shanghai). */
  expiresOn: z.string(),
  /** 有效, 已过期 or 已吊销. */
  state: z.enum(['active', 'expired', 'revoked']),
  createTime: z.string(),
  createdBy: z.string().nullable(),
  revokeTime: z.string().nullable(),
  lastUseTime: z.string().nullable(),
  uses: z.number().int(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

export const apiKeyUseRow = z.object({
  id: z.number().int(),
  time: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  ip: z.string().nullable(),
});
export type ApiKeyUseRow = z.infer<typeof apiKeyUseRow>;

const scopeField = z.enum(API_KEY_SCOPE_KEYS, { error: '权限范围应为 iot:ingest 或 elevator:read' });

/** A partner's view of a lift (the elevator:read query). */
export const partnerLiftRow = z.object({
  registerCode: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  areaCode: z.string(),
  /** 1 直梯, 2 扶梯 */
  type: z.number().int(),
  useCompanyName: z.string().nullable(),
  maintenanceCompanyName: z.string().nullable(),
});
export type PartnerLiftRow = z.infer<typeof partnerLiftRow>;

/** At most this many register codes per partner query. */
export const PARTNER_LIFT_MAX = 100;

export const apiKeyCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/apiKey/query',
    permission: API_KEY_PERMISSIONS.list,
    summary: 'API 密钥列表',
    input: z.object({
      ...paging,
      name: z.string().trim().max(100, '名称过长').optional(),
      state: z.enum(['active', 'expired', 'revoked'], { error: '状态不正确' }).optional(),
    }),
    output: pageOf(apiKeyRow),
  }),
  create: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/apiKey/create',
    permission: API_KEY_PERMISSIONS.edit,
    summary: '签发 API 密钥（密钥只显示一次）',
    input: z.object({
      name: requiredText('密钥名称', 100),
      /** The key's organisation; none for a platform-wide key. */
      enterpriseId: idField('所属组织').nullish(),
      scopes: z
        .array(scopeField, { error: '请选择权限范围' })
        .min(1, '请至少选择一个权限范围')
        .max(API_KEY_SCOPE_KEYS.length, '权限范围重复'),
      /** The last day the key works (Asia/Shanghai); today or later. */
      expiresOn: dateField('到期日期'),
      ratePerMinute: z.coerce
        .number({ error: '每分钟请求上限应为数字' })
        .int('每分钟请求上限应为整数')
        .min(1, '每分钟请求上限至少为 1')
        .max(100_000, '每分钟请求上限最多 100000')
        .optional(),
    }),
    output: z.object({ key: apiKeyRow, secret: z.string() }),
  }),
  revoke: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/apiKey/revoke',
    permission: API_KEY_PERMISSIONS.edit,
    summary: '吊销 API 密钥',
    input: z.object({ id: idField('API 密钥') }),
    output: nothing,
  }),
  uses: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/apiKey/uses',
    permission: API_KEY_PERMISSIONS.list,
    summary: 'API 密钥调用记录',
    input: z.object({ ...paging, id: idField('API 密钥') }),
    output: pageOf(apiKeyUseRow),
  }),
};

/** The calls partner systems make with a key (no console session). */
export const partnerCalls = {
  lifts: defineCall({
    domain: 'open',
    method: 'GET',
    path: '/open/elevator/query',
    permission: API_KEY_ONLY,
    apiKeyScope: 'elevator:read',
    summary: '合作方电梯只读查询（按注册代码，至多 100 个；需 API 密钥 elevator:read）',
    input: z.object({
      registerCodes: z.preprocess(
        (v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : v,
        z
          .array(z.string().trim().min(1).max(40, '注册代码过长'), { error: '请提供注册代码' })
          .min(1, '请提供注册代码')
          .max(PARTNER_LIFT_MAX, `注册代码最多 ${PARTNER_LIFT_MAX} 个`),
      ),
    }),
    output: z.array(partnerLiftRow),
  }),
};
