import type { ProColumns } from '@ant-design/pro-components';

/**
 * Width rules of every list (issue 11 item 21): a column is never narrower than its header and the
 * values of its kind (a status tag, a date, a phone, a name), long text ends in an ellipsis with the
 * full text on hover, and the table scrolls sideways by the sum of the widths, so that the fixed 操作
 * column never covers another column. Applied by the one list component (ContractTable), not page by
 * page.
 */

/** Cell padding of antd's default table size (16 px each side). */
const CELL_PADDING = 32;
/** A tag's padding and border (7 + 7 + 2) and its right margin (8). */
const TAG_EXTRA = 24;
/** Sort arrows and a filter icon beside a header. */
const SORTER = 24;
/** The row-selection column. */
export const SELECTION_WIDTH = 48;

/** Width of a text at 14 px: CJK and full-width characters 14, other characters 8 (digits, Latin). */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u2E80-\uFFEF]/.test(ch) ? 14 : 8;
  return w;
}

export type ColumnKind =
  | 'tag'
  | 'roles'
  | 'date'
  | 'dateTime'
  | 'phone'
  | 'idNumber'
  | 'code'
  | 'personName'
  | 'account'
  | 'companyName'
  | 'address'
  | 'longText'
  | 'api'
  | 'number';

/** The smallest width that shows a value of the kind whole (cell padding included). */
export const MIN_WIDTH: Record<ColumnKind, number> = {
  // 4 characters in a tag: 已完成 / 待审核 / 审核通过
  tag: 4 * 14 + TAG_EXTRA + CELL_PADDING,
  roles: 6 * 14 + TAG_EXTRA + CELL_PADDING, // role names in tags: 安全管理员, 维保单位管理员
  date: 10 * 8 + CELL_PADDING + 8, // 2026-11-24
  dateTime: 19 * 8 + CELL_PADDING + 8, // 2026-11-24 09:30:00
  phone: 11 * 8 + CELL_PADDING + 8, // 138****0001, 0771-****0000
  idNumber: 18 * 8 + CELL_PADDING + 8,
  code: 18 * 8 + CELL_PADDING, // credit codes, certificate numbers (register codes set their own)
  personName: 4 * 14 + CELL_PADDING + 8,
  account: 14 * 8 + CELL_PADDING, // user names and phones used as user names
  companyName: 160,
  address: 180,
  longText: 160,
  api: 4 * 8 + TAG_EXTRA + 32 * 8 + CELL_PADDING, // a method tag and a call's path
  number: 72,
};

/** Kinds whose values may be longer than any sensible column: they end in an ellipsis. */
const ELLIPSIS_KINDS = new Set<ColumnKind>(['companyName', 'address', 'longText']);

const fieldOf = (c: ProColumns<never>) =>
  (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex ?? c.key ?? '')).toString();

/** What a column holds, from its value type, its field name and its title. */
export function kindOf(c: ProColumns<never>): ColumnKind | undefined {
  const field = fieldOf(c);
  const title = typeof c.title === 'string' ? c.title : '';
  const valueType = typeof c.valueType === 'string' ? c.valueType : '';
  if (valueType === 'dateTime' || /Time$|At$/.test(field) || /时间$/.test(title)) return 'dateTime';
  if (valueType === 'date' || /Date$|Expiry$|date$/.test(field) || /日期$|有效期/.test(title)) return 'date';
  if (/status|state|State|Status/.test(field) || /状态$/.test(title)) return 'tag';
  if (/^roles?(Id|Ids|Name|Names)?$/.test(field) || title === '角色') return 'roles';
  if (/phone|Phone|mobile|Mobile|telephone/.test(field) || /电话|手机/.test(title)) return 'phone';
  if (/idNumber|idCard/.test(field) || /身份证/.test(title)) return 'idNumber';
  if (/^(username|userName|account)$/.test(field) || /用户名|账号/.test(title)) return 'account';
  if (/address|Address/.test(field) || /地址/.test(title)) return 'address';
  if (
    /(company|Company|unit|Unit|org|Org|office|Office)Name$|^companyName$/.test(field) ||
    /单位|机构|企业|公司/.test(title)
  )
    return 'companyName';
  if (/realName|Person$|workers|submitterName|deciderName/.test(field) || /姓名|人$|人员$/.test(title))
    return 'personName';
  if (/Code$|No$|code$|creditCode|certNo/.test(field) || /代码|编号|工单号|证号/.test(title)) return 'code';
  if (/^(path|url|apiPath)$/.test(field) || /^接口|请求路径/.test(title)) return 'api';
  if (/description|Description|remark|reason|content/.test(field) || /意见|说明|原因|备注|描述/.test(title))
    return 'longText';
  return undefined;
}

/** The widest label a column's value enum can show (its tags), if it has one. */
function enumWidth(c: ProColumns<never>): number {
  const e = c.valueEnum;
  if (!e || typeof e === 'function') return 0;
  const labels: string[] = [];
  const values = e instanceof Map ? [...e.values()] : Object.values(e);
  for (const v of values) {
    if (typeof v === 'string') labels.push(v);
    else if (v && typeof v === 'object' && 'text' in v && typeof v.text === 'string') labels.push(v.text);
  }
  return labels.length ? Math.max(...labels.map(textWidth)) : 0;
}

/** The width a column needs: its own if wide enough, else the least its header and its kind need. */
export function columnWidth(c: ProColumns<never>): number {
  const title = typeof c.title === 'string' ? c.title : '';
  const header = textWidth(title) + CELL_PADDING + (c.sorter ? SORTER : 0) + (c.tooltip ? 20 : 0);
  if (c.valueType === 'option') return Math.max(Number(c.width) || 0, header);
  const kind = kindOf(c);
  const labels = enumWidth(c);
  // A value with labels is usually shown as a tag.
  const enumMin = labels ? labels + TAG_EXTRA + CELL_PADDING : 0;
  const least = Math.max(header, kind ? MIN_WIDTH[kind] : 0, enumMin);
  return Math.max(Number(c.width) || 0, least);
}

/**
 * The columns with the widths and ellipsis the rules give, and the table's scroll width (their sum,
 * plus the selection column). Columns hidden in the table (search fields) are left as they are.
 */
export function fitColumns<Row>(
  columns: ProColumns<Row>[],
  { selectable = false, hidden = [] }: { selectable?: boolean; hidden?: string[] } = {},
): { columns: ProColumns<Row>[]; scrollX: number } {
  let scrollX = selectable ? SELECTION_WIDTH : 0;
  const fitted = columns.map((col) => {
    if (col.hideInTable) return col;
    const c = col as ProColumns<never>;
    const width = columnWidth(c);
    const key = String(col.key ?? fieldOf(c));
    if (!hidden.includes(key)) scrollX += width;
    const kind = kindOf(c);
    const ellipsis = col.ellipsis ?? (kind && ELLIPSIS_KINDS.has(kind) ? { showTitle: true } : undefined);
    return { ...col, width, ...(ellipsis === undefined ? {} : { ellipsis }) };
  });
  return { columns: fitted, scrollX };
}
