/**
 * What the two sheet readers (streamed .xlsx, SheetJS .xls) share: the limits, the refusal they
 * throw, how a cell's value becomes text, and the row collector that keeps the header and counts
 * data rows as they arrive, so that a file over the limit is refused at the first row too many.
 */

/** Every limit a read obeys; `readSheet` fills in all but the row limit. */
export interface SheetLimits {
  /** Data rows (the header and blank rows do not count). */
  maxRows: number;
  /** The refusal when a file has more data rows, e.g. 一次最多导入 20000 行，请拆分文件. */
  tooManyRows: string;
  /** Cells past this column are ignored (an import template has a few dozen). */
  maxColumns: number;
  /** Inflated bytes of every part read, added up (a zip bomb stops here). */
  maxInflatedBytes: number;
  /** Inflated bytes of one worksheet or shared-string table. */
  maxPartBytes: number;
  /** Inflated bytes of one small part: workbook, relationships, styles. */
  maxMetaBytes: number;
  /** Strings in the shared-string table. */
  maxSharedStrings: number;
  /** Characters in one cell (Excel's own limit is 32,767). */
  maxCellChars: number;
}

export const MB = 1024 * 1024;

export const DEFAULT_LIMITS: Omit<SheetLimits, 'maxRows' | 'tooManyRows'> = {
  maxColumns: 200,
  maxInflatedBytes: 160 * MB,
  maxPartBytes: 128 * MB,
  maxMetaBytes: 8 * MB,
  maxSharedStrings: 1_000_000,
  maxCellChars: 32_767,
};

/** A refusal of the file itself: 400 (cannot be read) or 413 (too big); the message is for the user. */
export class SheetError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const sheetMessages = {
  unreadable: '文件无法读取，请使用导入模板填写后上传',
  noSheet: '文件中没有工作表',
  inflated: (mb: number) => `文件解压后超过 ${mb} MB，请删除多余内容或拆分文件后再导入`,
  sharedStrings: (n: number) => `文件中的不同文字超过 ${n} 条，请拆分文件后再导入`,
  longCell: (line: number, max: number) => `第 ${line} 行有单元格超过 ${max} 个字符`,
  memory: '文件内容过多，读取时超出内存上限，请拆分文件后再导入',
  timeout: (s: number) => `文件过大或过于复杂，${s} 秒内未能读完，请拆分文件后再导入`,
};

/** One row of the sheet: its number in the sheet (1-based, as Excel shows it) and its cells' text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The first non-blank row, and every later non-blank row. */
export interface SheetData {
  header: SheetRow | null;
  rows: SheetRow[];
}

/**
 * Collects rows as a reader produces them: blank rows are skipped, the first non-blank row is the
 * header, and the data row past `maxRows` throws at once, so nothing after it is read.
 */
export class RowCollector {
  readonly data: SheetData = { header: null, rows: [] };

  constructor(private readonly limits: Pick<SheetLimits, 'maxRows' | 'tooManyRows'>) {}

  push(line: number, sparse: (string | undefined)[]): void {
    let blank = true;
    const cells = new Array<string>(sparse.length);
    for (let i = 0; i < sparse.length; i++) {
      const v = sparse[i] ?? '';
      if (v !== '') blank = false;
      cells[i] = v;
    }
    if (blank) return;
    if (!this.data.header) {
      this.data.header = { line, cells };
      return;
    }
    if (this.data.rows.length >= this.limits.maxRows) throw new SheetError(413, this.limits.tooManyRows);
    this.data.rows.push({ line, cells });
  }
}

// ---------------------------------------------------------------- cell values

/** Number format ids Excel reserves for dates (the Chinese and Japanese ones included). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58,
]);

/** True when a number format shows a date: a built-in date id, or a custom code with y, m or d. */
export function isDateFormat(id: number, code: string | undefined): boolean {
  if (DATE_FORMAT_IDS.has(id)) return true;
  if (!code) return false;
  const bare = code
    .replace(/"[^"]*"/g, '') // quoted text
    .replace(/\\./g, '') // escaped characters
    .replace(/\[[^\]]*\]/g, '') // colours, conditions, locales
    .replace(/;.*$/, ''); // only the first section
  // y or d is a date; m alone is a month, m beside h or s is minutes (a time, left as a number).
  return /[yd]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

const DAY_MS = 86_400_000;
/** 1899-12-30, the day before Excel's serial 1 (which counts the 1900 leap day that never was). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

const pad = (n: number) => String(n).padStart(2, '0');

/** A date serial as yyyy-MM-dd, with the time when it has one. */
export function serialToDate(serial: number, date1904 = false): string {
  const ms = Math.round(serial * DAY_MS) + (date1904 ? EPOCH_1904 : EPOCH_1900);
  const d = new Date(ms);
  if (!Number.isFinite(d.getTime())) return String(serial);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (ms % DAY_MS === 0) return day;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A number as Excel's General format shows it: 15 significant digits, no float noise. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  return String(Number(n.toPrecision(15)));
}

/** A cell typed as an ISO date (t="d"): the day, with the time when it has one. */
export function isoDateText(v: string): string {
  const m = v.match(/^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/);
  if (!m) return v;
  return !m[2] || m[2] === '00:00:00' ? m[1] : `${m[1]} ${m[2]}`;
}
