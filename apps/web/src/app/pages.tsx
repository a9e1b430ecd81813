import type { ComponentType } from 'react';

/**
 * Pages that are built, by route path. Every other catalogue route renders the placeholder.
 * Each loader is its own chunk.
 */
export const builtPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx'),
  '/basicInformation/theElevatorManagement': () =>
    import('../features/elevator/pages/ElevatorManagementPage.tsx'),
  '/basicInformation/thelEevatorList': () => import('../features/elevator/pages/ElevatorLedgerPage.tsx'),
  '/basicInformation/userMyTheElevator': () => import('../features/elevator/pages/MyElevatorsPage.tsx'),
  '/basicInformation/myTheElevator': () => import('../features/elevator/pages/UnitElevatorsPage.tsx'),
  '/basicInformation/elevatorPageDetails': () => import('../features/elevator/pages/ElevatorDetailPage.tsx'),
  '/basicInformation/workOrderNo': () => import('../features/maintenance/pages/WorkOrderPage.tsx'),
  '/basicInformation/theLog': () => import('../features/maintenance/pages/OrderLogPage.tsx'),
  '/basicInformation/elevatorMaintenance': () =>
    import('../features/elevator/pages/MaintenanceClaimPage.tsx'),
  '/basicInformation/maintenanceHistory': () =>
    import('../features/elevator/pages/MaintenanceHistoryPage.tsx'),
  '/basicInformation/useTheElevator': () => import('../features/elevator/pages/UseClaimPage.tsx'),
  '/basicInformation/theElevatorUsesClaim': () => import('../features/elevator/pages/UseClaimPage.tsx'),
  '/basicInformation/regulationClaim': () => import('../features/elevator/pages/RegulationClaimPage.tsx'),
  '/basicInformation/regulationClaimManager': () =>
    import('../features/elevator/pages/RegulationClaimManagerPage.tsx'),
  '/basicInformation/regulationClaimDetail': () =>
    import('../features/elevator/pages/RegulationClaimDetailPage.tsx'),
  '/equ/manage': () => import('../features/elevator/pages/ElevatorSyncPage.tsx'),
  '/permission/page': () => import('../features/system/users/UserPage.tsx'),
  '/permission/role': () => import('../features/system/roles/RolePage.tsx'),
  '/permission/menuManagement': () => import('../features/system/menus/MenuPage.tsx'),
  '/permission/mechanism': () => import('../features/system/offices/OfficePage.tsx'),
  '/permission/dicManagement': () => import('../features/system/dicts/DictTypePage.tsx'),
  '/permission/dictionaryValue': () => import('../features/system/dicts/DictValuePage.tsx'),
  '/permission/parameterManagement': () => import('../features/system/params/ParamPage.tsx'),
  '/permission/operationRecord': () => import('../features/system/oplog/OplogPage.tsx'),
  '/permission/platformSet': () => import('../features/system/platform/PlatformPage.tsx'),
  '/permission/agreement': () => import('../features/system/agreement/AgreementPage.tsx'),
  '/permission/nested/nested': () => import('../features/system/enterprises/EnterprisePage.tsx'),
  '/basicInformation/maintenanceUnit': () => import('../features/parties/pages/MaintenanceUnitPage.tsx'),
  '/basicInformation/detailsOfMaintenance': () =>
    import('../features/parties/pages/MaintenanceUnitDetailPage.tsx'),
  '/basicInformation/newMaintenanceUnit': () =>
    import('../features/parties/pages/NewMaintenanceUnitPage.tsx'),
  '/basicInformation/maintenancePersonnel': () =>
    import('../features/parties/pages/MaintenancePersonnelPage.tsx'),
  '/basicInformation/personnelDetails': () => import('../features/parties/pages/PersonnelDetailsPage.tsx'),
  '/basicInformation/maintenanceContract': () =>
    import('../features/parties/pages/MaintenanceContractPage.tsx'),
  '/basicInformation/hon': () => import('../features/parties/pages/HonPage.tsx'),
  '/basicInformation/newMaintenance': () => import('../features/parties/pages/NewMaintenancePage.tsx'),
  '/basicInformation/newOccupancyUnit': () => import('../features/parties/pages/NewOccupancyUnitPage.tsx'),
  '/basicInformation/unitDetails': () => import('../features/parties/pages/UnitDetailsPage.tsx'),
  '/basicInformation/recordDetails': () => import('../features/parties/pages/RecordDetailsPage.tsx'),
  '/basicInformation/safetyOfficerRecord': () =>
    import('../features/parties/pages/SafetyOfficerRecordPage.tsx'),
  '/basicInformation/userRecord': () => import('../features/parties/pages/UserRecordPage.tsx'),
  '/basicInformation/maintenanceIncentive': () =>
    import('../features/parties/pages/MaintenanceIncentivePage.tsx'),
  '/basicInformation/userUnitDetails': () => import('../features/parties/pages/UserUnitDetailsPage.tsx'),
  '/basicInformation/honForTheRecord': () => import('../features/parties/pages/HonForTheRecordPage.tsx'),
  '/basicInformation/community': () => import('../features/parties/pages/CommunityPage.tsx'),
  '/basicInformationb/maintenanceUnit': () => import('../features/parties/pages/MaintenanceUnitPage.tsx'),
  '/basicInformationb/detailsOfMaintenance': () =>
    import('../features/parties/pages/MaintenanceUnitDetailPage.tsx'),
  '/basicInformationb/newMaintenanceUnit': () =>
    import('../features/parties/pages/NewMaintenanceUnitPage.tsx'),
  '/basicInformationb/maintenancePersonnel': () =>
    import('../features/parties/pages/MaintenancePersonnelPage.tsx'),
  '/basicInformationb/personnelDetails': () => import('../features/parties/pages/PersonnelDetailsPage.tsx'),
  '/basicInformationb/maintenanceContract': () =>
    import('../features/parties/pages/MaintenanceContractPage.tsx'),
  '/basicInformationb/hon': () => import('../features/parties/pages/HonPage.tsx'),
  '/basicInformationb/newMaintenance': () => import('../features/parties/pages/NewMaintenancePage.tsx'),
  '/basicInformationb/newOccupancyUnit': () => import('../features/parties/pages/NewOccupancyUnitPage.tsx'),
  '/basicInformationb/unitDetails': () => import('../features/parties/pages/UnitDetailsPage.tsx'),
  '/basicInformationb/recordDetails': () => import('../features/parties/pages/RecordDetailsPage.tsx'),
  '/basicInformationb/safetyOfficerRecord': () =>
    import('../features/parties/pages/SafetyOfficerRecordPage.tsx'),
  '/basicInformationb/userRecord': () => import('../features/parties/pages/UserRecordPage.tsx'),
  '/basicInformationb/maintenanceIncentive': () =>
    import('../features/parties/pages/MaintenanceIncentivePage.tsx'),
  '/basicInformationb/userUnitDetails': () => import('../features/parties/pages/UserUnitDetailsPage.tsx'),
  '/basicInformationb/honForTheRecord': () => import('../features/parties/pages/HonForTheRecordPage.tsx'),
  '/basicInformationb/community': () => import('../features/parties/pages/CommunityPage.tsx'),
  '/initialFiling': () => import('../features/parties/pages/InitialFilingPage.tsx'),
  '/initialRecord': () => import('../features/parties/pages/InitialFilingPage.tsx'),
  '/initialFiling/initialFiling': () => import('../features/parties/pages/InitialFilingPage.tsx'),
  '/initialFiling/mechanism': () => import('../features/parties/pages/InitialFilingPage.tsx'),
  '/organization/Audit': () => import('../features/parties/pages/OrganizationAuditPage.tsx'),
  '/organization/auditDetail': () => import('../features/parties/pages/OrganizationAuditDetailPage.tsx'),
};
