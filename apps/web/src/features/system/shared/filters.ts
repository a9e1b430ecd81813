/** Search form values → list call input. */

export type Filters = Record<string, unknown>;

/** Drops blank search values (so that "全部" sends no filter) and trims text. */
export function cleanFilters(values: Filters): Filters {
  const out: Filters = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** A range field (`[from, to]`) becomes two fields, e.g. timeRange → startTime and endTime. */
export function splitRange(values: Filters, field: string, from: string, to: string): Filters {
  const { [field]: range, ...rest } = values;
  const [start, end] = Array.isArray(range) ? (range as unknown[]) : [];
  return { ...rest, [from]: start, [to]: end };
}

/** A cascader value (`['450000', '450100', '450103']`) becomes its last code. */
export function lastCode(value: unknown): unknown {
  return Array.isArray(value) ? value.at(-1) : value;
}
