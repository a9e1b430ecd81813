import { fileCalls, INSPECTION_PERMISSIONS } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

/** Query keys of the instruments' and seals' pages: a write invalidates ['inspection-instruments']. */
export const instrumentKeys = {
  all: ['inspection-instruments'] as const,
  equipment: ['inspection-instruments', 'equipment'] as const,
  equipmentOne: (id: number | null) => ['inspection-instruments', 'equipment', 'one', id] as const,
  seals: ['inspection-instruments', 'seals'] as const,
  seal: (id: number | null) => ['inspection-instruments', 'seal', id] as const,
};

export function useInvalidateInstruments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: instrumentKeys.all });
}

/**
 * What the user may do: the organisation's own accounts holding the edit permission write; the
 * platform and regulators only read (the server refuses them anyway).
 */
export function useInstrumentRights() {
  const { user } = useSession();
  const own =
    !!user && (user.userType === 'inspection' || user.userType === 'inspector') && user.companyId !== null;
  const may = (p: string) => !!user && own && hasPermission(user.permissions, p);
  return {
    editEquipment: may(INSPECTION_PERMISSIONS.equipmentEdit),
    editSeals: may(INSPECTION_PERMISSIONS.sealEdit),
    /** The platform and regulators see several organisations: show the organisation column. */
    manyOrgs: !own,
  };
}

/** An image as a data URL (its file must be readable by the user). */
export function useImage(fileId: string | null | undefined) {
  return useQuery({
    queryKey: ['imageBase64', fileId],
    queryFn: ({ signal }) => call(fileCalls.imageBase64, { id: fileId! }, { signal, silent: true }),
    enabled: !!fileId,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
