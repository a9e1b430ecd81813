import { z } from 'zod';
import { DATA_SCOPES, USER_TYPES } from './auth.ts';
import { defineCall, PUBLIC, SIGNED_IN } from './call.ts';
import {
  empty,
  INT4_MAX,
  idList,
  idParam,
  isCreditCode,
  isEmail,
  isIdNumber,
  messages,
  nothing,
  PHONE_RE,
  pageOf,
  paging,
  queryBool,
  requiredText,
  text,
} from './common.ts';
import { parseShanghaiTime } from './rules.ts';

/**
 * System settings (/permission pages): users, roles, menus, organisations, dictionaries, the
 * operation log, agreements and the enterprise directory.
 */

// ---------------------------------------------------------------- shared pieces

/** Sorting on a whitelist of columns; antd's ascend/descend. */
const sorting = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sortField: z.enum(fields, { error: '不支持按该字段排序' }).optional(),
  sortOrder: z.enum(['ascend', 'descend'], { error: '排序方向应为 ascend 或 descend' }).optional(),
});

const userType = z.enum(USER_TYPES);
const dataScope = z.enum(DATA_SCOPES);
const status = z.coerce
  .number({ error: '状态应为 0 或 1' })
  .int('状态应为 0 或 1')
  .min(0, '状态应为 0 或 1')
  .max(1, '状态应为 0 或 1');
const optionalId = (label: string) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
    .max(INT4_MAX, `${label}超出范围`);
const nullableRef = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .int(`${label}应为整数`)
    .positive(`${label}应为正整数`)
    .nullable();

/** A permission string such as `system:user:edit`; `*:*:*` grants all. */
export const PERMISSION_RE = /^(\*|[A-Za-z][\w-]*)(:(\*|[\w-]+)){0,4}$/;
const permissionText = z.string().trim().max(100).regex(PERMISSION_RE, '权限标识格式应为 模块:资源:操作');

const timeBound = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => parseShanghaiTime(v) !== null, `${label}格式应为 yyyy-MM-dd HH:mm:ss`);

/** A query filter: absent or blank means no filter. */
const optionalText = (max: number) => text(max).optional();
/** An optional form field: absent, null or blank all mean "not set" (forms send back what details gave). */
const formText = (max: number) => text(max).nullable().optional();
const emailText = text(100)
  .refine((v) => v === '' || isEmail(v), messages.emailInvalid)
  .nullable()
  .optional();
/**
 * Details show phones and ID numbers masked (one policy on the server); an edit form that sends the
 * mask back unchanged keeps the stored number, so a mask is accepted where a number is.
 */
const MASKED = /^[\dXx-]*\*+[\dXx-]*$/;
const idNumberText = text(18)
  .refine((v) => v === '' || isIdNumber(v) || MASKED.test(v), messages.idNumberInvalid)
  .nullable()
  .optional();
const optionalPhone = text(11)
  .refine((v) => v === '' || PHONE_RE.test(v) || MASKED.test(v), messages.phoneInvalid)
  .nullable()
  .optional();
/** Landline or mobile: digits with optional dashes. */
const contactPhone = text(20)
  .refine((v) => v === '' || /^\d[\d-]{5,18}\d$/.test(v) || MASKED.test(v), '联系电话格式不正确')
  .nullable()
  .optional();

// ---------------------------------------------------------------- users

export const USER_SORT_FIELDS = ['id', 'username', 'realName', 'createTime'] as const;

export const roleRef = z.object({ id: z.number().int(), roleKey: z.string(), name: z.string() });

/** A user as lists show it: phone and ID number masked. */
export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  idNumber: z.string(),
  userType,
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  areaCodes: z.array(z.string()),
  roles: z.array(roleRef),
  status: z.number().int(),
  builtIn: z.boolean(),
  createTime: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

/** A user for the edit form: phone and ID number masked as in lists, except the user's own. */
export const userDetail = userRow.extend({ roleIds: z.array(z.number().int()) });

export const userFields = z.object({
  id: optionalId('用户编号').optional(),
  username: requiredText('用户名', 32).regex(
    /^[A-Za-z0-9_.@-]+$/,
    '用户名只能包含字母、数字、下划线、点、@ 和连字符',
  ),
  realName: requiredText('姓名', 32),
  phone: optionalPhone,
  email: emailText,
  idNumber: idNumberText,
  userType: z.enum(USER_TYPES, { error: '请选择用户类型' }),
  companyId: nullableRef('所属企业').optional(),
  officeId: nullableRef('所属机构').optional(),
  /** Defaults belong to creation: a change that omits a field keeps it (none: no areas). */
  areaCodes: z
    .array(text(12), { error: '管辖区域应为区域代码列表' })
    .max(50, '管辖区域最多 50 个')
    .optional(),
  roleIds: z
    .array(optionalId('角色'), { error: '请至少选择一个角色' })
    .min(1, '请至少选择一个角色')
    .max(20, '一个用户最多 20 个角色'),
});

export const subMaintenanceAdmin = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  phone: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
});

export const userCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysUser/query',
    permission: 'system:user:list',
    summary: '用户列表',
    input: z.object({
      ...paging,
      name: optionalText(50),
      phone: optionalText(11),
      roleId: optionalId('角色').optional(),
      companyId: optionalId('所属企业').optional(),
      companyName: optionalText(100),
      officeId: optionalId('所属机构').optional(),
      userType: z.enum(USER_TYPES, { error: '用户类型不正确' }).optional(),
      status: status.optional(),
      ...sorting(USER_SORT_FIELDS),
    }),
    output: pageOf(userRow),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysUser/detail/{id}',
    permission: 'system:user:edit',
    summary: '用户详情（含完整手机号和身份证号）',
    input: idParam,
    output: userDetail,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysUser/save',
    permission: 'system:user:edit',
    summary: '新增或修改用户',
    input: userFields,
    output: z.object({
      user: userDetail,
      /** Only when a user is created: the initial password, shown once and never stored in clear. */
      initialPassword: z.string().nullable(),
    }),
  }),
  updateStatus: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysUser/updateStatus',
    permission: 'system:user:edit',
    summary: '启用或停用用户',
    input: z.object({ id: optionalId('用户编号'), status }),
    output: nothing,
  }),
  resetPassword: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysUser/resetPassword',
    permission: 'system:user:edit',
    summary: '重置用户密码',
    input: z.object({
      id: optionalId('用户编号'),
      /** show: the one-time password is returned once; sms: it is sent to the user's phone. */
      delivery: z.enum(['show', 'sms'], { error: '发送方式应为 show 或 sms' }).default('show'),
    }),
    output: z.object({ password: z.string().nullable(), sentTo: z.string().nullable() }),
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysUser/delete',
    permission: 'system:user:edit',
    summary: '删除用户',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
  selectSubMaintenanceAdmin: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysUser/selectSubMaintenanceAdmin',
    permission: SIGNED_IN,
    summary: '维保单位管理员选项',
    input: z.object({ companyId: optionalId('维保单位').optional(), name: optionalText(50) }),
    output: z.array(subMaintenanceAdmin),
  }),
};

// ---------------------------------------------------------------- roles

export const roleRow = z.object({
  id: z.number().int(),
  roleKey: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dataScope,
  roleType: z.string().nullable(),
  permissions: z.array(z.string()),
  status: z.number().int(),
  builtIn: z.boolean(),
  userCount: z.number().int(),
  createTime: z.string(),
});
export const roleDetail = roleRow.extend({ menuIds: z.array(z.number().int()) });

export const roleCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysRole/query',
    permission: 'system:role:list',
    summary: '角色列表',
    input: z.object({
      ...paging,
      name: optionalText(50),
      roleKey: optionalText(50),
      status: status.optional(),
    }),
    output: pageOf(roleRow),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysRole/detail/{id}',
    permission: 'system:role:list',
    summary: '角色详情（含授权菜单）',
    input: idParam,
    output: roleDetail,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysRole/save',
    permission: 'system:role:edit',
    summary: '新增或修改角色',
    input: z.object({
      id: optionalId('角色编号').optional(),
      roleKey: requiredText('角色标识', 50).regex(
        /^[A-Za-z][\w-]*$/,
        '角色标识只能包含字母、数字、下划线和连字符',
      ),
      name: requiredText('角色名称', 50),
      description: formText(200),
      dataScope: z.enum(DATA_SCOPES, { error: '请选择数据范围' }),
      roleType: formText(30),
      /** A new role: enabled, no menus, no permissions; a change that omits one of these keeps it. */
      status: status.optional(),
      /** Menus and buttons granted; the ancestors of a granted entry are granted with it. */
      menuIds: z.array(optionalId('菜单'), { error: '菜单应为编号列表' }).max(2000).optional(),
      /** Permission strings granted beside the menu buttons. */
      permissions: z.array(permissionText, { error: '权限标识应为列表' }).max(100).optional(),
    }),
    output: roleDetail,
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysRole/delete',
    permission: 'system:role:edit',
    summary: '删除角色',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};

// ---------------------------------------------------------------- menus

export const MENU_TYPES = ['M', 'C', 'F'] as const;

export interface MenuTreeNode {
  id: number;
  parentId: number | null;
  name: string;
  url: string;
  icon: string | null;
  sort: number;
  hidden: boolean;
  /** M directory, C page, F button (its perms are permission strings). */
  type: (typeof MENU_TYPES)[number];
  perms: string | null;
  children: MenuTreeNode[];
}
export const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    url: z.string(),
    icon: z.string().nullable(),
    sort: z.number().int(),
    hidden: z.boolean(),
    type: z.enum(MENU_TYPES),
    perms: z.string().nullable(),
    children: z.array(menuTreeNode),
  }),
);

export const menuCalls = {
  tree: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysMenu/tree',
    permission: 'system:menu:list',
    summary: '菜单树（含按钮权限）',
    input: empty,
    output: z.array(menuTreeNode),
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysMenu/save',
    permission: 'system:menu:edit',
    summary: '新增或修改菜单',
    input: z.object({
      id: optionalId('菜单编号').optional(),
      /** A new entry: at the root, sort 0, shown; a change that omits a field keeps it. */
      parentId: nullableRef('上级菜单').optional(),
      name: requiredText('菜单名称', 50),
      type: z.enum(MENU_TYPES, { error: '菜单类型应为 M（目录）、C（页面）或 F（按钮）' }),
      url: text(200)
        .regex(/^[\w/.:-]*$/, '路由地址只能包含字母、数字和 / . : - _')
        .optional(),
      icon: formText(50),
      sort: z
        .number({ error: '排序应为数字' })
        .int('排序应为整数')
        .min(0, '排序不能为负数')
        .max(1_000_000)
        .optional(),
      hidden: z.boolean({ error: '是否隐藏应为 true 或 false' }).optional(),
      /** Comma-separated permission strings of a button. */
      perms: text(500)
        .refine(
          (v) => v.split(',').every((p) => PERMISSION_RE.test(p.trim())),
          '权限标识格式应为 模块:资源:操作，多个用逗号分隔',
        )
        .or(z.literal(''))
        .nullable()
        .optional(),
    }),
    output: menuTreeNode,
  }),
  sort: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysMenu/sort',
    permission: 'system:menu:edit',
    summary: '调整菜单顺序和层级',
    input: z.object({
      items: z
        .array(
          z.object({
            id: optionalId('菜单编号'),
            parentId: nullableRef('上级菜单'),
            sort: z.number({ error: '排序应为数字' }).int().min(0, '排序不能为负数').max(1_000_000),
          }),
          { error: '请提交要调整的菜单' },
        )
        .min(1, '请提交要调整的菜单')
        .max(2000),
    }),
    output: nothing,
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysMenu/delete',
    permission: 'system:menu:edit',
    summary: '删除菜单',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};

// ---------------------------------------------------------------- organisations

export interface OfficeTreeNode {
  id: number;
  parentId: number | null;
  name: string;
  code: string | null;
  areaCode: string | null;
  leader: string | null;
  /** Masked except for the department's members (one policy: server masking.ts; sensitiveCalls.reveal). */
  phone: string | null;
  sort: number;
  status: number;
  userCount: number;
  children: OfficeTreeNode[];
}
const officeFields = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  areaCode: z.string().nullable(),
  leader: z.string().nullable(),
  phone: z.string().nullable(),
  sort: z.number().int(),
  status: z.number().int(),
  userCount: z.number().int(),
};
export const officeTreeNode: z.ZodType<OfficeTreeNode> = z.lazy(() =>
  z.object({ ...officeFields, children: z.array(officeTreeNode) }),
);
export const officeDetail = z.object(officeFields);

export const officeCalls = {
  tree: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysOffice/tree',
    permission: 'system:office:list',
    summary: '机构树',
    input: z.object({ name: optionalText(50), status: status.optional() }),
    output: z.array(officeTreeNode),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysOffice/detail/{id}',
    permission: 'system:office:edit',
    summary: '机构详情',
    input: idParam,
    output: officeDetail,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysOffice/save',
    permission: 'system:office:edit',
    summary: '新增或修改机构',
    input: z.object({
      id: optionalId('机构编号').optional(),
      /** A new office: at the root, sort 0, enabled; a change that omits a field keeps it. */
      parentId: nullableRef('上级机构').optional(),
      name: requiredText('机构名称', 100),
      code: text(50)
        .regex(/^[\w-]*$/, '机构编码只能包含字母、数字、下划线和连字符')
        .nullable()
        .optional(),
      areaCode: formText(12),
      leader: formText(32),
      phone: contactPhone,
      sort: z.number({ error: '排序应为数字' }).int().min(0, '排序不能为负数').max(1_000_000).optional(),
      status: status.optional(),
    }),
    output: officeDetail,
  }),
  delete: defineCall({
    domain: 'system',
    method: 'DELETE',
    path: '/pc/sysOffice/delete',
    permission: 'system:office:edit',
    summary: '删除机构',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};

// ---------------------------------------------------------------- dictionaries

export const dictType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  status: z.number().int(),
  valueCount: z.number().int(),
  createTime: z.string(),
});
export const dictData = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  typeCode: z.string(),
  key: z.string(),
  value: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
});

export const dictAdminCalls = {
  typeQuery: defineCall({
    domain: 'dict',
    method: 'GET',
    path: '/pc/sysDict/typeQuery',
    permission: 'system:dict:list',
    summary: '字典类型列表',
    input: z.object({ ...paging, code: optionalText(50), name: optionalText(50), status: status.optional() }),
    output: pageOf(dictType),
  }),
  dataQuery: defineCall({
    domain: 'dict',
    method: 'GET',
    path: '/pc/sysDict/dataQuery',
    permission: 'system:dict:list',
    summary: '字典值列表',
    input: z.object({
      ...paging,
      typeId: optionalId('字典类型').optional(),
      typeCode: optionalText(50),
      key: optionalText(50),
      value: optionalText(100),
      status: status.optional(),
    }),
    output: pageOf(dictData),
  }),
  typeSave: defineCall({
    domain: 'dict',
    method: 'POST',
    path: '/pc/sysDict/typeSave',
    permission: 'system:dict:edit',
    summary: '保存字典类型',
    input: z.object({
      id: optionalId('字典类型编号').optional(),
      code: requiredText('字典编码', 50).regex(
        /^[A-Za-z][\w.-]*$/,
        '字典编码只能包含字母、数字、点、下划线和连字符，并以字母开头',
      ),
      name: requiredText('字典名称', 50),
      remark: formText(200),
      /** 1 for a new type; a change that omits it keeps it. */
      status: status.optional(),
    }),
    output: dictType,
  }),
  dataSave: defineCall({
    domain: 'dict',
    method: 'POST',
    path: '/pc/sysDict/dataSave',
    permission: 'system:dict:edit',
    summary: '保存字典值',
    input: z.object({
      id: optionalId('字典值编号').optional(),
      typeId: optionalId('字典类型'),
      key: requiredText('字典键', 50),
      value: requiredText('字典值', 100),
      /** 0 and 1 for a new value; a change that omits them keeps them. */
      sort: z.number({ error: '排序应为数字' }).int().min(0, '排序不能为负数').max(1_000_000).optional(),
      status: status.optional(),
    }),
    output: dictData,
  }),
  typeDelete: defineCall({
    domain: 'dict',
    method: 'DELETE',
    path: '/pc/sysDict/typeDelete',
    permission: 'system:dict:edit',
    summary: '删除字典类型',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
  dataDelete: defineCall({
    domain: 'dict',
    method: 'DELETE',
    path: '/pc/sysDict/dataDelete',
    permission: 'system:dict:edit',
    summary: '删除字典值',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};

// ---------------------------------------------------------------- operation log

export const OPLOG_SORT_FIELDS = ['createTime', 'durationMs'] as const;

export const operationRecord = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  summary: z.string().nullable(),
  status: z.number().int(),
  success: z.boolean(),
  message: z.string().nullable(),
  durationMs: z.number().int(),
  requestId: z.string().nullable(),
  createTime: z.string(),
});
/** With the recorded parameters (secrets already removed when they were written). */
export const operationRecordDetail = operationRecord.extend({ params: z.unknown() });

const oplogFilters = {
  username: optionalText(64),
  userId: optionalId('用户编号').optional(),
  path: optionalText(200),
  method: z.enum(['POST', 'PUT', 'DELETE'], { error: '请求方式应为 POST、PUT 或 DELETE' }).optional(),
  success: queryBool.optional(),
  startTime: timeBound('开始时间').optional(),
  endTime: timeBound('结束时间').optional(),
};

export const oplogCalls = {
  query: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/operationRecord/query',
    permission: 'system:oplog:list',
    summary: '操作记录列表',
    input: z.object({ ...paging, ...oplogFilters, ...sorting(OPLOG_SORT_FIELDS) }),
    output: pageOf(operationRecord),
  }),
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/operationRecord/detail/{id}',
    permission: 'system:oplog:list',
    summary: '操作记录详情',
    input: idParam,
    output: operationRecordDetail,
  }),
  export: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/operationRecord/export',
    permission: 'system:oplog:list',
    summary: '导出操作记录',
    input: z.object(oplogFilters),
    output: nothing,
    result: 'file',
  }),
};

// ---------------------------------------------------------------- agreements

export const AGREEMENT_KINDS = ['register', 'privacy'] as const;
export const AGREEMENT_TITLES: Record<(typeof AGREEMENT_KINDS)[number], string> = {
  register: '用户注册协议',
  privacy: '隐私政策',
};
export const agreementKind = z.enum(AGREEMENT_KINDS, { error: '协议类型应为 register 或 privacy' });

export const agreement = z.object({
  kind: agreementKind,
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  updateTime: z.string().nullable(),
});

export const agreementCalls = {
  detail: defineCall({
    domain: 'system',
    method: 'GET',
    path: '/pc/sysAgreement/detail',
    permission: PUBLIC,
    summary: '协议内容',
    input: z.object({ kind: agreementKind.default('register') }),
    output: agreement,
  }),
  save: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/sysAgreement/save',
    permission: 'system:agreement:edit',
    summary: '保存协议内容',
    input: z.object({
      kind: agreementKind.default('register'),
      title: requiredText('协议标题', 100),
      content: z.string({ error: '协议内容应为文本' }).max(200_000, '协议内容不能超过 200000 个字符'),
    }),
    output: agreement,
  }),
};

// ---------------------------------------------------------------- enterprises

export const ENTERPRISE_KINDS = [
  'maintenance',
  'use',
  'inspection',
  'rescue',
  'callcenter',
  'ad',
  'iot',
  'building',
  'manufacturer',
  'other',
] as const;
export const ENTERPRISE_KIND_LABELS: Record<(typeof ENTERPRISE_KINDS)[number], string> = {
  maintenance: '维保单位',
  use: '使用单位',
  inspection: '检验机构',
  rescue: '救援单位',
  callcenter: '呼叫中心',
  ad: '广告运营商',
  iot: '物联网商户',
  building: '建设单位',
  manufacturer: '制造单位',
  other: '其他',
};
export const enterpriseKind = z.enum(ENTERPRISE_KINDS, { error: '请选择企业类型' });
export const ENTERPRISE_SORT_FIELDS = ['id', 'name', 'creditCode', 'createTime'] as const;
export const CREDIT_CODE_INVALID = '统一社会信用代码格式不正确';

/** Contact phone masked except for the company's own accounts (server masking.ts; sensitiveCalls.reveal). */
export const enterpriseRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  kind: z.string(),
  areaCode: z.string().nullable(),
  address: z.string().nullable(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  filingState: z.number().int(),
  userCount: z.number().int(),
  createTime: z.string(),
});

export const enterpriseCalls = {
  query: defineCall({
    domain: 'enterprise',
    method: 'GET',
    path: '/pc/enterprise/query',
    permission: 'system:enterprise:list',
    summary: '企业列表',
    input: z.object({
      ...paging,
      name: optionalText(100),
      creditCode: optionalText(18),
      kind: enterpriseKind.optional(),
      areaCode: optionalText(12),
      ...sorting(ENTERPRISE_SORT_FIELDS),
    }),
    output: pageOf(enterpriseRecord),
  }),
  save: defineCall({
    domain: 'enterprise',
    method: 'POST',
    path: '/pc/enterprise/save',
    permission: 'system:enterprise:edit',
    summary: '新增或修改企业',
    input: z.object({
      id: optionalId('企业编号').optional(),
      name: requiredText('企业名称', 100),
      creditCode: z
        .string({ error: '统一社会信用代码不能为空' })
        .trim()
        .min(1, '统一社会信用代码不能为空')
        .max(50, CREDIT_CODE_INVALID)
        .transform((v) => v.toUpperCase())
        .refine(isCreditCode, CREDIT_CODE_INVALID),
      kind: enterpriseKind,
      areaCode: formText(12),
      address: formText(200),
      legalPerson: formText(32),
      contactName: formText(32),
      contactPhone,
    }),
    output: enterpriseRecord,
  }),
  detail: defineCall({
    domain: 'enterprise',
    method: 'GET',
    path: '/pc/enterprise/detail/{id}',
    permission: 'system:enterprise:list',
    summary: '企业详情',
    input: idParam,
    output: enterpriseRecord,
  }),
  delete: defineCall({
    domain: 'enterprise',
    method: 'DELETE',
    path: '/pc/enterprise/delete',
    permission: 'system:enterprise:edit',
    summary: '删除企业',
    input: z.object({ ids: idList }),
    output: nothing,
  }),
};

// ---------------------------------------------------------------- full numbers on request

/** The permission that reveals a masked phone or ID number (platform administrator, regulators). */
export const REVEAL_PERMISSION = 'system:sensitive:reveal';

/** Which numbers of which records can be revealed: the record kind, then its fields. */
export const REVEAL_FIELDS = {
  /** A system account (用户管理). */
  user: ['phone', 'idNumber'],
  /** A filed person: maintenance worker, safety officer, inspector (phone of the account, ID of the filing). */
  person: ['phone', 'idNumber'],
  /** A company: its contact phone, and a use unit's safety director's phone. */
  company: ['contactPhone', 'safetyDirectorPhone'],
  /** A regulator's department (机构管理). */
  office: ['phone'],
} as const;
export type RevealKind = keyof typeof REVEAL_FIELDS;
export const REVEAL_KINDS = Object.keys(REVEAL_FIELDS) as [RevealKind, ...RevealKind[]];
export const REVEAL_FIELD_NAMES = ['phone', 'idNumber', 'contactPhone', 'safetyDirectorPhone'] as const;
export type RevealField = (typeof REVEAL_FIELD_NAMES)[number];

export const sensitiveCalls = {
  /**
   * One masked number in full, for a record inside the caller's data scope (404 otherwise). Every
   * call is an operation-log entry (who, which record, which field), whether it succeeds or not.
   */
  reveal: defineCall({
    domain: 'system',
    method: 'POST',
    path: '/pc/common/reveal',
    permission: REVEAL_PERMISSION,
    summary: '查看完整号码',
    input: z
      .object({
        kind: z.enum(REVEAL_KINDS, { error: '记录类型应为 user、person、company 或 office' }),
        id: z.coerce
          .number({ error: '记录编号应为数字' })
          .int('记录编号应为整数')
          .positive('记录编号应为正整数')
          .max(2_147_483_647, '记录编号超出范围'),
        field: z.enum(REVEAL_FIELD_NAMES, { error: '不支持查看该字段' }),
      })
      .refine((v) => (REVEAL_FIELDS[v.kind] as readonly string[]).includes(v.field), {
        message: '该记录没有这个号码字段',
        path: ['field'],
      }),
    output: z.object({ value: z.string().nullable() }),
  }),
};
