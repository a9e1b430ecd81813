import { RESCUE_PERMISSIONS } from '@ec/contract';
import { NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { hasPermission } from '../../lib/access.ts';
import { useSession } from '../../lib/session.ts';

/**
 * What the rescue units' pages offer (the server decides anyway): the platform edits units and
 * grids; the platform and a unit's own users edit its teams, staff and roster; regulators read.
 */
export function useUnitRights() {
  const { user } = useSession();
  const may = !!user && hasPermission(user.permissions, RESCUE_PERMISSIONS.unitEdit);
  const platform = may && user?.dataScope === 'all';
  return {
    editUnits: platform,
    editGrids: platform,
    editMembers: (unitId: number) =>
      platform || (may && user?.userType === 'rescue' && user.companyId === unitId),
    ownUnit: user?.userType === 'rescue' ? (user.companyId ?? null) : null,
  };
}

export const districtOptions = NANNING_DISTRICTS.features.map((f) => ({
  value: f.properties.adcode,
  label: f.properties.name,
}));
