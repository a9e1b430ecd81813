import { RELEASE_REQUIRES_PAYMENT_PARAM } from '@ec/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { conflict } from '../../../platform/errors.ts';
import { paramValue } from '../../../platform/params.ts';
import { inspectionChargeNotice as n } from '../orders/tables.ts';

/*
 * What other parts ask of the fees: the release rule (the reports' push). A report is released only
 * when its order's charge notice is paid or exempt, while the system parameter
 * `inspection.report.releaseRequiresPayment` is on (the default; 'false', '0', 'off', '否' or '关闭'
 * turn it off in 参数设置).
 */

const OFF = new Set(['false', '0', 'off', 'no', '否', '关闭', '不启用']);

export async function releaseRequiresPayment(q: Queryable): Promise<boolean> {
  const v = (await paramValue(q, RELEASE_REQUIRES_PAYMENT_PARAM))?.trim().toLowerCase();
  return !(v && OFF.has(v));
}

export const UNPAID_RELEASE_REFUSAL = '该检验报告的检验费未缴清（未缴费），缴费或免缴后方可发布';

/**
 * Refuses (409) the release of a report of `orderId` whose charge notice is still unpaid while the
 * rule is on. An order without a notice (not issued through the flow) is not held back here.
 */
export async function assertChargeAllowsRelease(q: Queryable, orderId: number): Promise<void> {
  if (!(await releaseRequiresPayment(q))) return;
  const [notice] = await q
    .select({ payState: n.payState, noticeNo: n.noticeNo })
    .from(n)
    .where(eq(n.orderId, orderId));
  if (notice?.payState === 'unpaid') throw conflict(UNPAID_RELEASE_REFUSAL);
}
