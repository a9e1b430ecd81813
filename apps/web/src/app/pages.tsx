import type { ComponentType } from 'react';

/**
 * Pages that are built, by route path. Every other catalogue route renders the placeholder.
 * Each loader is its own chunk.
 */
export const builtPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx'),
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
