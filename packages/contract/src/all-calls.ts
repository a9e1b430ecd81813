import { adCountCalls } from './ad/count.ts';
import { adCustomCalls, adIntentionCalls, gxgdOrderCalls } from './ad/customers.ts';
import { adOrderCalls } from './ad/orders.ts';
import { adPointCalls } from './ad/points.ts';
import { adSettlementCalls } from './ad/settlement.ts';
import { adTaskCalls } from './ad/tasks.ts';
import { adUserCalls } from './ad/users.ts';
import {
  agreementCalls,
  dictAdminCalls,
  enterpriseCalls,
  menuCalls,
  officeCalls,
  oplogCalls,
  roleCalls,
  sensitiveCalls,
  userCalls,
} from './admin.ts';
import { authCalls } from './auth.ts';
import type { Call } from './call.ts';
import { claimCalls, elevatorCalls } from './elevator.ts';
import { fileCalls } from './files.ts';
import { inspectionBillCalls } from './inspection/bills.ts';
import { costCalls, inspectionItemCalls } from './inspection/catalog.ts';
import { equipmentCalls, sealCalls } from './inspection/equipment.ts';
import { departmentCalls, inspectorCalls } from './inspection/inspectors.ts';
import { chargeNoticeCalls, inspectionOrderCalls } from './inspection/orders.ts';
import { technicalParamCalls } from './inspection/params.ts';
import {
  inspectionReportCalls,
  inspectionResultCalls,
  inspectionWorkCalls,
  reportFileHistoryCalls,
} from './inspection/reports.ts';
import { iotAlarmCalls, iotDeviceCalls, iotIngestCalls, iotLookupCalls } from './iot.ts';
import {
  maintenanceContentCalls,
  maintenanceItemCalls,
  maintenanceOrderCalls,
  maintenancePlanCalls,
  maintenanceWorkCalls,
  orderCheckCalls,
  pictureCheckCalls,
} from './maintenance.ts';
import {
  apiKeyCalls,
  exportCalls,
  jobCalls,
  loginLogCalls,
  noticeCalls,
  onlineCalls,
  partnerCalls,
} from './ops.ts';
import {
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  buildingUserAuditCalls,
  buildingUserCalls,
  communityCalls,
  contractAuditCalls,
  contractCalls,
  elevatorOfficerCalls,
  filingCalls,
  incentiveCalls,
  inspectionOrgCalls,
  maintenanceAuditCalls,
  maintenanceUnitCalls,
  maintenanceUserCalls,
} from './parties.ts';
import { patrolContentCalls, patrolNoticeCalls, patrolTaskCalls, patrolTemplateCalls } from './patrol.ts';
import { serviceUserCalls } from './rescue/callcentre.ts';
import { emergencyCodeCalls, publicReportCalls } from './rescue/codes.ts';
import { repairCalls } from './rescue/repairs.ts';
import { signingCalls } from './rescue/signing.ts';
import { rescueCaseCalls, rescueUnitCalls } from './rescue.ts';
import { statsAnalysisCalls, statsDesignedCalls, statsRateCalls, statsScreenCalls } from './stats.ts';
import { commonCalls, dictCalls, logoCalls, paramCalls } from './system.ts';

/** Every declared call; the server registers these and nothing else. */
export const allCalls: Call[] = [
  ...Object.values(authCalls),
  ...Object.values(fileCalls),
  ...Object.values(paramCalls),
  ...Object.values(logoCalls),
  ...Object.values(dictCalls),
  ...Object.values(commonCalls),
  ...Object.values(userCalls),
  ...Object.values(roleCalls),
  ...Object.values(menuCalls),
  ...Object.values(officeCalls),
  ...Object.values(dictAdminCalls),
  ...Object.values(oplogCalls),
  ...Object.values(exportCalls),
  ...Object.values(noticeCalls),
  ...Object.values(apiKeyCalls),
  ...Object.values(partnerCalls),
  ...Object.values(jobCalls),
  ...Object.values(loginLogCalls),
  ...Object.values(onlineCalls),
  ...Object.values(agreementCalls),
  ...Object.values(enterpriseCalls),
  ...Object.values(sensitiveCalls),
  ...Object.values(elevatorCalls),
  ...Object.values(claimCalls),
  ...Object.values(maintenanceOrderCalls),
  ...Object.values(maintenanceWorkCalls),
  ...Object.values(maintenanceContentCalls),
  ...Object.values(maintenanceItemCalls),
  ...Object.values(maintenancePlanCalls),
  ...Object.values(orderCheckCalls),
  ...Object.values(pictureCheckCalls),
  ...Object.values(maintenanceUnitCalls),
  ...Object.values(maintenanceAuditCalls),
  ...Object.values(maintenanceUserCalls),
  ...Object.values(contractCalls),
  ...Object.values(contractAuditCalls),
  ...Object.values(buildingCompanyCalls),
  ...Object.values(buildingCompanyAuditCalls),
  ...Object.values(buildingUserCalls),
  ...Object.values(buildingUserAuditCalls),
  ...Object.values(elevatorOfficerCalls),
  ...Object.values(communityCalls),
  ...Object.values(incentiveCalls),
  ...Object.values(rescueCaseCalls),
  ...Object.values(signingCalls),
  ...Object.values(serviceUserCalls),
  ...Object.values(repairCalls),
  ...Object.values(rescueUnitCalls),
  ...Object.values(emergencyCodeCalls),
  ...Object.values(publicReportCalls),
  ...Object.values(inspectionOrgCalls),
  ...Object.values(filingCalls),
  ...Object.values(inspectorCalls),
  ...Object.values(departmentCalls),
  ...Object.values(equipmentCalls),
  ...Object.values(sealCalls),
  ...Object.values(inspectionItemCalls),
  ...Object.values(costCalls),
  ...Object.values(technicalParamCalls),
  ...Object.values(inspectionOrderCalls),
  ...Object.values(inspectionBillCalls),
  ...Object.values(chargeNoticeCalls),
  ...Object.values(inspectionResultCalls),
  ...Object.values(inspectionReportCalls),
  ...Object.values(reportFileHistoryCalls),
  ...Object.values(patrolContentCalls),
  ...Object.values(patrolTemplateCalls),
  ...Object.values(patrolTaskCalls),
  ...Object.values(patrolNoticeCalls),
  ...Object.values(inspectionWorkCalls),
  ...Object.values(iotDeviceCalls),
  ...Object.values(iotLookupCalls),
  ...Object.values(iotAlarmCalls),
  ...Object.values(iotIngestCalls),
  ...Object.values(statsScreenCalls),
  ...Object.values(statsAnalysisCalls),
  ...Object.values(statsRateCalls),
  ...Object.values(statsDesignedCalls),
  ...Object.values(adPointCalls),
  ...Object.values(adCustomCalls),
  ...Object.values(adIntentionCalls),
  ...Object.values(gxgdOrderCalls),
  ...Object.values(adOrderCalls),
  ...Object.values(adTaskCalls),
  ...Object.values(adUserCalls),
  ...Object.values(adSettlementCalls),
  ...Object.values(adCountCalls),
];
