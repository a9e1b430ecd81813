import { INSPECTION_PERMISSIONS, technicalParamCalls } from '@ec/contract';
import { NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

/** Query keys of 检验电梯: a write (save, import) invalidates ['inspection-params']. */
export const paramKeys = {
  all: ['inspection-params'] as const,
  due: ['inspection-params', 'due'] as const,
  list: ['inspection-params', 'list'] as const,
  summary: (days: number) => ['inspection-params', 'summary', days] as const,
  lift: (elevatorId: number | null) => ['inspection-params', 'lift', elevatorId] as const,
};

export function useInvalidateParams() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: paramKeys.all });
}

/**
 * What the page offers (the server decides anyway): an organisation's own accounts import, edit
 * and export its parameters; the platform and regulators read them.
 */
export function useParamRights() {
  const { user } = useSession();
  const own =
    user && (user.userType === 'inspection' || user.userType === 'inspector') ? user.companyId : null;
  return {
    ownOrg: own ?? null,
    edit: own != null && hasPermission(user?.permissions ?? [], INSPECTION_PERMISSIONS.paramEdit),
  };
}

/** 检验电梯's counts over the window (due, overdue, recorded, undistributed). */
export function useDueSummary(days: number) {
  return useQuery({
    queryKey: paramKeys.summary(days),
    queryFn: async ({ signal }) =>
      (await call(technicalParamCalls.dueList, { page: 1, limit: 1, days }, { signal, silent: true }))
        .summary,
  });
}

/** One lift's parameter rows (its own organisation's; the platform's every one). */
export function useLiftParams(elevatorId: number | null) {
  return useQuery({
    queryKey: paramKeys.lift(elevatorId),
    enabled: elevatorId !== null,
    queryFn: ({ signal }) =>
      call(technicalParamCalls.elevatorTechnicalParametersList, { elevatorId: elevatorId! }, { signal }),
  });
}

export const districtOptions = NANNING_DISTRICTS.features.map((f) => ({
  value: f.properties.adcode,
  label: f.properties.name,
}));
