/**
 * Console menu catalogue: every non-public route of spec/routes.tsv with its Chinese title.
 *
 * - `path` is the FULL hash-route path. Route names keep the spec's spelling exactly,
 *   including its typos (thelEevatorList, getrecore) and its mixed case (InstitutionalFiling, Audit, Fee…).
 * - Children of the top-level group '/' are '/' + name; children of any other group are
 *   parent path + '/' + name (nested groups included, e.g. '/elevatorAnalysis/timeAnalysis').
 * - `hidden` marks pages reached from another page, never from the sidebar: the detail/edit pages
 *   that routes.tsv lists as hidden=yes, and the detail, edit and add pages it leaves unmarked
 *   (签约详情, 坐席编辑, 监管认领详情, 机构详情, 印章详情, …: each opens for one record of a list).
 *   The server's menu call keeps them out of the sidebar whatever the database says.
 * - The entry with path 'iot' must exist: the sidebar hides the menu entry whose url is iot.
 * - The communities and repairs pages have no route name in the spec; they are named
 *   'community' and 'repairs' here.
 */

export interface MenuNode {
  /** Full hash-route path, e.g. '/basicInformation/theElevatorManagement'. */
  path: string;
  /** Chinese title shown in the sidebar, tabs and breadcrumb. */
  name: string;
  /** @ant-design/icons component name; top-level entries only. */
  icon?: string;
  /** Hidden detail/edit page (routes.tsv hidden=yes). */
  hidden?: boolean;
  /** Pinned tab; only /dashboard. */
  affix?: boolean;
  children?: MenuNode[];
}

/**
 * Pages of /basicInformation. /basicInformationb holds the same set as record-filing (备案) variants,
 * so each row carries both titles: [route name, title, filing title, hidden, has a filing variant].
 * Only the reviewed records (companies, maintenance staff, contracts) have a filing variant, a page
 * that opens on its review tabs. Under /basicInformationb the others are hidden, so that the group
 * does not list a second entry for the same page (the elevator registry, claims, work orders, and
 * 安全员备案, which opens on its review tab in both groups).
 */
const basicInformationPages: ReadonlyArray<readonly [string, string, string, boolean, boolean?]> = [
  // Supervisor group (监管端)
  ['theElevatorManagement', '电梯管理', '电梯备案', false],
  ['maintenanceUnit', '维保单位管理', '维保单位备案', false, true],
  ['detailsOfMaintenance', '维保单位详情', '维保单位备案详情', true, true],
  ['newMaintenanceUnit', '新增维保单位', '新增维保单位备案', true, true],
  ['thelEevatorList', '电梯台账', '电梯台账备案', false],
  ['maintenanceRecord', '维保记录', '维保记录备案', false],
  ['maintenancePersonnel', '维保人员管理', '维保人员备案', false, true],
  ['personnelDetails', '维保人员详情', '维保人员备案详情', true, true],
  ['maintenanceContract', '维保合同管理', '维保合同备案', false, true],
  ['elevatorMaintenance', '维保认领', '维保认领备案', false],
  ['maintenanceHistory', '维保历史', '维保历史备案', true],
  ['elevatorPageDetails', '电梯详情', '电梯备案详情', true],
  ['workOrderNo', '维保工单详情', '维保工单备案详情', true],
  ['theLog', '维保日志', '维保日志备案', true],
  ['useTheElevator', '使用认领', '使用认领备案', false],
  ['hon', '使用单位管理', '使用单位备案', false, true],
  ['myTheElevator', '单位电梯', '单位电梯备案', true],
  ['newMaintenance', '新增维保', '新增维保备案', true, true],
  ['newOccupancyUnit', '新增使用单位', '新增使用单位备案', true, true],
  ['unitDetails', '使用单位详情', '使用单位备案详情', true, true],
  ['recordDetails', '备案详情', '备案记录详情', true, true],
  ['safetyOfficerRecord', '安全员备案', '安全员备案审核', false],
  ['regulationClaim', '监管认领', '监管认领备案', false],
  ['regulationClaimManager', '监管认领管理', '监管认领备案管理', false],
  ['regulationClaimDetail', '监管认领详情', '监管认领备案详情', true],
  ['community', '小区管理', '小区备案', false],
  ['repairs', '维修记录', '维修记录备案', false],
  // Using-unit group (使用单位端)
  ['userRecord', '使用单位档案', '使用单位档案备案', false],
  ['userMyTheElevator', '我的电梯', '我的电梯备案', true],
  ['maintenanceIncentive', '维保激励', '维保激励备案', true],
  ['userUnitDetails', '本单位详情', '本单位备案详情', true],
  ['honForTheRecord', '安全员管理', '安全员备案管理', false],
  ['theElevatorUsesClaim', '电梯使用认领', '电梯使用认领备案', false],
];

function basicInformationChildren(parent: string, filing: boolean): MenuNode[] {
  return basicInformationPages.map(([name, title, filingTitle, hidden, filingVariant]) => {
    const node: MenuNode = { path: `${parent}/${name}`, name: filing ? filingTitle : title };
    if (hidden || (filing && !filingVariant)) node.hidden = true;
    return node;
  });
}

/**
 * Page names of the parties pages. Each lives in two groups: /basicInformation and its record-filing
 * (备案) variant /basicInformationb, which the catalogue lists with the same names.
 * The web's routes and the server's page buttons (modules/parties/index.ts) both take them from here.
 */
export const PARTY_PAGES = {
  maintenanceUnit: 'maintenanceUnit',
  maintenanceDetail: 'detailsOfMaintenance',
  newMaintenanceUnit: 'newMaintenanceUnit',
  personnel: 'maintenancePersonnel',
  personnelDetail: 'personnelDetails',
  contract: 'maintenanceContract',
  hon: 'hon',
  newContract: 'newMaintenance',
  newUseUnit: 'newOccupancyUnit',
  unitDetail: 'unitDetails',
  recordDetail: 'recordDetails',
  officerRecord: 'safetyOfficerRecord',
  userRecord: 'userRecord',
  incentive: 'maintenanceIncentive',
  userUnitDetail: 'userUnitDetails',
  officers: 'honForTheRecord',
  community: 'community',
} as const;
export type PartyPage = (typeof PARTY_PAGES)[keyof typeof PARTY_PAGES];

export const PARTY_GROUPS = { records: '/basicInformation', filing: '/basicInformationb' } as const;

/** A parties page's path in one group. */
export const partyPath = (page: PartyPage, filing = false) =>
  `${filing ? PARTY_GROUPS.filing : PARTY_GROUPS.records}/${page}`;

/** Both paths of a parties page (its page and its filing variant). */
export const partyPaths = (page: PartyPage) => [partyPath(page), partyPath(page, true)];

export const menuCatalogue: MenuNode[] = [
  { path: '/dashboard', name: '首页', icon: 'DashboardOutlined', affix: true },
  {
    path: '/',
    name: '综合管理',
    icon: 'AppstoreOutlined',
    children: [
      { path: '/dashboardMain', name: '工作台' },
      { path: '/userunit', name: '使用单位签约管理' },
      { path: '/contract', name: '租赁签约管理' },
      { path: '/userunitDetail', name: '签约详情', hidden: true },
      { path: '/service', name: '客服呼叫中心' },
      { path: '/serviceDetail', name: '坐席上下线' },
      { path: '/serviceEdit', name: '坐席编辑', hidden: true },
      { path: '/getrecore', name: '处置工单记录' },
      { path: '/getrecoreDianti', name: '电梯信息' },
      { path: '/yjcz', name: '应急处置' },
      { path: '/jiuYuanDui', name: '救援队伍管理' },
      { path: '/tongji', name: '数据大屏' },
      {
        path: '/elevatorAnalysis',
        name: '电梯故障分析',
        children: [
          { path: '/elevatorAnalysis/timeAnalysis', name: '故障时段分析' },
          { path: '/elevatorAnalysis/companyAnalysis', name: '维保单位故障分析' },
          { path: '/elevatorAnalysis/userCompanyAnalysis', name: '使用单位故障分析' },
          { path: '/elevatorAnalysis/manufacturingUnit', name: '制造单位故障分析' },
          { path: '/elevatorAnalysis/userTimeAnalysis', name: '使用年限分析' },
          { path: '/elevatorAnalysis/arriveTime', name: '到达时长分析' },
          { path: '/elevatorAnalysis/rescueTime', name: '救援时长分析' },
          { path: '/elevatorAnalysis/areaStatistics', name: '区域统计' },
          { path: '/elevatorAnalysis/userPlaceStatistics', name: '使用场所统计' },
          { path: '/elevatorAnalysis/analysisReason', name: '故障原因分析' },
          { path: '/elevatorAnalysis/disposalStatistics', name: '坐席处置统计' },
        ],
      },
    ],
  },
  {
    path: '/customerDept',
    name: '客服审核',
    icon: 'CustomerServiceOutlined',
    children: [
      { path: '/customerDept/check', name: '图片核查' },
      { path: '/customerDept/imageVerification', name: '画面核验' },
    ],
  },
  {
    path: '/wisdom',
    name: '智慧监管',
    icon: 'FundProjectionScreenOutlined',
    children: [
      { path: '/wisdom/dateKanban', name: '数据看板' },
      { path: '/wisdom/mapKanban', name: '数据地图' },
      { path: '/wisdom/iotelevator', name: '物联网电梯' },
      { path: '/wisdom/maintenanceAudit', name: '维保任务' },
      { path: '/wisdom/maintenanceContent', name: '维保内容' },
      { path: '/wisdom/maintenanceProject', name: '维保项目' },
      { path: '/wisdom/patrolTask', name: '电子巡检任务' },
      { path: '/wisdom/newInspectionTask', name: '新建巡检任务', hidden: true },
      {
        path: '/wisdom/dataStatistics',
        name: '数据统计',
        children: [
          { path: '/wisdom/dataStatistics/basicStatistics', name: '基础数据统计' },
          { path: '/wisdom/dataStatistics/maintenanceStatistics', name: '维保统计' },
          { path: '/wisdom/dataStatistics/maintenanceRate', name: '维保率统计' },
          { path: '/wisdom/dataStatistics/safetyInspectionStatistics', name: '安全巡检统计' },
        ],
      },
      {
        path: '/wisdom/decisionAnalysis',
        name: '决策分析',
        children: [
          { path: '/wisdom/decisionAnalysis/personnelAnalysis', name: '维保人员分析' },
          { path: '/wisdom/decisionAnalysis/elevatorAnalysis', name: '电梯分析' },
          { path: '/wisdom/decisionAnalysis/maintenanceUnit', name: '维保单位分析' },
          { path: '/wisdom/decisionAnalysis/brandElevator', name: '电梯品牌分析' },
          { path: '/wisdom/decisionAnalysis/regionalElevator', name: '区域电梯分析' },
        ],
      },
    ],
  },
  {
    path: '/basicInformation',
    name: '基础信息',
    icon: 'DatabaseOutlined',
    children: basicInformationChildren('/basicInformation', false),
  },
  {
    path: '/basicInformationb',
    name: '基础信息备案',
    icon: 'FileProtectOutlined',
    children: basicInformationChildren('/basicInformationb', true),
  },
  {
    path: '/components',
    name: '电子维保',
    icon: 'ToolOutlined',
    children: [
      { path: '/components/tinymce', name: '维保任务' },
      { path: '/components/theLog', name: '维保日志', hidden: true },
      { path: '/components/tinymceDetails', name: '维保任务详情', hidden: true },
      { path: '/components/markdown', name: '维保审核' },
      { path: '/components/markdownDetails', name: '维保审核详情', hidden: true },
      { path: '/components/json-editor', name: '维保内容' },
      { path: '/components/split-pane', name: '维保项目' },
      { path: '/components/split-pane-content', name: '维保项目内容' },
      { path: '/components/information', name: '维保电梯资料' },
    ],
  },
  {
    path: '/permission',
    name: '系统设置',
    icon: 'SettingOutlined',
    children: [
      { path: '/permission/mechanism', name: '机构管理' },
      { path: '/permission/page', name: '用户管理' },
      { path: '/permission/role', name: '角色管理' },
      { path: '/permission/menuManagement', name: '菜单管理' },
      { path: '/permission/dicManagement', name: '字典管理' },
      { path: '/permission/dictionaryValue', name: '字典值管理' },
      { path: '/permission/parameterManagement', name: '参数管理' },
      { path: '/permission/operationRecord', name: '操作记录' },
      { path: '/permission/platformSet', name: '平台设置' },
      { path: '/permission/agreement', name: '协议管理' },
      { path: '/permission/nested/nested', name: '系统平台管理' },
    ],
  },
  {
    // 运维中心 (issue 20): every account's message and export centres; the administrator's rules.
    path: '/ops',
    name: '运维中心',
    icon: 'ToolOutlined',
    children: [
      { path: '/ops/notice', name: '消息中心' },
      { path: '/ops/export', name: '导出中心' },
      { path: '/ops/noticeRule', name: '消息规则' },
      { path: '/ops/apiKey', name: 'API 密钥' },
      { path: '/ops/job', name: '定时任务' },
      { path: '/ops/online', name: '在线用户' },
      { path: '/ops/loginLog', name: '登录日志' },
    ],
  },
  {
    path: '/equ',
    name: '设备数据',
    icon: 'SyncOutlined',
    children: [{ path: '/equ/manage', name: '电梯数据同步' }],
  },
  {
    path: '/ad',
    name: '广告管理',
    icon: 'NotificationOutlined',
    children: [
      { path: '/ad/point', name: '广告点位' },
      { path: '/ad/order', name: '广告订单' },
      { path: '/ad/task', name: '投放任务' },
      { path: '/ad/user', name: '小程序用户' },
      { path: '/ad/count', name: '点位统计' },
      { path: '/ad/custom', name: '广告客户' },
      { path: '/ad/pointMap', name: '点位地图' },
      { path: '/ad/taskLog', name: '投放日志' },
      { path: '/ad/taskLogStat', name: '投放统计' },
      { path: '/ad/gxgdintention', name: '广电意向客户' },
      { path: '/ad/settlement', name: '结算管理' },
    ],
  },
  {
    path: '/emergencyCode',
    name: '应急码管理',
    icon: 'QrcodeOutlined',
    children: [
      { path: '/emergencyCode/signboard', name: '应急标识牌' },
      { path: '/emergencyCode/temporaryCode', name: '临时应急码' },
      { path: '/emergencyCode/claimRecord', name: '认领记录' },
      { path: '/emergencyCode/bindRecord', name: '绑定记录' },
      { path: '/emergencyCode/claimCode', name: '应急码认领' },
    ],
  },
  {
    path: '/rescue',
    name: '救援管理',
    icon: 'AlertOutlined',
    children: [
      { path: '/rescue/rescueUnit', name: '救援单位' },
      { path: '/rescue/rescueGrid', name: '救援网格' },
      { path: '/rescue/rescueGridBoard', name: '救援网格看板' },
    ],
  },
  {
    path: '/organization',
    name: '检验机构',
    icon: 'AuditOutlined',
    children: [
      { path: '/organization/elevator', name: '检验电梯' },
      { path: '/organization/InstitutionalFiling', name: '机构备案' },
      { path: '/organization/detail', name: '机构详情', hidden: true },
      { path: '/organization/Audit', name: '机构审核' },
      { path: '/organization/auditDetail', name: '机构审核详情', hidden: true },
      { path: '/organization/equipment', name: '检验设备' },
      { path: '/organization/equipmentAdd', name: '新增检验设备', hidden: true },
      { path: '/organization/testingPersonnel', name: '检验人员' },
      { path: '/organization/personnelDetail', name: '检验人员详情', hidden: true },
      { path: '/organization/auditPersonnel', name: '检验人员审核' },
      { path: '/organization/auditPersonnelDetail', name: '人员审核详情', hidden: true },
      { path: '/organization/inspection', name: '检验工单' },
      { path: '/organization/bill', name: '检验账单' },
      { path: '/organization/Acceptance', name: '报检受理' },
      { path: '/organization/acceptanceDetail', name: '受理详情', hidden: true },
      { path: '/organization/inspectionDetail', name: '检验工单详情', hidden: true },
      { path: '/organization/inspectionAdd', name: '新增检验工单', hidden: true },
      { path: '/organization/report', name: '检验报告' },
      { path: '/organization/content', name: '检验项目' },
      { path: '/organization/Fee', name: '检验收费标准' },
      { path: '/organization/AddFee', name: '新增收费标准', hidden: true },
      { path: '/organization/department', name: '部门管理' },
      { path: '/organization/personnelAllotment', name: '人员分配' },
      { path: '/organization/taskAllotment', name: '任务分配' },
      { path: '/organization/reportfilehis', name: '报告文件历史' },
      { path: '/organization/SealManagement', name: '印章管理' },
      { path: '/organization/SealDetail', name: '印章详情', hidden: true },
    ],
  },
  {
    path: '/patrol',
    name: '电子巡检',
    icon: 'ScheduleOutlined',
    children: [
      { path: '/patrol/task', name: '巡检任务' },
      { path: '/patrol/taskDetail', name: '巡检任务详情', hidden: true },
      { path: '/patrol/content', name: '巡检内容' },
      { path: '/patrol/template', name: '巡检模板' },
      { path: '/patrol/myContent', name: '我的巡检内容' },
      { path: '/patrol/notice', name: '整改通知' },
    ],
  },
  // The sidebar hides the entry whose url is 'iot' (spec §2 Layout); it must still exist in the data.
  { path: 'iot', name: '物联网', icon: 'ApiOutlined' },
];

/** Initial filing pages (spec §2): reached through the needIntercept guard, not through the sidebar. */
export const filingPages: MenuNode[] = [
  { path: '/initialFiling', name: '维保单位初始备案' },
  { path: '/initialRecord', name: '维保人员初始备案' },
  { path: '/initialFiling/initialFiling', name: '企业绑定' },
  { path: '/initialFiling/mechanism', name: '检验机构绑定' },
];

/**
 * Routes that render the same page under two names (the spec lists 使用认领 in the supervisor group
 * and 电梯使用认领 in the using-unit group). A menu that grants both shows only the first.
 */
export const samePageRoutes: ReadonlyArray<readonly [string, string]> = [
  ['/basicInformation/useTheElevator', '/basicInformation/theElevatorUsesClaim'],
  ['/basicInformationb/useTheElevator', '/basicInformationb/theElevatorUsesClaim'],
  // 电子维保 has its pages under the maintenance company's 电子维保 and the regulator's 智慧监管 (and
  // the registry's 维保记录): an account granted both sees each once.
  ['/components/tinymce', '/basicInformation/maintenanceRecord'],
  ['/wisdom/maintenanceAudit', '/components/markdown'],
  ['/wisdom/maintenanceContent', '/components/json-editor'],
  ['/wisdom/maintenanceProject', '/components/split-pane'],
];

/**
 * The initial filing page of an account kind (doc 000 §2): the only page an account that must file
 * and has not been passed can open, and so its whole menu.
 */
export function filingPageFor(userType: string): MenuNode {
  const path =
    userType === 'maintenance_staff'
      ? '/initialRecord'
      : userType === 'inspection' || userType === 'inspector'
        ? '/initialFiling/mechanism'
        : userType === 'use_unit' || userType === 'safety_officer'
          ? '/initialFiling/initialFiling'
          : '/initialFiling';
  return filingPages.find((p) => p.path === path)!;
}

/** The console route of a menu url: the spec's 'iot' has no leading slash. */
export const routePathOf = (url: string) => (url.startsWith('/') ? url : `/${url}`);

/** Paths of the pages the catalogue hides from the sidebar. */
export const hiddenMenuPaths: ReadonlySet<string> = new Set(
  flattenMenu()
    .filter((n) => n.hidden)
    .map((n) => n.path),
);

/** Every node, depth-first (parent before its children). */
export function flattenMenu(nodes: MenuNode[] = menuCatalogue): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (list: MenuNode[]): void => {
    for (const node of list) {
      out.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return out;
}
