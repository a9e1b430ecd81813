import type { Key } from 'react';

/** A list's search form values → its call's input (used by ContractTable and the tree pages). */

export type SearchValues = Record<string, unknown>;

const blank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** Drops blank search values (so that "全部" sends no filter) and trims text; arrays stay whole. */
export function cleanFilters(values: SearchValues): SearchValues {
  const out: SearchValues = {};
  for (const [k, v] of Object.entries(values)) {
    if (blank(v)) continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/**
 * ContractTable's default: blanks dropped, text trimmed, an area cascader's path reduced to its last
 * code, and ProTable's own `_timestamp` left out.
 */
export function toInput(values: SearchValues): SearchValues {
  const out: SearchValues = {};
  for (const [k, v] of Object.entries(cleanFilters(values))) {
    if (k === '_timestamp') continue;
    out[k] = lastCode(v);
  }
  return out;
}

/** A range field (`[from, to]`) becomes two fields, e.g. timeRange → startTime and endTime. */
export function splitRange(values: SearchValues, field: string, from: string, to: string): SearchValues {
  const { [field]: range, ...rest } = values;
  const [start, end] = Array.isArray(range) ? (range as unknown[]) : [];
  return { ...rest, [from]: start, [to]: end };
}

/** A cascader value (`['450000', '450100', '450103']`) becomes its last code. */
export function lastCode(value: unknown): unknown {
  return Array.isArray(value) ? value.at(-1) : value;
}

/** Selected row keys as ids (positive integers); null when there are none. */
export function selectedIds(keys: readonly Key[]): number[] | null {
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return ids.length ? ids : null;
}
