import { useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';

/** Page names of this feature under /basicInformation (and its /basicInformationb filing variants). */
export const PAGES = {
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
export type PageName = (typeof PAGES)[keyof typeof PAGES];

/** The inspection organisations' audit pages (机构审核) and the permission that decides there. */
export const ORG_PAGES = {
  audit: '/organization/Audit',
  auditDetail: '/organization/auditDetail',
  permission: 'inspection:org:audit',
} as const;

/** Whether the current page is a record-filing variant (/basicInformationb). */
export function useFilingVariant(): boolean {
  return useLocation().pathname.startsWith('/basicInformationb/');
}

/**
 * The full path of a page in the group the user is in (a filing variant links to filing variants),
 * with an optional query string.
 */
export function usePagePath(): (page: PageName, query?: Record<string, string | number>) => string {
  const filing = useFilingVariant();
  return (page, query) => {
    const base = `${filing ? '/basicInformationb' : '/basicInformation'}/${page}`;
    if (!query) return base;
    return `${base}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
  };
}

/** True when the user's menu grants the page (in the current group). */
export function useCanOpenPage(): (page: PageName) => boolean {
  const { allowed } = useSession();
  const path = usePagePath();
  return (page) => allowed.has(path(page));
}
