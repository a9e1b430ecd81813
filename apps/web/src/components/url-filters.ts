import type { ProColumns } from '@ant-design/pro-components';
import { areaLabel, CITY_CODE } from '@ec/contract';
import { createElement, type ReactNode } from 'react';
import { CompanyName } from './CompanyName.tsx';
import type { SearchValues } from './table-input.ts';

/**
 * A list page's filters taken from its URL's query (a link that opens the list filtered: the
 * statistics' drill-down, a count on the home page). Each key is validated (a malformed value is
 * dropped, never sent); a key that is a field of the list's search form fills that field, and one
 * that is not is still sent with the list call and shown in a notice above the table, so that the
 * user sees why the list is narrowed and can widen it. Pure: ContractTable renders the result.
 */

export type UrlValue = string | number;
export type UrlValues = Record<string, UrlValue>;

export interface UrlFilter {
  /** The query key, spelt as the list call's input spells it (areaCode, maintenanceCompanyId…). */
  key: string;
  /** What the notice calls it: 维保单位. */
  label: string;
  /** The URL's text → the value sent, or undefined when malformed (then dropped). */
  parse: (text: string, query: URLSearchParams) => UrlValue | undefined;
  /** The search form's field it fills when the form has that field (default: the key itself). */
  field?: string;
  /** The form's value of that field (default: the value; e.g. an area code → its cascader path). */
  toField?: (value: UrlValue, all: UrlValues) => unknown;
  /** How the notice writes the value (default: as it is). */
  format?: (value: UrlValue) => ReactNode;
}

/** The filters a URL's query carries, each validated (malformed or missing ones left out). */
export function readUrlFilters(filters: readonly UrlFilter[], search: string | URLSearchParams): UrlValues {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: UrlValues = {};
  for (const f of filters) {
    const text = query.get(f.key);
    if (text === null || text.trim() === '') continue;
    const value = f.parse(text.trim(), query);
    if (value !== undefined) out[f.key] = value;
  }
  return out;
}

/** The search form's fields of a ProTable's columns (those the form shows). */
export function searchFieldsOf<Row>(columns: readonly ProColumns<Row>[]): Set<string> {
  const out = new Set<string>();
  for (const c of columns) {
    if (c.hideInSearch || c.search === false || c.valueType === 'option') continue;
    const name = Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : c.dataIndex;
    if (name !== undefined && name !== null) out.add(String(name));
  }
  return out;
}

/**
 * The URL's filters split: `form` the search form's values of those that are its fields, `pinned`
 * the rest as the list call takes them (sent beside the form's, shown in the notice).
 */
export function splitUrlFilters(
  filters: readonly UrlFilter[],
  values: UrlValues,
  formFields: ReadonlySet<string>,
): { form: SearchValues; pinned: UrlValues } {
  const form: SearchValues = {};
  const pinned: UrlValues = {};
  for (const f of filters) {
    const v = values[f.key];
    if (v === undefined) continue;
    const field = f.field ?? f.key;
    if (formFields.has(field)) form[field] = f.toField ? f.toField(v, values) : v;
    else pinned[f.key] = v;
  }
  return { form, pinned };
}

/** The notice's items: 维保单位：12 (as the page formats it). */
export function pinnedItems(filters: readonly UrlFilter[], pinned: UrlValues) {
  return filters
    .filter((f) => pinned[f.key] !== undefined)
    .map((f) => {
      const v = pinned[f.key] as UrlValue;
      return { key: f.key, label: f.label, text: f.format ? f.format(v) : String(v) } as {
        key: string;
        label: string;
        text: ReactNode;
      };
    });
}

/** The query string without `keys` (what 清除 leaves in the URL). */
export function withoutKeys(search: string, keys: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const k of keys) query.delete(k);
  const s = query.toString();
  return s ? `?${s}` : '';
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ID = /^[1-9]\d{0,9}$/;

/** Parsers of the usual keys. */
export const urlParse = {
  /** A record's id: a positive integer. */
  id: (text: string) => (ID.test(text) ? Number(text) : undefined),
  /** An area code (digits). */
  area: (text: string) => (/^\d{2,12}$/.test(text) ? text : undefined),
  /** yyyy-MM. */
  month: (text: string) => (MONTH.test(text) ? text : undefined),
  /** One of the values given (e.g. a select's), as a number when they are numbers. */
  oneOf:
    (values: readonly UrlValue[]) =>
    (text: string): UrlValue | undefined =>
      values.find((v) => String(v) === text),
  /** Text up to `max` characters. */
  text:
    (max: number) =>
    (text: string): string | undefined =>
      text.length <= max ? text : undefined,
};

/** `dateFrom`..`dateTo` (yyyy-MM-dd), both or neither, in order; not beside a month. */
function dayOf(key: 'dateFrom' | 'dateTo') {
  return (_text: string, query: URLSearchParams): string | undefined => {
    const from = query.get('dateFrom') ?? '';
    const to = query.get('dateTo') ?? '';
    if (!DAY.test(from) || !DAY.test(to) || from > to) return undefined;
    if (MONTH.test(query.get('month') ?? '')) return undefined;
    return key === 'dateFrom' ? from : to;
  };
}

/** An area code as the AreaCascader's path from the city. */
export const areaPath = (code: UrlValue): string[] =>
  String(code) === CITY_CODE ? [CITY_CODE] : [CITY_CODE, String(code)];

/** The filters the statistics' drill-downs send, for a list page to pick from (field: its form's). */
export const URL_FILTERS = {
  /** A district: the form's AreaCascader `field` (areaCode or area) takes its path. */
  areaCode: (field = 'areaCode'): UrlFilter => ({
    key: 'areaCode',
    label: '区域',
    parse: urlParse.area,
    field,
    toField: areaPath,
    format: (v) => areaLabel(String(v)) ?? String(v),
  }),
  month: (label = '月份'): UrlFilter => ({ key: 'month', label, parse: urlParse.month }),
  /** A period: the form's date range `field` takes [from, to]; the notice shows it once. */
  dateRange: (label = '日期', field = 'dateRange'): UrlFilter[] => [
    {
      key: 'dateFrom',
      label: `${label}自`,
      parse: dayOf('dateFrom'),
      field,
      toField: (_v, all) => [all.dateFrom, all.dateTo],
    },
    {
      key: 'dateTo',
      label: `${label}至`,
      parse: dayOf('dateTo'),
      field,
      toField: (_v, all) => [all.dateFrom, all.dateTo],
    },
  ],
  maintenanceCompany: (): UrlFilter => ({
    key: 'maintenanceCompanyId',
    label: '维保单位',
    parse: urlParse.id,
    format: (v) => createElement(CompanyName, { kind: 'maintenance', id: Number(v) }),
  }),
  buildingCompany: (): UrlFilter => ({
    key: 'useCompanyId',
    label: '使用单位',
    parse: urlParse.id,
    format: (v) => createElement(CompanyName, { kind: 'use', id: Number(v) }),
  }),
  /** 使用场所: a dictionary value (the form's DictSelect takes it as it is). */
  occasion: (format?: (v: UrlValue) => ReactNode): UrlFilter => ({
    key: 'useOccasion',
    label: '使用场所',
    parse: urlParse.text(10),
    format,
  }),
  /** A select of a valueEnum: its options' values are the enum's keys, as text. */
  select: (key: string, label: string, labels: Record<string | number, string>): UrlFilter => ({
    key,
    label,
    parse: urlParse.oneOf(Object.keys(labels).map((k) => (/^\d+$/.test(k) ? Number(k) : k))),
    toField: (v) => String(v),
    format: (v) => labels[v] ?? String(v),
  }),
};
