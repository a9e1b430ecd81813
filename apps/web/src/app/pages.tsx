import { adPages } from '../features/ad/routes.ts';
import { inspectionBillPages } from '../features/inspection-bills/routes.ts';
import { inspectionCatalogPages } from '../features/inspection-catalog/routes.ts';
import { inspectionInstrumentPages } from '../features/inspection-instruments/routes.ts';
import { inspectionOrderPages } from '../features/inspection-orders/routes.ts';
import { inspectionParamPages } from '../features/inspection-params/routes.ts';
import { inspectionPeoplePages } from '../features/inspection-people/routes.ts';
import { inspectionReportPages } from '../features/inspection-reports/routes.ts';
import { iotPages } from '../features/iot/routes.ts';
import { opsPages } from '../features/ops/routes.ts';
import { opsApiKeyPages } from '../features/ops-apikeys/routes.ts';
import { opsJobPages } from '../features/ops-jobs/routes.ts';
import { opsMonitorPages } from '../features/ops-monitor/routes.ts';
import { patrolPages } from '../features/patrol/routes.ts';
import { statisticsPages } from '../features/statistics/routes.ts';
import {
  CALL_CENTRE_PATHS as CC,
  DASHBOARD_PATH,
  ELEVATOR_PATHS as E,
  EMERGENCY_CODE_PATHS as EC,
  FILING_PATHS,
  MAINTENANCE_PATHS as M,
  ORG_PATHS,
  PARTY_PAGES as P,
  partyPaths,
  RESCUE_CASE_PATHS as R,
  REPAIR_PATHS as RP,
  RESCUE_UNIT_PATHS as RU,
  SYSTEM_PATHS as S,
  SIGNING_PATHS as SG,
  STATS_PATHS,
} from '../lib/routes.ts';
import type { PageLoader } from './page-loader.ts';
import { consolePages } from './route-table.ts';

/**
 * Pages that are built: each page once, with the route paths it serves (from lib/routes.ts). A
 * parties page serves its /basicInformation path and its /basicInformationb filing variant. Every
 * other catalogue route renders the placeholder. Each loader is its own chunk.
 */
const pages: [paths: string | readonly string[], load: PageLoader][] = [
  [DASHBOARD_PATH, () => import('../features/dashboard/DashboardPage.tsx')],
  [STATS_PATHS.dashboardMain, () => import('../features/dashboard/WorkbenchPage.tsx')],

  [E.management, () => import('../features/elevator/pages/ElevatorManagementPage.tsx')],
  [E.ledger, () => import('../features/elevator/pages/ElevatorLedgerPage.tsx')],
  [E.myElevators, () => import('../features/elevator/pages/MyElevatorsPage.tsx')],
  [E.unitElevators, () => import('../features/elevator/pages/UnitElevatorsPage.tsx')],
  [E.detail, () => import('../features/elevator/pages/ElevatorDetailPage.tsx')],
  [E.maintenanceClaim, () => import('../features/elevator/pages/MaintenanceClaimPage.tsx')],
  [E.maintenanceHistory, () => import('../features/elevator/pages/MaintenanceHistoryPage.tsx')],
  [[E.useClaim, E.useClaimRecords], () => import('../features/elevator/pages/UseClaimPage.tsx')],
  [E.regulationClaim, () => import('../features/elevator/pages/RegulationClaimPage.tsx')],
  [E.regulationClaimManager, () => import('../features/elevator/pages/RegulationClaimManagerPage.tsx')],
  [E.regulationClaimDetail, () => import('../features/elevator/pages/RegulationClaimDetailPage.tsx')],
  [E.sync, () => import('../features/elevator/pages/ElevatorSyncPage.tsx')],

  [
    [M.workOrder, M.taskDetail, M.auditDetail],
    () => import('../features/maintenance/pages/WorkOrderPage.tsx'),
  ],
  [[M.log, M.taskLog], () => import('../features/maintenance/pages/OrderLogPage.tsx')],
  [[M.tasks, M.record], () => import('../features/maintenance/pages/OrderListPage.tsx')],
  [[M.audit, M.wisdomAudit], () => import('../features/maintenance/pages/OrderAuditPage.tsx')],
  [M.orderCheck, () => import('../features/maintenance/pages/OrderCheckPage.tsx')],
  [M.pictureCheck, () => import('../features/maintenance/pages/PictureCheckPage.tsx')],
  [[M.content, M.wisdomContent], () => import('../features/maintenance-plan/pages/TemplatePage.tsx')],
  [[M.items, M.wisdomItems], () => import('../features/maintenance-plan/pages/TemplateItemsPage.tsx')],
  [M.versions, () => import('../features/maintenance-plan/pages/TemplateVersionsPage.tsx')],
  [M.lifts, () => import('../features/maintenance-plan/pages/MaintainedLiftsPage.tsx')],

  [R.board, () => import('../features/rescue/pages/BoardPage.tsx')],
  [R.cases, () => import('../features/rescue/pages/CaseListPage.tsx')],
  [R.lift, () => import('../features/rescue/pages/LiftInfoPage.tsx')],
  [RU.units, () => import('../features/rescue-units/pages/RescueUnitPage.tsx')],
  [RU.teams, () => import('../features/rescue-units/pages/RescueTeamPage.tsx')],
  [RU.grids, () => import('../features/rescue-units/pages/RescueGridPage.tsx')],
  [RU.board, () => import('../features/rescue-units/pages/RescueGridBoardPage.tsx')],
  [CC.agents, () => import('../features/call-centre/pages/AgentListPage.tsx')],
  [CC.duty, () => import('../features/call-centre/pages/DutyPage.tsx')],
  [CC.edit, () => import('../features/call-centre/pages/AgentEditPage.tsx')],
  [[RP.list, RP.filing], () => import('../features/repairs/pages/RepairListPage.tsx')],
  [[SG.useUnit, SG.lease], () => import('../features/signing/pages/SigningListPage.tsx')],
  [SG.detail, () => import('../features/signing/pages/SigningDetailPage.tsx')],

  [EC.signboard, () => import('../features/emergency-code/pages/SignboardPage.tsx')],
  [EC.temporary, () => import('../features/emergency-code/pages/TemporaryCodePage.tsx')],
  [EC.claimRecord, () => import('../features/emergency-code/pages/ClaimRecordPage.tsx')],
  [EC.bindRecord, () => import('../features/emergency-code/pages/BindRecordPage.tsx')],
  [EC.claim, () => import('../features/emergency-code/pages/ClaimCodePage.tsx')],

  [S.users, () => import('../features/system/users/UserPage.tsx')],
  [S.roles, () => import('../features/system/roles/RolePage.tsx')],
  [S.menus, () => import('../features/system/menus/MenuPage.tsx')],
  [S.offices, () => import('../features/system/offices/OfficePage.tsx')],
  [S.dictTypes, () => import('../features/system/dicts/DictTypePage.tsx')],
  [S.dictValues, () => import('../features/system/dicts/DictValuePage.tsx')],
  [S.params, () => import('../features/system/params/ParamPage.tsx')],
  [S.oplog, () => import('../features/system/oplog/OplogPage.tsx')],
  [S.platform, () => import('../features/system/platform/PlatformPage.tsx')],
  [S.agreement, () => import('../features/system/agreement/AgreementPage.tsx')],
  [S.enterprises, () => import('../features/system/enterprises/EnterprisePage.tsx')],

  [partyPaths(P.maintenanceUnit), () => import('../features/parties/pages/MaintenanceUnitPage.tsx')],
  [partyPaths(P.maintenanceDetail), () => import('../features/parties/pages/MaintenanceUnitDetailPage.tsx')],
  [partyPaths(P.newMaintenanceUnit), () => import('../features/parties/pages/NewMaintenanceUnitPage.tsx')],
  [partyPaths(P.personnel), () => import('../features/parties/pages/MaintenancePersonnelPage.tsx')],
  [partyPaths(P.personnelDetail), () => import('../features/parties/pages/PersonnelDetailsPage.tsx')],
  [partyPaths(P.contract), () => import('../features/parties/pages/MaintenanceContractPage.tsx')],
  [partyPaths(P.hon), () => import('../features/parties/pages/HonPage.tsx')],
  [partyPaths(P.newContract), () => import('../features/parties/pages/NewMaintenancePage.tsx')],
  [partyPaths(P.newUseUnit), () => import('../features/parties/pages/NewOccupancyUnitPage.tsx')],
  [partyPaths(P.unitDetail), () => import('../features/parties/pages/UnitDetailsPage.tsx')],
  [partyPaths(P.recordDetail), () => import('../features/parties/pages/RecordDetailsPage.tsx')],
  [partyPaths(P.officerRecord), () => import('../features/parties/pages/SafetyOfficerRecordPage.tsx')],
  [partyPaths(P.userRecord), () => import('../features/parties/pages/UserRecordPage.tsx')],
  [partyPaths(P.incentive), () => import('../features/parties/pages/MaintenanceIncentivePage.tsx')],
  [partyPaths(P.userUnitDetail), () => import('../features/parties/pages/UserUnitDetailsPage.tsx')],
  [partyPaths(P.officers), () => import('../features/parties/pages/HonForTheRecordPage.tsx')],
  [partyPaths(P.community), () => import('../features/parties/pages/CommunityPage.tsx')],
  [FILING_PATHS, () => import('../features/parties/pages/InitialFilingPage.tsx')],
  [ORG_PATHS.audit, () => import('../features/parties/pages/OrganizationAuditPage.tsx')],
  [ORG_PATHS.auditDetail, () => import('../features/parties/pages/OrganizationAuditDetailPage.tsx')],
  [ORG_PATHS.filing, () => import('../features/parties/pages/OrganizationListPage.tsx')],
  [ORG_PATHS.detail, () => import('../features/parties/pages/OrganizationDetailPage.tsx')],

  ...inspectionPeoplePages,
  ...inspectionInstrumentPages,
  ...inspectionCatalogPages,
  ...inspectionParamPages,
  ...inspectionOrderPages,
  ...patrolPages,
  ...inspectionBillPages,
  ...inspectionReportPages,
  ...iotPages,
  ...statisticsPages,
  ...adPages,
  ...opsPages,
  ...opsApiKeyPages,
  ...opsJobPages,
  ...opsMonitorPages,
  // 检验电梯 for regulators adds 超期未检总览 (inspection-overview) to inspection-params' page: the later entry wins.
  [ORG_PATHS.elevator, () => import('./inspection-elevator-page.tsx')],
];

const byPath: Record<string, PageLoader> = Object.fromEntries(
  pages.flatMap(([paths, load]) => (typeof paths === 'string' ? [paths] : paths).map((p) => [p, load])),
);

/**
 * /basicInformationb holds the /basicInformation set as record-filing variants (the contract's menu
 * catalogue): a variant without a page of its own (the parties pages open theirs on the review
 * tabs) is the /basicInformation page itself, so that a typed or bookmarked variant opens it.
 */
const filingVariants = Object.fromEntries(
  consolePages
    .map((p) => p.path)
    .filter((path) => path.startsWith('/basicInformationb/') && !(path in byPath))
    .map((path) => [path, byPath[path.replace('/basicInformationb/', '/basicInformation/')]] as const)
    .filter((entry): entry is readonly [string, PageLoader] => entry[1] !== undefined),
);

/** Route path → its page's loader. */
export const builtPages: Record<string, PageLoader> = { ...filingVariants, ...byPath };
