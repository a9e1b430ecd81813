import {
  INSPECTION_PERMISSIONS,
  inspectionOrderCalls,
  inspectionOrgCalls,
  inspectorCalls,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { actsForCompany } from '../../lib/access.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import type { OrderRights } from './logic.ts';

/** Query keys of the order pages: a write invalidates ['inspection-orders']. */
export const orderKeys = {
  all: ['inspection-orders'] as const,
  list: ['inspection-orders', 'list'] as const,
  order: (id: number | null) => ['inspection-orders', 'order', id] as const,
  main: ['inspection-orders', 'main'] as const,
  notice: (id: number, dueDate: string | undefined) =>
    ['inspection-orders', 'notice-preview', id, dueDate ?? null] as const,
};

export function useInvalidateOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.all });
}

/** What the user may do with orders: each side acts for its own company (a regulator only reads). */
export function useOrderRights(): OrderRights {
  const { user } = useSession();
  const P = INSPECTION_PERMISSIONS;
  return {
    apply: actsForCompany(user, P.orderApply),
    accept: actsForCompany(user, P.orderAccept),
    charge: actsForCompany(user, P.orderCharge),
    distribute: actsForCompany(user, P.orderDistribute),
  };
}

/** Whose list the 检验工单 page shows: the use unit's, the inspector's tasks, or the organisation's. */
export function useOrderSide(): 'useUnit' | 'inspector' | 'organization' {
  const { user } = useSession();
  if (user?.roleType === 'use_unit') return 'useUnit';
  if (user?.roleType === 'inspection' && user.dataScope === 'self') return 'inspector';
  return 'organization';
}

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.order(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(inspectionOrderCalls.get, { id: id! }, { signal }),
  });
}

/** The organisation's main figures (absent when the server refuses them to this account). */
export function useOrderMain(enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.main,
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      call(inspectionOrderCalls.inspecttionOrganizationMain, {}, { signal, silent: true }),
  });
}

/** The filed inspection organisations a use unit may apply to. */
export function useFiledOrgs() {
  return useQuery({
    queryKey: ['inspection-orders', 'orgs'],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => call(inspectionOrgCalls.queryList, {}, { signal }),
  });
}

/** The organisation's inspectors who passed the audit (the distribution's choice). */
export function usePassedInspectors(enabled: boolean) {
  return useQuery({
    queryKey: ['inspection-orders', 'inspectors'],
    enabled,
    queryFn: ({ signal }) => call(inspectorCalls.list, {}, { signal }),
  });
}

/**
 * Runs one write of an order and refreshes the order pages. The client shows a refusal's reason; a
 * 409 (someone else moved the order, or it is in another state now) or 404 also reloads the order,
 * so the page shows its state and the actions it allows now, and calls `onStale` (a dialog closes).
 * Rethrows a refusal (a form stays open on a 400).
 */
export function useOrderWrite() {
  const invalidate = useInvalidateOrders();
  const { message } = App.useApp();
  return async <T>(write: () => Promise<T>, done?: string, onStale?: () => void): Promise<T> => {
    try {
      const out = await write();
      if (done) message.success(done);
      await invalidate();
      return out;
    } catch (e) {
      if (isStale(e)) {
        onStale?.();
        await invalidate();
      }
      throw e;
    }
  };
}

/** A refusal that means the order moved on (409) or left the user's reach (404). */
export const isStale = (e: unknown) => e instanceof ApiError && (e.status === 409 || e.status === 404);
