import {
  INSPECTION_ITEM_RESULTS,
  type InspectionReportDetail,
  type InspectionResultRow,
  type InspectionWorkDue,
  type InspectionWorkPreview,
  type InspectionWorkTask,
} from '@ec/contract';
import { ApiError } from '../../lib/api.ts';

/*
 * The inspector's phone page's rules, without React: the entries being edited against the saved
 * results, what a save sends, what stops a signature, how the lifts are grouped and what a stale
 * save keeps.
 */

export type ItemResult = (typeof INSPECTION_ITEM_RESULTS)[number];
export const ITEM_RESULTS = INSPECTION_ITEM_RESULTS;
/** The contract's limits of one item (resultInput). */
export const MAX_REMARK = 500;
export const MAX_PHOTOS = 9;

/** One item as the inspector is editing it. */
export interface Entry {
  result: ItemResult | null;
  remark: string;
  photoFileIds: string[];
}
export type Entries = Record<number, Entry>;

export const entryOf = (row: InspectionResultRow): Entry => ({
  result: row.result,
  remark: row.remark ?? '',
  photoFileIds: [...row.photoFileIds],
});

export const entriesOf = (items: readonly InspectionResultRow[]): Entries =>
  Object.fromEntries(items.map((i) => [i.itemId, entryOf(i)]));

const sameEntry = (a: Entry, b: Entry) =>
  a.result === b.result &&
  a.remark.trim() === b.remark.trim() &&
  a.photoFileIds.length === b.photoFileIds.length &&
  a.photoFileIds.every((id, i) => id === b.photoFileIds[i]);

/** Whether the item's entry differs from its saved result. */
export const isChanged = (row: InspectionResultRow, entries: Entries) =>
  !!entries[row.itemId] && !sameEntry(entries[row.itemId], entryOf(row));

/** The items edited since the last save. */
export const changedItems = (items: readonly InspectionResultRow[], entries: Entries) =>
  items.filter((i) => isChanged(i, entries));

/** What a save sends (updateResult's `results`): each changed item with a result, in full. */
export function resultsToSave(items: readonly InspectionResultRow[], entries: Entries) {
  return changedItems(items, entries).flatMap((i) => {
    const e = entries[i.itemId];
    if (!e.result) return [];
    const remark = e.remark.trim();
    return [
      {
        itemId: i.itemId,
        result: e.result,
        ...(remark ? { remark } : {}),
        photoFileIds: e.photoFileIds,
      },
    ];
  });
}

const label = (i: InspectionResultRow) => `${i.code} ${i.name}`;

/** Why the edited entries cannot be saved as they are (empty: they can). */
export function problemsOf(items: readonly InspectionResultRow[], entries: Entries): string[] {
  const problems: string[] = [];
  for (const i of changedItems(items, entries)) {
    const e = entries[i.itemId];
    if (!e.result) problems.push(`${label(i)}：请先选择检验结果`);
    else if (e.result === '不符合' && !e.remark.trim())
      problems.push(`${label(i)}：不符合，请填写不符合情况`);
    if (e.remark.trim().length > MAX_REMARK) problems.push(`${label(i)}：说明不能超过 ${MAX_REMARK} 字`);
    if (e.photoFileIds.length > MAX_PHOTOS) problems.push(`${label(i)}：最多 ${MAX_PHOTOS} 张缺陷照片`);
  }
  return problems;
}

/** How far the inspection is, by the entries (saved or not). */
export function progressOf(items: readonly InspectionResultRow[], entries: Entries) {
  let done = 0;
  let failed = 0;
  let keyFailed = 0;
  for (const i of items) {
    const r = entries[i.itemId]?.result ?? i.result;
    if (r) done++;
    if (r === '不符合') {
      failed++;
      if (i.keyItem) keyFailed++;
    }
  }
  return { done, total: items.length, failed, keyFailed };
}

/**
 * After a refused save (another device saved first): the saved results now, with the inspector's
 * own edits (those that differed from what it had loaded) kept on top, to be checked and saved again.
 */
export function keepUnsaved(
  before: readonly InspectionResultRow[],
  entries: Entries,
  now: readonly InspectionResultRow[],
): Entries {
  const edited = new Set(changedItems(before, entries).map((i) => i.itemId));
  return Object.fromEntries(
    now.map((i) => [i.itemId, edited.has(i.itemId) ? entries[i.itemId] : entryOf(i)]),
  );
}

/** The report's fields as edited on the page. */
export interface Fields {
  inspectedOn: string;
  instrumentIds: number[];
}

export const fieldsOf = (report: InspectionReportDetail | null, today: string): Fields => ({
  inspectedOn: report?.inspectedOn ?? today,
  instrumentIds: report ? report.instruments.map((i) => i.id) : [],
});

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/** The `update` input when the fields differ from the report's, else null. */
export function fieldsToSave(report: InspectionReportDetail, fields: Fields) {
  const dateChanged = fields.inspectedOn !== (report.inspectedOn ?? '');
  const idsChanged = !sameIds(
    fields.instrumentIds,
    report.instruments.map((i) => i.id),
  );
  if (!dateChanged && !idsChanged) return null;
  return {
    ...(dateChanged && fields.inspectedOn ? { inspectedOn: fields.inspectedOn } : {}),
    ...(idsChanged ? { instrumentIds: fields.instrumentIds } : {}),
  };
}

/** What stops the signature now (empty: the inspector may sign). The server checks it all again. */
export function signBlockers(input: {
  report: InspectionReportDetail | null;
  items: readonly InspectionResultRow[];
  entries: Entries;
  fields: Fields;
  today: string;
}): string[] {
  const { report, items, entries, fields, today } = input;
  if (!report) return ['请先录入并保存检验结果'];
  if (report.state !== 'inspecting') return [`报告${report.stateLabel}，不能再签字`];
  const out: string[] = [];
  if (changedItems(items, entries).length > 0 || fieldsToSave(report, fields))
    out.push('有未保存的修改，请先保存');
  const pending = items.filter((i) => !(entries[i.itemId]?.result ?? i.result)).length;
  if (pending > 0) out.push(`尚有 ${pending} 个项目未录入结果`);
  if (!fields.inspectedOn) out.push('请填写检验日期');
  else if (fields.inspectedOn > today) out.push('检验日期晚于今天，请在现场检验后再签字');
  if (fields.instrumentIds.length === 0) out.push('请选择本次使用的检验设备');
  return out;
}

/** The conclusion block's lines: the server's answer, never one drawn here. */
export function conclusionLines(
  report: InspectionReportDetail | null,
  preview: InspectionWorkPreview | null,
  unsaved: boolean,
): { conclusion: string | null; lines: string[] } {
  if (report?.conclusion) {
    const lines: string[] = [];
    if (report.rectificationDeadline) lines.push(`整改期限：${report.rectificationDeadline} 前`);
    if (report.nextInspectionDate) lines.push(`下次检验日期：${report.nextInspectionDate}`);
    return { conclusion: report.conclusion, lines };
  }
  if (!preview) return { conclusion: null, lines: ['录入并保存检验结果后，这里显示签字时的检验结论'] };
  const lines: string[] = [];
  if (!preview.ok) lines.push(preview.message ?? '尚不能得出检验结论');
  else {
    lines.push(
      preview.nonConformities > 0
        ? `不符合 ${preview.nonConformities} 项${preview.keyNonConformities ? `（关键项目 ${preview.keyNonConformities} 项）` : ''}`
        : '全部项目符合或无此项',
    );
    if (preview.rectificationDeadline) lines.push(`整改期限：${preview.rectificationDeadline} 前`);
    if (preview.nextInspectionDate) lines.push(`下次检验日期：${preview.nextInspectionDate}`);
  }
  if (unsaved) lines.push('（按已保存的结果，未含尚未保存的修改）');
  return { conclusion: preview.ok ? preview.conclusion : null, lines };
}

export const DUE_TITLE: Record<InspectionWorkDue, string> = {
  today: '今日检验',
  upcoming: '即将检验',
  overdue: '已逾期',
  signed: '已签字 · 待机构推送',
};
const DUE_ORDER: readonly InspectionWorkDue[] = ['today', 'upcoming', 'overdue', 'signed'];

/** The lifts in their groups (today, upcoming, overdue, signed), empty groups left out. */
export function groupTasks(tasks: readonly InspectionWorkTask[]) {
  return DUE_ORDER.map((due) => ({
    due,
    title: DUE_TITLE[due],
    tasks: tasks.filter((t) => t.due === due),
  })).filter((g) => g.tasks.length > 0);
}

/** A save or signature refused because the report moved meanwhile (its version or state). */
export const isStale = (e: unknown) => e instanceof ApiError && e.status === 409;

export const errorText = (e: unknown) =>
  e instanceof ApiError || (e instanceof Error && e.message) ? (e as Error).message : '操作失败，请重试';
