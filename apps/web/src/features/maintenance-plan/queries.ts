import { maintenanceContentCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api.ts';

/** Query keys of the templates and plans pages: a write invalidates `all`. */
export const planKeys = {
  all: ['maintenance-plan'] as const,
  templates: ['maintenance-plan', 'templates'] as const,
  template: (id: number) => ['maintenance-plan', 'template', id] as const,
  lifts: ['maintenance-plan', 'lifts'] as const,
  workers: (companyId: number) => ['maintenance-plan', 'workers', companyId] as const,
};

export function useInvalidatePlans(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: planKeys.all }), [client]);
}

/** Every template (a city keeps a handful: one per appendix and a few variants), for pickers. */
export function useTemplateOptions(enabled = true) {
  return useQuery({
    queryKey: [...planKeys.templates, 'options'],
    queryFn: ({ signal }) => call(maintenanceContentCalls.queryList, { page: 1, limit: 500 }, { signal }),
    select: (page) => page.records,
    enabled,
  });
}

/** One template with its items and versions. */
export function useTemplateDetail(id: number | null) {
  return useQuery({
    queryKey: planKeys.template(id ?? 0),
    queryFn: ({ signal }) => call(maintenanceContentCalls.queryDetail, { id: id! }, { signal }),
    enabled: id !== null,
  });
}
