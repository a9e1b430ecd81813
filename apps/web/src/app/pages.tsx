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
  '/basicInformation/elevatorPageDetails': () => import('../features/elevator/pages/ElevatorDetailPage.tsx'),
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
};
