import {
  ALL_PERMISSIONS,
  areaTree,
  dictionarySeed,
  flattenMenu,
  type MenuNode,
  menuCatalogue,
  REVEAL_PERMISSION,
} from '@ec/contract';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { sysArea, sysDictData, sysDictType, sysMenu, sysParam, sysRole, sysRoleMenu } from '../db/tables.ts';

/** Button permissions of pages, as menu entries of type F. Domain issues add theirs here. */
export const MENU_BUTTONS: Record<string, { name: string; perms: string }[]> = {
  '/permission/parameterManagement': [
    { name: '查询参数', perms: 'system:param:list' },
    { name: '编辑参数', perms: 'system:param:edit' },
  ],
  '/permission/platformSet': [{ name: '设置平台', perms: 'system:platform:edit' }],
  // A page's own buttons first, then the lists its forms pick from (roles, organisations, companies).
  '/permission/page': [
    { name: '查询用户', perms: 'system:user:list' },
    { name: '编辑用户', perms: 'system:user:edit' },
    { name: '选择角色', perms: 'system:role:list' },
    { name: '选择机构', perms: 'system:office:list' },
    { name: '选择企业', perms: 'system:enterprise:list' },
  ],
  '/permission/role': [
    { name: '查询角色', perms: 'system:role:list' },
    { name: '编辑角色', perms: 'system:role:edit' },
    { name: '选择菜单', perms: 'system:menu:list' },
  ],
  '/permission/menuManagement': [
    { name: '查询菜单', perms: 'system:menu:list' },
    { name: '编辑菜单', perms: 'system:menu:edit' },
  ],
  '/permission/mechanism': [
    { name: '查询机构', perms: 'system:office:list' },
    { name: '编辑机构', perms: 'system:office:edit' },
  ],
  '/permission/dicManagement': [
    { name: '查询字典', perms: 'system:dict:list' },
    { name: '编辑字典', perms: 'system:dict:edit' },
  ],
  '/permission/dictionaryValue': [
    { name: '查询字典值', perms: 'system:dict:list' },
    { name: '编辑字典值', perms: 'system:dict:edit' },
  ],
  '/permission/operationRecord': [{ name: '查询与导出操作记录', perms: 'system:oplog:list' }],
  '/permission/agreement': [{ name: '编辑协议', perms: 'system:agreement:edit' }],
  '/permission/nested/nested': [
    { name: '查询企业', perms: 'system:enterprise:list' },
    { name: '编辑企业', perms: 'system:enterprise:edit' },
  ],
};

export interface RoleSeed {
  key: string;
  name: string;
  description: string;
  dataScope: 'all' | 'area' | 'company' | 'self';
  roleType: string;
  permissions: string[];
  /** Menu paths granted; a path grants its subtree and its ancestors. */
  menus: string[];
  /**
   * Menu paths granted to read only (their subtrees and ancestors as `menus`): the pages and, of their
   * buttons, those that read (READ_ONLY_BUTTON), so that no write button is shown nor allowed.
   */
  readOnly?: string[];
}

/** Pages every account has whatever its role: its own messages and its own exports (issue 20). */
export const PERSONAL_MENUS = ['/ops/notice', '/ops/export'];

/** The buttons a read-only grant keeps: permissions that list, export or count. */
export const READ_ONLY_BUTTON = /:(list|export|stats)$/;

export const ROLE_SEEDS: RoleSeed[] = [
  {
    key: 'admin',
    name: '平台管理员',
    description: '监管平台管理员，拥有全部权限',
    dataScope: 'all',
    roleType: 'platform',
    permissions: [ALL_PERMISSIONS],
    menus: [],
  },
  {
    key: 'regulator',
    name: '区级监管人员',
    description: '市场监管部门，按辖区查看和审核',
    dataScope: 'area',
    roleType: 'regulator',
    // Regulators may reveal a masked phone or ID number in their districts (logged). They read the
    // inspection organisations' inspectors and departments in their districts (never write them).
    permissions: [REVEAL_PERMISSION, 'inspection:inspector:list', 'inspection:department:list'],
    menus: [
      '/dashboard',
      '/basicInformation',
      // 统计分析: the analysis pages and the data screen over its districts (issue 18).
      '/elevatorAnalysis',
      '/tongji',
      // 电子维保: its district's orders and maintained lifts (超期); audits and templates are under /wisdom.
      '/components/tinymce',
      '/components/tinymceDetails',
      '/components/theLog',
      '/components/information',
      '/wisdom',
      '/customerDept',
      '/emergencyCode',
      '/rescue',
      // 签约管理: the use units' signings of its districts.
      '/userunit',
      '/userunitDetail',
      '/contract',
      // 电子巡查: its districts' patrol tasks, the check contents and templates, the notices to review
      // (/patrol/notice: 待复核 first, closed or sent back there; its own tasks and their creation are
      // under /wisdom; /patrol/myContent is the recipients'). Migration 0067 grants /patrol/notice to
      // the roles of an existing installation that hold /patrol/taskDetail.
      '/patrol/task',
      '/patrol/taskDetail',
      '/patrol/content',
      '/patrol/template',
      '/patrol/notice',
    ],
    readOnly: [
      // 应急处置: the district's cases.
      '/getrecore',
      // The inspection organisations of its districts and their resources (the services let only an
      // organisation's own accounts write them).
      '/organization/InstitutionalFiling',
      '/organization/detail',
      '/organization/testingPersonnel',
      '/organization/personnelDetail',
      '/organization/equipment',
      '/organization/content',
      '/organization/Fee',
      // 检验电梯: its districts' lifts due for inspection, the parameters recorded of them, 超期未检总览.
      '/organization/elevator',
      // 检验报告: the pushed reports of its districts' lifts.
      '/organization/report',
      // 检验工单: its districts' inspection orders and their detail.
      '/organization/inspection',
      '/organization/inspectionDetail',
      // 检验账单: the bills of its districts' use units.
      '/organization/bill',
      // 广告点位: the advertising points in its districts' lifts, and their map.
      '/ad/point',
      '/ad/pointMap',
    ],
  },
  {
    key: 'maintenance_admin',
    name: '维保单位管理员',
    description: '维保单位负责人',
    dataScope: 'company',
    roleType: 'maintenance',
    // It files its workers and hands them the worker role, so it holds what that role holds; it is
    // the first level of every rescue dispatched to its lifts.
    permissions: ['maintenance:order:work', 'rescue:case:list', 'rescue:case:rescue'],
    menus: [
      '/dashboard',
      '/emergencyCode/claimCode',
      '/emergencyCode/claimRecord',
      '/emergencyCode/bindRecord',
      '/emergencyCode/signboard',
      '/basicInformation/repairs',
      '/basicInformation/elevatorMaintenance',
      '/basicInformation/maintenanceHistory',
      '/basicInformation/elevatorPageDetails',
      '/basicInformation/workOrderNo',
      '/basicInformation/theLog',
      '/basicInformation/thelEevatorList',
      '/basicInformation/maintenanceRecord',
      '/basicInformation/maintenancePersonnel',
      '/basicInformation/personnelDetails',
      '/basicInformation/maintenanceContract',
      '/basicInformation/detailsOfMaintenance',
      '/components',
      // 整改通知 addressed to the company (electronic patrol findings on its lifts).
      '/patrol/myContent',
    ],
  },
  {
    key: 'maintenance_staff',
    name: '维保人员',
    description: '维保单位作业人员',
    dataScope: 'self',
    roleType: 'maintenance',
    // The worker's phone page (/m/work): only the maintenance workers execute orders.
    permissions: ['maintenance:order:work', 'rescue:case:list', 'rescue:case:rescue'],
    menus: ['/dashboard', '/components/tinymce', '/components/tinymceDetails', '/components/theLog'],
  },
  {
    key: 'use_admin',
    name: '使用单位管理员',
    description: '电梯使用单位负责人',
    dataScope: 'company',
    roleType: 'use_unit',
    permissions: [],
    menus: [
      '/dashboard',
      // 应急码: it claims codes for its lifts, binds them and prints their signboards.
      '/emergencyCode/claimCode',
      '/emergencyCode/claimRecord',
      '/emergencyCode/bindRecord',
      '/emergencyCode/signboard',
      // Its lifts' repairs, and its signings (使用单位签约 / 租赁签约).
      '/basicInformation/repairs',
      '/userunit',
      '/userunitDetail',
      '/contract',
      '/basicInformation/userRecord',
      '/basicInformation/honForTheRecord',
      // Its claim page under its own group's name (电梯使用认领), not the supervisors' 使用认领 as well.
      '/basicInformation/theElevatorUsesClaim',
      '/basicInformation/userMyTheElevator',
      '/basicInformation/elevatorPageDetails',
      '/basicInformation/workOrderNo',
      '/basicInformation/theLog',
      '/basicInformation/userUnitDetails',
      '/basicInformation/maintenanceIncentive',
      '/basicInformation/maintenanceContract',
      '/components/tinymce',
      '/components/tinymceDetails',
      '/components/theLog',
      // 定期检验: it applies for its lifts' periodic inspection and follows its applications.
      '/organization/inspection',
      '/organization/inspectionDetail',
      '/organization/inspectionAdd',
      // 整改通知 of the regulators' patrols, to answer with evidence.
      '/patrol/myContent',
    ],
    // 检验报告: the pushed reports of its lifts; 检验账单: its bills from the inspection organisations.
    // 广告点位: the advertising points hung in its lifts. 处置工单记录: its lifts' rescue cases, which
    // the message centre's notice of a dispatch or an escalation opens (rescue/cases/flow.ts tellUseUnit).
    readOnly: [
      '/organization/report',
      '/organization/bill',
      '/ad/point',
      '/ad/pointMap',
      '/ad/settlement',
      '/getrecore',
    ],
  },
  {
    key: 'safety_officer',
    name: '安全管理员',
    description: '使用单位电梯安全员',
    dataScope: 'self',
    roleType: 'use_unit',
    permissions: [],
    // Confirms the maintenance records of its unit's lifts (维保任务 → 确认).
    menus: [
      '/dashboard',
      // Its unit's rectification notices (电子巡查), to answer.
      '/patrol/myContent',
      '/components/tinymce',
      '/components/tinymceDetails',
      '/components/theLog',
      // It reports faults of its unit's lifts.
      '/basicInformation/repairs',
    ],
    // It follows its unit's periodic inspection applications and reads their reports, and its unit's
    // rescue cases (处置工单记录), which a dispatch's notice opens.
    readOnly: [
      '/organization/inspection',
      '/organization/inspectionDetail',
      '/organization/report',
      '/getrecore',
    ],
  },
  {
    key: 'inspection_admin',
    name: '检验机构管理员',
    description: '特种设备检验机构',
    dataScope: 'company',
    roleType: 'inspection',
    permissions: [],
    menus: ['/dashboard', '/organization'],
  },
  {
    key: 'inspector',
    name: '检验人员',
    description: '检验机构检验员',
    dataScope: 'self',
    roleType: 'inspection',
    permissions: [],
    // Its tasks (the orders distributed to it) and their detail, its reports and their original
    // records' versions (报告原始记录: it uploads them).
    menus: [
      '/dashboard',
      '/organization/inspection',
      '/organization/inspectionDetail',
      '/organization/report',
      '/organization/reportfilehis',
    ],
  },
  {
    key: 'rescue',
    name: '救援单位',
    description: '应急救援队伍',
    dataScope: 'company',
    roleType: 'rescue',
    // The second level of a dispatch: accepts, arrives and frees from the rescuer's page.
    permissions: ['rescue:case:list', 'rescue:case:rescue'],
    // Its unit, grids and board, and its teams (救援队伍管理).
    menus: ['/dashboard', '/rescue', '/jiuYuanDui'],
  },
  {
    key: 'callcenter',
    name: '呼叫中心坐席',
    description: '96333 应急处置坐席',
    dataScope: 'all',
    roleType: 'callcenter',
    permissions: [],
    menus: [
      '/dashboard',
      '/service',
      '/serviceDetail',
      '/serviceEdit',
      '/getrecore',
      '/yjcz',
      '/getrecoreDianti',
      // A call about a fault with nobody trapped becomes a repair (维修记录).
      '/basicInformation/repairs',
    ],
  },
  {
    key: 'ad_admin',
    name: '广告运营商',
    description: '电梯广告运营',
    dataScope: 'company',
    roleType: 'ad',
    permissions: [],
    menus: ['/dashboard', '/ad'],
  },
  {
    key: 'ad_worker',
    name: '广告安装人员',
    description: '广告运营商的现场安装人员',
    // Its own tasks only: those of the mini-program worker bound to the account (modules/ad taskScope).
    dataScope: 'self',
    roleType: 'ad',
    // The field worker's phone page (/m/ad, from 首页): its tasks, bind a QR code, send a log.
    permissions: ['ad:task:list', 'ad:task:work'],
    menus: ['/dashboard'],
  },
  {
    key: 'iot_admin',
    name: '物联网商户',
    description: '电梯物联网设备商',
    dataScope: 'company',
    roleType: 'iot',
    // Its devices' trapped-passenger alarms open rescue cases.
    permissions: ['rescue:alarm:post'],
    menus: ['/dashboard', '/equ', '/wisdom/iotelevator', 'iot'],
  },
];

export const SYSTEM_PARAMS = [
  {
    configKey: 'tempFileSize',
    value: '5',
    name: '上传文件大小上限（MB）',
    remark: '上传组件在请求时按此值检查文件大小',
  },
  {
    configKey: 'platformName',
    value: '南宁市电梯云监管平台',
    name: '平台默认名称',
    remark: '无平台标识记录时侧边栏显示此名称',
  },
  {
    configKey: 'rescueAcceptMinutes',
    value: '3',
    name: '救援接单时限（分钟）',
    remark: '派遣后未在此时间内接单的，自动升级到下一级响应',
  },
  {
    configKey: 'rescueArriveMinutes',
    value: '30',
    name: '救援到达时限（分钟）',
    remark: '接警到到达现场超过此时间的救援记为超时',
  },
  {
    configKey: 'rescueWarnMinutes',
    value: '20',
    name: '救援到达预警（分钟）',
    remark: '接警后此时间仍未到达的，应急处置看板预警',
  },
  {
    configKey: 'publicReportPerIpHour',
    value: '10',
    name: '扫码上报每 IP 每小时上限',
    remark: '公开上报页面（应急标识牌二维码）每个 IP 每小时最多受理的上报次数',
  },
  {
    configKey: 'publicReportCooldownMinutes',
    value: '10',
    name: '扫码上报同梯合并时间（分钟）',
    remark: '同一电梯在此时间内再次上报且工单未关闭的，并入该工单',
  },
  {
    configKey: 'inspection.report.releaseRequiresPayment',
    value: 'true',
    name: '检验报告缴费后发布',
    remark:
      '开启（true）时，检验费未缴清（未缴费）的检验报告不能推送发布，缴费或免缴后方可发布；填 false 关闭',
  },
  {
    configKey: 'maintenanceRemindDays',
    value: '3',
    name: '维保到期提醒天数',
    remark: '距下次维保日期小于该天数时提醒',
  },
];

/**
 * The platform's own parameters, inserted on every start (`startSeeders`): an installation made
 * before a parameter existed gets it, and a value an administrator set stays.
 */
export async function seedSystemParams(tx: Tx) {
  await tx
    .insert(sysParam)
    .values(SYSTEM_PARAMS.map((p) => ({ ...p, builtIn: true })))
    .onConflictDoNothing();
}

/** Reference data every installation needs once: areas, dictionaries, menus, roles. */
export async function seedBase(
  tx: Tx,
  moduleButtons: Record<string, { name: string; perms: string }[]>[] = [],
) {
  const buttonsOf = (path: string) => [
    ...(MENU_BUTTONS[path] ?? []),
    ...moduleButtons.flatMap((m) => m[path] ?? []),
  ];
  const [{ n }] = await tx.select({ n: count() }).from(sysMenu);
  if (n > 0) return false;

  let sort = 0;
  const areas: (typeof sysArea.$inferInsert)[] = [];
  const walkArea = (nodes: typeof areaTree, parent: string | null) => {
    for (const a of nodes) {
      areas.push({ code: a.value, name: a.label, parentCode: parent, sort: sort++ });
      if (a.children) walkArea(a.children, a.value);
    }
  };
  walkArea(areaTree, null);
  await tx.insert(sysArea).values(areas);

  for (const dict of dictionarySeed) {
    const [type] = await tx
      .insert(sysDictType)
      .values({ code: dict.code, name: dict.name })
      .returning({ id: sysDictType.id });
    if (dict.childs.length > 0) {
      await tx
        .insert(sysDictData)
        .values(dict.childs.map((c, i) => ({ typeId: type.id, key: c.key, value: c.value, sort: i })));
    }
  }

  const idByPath = new Map<string, number>();
  let menuSort = 0;
  const insertMenus = async (nodes: MenuNode[], parentId: number | null) => {
    for (const node of nodes) {
      const [row] = await tx
        .insert(sysMenu)
        .values({
          parentId,
          name: node.name,
          url: node.path,
          icon: node.icon ?? null,
          hidden: node.hidden ?? false,
          sort: menuSort++,
          type: node.children?.length ? 'M' : 'C',
        })
        .returning({ id: sysMenu.id });
      idByPath.set(node.path, row.id);
      const buttons = buttonsOf(node.path);
      if (buttons.length > 0) {
        await tx.insert(sysMenu).values(
          buttons.map((b) => ({
            parentId: row.id,
            name: b.name,
            url: '',
            perms: b.perms,
            type: 'F',
            hidden: true,
            sort: menuSort++,
          })),
        );
      }
      if (node.children) await insertMenus(node.children, row.id);
    }
  };
  await insertMenus(menuCatalogue, null);

  for (const role of ROLE_SEEDS) {
    const [row] = await tx.insert(sysRole).values(roleRow(role)).returning({ id: sysRole.id });
    await grantRoleMenus(tx, role, row.id, idByPath);
  }
  return true;
}

const roleRow = (role: RoleSeed) => ({
  roleKey: role.key,
  name: role.name,
  description: role.description,
  dataScope: role.dataScope,
  roleType: role.roleType,
  permissions: role.permissions,
  builtIn: true,
});

/**
 * Grants a seeded role its menus: its pages with their subtrees, ancestors and buttons, the personal
 * pages, its read-only pages and of their buttons those that read. `idByPath` finds a page's row.
 */
async function grantRoleMenus(tx: Tx, role: RoleSeed, roleId: number, idByPath: Map<string, number>) {
  const all = flattenMenu();
  const parentOf = new Map<string, string>();
  const walkParents = (nodes: MenuNode[], parent?: string) => {
    for (const node of nodes) {
      if (parent) parentOf.set(node.path, parent);
      if (node.children) walkParents(node.children, node.path);
    }
  };
  walkParents(menuCatalogue);
  const grant = (prefixes: string[]) => {
    const paths = new Set<string>();
    for (const prefix of prefixes) {
      for (const node of all) {
        if (node.path === prefix || node.path.startsWith(`${prefix}/`)) paths.add(node.path);
      }
      for (let p = parentOf.get(prefix); p; p = parentOf.get(p)) paths.add(p);
    }
    return [...paths].map((p) => idByPath.get(p)).filter((id): id is number => id !== undefined);
  };
  const full = grant([...role.menus, ...PERSONAL_MENUS]);
  const fullSet = new Set(full);
  const readOnly = grant(role.readOnly ?? []).filter((id) => !fullSet.has(id));
  const buttonsUnder = async (menuIds: number[]) =>
    menuIds.length === 0
      ? []
      : tx
          .select({ id: sysMenu.id, perms: sysMenu.perms })
          .from(sysMenu)
          .where(and(inArray(sysMenu.parentId, menuIds), eq(sysMenu.type, 'F')));
  const readButtons = (await buttonsUnder(readOnly)).filter((b) => READ_ONLY_BUTTON.test(b.perms ?? ''));
  const menuIds = [
    ...new Set([
      ...full,
      ...(await buttonsUnder(full)).map((b) => b.id),
      ...readOnly,
      ...readButtons.map((b) => b.id),
    ]),
  ];
  if (menuIds.length > 0) {
    await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
  }
}

/**
 * A built-in role that a later version added (ROLE_SEEDS), for an installation seeded before it: a
 * module's `startSeeders` call this on every start. When no role has the key, the role is inserted
 * and granted its menus as a new installation's is (the pages found by their paths); a role that
 * exists, however an administrator edited it (name, scope, permissions, menus), is left alone.
 * Returns whether it inserted the role.
 */
export async function seedRoleIfMissing(tx: Tx, key: string) {
  const role = ROLE_SEEDS.find((r) => r.key === key);
  if (!role) throw new Error(`role ${key} is not in ROLE_SEEDS`);
  const [row] = await tx
    .insert(sysRole)
    .values(roleRow(role))
    .onConflictDoNothing({ target: sysRole.roleKey })
    .returning({ id: sysRole.id });
  if (!row) return false;
  const pages = await tx
    .select({ id: sysMenu.id, url: sysMenu.url })
    .from(sysMenu)
    .where(ne(sysMenu.type, 'F'));
  await grantRoleMenus(tx, role, row.id, new Map(pages.map((p) => [p.url, p.id])));
  return true;
}

export async function roleIdByKey(tx: Tx, key: string) {
  const [row] = await tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleKey, key));
  if (!row) throw new Error(`role ${key} is not seeded`);
  return row.id;
}
