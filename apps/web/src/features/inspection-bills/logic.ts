import type {
  ChargePayState,
  InspectionBillCharge,
  InspectionBillRow,
  InspectionBillState,
} from '@ec/contract';

/*
 * The pure rules of the 检验账单 page: how a period reads, the create call's period from the dialog,
 * which bills and charges a batch record takes, and the sums shown before it is sent. The server
 * decides every one of them again; these only choose what to show and what to send.
 */

export const BILL_STATE_COLOR: Record<InspectionBillState, string> = {
  unpaid: 'orange',
  partial: 'blue',
  settled: 'green',
};

export const PAY_STATE_COLOR: Record<ChargePayState, string> = {
  unpaid: 'orange',
  paid: 'green',
  exempt: 'default',
};

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** 2024-03-01..2024-03-31 → "2024年03月"; any other range → "2024-03-05 至 2024-04-10". */
export function periodText(from: string, to: string): string {
  const month = from.slice(0, 7);
  if (from === `${month}-01` && to === lastDayOf(month)) return `${month.slice(0, 4)}年${month.slice(5)}月`;
  return `${from} 至 ${to}`;
}

export type PeriodChoice = { mode: 'month'; month?: string } | { mode: 'range'; from?: string; to?: string };

/** The dialog's period → the create call's fields, or the reason it is not complete. */
export function periodInput(
  p: PeriodChoice,
):
  | { ok: true; input: { month: string } | { periodFrom: string; periodTo: string } }
  | { ok: false; reason: string } {
  if (p.mode === 'month')
    return p.month ? { ok: true, input: { month: p.month } } : { ok: false, reason: '请选择账期月份' };
  if (!p.from || !p.to) return { ok: false, reason: '请选择账期开始和结束日期' };
  if (p.from > p.to) return { ok: false, reason: '账期结束日期不能早于开始日期' };
  return { ok: true, input: { periodFrom: p.from, periodTo: p.to } };
}

/** Of the selected bills, those with unpaid charges are recorded; the settled ones are named and left. */
export function splitForPayment<R extends Pick<InspectionBillRow, 'id' | 'billNo' | 'unpaidCount'>>(
  rows: R[],
) {
  const taken = rows.filter((r) => r.unpaidCount > 0);
  const skipped = rows.filter((r) => r.unpaidCount === 0).map((r) => r.billNo);
  return { taken, skipped };
}

/** Only a charge still 未缴费 may be recorded. */
export const recordable = (c: Pick<InspectionBillCharge, 'payState'>) => c.payState === 'unpaid';

/** What a record would take: the charges still unpaid (of `only` when given) and their sum in 分. */
export function unpaidOf(
  charges: Pick<InspectionBillCharge, 'noticeId' | 'amount' | 'payState'>[],
  only?: number[],
): { count: number; amount: number } {
  const keep = charges.filter((c) => recordable(c) && (!only || only.includes(c.noticeId)));
  return { count: keep.length, amount: keep.reduce((s, c) => s + c.amount, 0) };
}

/** The sums of charges per pay state (分). */
export function sumByState(charges: Pick<InspectionBillCharge, 'amount' | 'payState'>[]) {
  const out = { amount: 0, paid: 0, exempt: 0, unpaid: 0 };
  for (const c of charges) {
    out.amount += c.amount;
    out[c.payState] += c.amount;
  }
  return out;
}

/** The batch call's input from the dialog's values (blank text dropped). */
export function batchInput(
  bills: Pick<InspectionBillRow, 'id' | 'version'>[],
  v: { payState: 'paid' | 'exempt'; paidAt?: string; payMethod?: string; payRemark?: string },
  noticeIds?: number[],
) {
  const paid = v.payState === 'paid';
  return {
    bills: bills.map((b) => ({ id: b.id, version: b.version })),
    ...(noticeIds && noticeIds.length > 0 ? { noticeIds } : {}),
    payState: v.payState,
    paidAt: paid ? v.paidAt || undefined : undefined,
    payMethod: paid ? v.payMethod?.trim() || undefined : undefined,
    payRemark: v.payRemark?.trim() || undefined,
  };
}
