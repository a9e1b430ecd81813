import { commonCalls, menuCalls, officeCalls, roleCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Query keys of the system pages; invalidating a key refreshes every list under it. */
export const systemKeys = {
  users: ['system', 'users'],
  roles: ['system', 'roles'],
  roleOptions: ['system', 'roles', 'options'],
  menuTree: ['system', 'menus'],
  officeTree: ['system', 'offices'],
  dictTypes: ['system', 'dictTypes'],
  dictValues: ['system', 'dictValues'],
  params: ['system', 'params'],
  oplog: ['system', 'oplog'],
  logos: ['system', 'logos'],
  agreement: ['system', 'agreement'],
  enterprises: ['system', 'enterprises'],
} as const;

export function useInvalidate() {
  const client = useQueryClient();
  return (key: readonly unknown[]) => client.invalidateQueries({ queryKey: key });
}

/** Every role, for pickers and filters (silent: a user without system:role:list gets none). */
export function useRoleOptions() {
  return useQuery({
    queryKey: systemKeys.roleOptions,
    queryFn: () => call(roleCalls.query, { page: 1, limit: 500 }, { silent: true }),
    select: (page) => page.records.map((r) => ({ value: r.id, label: r.name, disabled: r.status === 0 })),
    staleTime: 60_000,
  });
}

export function useMenuTree() {
  return useQuery({
    queryKey: systemKeys.menuTree,
    queryFn: () => call(menuCalls.tree),
    staleTime: 60_000,
  });
}

export function useOfficeTree(input: { name?: string; status?: number } = {}, silent = false) {
  return useQuery({
    queryKey: [...systemKeys.officeTree, input],
    queryFn: () => call(officeCalls.tree, input, { silent }),
    staleTime: 30_000,
  });
}

export function useAreaTree() {
  return useQuery({
    queryKey: ['areaTree'],
    queryFn: () => call(commonCalls.areaTree),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
