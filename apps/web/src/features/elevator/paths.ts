import { useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';

/** Route paths of the elevator pages (spelling from the menu catalogue). */
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

export const elevatorDetailUrl = (id: number) => `${ELEVATOR_PATHS.detail}?id=${id}`;
export const unitElevatorsUrl = (useCompanyId: number) =>
  `${ELEVATOR_PATHS.unitElevators}?id=${useCompanyId}`;
export const claimDetailUrl = (id: number) => `${ELEVATOR_PATHS.regulationClaimDetail}?id=${id}`;

/** True when the user's menu grants the route (hidden pages included). */
export function useCanOpen(path: string): boolean {
  return useSession().allowed.has(path);
}

/**
 * A positive integer query parameter of the page at `path`. Pages stay mounted in other tags
 * (keep-alive) and then see another page's location; they keep the value they were opened with.
 */
export function usePageIdParam(path: string, name = 'id'): number | null {
  const location = useLocation();
  const here = location.pathname === path;
  const raw = here ? new URLSearchParams(location.search).get(name) : null;
  const value = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return useLastWhile(here, value);
}

function useLastWhile<T>(active: boolean, value: T): T {
  const last = useRef(value);
  if (active) last.current = value;
  return last.current;
}
