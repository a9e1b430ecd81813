import {
  INSPECTION_ORDER_ATTACHMENTS,
  type InspectionApplyWindow,
  type InspectionOrderAttachmentKey,
  type InspectionOrderAttachmentsInput,
  type InspectionOrderDetail,
  type InspectionOrderState,
  inspectionApplyWindow,
} from '@ec/contract';
import type { StoredFileRef } from '../../components/index.ts';

/*
 * The pure rules of the order pages: the application window shown beside a lift, which actions a
 * state offers to whom, and the attachments between the upload widgets and the call's input. The
 * server decides every one of them again; these only choose what to show.
 */

export type ApplyWindow = InspectionApplyWindow;

/** Where `today` stands against the lift's next-inspection date and its 30-day application window (the contract's rule, the server's too). */
export const applyWindowOf = inspectionApplyWindow;

/**
 * The lift picker's search term → the registry list's filter: letters and digits are a register code
 * (a prefix), anything else words of the address, community or name.
 */
export function liftSearch(term: string): { registerCode?: string; keyword?: string } {
  const t = term.trim();
  if (!t) return {};
  return /^[0-9A-Za-z]+$/.test(t) ? { registerCode: t.slice(0, 32) } : { keyword: t.slice(0, 50) };
}

export interface OrderRights {
  /** The use unit applies, corrects and withdraws its applications. */
  apply: boolean;
  /** The organisation accepts, sends back, closes and remarks. */
  accept: boolean;
  /** The organisation quotes, issues the charge notice and records payment. */
  charge: boolean;
  /** The organisation distributes to an inspector. */
  distribute: boolean;
}

export type OrderAction =
  | 'reapply'
  | 'cancel'
  | 'accept'
  | 'sendBack'
  | 'quote'
  | 'notice'
  | 'payment'
  | 'distribute'
  | 'close'
  | 'remark';

const OPEN_FOR_CLOSE: readonly InspectionOrderState[] = [
  'applied',
  'returned',
  'accepted',
  'quoted',
  'noticed',
  'distributed',
  'inspecting',
];

/**
 * The actions of an order in `state` the user's rights allow (the server's state machine in
 * contract/inspection/orders.ts). `payState` is the charge notice's, when issued.
 */
export function actionsFor(
  state: InspectionOrderState,
  rights: OrderRights,
  payState: 'unpaid' | 'paid' | 'exempt' | null = null,
): OrderAction[] {
  const out: OrderAction[] = [];
  if (rights.apply) {
    if (state === 'returned') out.push('reapply');
    if (state === 'applied' || state === 'returned') out.push('cancel');
  }
  if (rights.accept && state === 'applied') out.push('accept', 'sendBack');
  if (rights.charge) {
    if (state === 'accepted' || state === 'quoted') out.push('quote');
    if (state === 'quoted') out.push('notice');
    if (payState === 'unpaid' && (state === 'noticed' || state === 'distributed')) out.push('payment');
  }
  if (rights.distribute && (state === 'noticed' || state === 'distributed')) out.push('distribute');
  if (rights.accept) {
    if (OPEN_FOR_CLOSE.includes(state)) out.push('close');
    out.push('remark');
  }
  return out;
}

export type AttachmentFiles = Partial<Record<InspectionOrderAttachmentKey, StoredFileRef[]>>;

/** The upload widgets' lists → the call's attachments (ids; optional kinds left out when empty). */
export function attachmentsInput(files: AttachmentFiles): InspectionOrderAttachmentsInput {
  const ids = (k: InspectionOrderAttachmentKey) => (files[k] ?? []).map((f) => f.id);
  const out: Record<string, string[]> = {};
  for (const a of INSPECTION_ORDER_ATTACHMENTS) {
    const list = ids(a.key);
    if (a.required || list.length > 0) out[a.key] = list;
  }
  return out as InspectionOrderAttachmentsInput;
}

/** An order's attachments → the upload widgets' lists (a returned order corrected). */
export function attachmentFilesOf(detail: Pick<InspectionOrderDetail, 'attachments'>): AttachmentFiles {
  const out: AttachmentFiles = {};
  for (const a of detail.attachments) {
    out[a.key as InspectionOrderAttachmentKey] = a.files.map((f) => ({
      id: f.id,
      fileName: f.name ?? '附件',
    }));
  }
  return out;
}

/** The tag colour of an order state. */
export const STATE_COLOR: Record<InspectionOrderState, string> = {
  applied: 'gold',
  returned: 'red',
  accepted: 'blue',
  quoted: 'cyan',
  noticed: 'orange',
  distributed: 'geekblue',
  inspecting: 'purple',
  reported: 'green',
  closed: 'default',
  cancelled: 'default',
};
