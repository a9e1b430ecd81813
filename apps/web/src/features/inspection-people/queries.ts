import { departmentCalls, INSPECTION_PERMISSIONS, inspectorCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { actsForCompany } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

/** Query keys of the people pages: a write invalidates ['inspection-people']. */
export const peopleKeys = {
  all: ['inspection-people'] as const,
  inspectors: ['inspection-people', 'inspectors'] as const,
  audits: ['inspection-people', 'audits'] as const,
  departments: ['inspection-people', 'departments'] as const,
  inspector: (id: number | null) => ['inspection-people', 'inspector', id] as const,
  audit: (id: number | null) => ['inspection-people', 'audit', id] as const,
  department: (id: number | null) => ['inspection-people', 'department', id] as const,
  passed: (departmentId?: number, unassigned?: boolean) =>
    ['inspection-people', 'passed', departmentId ?? null, unassigned ?? false] as const,
};

export function useInvalidatePeople() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: peopleKeys.all });
}

/** What the user may do here: the organisation's own accounts write; regulators and the platform read. */
export function usePeopleRights() {
  const { user } = useSession();
  const P = INSPECTION_PERMISSIONS;
  return {
    editInspectors: actsForCompany(user, P.inspectorEdit),
    audit: actsForCompany(user, P.inspectorAudit),
    editDepartments: actsForCompany(user, P.departmentEdit),
  };
}

export function useDepartmentOptions() {
  return useQuery({
    queryKey: [...peopleKeys.departments, 'options'],
    queryFn: async ({ signal }) =>
      (await call(departmentCalls.query, { page: 1, limit: 500 }, { signal, silent: true })).records.map(
        (d) => ({ value: d.id, label: d.name }),
      ),
  });
}

export function useInspector(id: number | null) {
  return useQuery({
    queryKey: peopleKeys.inspector(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(inspectorCalls.get, { id: id! }, { signal }),
  });
}

export function useInspectorAudit(id: number | null) {
  return useQuery({
    queryKey: peopleKeys.audit(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(inspectorCalls.auditGet, { id: id! }, { signal }),
  });
}

export function usePassedInspectors(f: { departmentId?: number; unassigned?: boolean }, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.passed(f.departmentId, f.unassigned),
    enabled,
    queryFn: ({ signal }) =>
      call(
        inspectorCalls.list,
        {
          ...(f.departmentId ? { departmentId: f.departmentId } : {}),
          ...(f.unassigned ? { unassigned: true } : {}),
        },
        { signal },
      ),
  });
}
