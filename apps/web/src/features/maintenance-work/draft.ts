import {
  type ItemResult,
  type MaintenanceOrderDetail,
  NOTE_RESULTS,
  type OrderItem,
  type WorkProgress,
} from '@ec/contract';

/*
 * What the worker enters on the phone, as the screen holds it (text as typed, half-filled part rows,
 * the drawn signature), how it becomes the contract's progress input, what is still missing before
 * submitting, and the in-progress copy kept in localStorage so that a reload loses nothing.
 */

export interface ItemEntry {
  result: ItemResult | null;
  value: string;
  note: string;
}

export interface PartEntry {
  /** A stable key for the row while it is edited. */
  key: string;
  name: string;
  model: string;
  quantity: string;
}

export interface WorkForm {
  /** By item key (itemKey). */
  items: Record<string, ItemEntry>;
  photos: { fileId: string; label: string }[];
  parts: PartEntry[];
  /**
   * The second worker as chosen on this phone: an id, null for none, undefined when not touched
   * (the record's own stands; it names its workers, not their ids).
   */
  coworkerId?: number | null;
  remark: string;
  /** The drawn signature as a PNG data URL (uploaded when submitting). */
  signature: string | null;
}

/** Results that need a word on what was found or done: the contract's, which the server requires too. */
export { NOTE_RESULTS };

export const MAX_VALUE = 50;
export const MAX_NOTE = 500;
export const MAX_PARTS = 50;

/** An item's key in the form: its template item id (a line without one is shown but not sent). */
export const itemKey = (item: Pick<OrderItem, 'itemId' | 'seq'>) =>
  item.itemId === null ? `seq-${item.seq}` : String(item.itemId);

let partSeq = 0;
export const newPart = (): PartEntry => ({
  key: `p${Date.now().toString(36)}${(partSeq++).toString(36)}`,
  name: '',
  model: '',
  quantity: '1',
});

/** The form as the server last stored it. */
export function formOf(order: MaintenanceOrderDetail): WorkForm {
  return {
    items: Object.fromEntries(
      order.items.map((i) => [itemKey(i), { result: i.result, value: i.value ?? '', note: i.note ?? '' }]),
    ),
    photos: order.photos.map((p) => ({ fileId: p.fileId, label: p.label })),
    parts: order.parts.map((p) => ({
      ...newPart(),
      name: p.name,
      model: p.model ?? '',
      quantity: String(p.quantity),
    })),
    remark: order.remark ?? '',
    signature: null,
  };
}

const quantityOf = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);
const partComplete = (p: PartEntry) => p.name.trim() !== '' && (quantityOf(p.quantity) ?? 0) >= 1;
const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The progress call's input (without id and version): the items with a result, the parts filled in
 * completely; a half-typed row stays on the phone until it is complete.
 */
export function progressOf(
  form: WorkForm,
  order: MaintenanceOrderDetail,
): Omit<WorkProgress, 'id' | 'version'> {
  const items = order.items.flatMap((item) => {
    const entry = form.items[itemKey(item)];
    if (item.itemId === null || !entry?.result) return [];
    return [
      {
        itemId: item.itemId,
        result: entry.result,
        value: item.measured ? blankToNull(entry.value) : null,
        note: NOTE_RESULTS.includes(entry.result) ? blankToNull(entry.note) : null,
      },
    ];
  });
  return {
    items,
    parts: form.parts.filter(partComplete).map((p) => ({
      name: p.name.trim(),
      model: blankToNull(p.model),
      quantity: quantityOf(p.quantity) ?? 1,
    })),
    photos: form.photos,
    ...(form.coworkerId === undefined ? {} : { coworkerId: form.coworkerId }),
    remark: blankToNull(form.remark),
  };
}

/** Items answered, of those the worker must answer. */
export function itemProgress(form: WorkForm, order: MaintenanceOrderDetail): { done: number; total: number } {
  const answerable = order.items.filter((i) => i.itemId !== null);
  return {
    done: answerable.filter((i) => form.items[itemKey(i)]?.result).length,
    total: answerable.length,
  };
}

/** What still stops the submission, in the order of the steps (empty when it may go). */
export function problemsOf(
  form: WorkForm,
  order: MaintenanceOrderDetail,
  { signature = true }: { signature?: boolean } = {},
): string[] {
  const out: string[] = [];
  const { done, total } = itemProgress(form, order);
  if (done < total) out.push(`还有 ${total - done} 个维保项目未填写结果`);
  for (const item of order.items) {
    const entry = form.items[itemKey(item)];
    if (item.itemId === null || !entry?.result) continue;
    if (item.measured && entry.result !== '无此项' && entry.value.trim() === '') {
      out.push(`「${item.name}」请填写测量值`);
    }
    if (NOTE_RESULTS.includes(entry.result) && entry.note.trim() === '') {
      out.push(`「${item.name}」${entry.result}，请填写说明`);
    }
  }
  const missing = order.requiredPhotos.filter((label) => !form.photos.some((p) => p.label === label));
  if (missing.length) out.push(`请拍摄照片：${missing.join('、')}`);
  for (const p of form.parts) {
    const blank = p.name.trim() === '' && p.model.trim() === '';
    if (blank) continue;
    if (p.name.trim() === '') out.push('更换的配件请填写名称（或删除空行）');
    else if ((quantityOf(p.quantity) ?? 0) < 1) out.push(`配件「${p.name.trim()}」的数量应为 1–999 的整数`);
  }
  if (signature && !form.signature) out.push('请维保人员在签名区签名');
  return out;
}

/** The in-progress copy on the phone. */
export interface LocalCopy {
  form: WorkForm;
  /** The order's version in the last answer the phone had when the copy was written. */
  baseVersion: number;
  step: number;
  /** When the copy was written (ms since the epoch). */
  savedAt: number;
  /**
   * A save based on `baseVersion` was on its way when the copy was written: a record one version
   * later is that save (a version moves by one per change), which the copy holds all of.
   */
  inFlight?: boolean;
}

export const localKey = (userId: number, orderId: number) => `ec:maintenance-work:${userId}:${orderId}`;

export function readLocal(key: string): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalCopy;
    return copy && typeof copy.baseVersion === 'number' && copy.form?.items ? copy : null;
  } catch {
    return null;
  }
}

/** False when the browser refused (private mode, storage full): the server copy still holds. */
export function writeLocal(key: string, copy: LocalCopy): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

/**
 * Where the screen starts: the phone's copy when it is at least as new as the server's record (no
 * change of the order but the phone's own since the copy: it holds all the server has and what was
 * typed since), else the server's record.
 */
export function startingPoint(
  order: MaintenanceOrderDetail,
  local: LocalCopy | null,
): { form: WorkForm; step: number; restored: LocalCopy | null } {
  const server = formOf(order);
  const current =
    local !== null &&
    (local.baseVersion >= order.version ||
      (local.inFlight === true && local.baseVersion + 1 === order.version));
  if (!local || !current) return { form: server, step: 0, restored: null };
  // The checklist is the order's: keep only entries of its items.
  const keys = new Set(order.items.map(itemKey));
  const items = Object.fromEntries(Object.entries(local.form.items).filter(([k]) => keys.has(k)));
  return {
    form: { ...server, ...local.form, items: { ...server.items, ...items } },
    step: local.step,
    restored: local,
  };
}
