import { filingPages } from '@ec/contract/menu-catalogue';

/**
 * Route paths of the console's built pages, in one place. The spelling is the contract's menu
 * catalogue (routes.test.ts holds every path here to it); app/pages.tsx maps these paths to page
 * components, and features link with them, so that no feature imports another's paths.
 */

export const DASHBOARD_PATH = '/dashboard';

export const ELEVATOR_PATHS = {
  management: '/basicInformation/theElevatorManagement',
  ledger: '/basicInformation/thelEevatorList',
  myElevators: '/basicInformation/userMyTheElevator',
  unitElevators: '/basicInformation/myTheElevator',
  detail: '/basicInformation/elevatorPageDetails',
  maintenanceClaim: '/basicInformation/elevatorMaintenance',
  maintenanceHistory: '/basicInformation/maintenanceHistory',
  useClaim: '/basicInformation/useTheElevator',
  useClaimRecords: '/basicInformation/theElevatorUsesClaim',
  regulationClaim: '/basicInformation/regulationClaim',
  regulationClaimManager: '/basicInformation/regulationClaimManager',
  regulationClaimDetail: '/basicInformation/regulationClaimDetail',
  sync: '/equ/manage',
} as const;

export const MAINTENANCE_PATHS = {
  workOrder: '/basicInformation/workOrderNo',
  log: '/basicInformation/theLog',
  /** The registry's 维保记录: the order list. */
  record: '/basicInformation/maintenanceRecord',
  tasks: '/components/tinymce',
  taskDetail: '/components/tinymceDetails',
  taskLog: '/components/theLog',
  audit: '/components/markdown',
  auditDetail: '/components/markdownDetails',
  content: '/components/json-editor',
  items: '/components/split-pane',
  versions: '/components/split-pane-content',
  lifts: '/components/information',
  wisdomAudit: '/wisdom/maintenanceAudit',
  wisdomContent: '/wisdom/maintenanceContent',
  wisdomItems: '/wisdom/maintenanceProject',
  pictureCheck: '/customerDept/check',
  orderCheck: '/customerDept/imageVerification',
} as const;

/** The maintenance worker's phone page (outside the console's layout; 375 px wide). */
export const WORK_PATH = '/m/work';

/** The inspector's phone page (its lifts, item results, defect photos, signature; outside the layout). */
export const INSPECT_WORK_PATH = '/m/inspect';

/** The emergency cases' pages (应急处置, 处置工单记录, 电梯信息). */
export const RESCUE_CASE_PATHS = { board: '/yjcz', cases: '/getrecore', lift: '/getrecoreDianti' } as const;

/** The rescuer's phone page (the dispatched company's cases; outside the console's layout). */
export const RESCUE_WORK_PATH = '/m/rescue';

/** The rescue units' pages (救援单位, 救援网格, 救援网格看板, 救援队伍管理). */
export const RESCUE_UNIT_PATHS = {
  units: '/rescue/rescueUnit',
  grids: '/rescue/rescueGrid',
  board: '/rescue/rescueGridBoard',
  teams: '/jiuYuanDui',
} as const;

/** The emergency-code pages (应急码管理). */
export const EMERGENCY_CODE_PATHS = {
  signboard: '/emergencyCode/signboard',
  temporary: '/emergencyCode/temporaryCode',
  claimRecord: '/emergencyCode/claimRecord',
  bindRecord: '/emergencyCode/bindRecord',
  claim: '/emergencyCode/claimCode',
} as const;

/** The public report page a signboard's QR code opens (no sign-in, no layout): /r/<6-digit code>. */
export const PUBLIC_REPORT_ROUTE = '/r/:code';

/** The call centre's agents, repairs (the registry's 维修记录) and signing pages (issue 14). */
export const CALL_CENTRE_PATHS = {
  agents: '/service',
  duty: '/serviceDetail',
  edit: '/serviceEdit',
} as const;
export const REPAIR_PATHS = {
  list: '/basicInformation/repairs',
  filing: '/basicInformationb/repairs',
} as const;
export const SIGNING_PATHS = { useUnit: '/userunit', lease: '/contract', detail: '/userunitDetail' } as const;

export const SYSTEM_PATHS = {
  users: '/permission/page',
  roles: '/permission/role',
  menus: '/permission/menuManagement',
  offices: '/permission/mechanism',
  dictTypes: '/permission/dicManagement',
  dictValues: '/permission/dictionaryValue',
  params: '/permission/parameterManagement',
  oplog: '/permission/operationRecord',
  platform: '/permission/platformSet',
  agreement: '/permission/agreement',
  enterprises: '/permission/nested/nested',
} as const;

/** 运维中心 (issue 20). */
export const OPS_PATHS = {
  notice: '/ops/notice',
  export: '/ops/export',
  noticeRule: '/ops/noticeRule',
  apiKey: '/ops/apiKey',
  job: '/ops/job',
  online: '/ops/online',
  loginLog: '/ops/loginLog',
} as const;

// The parties pages' names and their two groups are the contract's (the server's menu buttons use them too).
export {
  PARTY_GROUPS,
  PARTY_PAGES,
  type PartyPage,
  partyPath,
  partyPaths,
} from '@ec/contract/menu-catalogue';

/** 物联网电梯: the lifts' monitoring page (its 报警 tab lists alarms), and the spec's hidden entry to it. */
export const IOT_PATHS = { elevator: '/wisdom/iotelevator', entry: '/iot' } as const;

/** The inspection organisation's pages (/organization): its filing and audit, and its resources. */
export const ORG_PATHS = {
  audit: '/organization/Audit',
  auditDetail: '/organization/auditDetail',
  filing: '/organization/InstitutionalFiling',
  detail: '/organization/detail',
  elevator: '/organization/elevator',
  equipment: '/organization/equipment',
  equipmentAdd: '/organization/equipmentAdd',
  personnel: '/organization/testingPersonnel',
  personnelDetail: '/organization/personnelDetail',
  auditPersonnel: '/organization/auditPersonnel',
  auditPersonnelDetail: '/organization/auditPersonnelDetail',
  department: '/organization/department',
  personnelAllotment: '/organization/personnelAllotment',
  content: '/organization/content',
  fee: '/organization/Fee',
  addFee: '/organization/AddFee',
  seals: '/organization/SealManagement',
  sealDetail: '/organization/SealDetail',
  inspection: '/organization/inspection',
  inspectionDetail: '/organization/inspectionDetail',
  inspectionAdd: '/organization/inspectionAdd',
  acceptance: '/organization/Acceptance',
  acceptanceDetail: '/organization/acceptanceDetail',
  taskAllotment: '/organization/taskAllotment',
  bill: '/organization/bill',
  report: '/organization/report',
  reportfilehis: '/organization/reportfilehis',
} as const;

/** The electronic patrol's pages (电子巡查): tasks, contents, templates, notices; the regulator's under /wisdom. */
export const PATROL_PATHS = {
  tasks: '/patrol/task',
  taskDetail: '/patrol/taskDetail',
  contents: '/patrol/content',
  templates: '/patrol/template',
  myNotices: '/patrol/myContent',
  /** The regulator's notices to review (待复核 first). */
  reviewNotices: '/patrol/notice',
  myTasks: '/wisdom/patrolTask',
  newTask: '/wisdom/newInspectionTask',
} as const;

/** The advertising pages (电梯广告, /ad): each helper of issue 19 adds its own. */
export const AD_PATHS = {
  point: '/ad/point',
  pointMap: '/ad/pointMap',
  order: '/ad/order',
  custom: '/ad/custom',
  intention: '/ad/gxgdintention',
  task: '/ad/task',
  taskLog: '/ad/taskLog',
  taskLogStat: '/ad/taskLogStat',
  user: '/ad/user',
  count: '/ad/count',
  settlement: '/ad/settlement',
} as const;

/** The patrol's phone page (the assignee's tasks on site; outside the console's layout). */
export const PATROL_WORK_PATH = '/m/patrol';

/** The advertising field worker's phone page (bind a point's QR code, photo, position, log; outside the layout). */
export const AD_WORK_PATH = '/m/ad';

/** The initial filing pages (doc 000 §2), one page for every account kind. */
export const FILING_PATHS: readonly string[] = filingPages.map((p) => p.path);

const withId = (path: string, key: string, id: number) => `${path}?${key}=${id}`;
export const elevatorDetailUrl = (id: number) => withId(ELEVATOR_PATHS.detail, 'id', id);
export const unitElevatorsUrl = (useCompanyId: number) =>
  withId(ELEVATOR_PATHS.unitElevators, 'id', useCompanyId);
export const claimDetailUrl = (id: number) => withId(ELEVATOR_PATHS.regulationClaimDetail, 'id', id);
export const workOrderUrl = (id: number) => withId(MAINTENANCE_PATHS.workOrder, 'id', id);
export const orderLogUrl = (orderId: number) => withId(MAINTENANCE_PATHS.log, 'orderId', orderId);

/** The statistics pages (issue 18): analysis, data statistics, decision analysis, the data screen and map. */
export const STATS_PATHS = {
  timeAnalysis: '/elevatorAnalysis/timeAnalysis',
  companyAnalysis: '/elevatorAnalysis/companyAnalysis',
  userCompanyAnalysis: '/elevatorAnalysis/userCompanyAnalysis',
  manufacturingUnit: '/elevatorAnalysis/manufacturingUnit',
  userTimeAnalysis: '/elevatorAnalysis/userTimeAnalysis',
  arriveTime: '/elevatorAnalysis/arriveTime',
  rescueTime: '/elevatorAnalysis/rescueTime',
  areaStatistics: '/elevatorAnalysis/areaStatistics',
  userPlaceStatistics: '/elevatorAnalysis/userPlaceStatistics',
  analysisReason: '/elevatorAnalysis/analysisReason',
  disposalStatistics: '/elevatorAnalysis/disposalStatistics',
  basicStatistics: '/wisdom/dataStatistics/basicStatistics',
  maintenanceStatistics: '/wisdom/dataStatistics/maintenanceStatistics',
  maintenanceRate: '/wisdom/dataStatistics/maintenanceRate',
  safetyInspectionStatistics: '/wisdom/dataStatistics/safetyInspectionStatistics',
  personnelAnalysis: '/wisdom/decisionAnalysis/personnelAnalysis',
  elevatorAnalysis: '/wisdom/decisionAnalysis/elevatorAnalysis',
  maintenanceUnit: '/wisdom/decisionAnalysis/maintenanceUnit',
  brandElevator: '/wisdom/decisionAnalysis/brandElevator',
  regionalElevator: '/wisdom/decisionAnalysis/regionalElevator',
  dateKanban: '/wisdom/dateKanban',
  mapKanban: '/wisdom/mapKanban',
  tongji: '/tongji',
  dashboardMain: '/dashboardMain',
} as const;
