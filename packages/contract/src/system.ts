import { z } from 'zod';
import { defineCall, PUBLIC, SIGNED_IN } from './call.ts';
import { empty, idList, nothing, pageOf, paging, requiredText, text } from './common.ts';

export const sysParam = z.object({
  id: z.number().int(),
  configKey: z.string(),
  value: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  updateTime: z.string(),
});

export const logoRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  logoId: z.string().nullable(),
  fileType: z.string(),
  createTime: z.string(),
});

export const dictEntry = z.object({
  code: z.string(),
  name: z.string(),
  childs: z.array(z.object({ key: z.string(), value: z.string() })),
});

export interface AreaTreeNode {
  value: string;
  label: string;
  children?: AreaTreeNode[];
}
export const areaTreeNode: z.ZodType<AreaTreeNode> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), children: z.array(areaTreeNode).optional() }),
);

export const paramCalls = {
  query: defineCall({
    domain: 'param',
    method: 'GET',
    path: '/pc/sysParam/query',
    permission: 'system:param:list',
    summary: '系统参数列表',
    input: z.object({ ...paging, configKey: text(100).optional(), name: text(100).optional() }),
    output: pageOf(sysParam),
  }),
  getValue: defineCall({
    domain: 'param',
    method: 'GET',
    path: '/pc/sysParam/getValue',
    permission: SIGNED_IN,
    summary: '按键取系统参数',
    input: z.object({ configKey: requiredText('参数键', 100) }),
    output: z.string().nullable(),
  }),
  save: defineCall({
    domain: 'param',
    method: 'POST',
    path: '/pc/sysParam/save',
    permission: 'system:param:edit',
    summary: '保存系统参数',
    input: z.object({
      id: z.number().int().positive().optional(),
      configKey: requiredText('参数键', 100).regex(
        /^[A-Za-z][\w.-]*$/,
        '参数键只能包含字母、数字、点、下划线和连字符',
      ),
      value: text(2000),
      name: requiredText('参数名称', 100),
      remark: text(500).optional(),
    }),
    output: sysParam,
  }),
  delete: defineCall({
    domain: 'param',
    method: 'DELETE',
    path: '/pc/sysParam/delete',
    permission: 'system:param:edit',
    summary: '删除系统参数',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};

export const logoCalls = {
  query: defineCall({
    domain: 'logo',
    method: 'GET',
    path: '/pc/tbLogo/query',
    permission: SIGNED_IN,
    summary: '平台标识列表',
    input: z.object({ ...paging, fileType: text(20).optional() }),
    output: pageOf(logoRecord),
  }),
  add: defineCall({
    domain: 'logo',
    method: 'POST',
    path: '/pc/tbLogo/add',
    permission: 'system:platform:edit',
    summary: '设置平台标题与标识',
    input: z.object({
      title: requiredText('平台标题', 50),
      logoId: z.string().uuid('标识图片编号格式不正确').nullable().optional(),
      fileType: z.literal('logo').default('logo'),
    }),
    output: logoRecord,
  }),
};

export const dictCalls = {
  getAllDict: defineCall({
    domain: 'dict',
    method: 'GET',
    path: '/pc/sysDict/getAllDict',
    permission: SIGNED_IN,
    summary: '全部字典',
    input: empty,
    output: z.array(dictEntry),
  }),
};

export const commonCalls = {
  /**
   * Live updates (server-sent events): `event: <topic>` frames whose data names what changed, for
   * the topics asked (comma-separated, e.g. `maintenance.order`). Each event reaches only those who
   * may see the record. The stream stays open; the browser's EventSource reconnects by itself.
   */
  liveEvents: defineCall({
    domain: 'platform',
    method: 'GET',
    path: '/live/events',
    permission: SIGNED_IN,
    summary: '实时更新（服务器推送事件）',
    result: 'file',
    input: z.object({
      topics: z
        .string({ error: '请指定订阅的主题' })
        .trim()
        .min(1, '请指定订阅的主题')
        .max(200)
        .regex(/^[a-z][a-zA-Z.]*(,[a-z][a-zA-Z.]*)*$/, '主题格式不正确'),
    }),
    output: z.unknown(),
  }),
  health: defineCall({
    domain: 'platform',
    method: 'GET',
    path: '/health',
    permission: PUBLIC,
    summary: '健康检查',
    input: empty,
    output: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  }),
  areaTree: defineCall({
    domain: 'platform',
    method: 'GET',
    path: '/common/areaTree',
    permission: PUBLIC,
    summary: '行政区划树',
    input: empty,
    output: z.array(areaTreeNode),
  }),
  clientError: defineCall({
    domain: 'platform',
    method: 'POST',
    path: '/common/clientError',
    permission: PUBLIC,
    summary: '前端错误上报',
    rateLimited: true,
    input: z.object({
      message: text(2000),
      url: text(500).optional(),
      stack: text(8000).optional(),
      info: text(500).optional(),
    }),
    output: nothing,
  }),
};
