import { DATA_SCOPES, ENTERPRISE_KIND_LABELS, USER_TYPES } from '@ec/contract';

/** Chinese labels for the system-settings enums (doc 000 §2 系统设置). */

export const USER_TYPE_LABELS: Record<(typeof USER_TYPES)[number], string> = {
  platform: '平台用户',
  regulator: '监管人员',
  maintenance: '维保单位',
  maintenance_staff: '维保人员',
  use_unit: '使用单位',
  safety_officer: '安全管理员',
  inspection: '检验机构',
  inspector: '检验人员',
  rescue: '救援单位',
  callcenter: '呼叫中心',
  ad: '广告运营商',
  iot: '物联网商户',
};

export const DATA_SCOPE_LABELS: Record<(typeof DATA_SCOPES)[number], string> = {
  all: '全部数据',
  area: '所辖区域数据',
  company: '本单位数据',
  self: '仅本人数据',
};

export const userTypeOptions = USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
export const dataScopeOptions = DATA_SCOPES.map((value) => ({ value, label: DATA_SCOPE_LABELS[value] }));
export const enterpriseKindOptions = Object.entries(ENTERPRISE_KIND_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** 1 enabled, 0 disabled — the status of users, roles, organisations, dictionaries. */
export const STATUS_ENUM = {
  1: { text: '正常', status: 'Success' },
  0: { text: '停用', status: 'Default' },
} as const;
export const statusOptions = [
  { value: 1, label: '正常' },
  { value: 0, label: '停用' },
];

export const MENU_TYPE_LABELS = { M: '目录', C: '页面', F: '按钮' } as const;

/** Icons the sidebar knows (apps/web/src/app/layout/menu.tsx); others show no icon. */
export const MENU_ICONS = [
  'AlertOutlined',
  'ApiOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'CustomerServiceOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'FileProtectOutlined',
  'FundProjectionScreenOutlined',
  'NotificationOutlined',
  'QrcodeOutlined',
  'ScheduleOutlined',
  'SettingOutlined',
  'SyncOutlined',
  'ToolOutlined',
];

/** Button permission strings (apps/server/src/platform/seed/base.ts MENU_BUTTONS). */
export const PERMS = {
  userEdit: 'system:user:edit',
  roleEdit: 'system:role:edit',
  menuEdit: 'system:menu:edit',
  officeEdit: 'system:office:edit',
  dictEdit: 'system:dict:edit',
  paramEdit: 'system:param:edit',
  oplogList: 'system:oplog:list',
  platformEdit: 'system:platform:edit',
  agreementEdit: 'system:agreement:edit',
  enterpriseEdit: 'system:enterprise:edit',
} as const;
