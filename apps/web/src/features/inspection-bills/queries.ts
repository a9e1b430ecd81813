import { BILL_PERMISSIONS, inspectionBillCalls, shanghaiMonth } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { actsForCompany } from '../../lib/access.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

/** Query keys of the bill page: a write invalidates ['inspection-bills'] (and the orders, whose payments it records). */
export const billKeys = {
  all: ['inspection-bills'] as const,
  list: ['inspection-bills', 'list'] as const,
  bill: (id: number | null) => ['inspection-bills', 'bill', id] as const,
  reports: (id: number | null) => ['inspection-bills', 'reports', id] as const,
  expense: (groupBy: 'month' | 'useUnit', from: string, to: string) =>
    ['inspection-bills', 'expense', groupBy, from, to] as const,
};

const monthsBack = (month: string, k: number) => {
  const [y, m] = month.split('-').map(Number);
  const back = y * 12 + (m - 1) - k;
  return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
};

/** Only the organisation's administrators create bills and record payments; a use unit and a regulator read. */
export function useBillRights() {
  const { user } = useSession();
  return {
    edit:
      actsForCompany(user, BILL_PERMISSIONS.edit) &&
      user?.roleType === 'inspection' &&
      user.dataScope !== 'self',
  };
}

export function useBill(id: number | null) {
  return useQuery({
    queryKey: billKeys.bill(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(inspectionBillCalls.get, { id: id! }, { signal }),
  });
}

export function useBillReports(id: number | null) {
  return useQuery({
    queryKey: billKeys.reports(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) =>
      call(inspectionBillCalls.reports, { billId: id!, page: 1, limit: 100 }, { signal, silent: true }),
  });
}

/** The fee summary of the last 12 months (per month), or per use unit over the last 24 (the create dialog's choice). */
export function useExpense(groupBy: 'month' | 'useUnit', enabled = true) {
  const to = shanghaiMonth();
  const from = monthsBack(to, groupBy === 'month' ? 11 : 23);
  return useQuery({
    queryKey: billKeys.expense(groupBy, from, to),
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      call(inspectionBillCalls.managementExpense, { from, to, groupBy }, { signal, silent: true }),
  });
}

/**
 * Runs one write and refreshes the bills (and the orders' pages, whose notices it may record). The
 * client shows a refusal's reason; a 409 or 404 also reloads, and calls `onStale` (a dialog closes).
 */
export function useBillWrite() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const invalidate = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: billKeys.all }),
      client.invalidateQueries({ queryKey: ['inspection-orders'] }),
    ]);
  return async <T>(write: () => Promise<T>, done?: string, onStale?: () => void): Promise<T> => {
    try {
      const out = await write();
      if (done) message.success(done);
      await invalidate();
      return out;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) {
        onStale?.();
        await invalidate();
      }
      throw e;
    }
  };
}
