import {
  CITY_CODE,
  type ClaimRecord,
  type ClaimType,
  ELEVATOR_SORT_FIELDS,
  type ElevatorFields,
  type ElevatorFilters,
  elevatorFields,
  INSPECT_STATES,
  type InspectState,
  USE_STATUS,
} from '@ec/contract';

/**
 * Pure helpers of the elevator pages: search form → contract filters, sorting, totals, claim labels.
 * Kept free of React so that they are unit-tested beside the code.
 */

/** Filters without paging (paging and sorting travel separately). */
export type ElevatorQuery = Omit<Partial<ElevatorFilters>, 'page' | 'limit'>;

/** What the search form holds (ProTable gives dates as strings with dateFormatter="string"). */
export interface ElevatorSearchValues {
  registerCode?: string;
  deviceCode?: string;
  useCertNo?: string;
  rescueCode?: string;
  keyword?: string;
  /** Cascader path, e.g. ['450100', '450103']. */
  area?: string[] | string;
  useCompanyId?: number | string;
  maintenanceCompanyId?: number | string;
  type?: number | string;
  status?: number | string;
  useStatus?: number | string;
  maintenanceClaimState?: number | string;
  useClaimState?: number | string;
  useOccasion?: string;
  /** [from, to] as yyyy-MM-dd strings (or anything with format()). */
  nextInspect?: unknown[];
  /** 超期未检 / 即将到期. */
  inspectState?: string;
}

/** An inspection state from a form or a link (`?inspectState=overdue`), or undefined. */
export const inspectStateParam = (v: unknown): InspectState | undefined =>
  INSPECT_STATES.find((s) => s === v);

const TEXT_FIELDS = ['registerCode', 'deviceCode', 'useCertNo', 'rescueCode', 'keyword'] as const;
const NUMBER_FIELDS = [
  'useCompanyId',
  'maintenanceCompanyId',
  'type',
  'status',
  'useStatus',
  'maintenanceClaimState',
  'useClaimState',
] as const;

/** The area code the server filters on: the deepest picked node; the whole city means no filter. */
export function areaCodeOf(area: string[] | string | undefined | null): string | undefined {
  const path = Array.isArray(area) ? area : area ? [area] : [];
  const last = path[path.length - 1];
  if (!last || last === CITY_CODE) return undefined;
  return last;
}

function dateOf(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string') return v.slice(0, 10);
  if (typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function') {
    return (v as { format: (f: string) => string }).format('YYYY-MM-DD');
  }
  return undefined;
}

/** Search form values → the contract's filters; empty values are dropped, text is trimmed. */
export function toElevatorQuery(values: ElevatorSearchValues | undefined | null): ElevatorQuery {
  const out: ElevatorQuery = {};
  if (!values) return out;
  for (const key of TEXT_FIELDS) {
    const v = values[key];
    if (typeof v === 'string' && v.trim()) out[key] = v.trim();
  }
  for (const key of NUMBER_FIELDS) {
    const v = values[key];
    if (v === undefined || v === null || v === '') continue;
    const n = Number(v);
    if (Number.isFinite(n)) out[key] = n;
  }
  if (values.useOccasion) out.useOccasion = String(values.useOccasion);
  const area = areaCodeOf(values.area);
  if (area) out.areaCode = area;
  const [from, to] = values.nextInspect ?? [];
  const f = dateOf(from);
  const t = dateOf(to);
  if (f) out.nextInspectFrom = f;
  if (t) out.nextInspectTo = t;
  const inspectState = inspectStateParam(values.inspectState);
  if (inspectState) out.inspectState = inspectState;
  return out;
}

export type SortField = (typeof ELEVATOR_SORT_FIELDS)[number];
export interface ElevatorSort {
  sortField?: SortField;
  sortOrder?: 'ascend' | 'descend';
}

/**
 * antd's sorter (one or several) → the server's whitelisted sort. Columns name their sort field
 * by `columnKey` (or `field`); anything outside the whitelist is ignored.
 */
export function toSort(sorter: unknown): ElevatorSort {
  const one = (Array.isArray(sorter) ? sorter[0] : sorter) as
    | { columnKey?: unknown; field?: unknown; order?: unknown }
    | undefined;
  if (!one || (one.order !== 'ascend' && one.order !== 'descend')) return {};
  const key = String(one.columnKey ?? (Array.isArray(one.field) ? one.field.join('.') : (one.field ?? '')));
  if (!(ELEVATOR_SORT_FIELDS as readonly string[]).includes(key)) return {};
  return { sortField: key as SortField, sortOrder: one.order };
}

/** Claim state of an elevator (0/2/3) → tag colour. */
export const ELEVATOR_CLAIM_COLOR: Record<number, string> = { 0: 'default', 2: 'gold', 3: 'green' };
/** Claim record state (1–4) → tag colour. */
export const CLAIM_RECORD_COLOR: Record<number, string> = {
  1: 'default',
  2: 'gold',
  3: 'green',
  4: 'red',
};

export const CLAIM_TYPE_LABEL: Record<ClaimType, string> = { maintenance: '维保认领', use: '使用认领' };

/** A finished record (withdrawn, passed or rejected) may be deleted; a pending one must be decided. */
export const isFinishedClaim = (c: Pick<ClaimRecord, 'state'>) => c.state !== 2;

/** Contract field errors (`field：message` or the `errors` array) → antd form field errors. */
export function fieldErrors(
  errors: readonly { field: string; message: string }[],
  known: readonly string[],
): { name: string; errors: string[] }[] {
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    const name = e.field.split('.')[0];
    if (!known.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), e.message]);
  }
  return [...byField].map(([name, list]) => ({ name, errors: list }));
}

/** Filters of claim record lists. */
export interface ClaimQuery {
  registerCode?: string;
  claimType?: ClaimType;
  state?: number;
}

/** Claim search form values → the claim list filters (unknown values dropped). */
export function toClaimQuery(values: Record<string, unknown> | undefined | null): ClaimQuery {
  const out: ClaimQuery = {};
  if (!values) return out;
  const code = values.registerCode;
  if (typeof code === 'string' && code.trim()) out.registerCode = code.trim();
  if (values.claimType === 'maintenance' || values.claimType === 'use') out.claimType = values.claimType;
  const state = Number(values.state);
  if (values.state !== undefined && values.state !== '' && [1, 2, 3, 4].includes(state)) out.state = state;
  return out;
}

/** The batch-edit form (批量修改): every field optional; an empty one leaves the elevators as they are. */
export interface BatchEditValues {
  useOccasion?: string | null;
  useStatus?: number | string | null;
  nextInspectDate?: unknown;
  useCompanyId?: number | string | null;
}

export interface BatchEditChanges {
  useOccasion?: string;
  useStatus?: number;
  nextInspectDate?: string;
  useCompanyId?: number;
}

/** The fields updateBatch takes, from the form: only the filled ones; null when nothing is filled. */
export function batchEditChanges(values: BatchEditValues): BatchEditChanges | null {
  const out: BatchEditChanges = {};
  const occasion = typeof values.useOccasion === 'string' ? values.useOccasion.trim() : '';
  if (occasion) out.useOccasion = occasion;
  if (values.useStatus !== undefined && values.useStatus !== null && values.useStatus !== '')
    out.useStatus = Number(values.useStatus);
  const date = dateOf(values.nextInspectDate);
  if (date) out.nextInspectDate = date;
  if (values.useCompanyId !== undefined && values.useCompanyId !== null && values.useCompanyId !== '')
    out.useCompanyId = Number(values.useCompanyId);
  return Object.keys(out).length > 0 ? out : null;
}

/** "使用状态改为「停用」；下次检验日期改为「2027-01-15」" — what the confirmation names. */
export function describeBatchEdit(
  changes: BatchEditChanges,
  labels: { occasion: (key: string) => string; company: (id: number) => string },
): string[] {
  const lines: string[] = [];
  if (changes.useOccasion) lines.push(`使用场所改为「${labels.occasion(changes.useOccasion)}」`);
  if (changes.useStatus)
    lines.push(
      `使用状态改为「${USE_STATUS[changes.useStatus as keyof typeof USE_STATUS] ?? changes.useStatus}」`,
    );
  if (changes.nextInspectDate) lines.push(`下次检验日期改为「${changes.nextInspectDate}」`);
  if (changes.useCompanyId) lines.push(`使用单位改为「${labels.company(changes.useCompanyId)}」`);
  return lines;
}

export interface SyncProblem {
  row: number;
  column: string;
  message: string;
}

/**
 * A JSON batch for syncData: an array of elevator records or `{ "records": [...] }`. Each record is
 * checked against the contract, so bad ones are listed (row = position from 1) before anything is sent.
 */
export function parseSyncJson(text: string): {
  records: ElevatorFields[];
  errors: SyncProblem[];
  total: number;
} {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      records: [],
      total: 0,
      errors: [{ row: 0, column: '', message: '不是合法的 JSON，请检查格式' }],
    };
  }
  const list = Array.isArray(data) ? data : (data as { records?: unknown } | null)?.records;
  if (!Array.isArray(list))
    return {
      records: [],
      total: 0,
      errors: [{ row: 0, column: '', message: 'JSON 应为电梯数组，或含 records 数组的对象' }],
    };
  const records: ElevatorFields[] = [];
  const errors: SyncProblem[] = [];
  list.forEach((item, i) => {
    const parsed = elevatorFields.safeParse(item);
    if (parsed.success) records.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        errors.push({ row: i + 1, column: String(issue.path[0] ?? ''), message: issue.message });
  });
  return { records: errors.length > 0 ? [] : records, errors, total: list.length };
}
