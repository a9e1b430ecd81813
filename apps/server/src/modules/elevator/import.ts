import {
  type ElevatorFields,
  elevatorFields,
  findDuplicates,
  type ImportReport,
  type SyncSheetResult,
} from '@ec/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { enterprise, sysArea } from '../../platform/db/tables.ts';
import { badRequest } from '../../platform/errors.ts';
import { xlsxBuffer } from '../../platform/excel.ts';
import { serialToDate } from '../../platform/import/rows.ts';
import { readSheet } from '../../platform/import/sheet-reader.ts';
import { columnsOf, guardUnique } from './service.ts';
import { IMPORT_HEADERS, OCCASION_LABELS, TYPE_LABELS, VARIETY_LABELS } from './sheet.ts';
import { elevator } from './tables.ts';

export const MAX_IMPORT_ROWS = 20_000;
const BATCH = 500;
/** syncData takes at most this many records per call. */
export const MAX_SYNC_ROWS = 1000;

/** Header (without *) → form field. */
const FIELD_OF: Record<string, string> = {
  注册代码: 'registerCode',
  设备代码: 'deviceCode',
  使用登记证编号: 'useCertNo',
  应急救援识别码: 'rescueCode',
  电梯名称: 'name',
  电梯类型: 'type',
  设备品种: 'variety',
  使用场所: 'useOccasion',
  所在区域: 'areaCode',
  详细地址: 'address',
  小区名称: 'community',
  经度: 'longitude',
  纬度: 'latitude',
  使用单位: 'useCompanyId',
  制造单位: 'manufacturer',
  品牌: 'brand',
  型号: 'model',
  '额定载重量(kg)': 'ratedLoad',
  '额定速度(m/s)': 'ratedSpeed',
  层数: 'floors',
  出厂日期: 'manufactureDate',
  安装日期: 'installDate',
  使用登记日期: 'registerDate',
  上次检验日期: 'lastInspectDate',
  下次检验日期: 'nextInspectDate',
};
const HEADER_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([h, f]) => [f, h]));

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

const reverse = (m: Map<string, string>) => new Map([...m].map(([k, v]) => [v, k]));
const TYPE_KEYS = reverse(TYPE_LABELS);
const VARIETY_KEYS = reverse(VARIETY_LABELS);
const OCCASION_KEYS = reverse(OCCASION_LABELS);

/** Excel dates arrive as yyyy-mm-dd, yyyy/m/d (a time after it is dropped) or a serial day number; all become yyyy-MM-dd. */
function normaliseDate(v: string): string {
  if (/^\d{5}(\.\d+)?$/.test(v)) return serialToDate(Math.floor(Number(v)));
  const m = v.match(/^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/);
  return m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : v;
}

/** One data row of the sheet: its row number as Excel shows it, and its cells by form field. */
interface SheetLine {
  line: number;
  values: Record<string, string>;
}

/**
 * Reads the first sheet through the platform's import kit (a worker thread, a streamed .xlsx,
 * limits on inflated size, memory, time and rows checked as rows arrive): a header row with the
 * template's headers, then one elevator per row.
 */
export async function readRows(
  body: Buffer,
  maxRows = MAX_IMPORT_ROWS,
  tooManyRows = `一次最多导入 ${MAX_IMPORT_ROWS} 行，请拆分文件`,
): Promise<{ headers: string[]; rows: SheetLine[] }> {
  const { header, rows: data } = await readSheet(body, { maxRows, tooManyRows });
  const headers = (header?.cells ?? []).map((h) => h.replace(/\*/g, '').trim());
  const missing = IMPORT_HEADERS.filter((h) => h.endsWith('*'))
    .map((h) => h.slice(0, -1))
    .filter((h) => !headers.includes(h));
  if (missing.length > 0) throw badRequest(`缺少必填列：${missing.join('、')}，请使用导入模板`);
  if (data.length === 0) throw badRequest('文件中没有数据行');
  const rows = data.map(({ line, cells }) => {
    const values: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (FIELD_OF[h]) values[FIELD_OF[h]] = (cells[i] ?? '').trim();
    });
    return { line, values };
  });
  return { headers, rows };
}

/** Lets other requests run between slices of a long synchronous loop. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const SLICE = 500;

/**
 * Turns sheet rows into form fields: labels to codes (type, variety, use occasion, area, use
 * company by name), dates to yyyy-MM-dd, then the contract's validation. Bad cells go to `fail`.
 */
async function rowsToFields(
  tx: Queryable,
  user: AuthUser,
  rows: SheetLine[],
  fail: (row: number, field: string, message: string) => void,
): Promise<{ line: number; fields: ElevatorFields }[]> {
  const areaRows = await tx.select({ code: sysArea.code, name: sysArea.name }).from(sysArea);
  const areaByName = new Map(
    areaRows.flatMap((a) => [
      [a.name, a.code],
      [a.code, a.code],
    ]),
  );
  const companyNames = [...new Set(rows.map((r) => r.values.useCompanyId).filter(Boolean))];
  const companies = companyNames.length
    ? await tx
        .select({ id: enterprise.id, name: enterprise.name })
        .from(enterprise)
        .where(and(eq(enterprise.kind, 'use'), inArray(enterprise.name, companyNames)))
    : [];
  const companyByName = new Map(companies.map((c) => [c.name, c.id]));

  const valid: { line: number; fields: ElevatorFields }[] = [];
  for (const [index, { line, values: raw }] of rows.entries()) {
    if (index > 0 && index % SLICE === 0) await breathe();
    const input: Record<string, unknown> = { ...raw };
    for (const [k, v] of Object.entries(raw)) if (v === '') delete input[k];
    if (raw.type) input.type = TYPE_KEYS.get(raw.type) ?? raw.type;
    if (raw.variety) input.variety = VARIETY_KEYS.get(raw.variety) ?? raw.variety;
    if (raw.useOccasion) input.useOccasion = OCCASION_KEYS.get(raw.useOccasion) ?? raw.useOccasion;
    for (const f of [
      'manufactureDate',
      'installDate',
      'registerDate',
      'lastInspectDate',
      'nextInspectDate',
    ]) {
      if (raw[f]) input[f] = normaliseDate(raw[f]);
    }
    let ok = true;
    const failed = new Set<string>();
    if (raw.areaCode) {
      const code = areaByName.get(raw.areaCode);
      if (!code) {
        fail(line, 'areaCode', `未知的区域「${raw.areaCode}」`);
        failed.add('areaCode');
        ok = false;
      } else if (user.dataScope === 'area' && !user.areaCodes.includes(code)) {
        fail(line, 'areaCode', '不在本辖区');
        failed.add('areaCode');
        ok = false;
      } else input.areaCode = code;
    }
    if (raw.useCompanyId) {
      const id = companyByName.get(raw.useCompanyId);
      if (!id) {
        fail(line, 'useCompanyId', `平台上没有名为「${raw.useCompanyId}」的使用单位`);
        failed.add('useCompanyId');
        ok = false;
      } else input.useCompanyId = id;
    }
    if (raw.variety && !VARIETY_LABELS.has(String(input.variety))) {
      fail(line, 'variety', `未知的设备品种「${raw.variety}」`);
      failed.add('variety');
      ok = false;
    }
    if (raw.useOccasion && !OCCASION_LABELS.has(String(input.useOccasion))) {
      fail(line, 'useOccasion', `未知的使用场所「${raw.useOccasion}」`);
      failed.add('useOccasion');
      ok = false;
    }
    const parsed = elevatorFields.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!failed.has(field)) fail(line, field, issue.message);
      }
      continue;
    }
    if (ok) valid.push({ line, fields: parsed.data });
  }
  return valid;
}

/** Duplicates inside the file, over every row that names the identifier (valid or not). */
function fileDuplicates(rows: SheetLine[], fail: (row: number, field: string, message: string) => void) {
  for (const field of ['registerCode', 'deviceCode', 'rescueCode'] as const) {
    const values = rows.map((r) => (r.values[field] ?? '').toUpperCase());
    const dup = new Set(findDuplicates(values.filter(Boolean)));
    values.forEach((v, i) => {
      if (v && dup.has(v)) fail(rows[i].line, field, `文件中重复：${v}`);
    });
  }
}

/**
 * Reads a sync sheet (the import template's columns) into records for syncData: every good row,
 * and every bad cell (row, column, message). Nothing is stored.
 */
export async function readSyncSheet(db: Queryable, user: AuthUser, body: Buffer): Promise<SyncSheetResult> {
  const { rows } = await readRows(body, MAX_SYNC_ROWS, `一次最多同步 ${MAX_SYNC_ROWS} 条，请拆分文件`);
  const errors: ImportError[] = [];
  const fail = (row: number, field: string, message: string) =>
    errors.push({ row, column: HEADER_OF[field] ?? field, message });
  const valid = await rowsToFields(db, user, rows, fail);
  fileDuplicates(rows, fail);
  errors.sort((a, b) => a.row - b.row);
  const badLines = new Set(errors.map((e) => e.row));
  return {
    total: rows.length,
    records: valid.filter((v) => !badLines.has(v.line)).map((v) => v.fields),
    errors,
  };
}

/**
 * Validates every row (formats, duplicates inside the file and against the database, unknown areas
 * and companies) and stores all rows in one transaction — or none, returning every bad row.
 *
 * The file is read and checked before the transaction opens: only the inserts hold it (on PGlite an
 * open transaction holds the one connection every other request needs). The registry check here
 * only names the duplicates for the report; the unique constraints decide at the insert.
 */
export async function importElevators(
  db: Db,
  user: AuthUser,
  body: Buffer,
): Promise<{ report: ImportReport; errorSheet?: Buffer }> {
  const { rows } = await readRows(body);
  const errors: ImportError[] = [];
  const fail = (row: number, field: string, message: string) =>
    errors.push({ row, column: HEADER_OF[field] ?? field, message });
  const valid = (await rowsToFields(db, user, rows, fail)).map((v) => ({
    line: v.line,
    values: columnsOf(v.fields),
  }));
  fileDuplicates(rows, fail);

  // Duplicates against the registry.
  for (let i = 0; i < valid.length; i += BATCH) {
    const chunk = valid.slice(i, i + BATCH);
    const codes = (f: 'registerCode' | 'deviceCode' | 'rescueCode') =>
      chunk.map((v) => v.values[f]).filter((v): v is string => Boolean(v));
    const existing = await db
      .select({
        registerCode: elevator.registerCode,
        deviceCode: elevator.deviceCode,
        rescueCode: elevator.rescueCode,
      })
      .from(elevator)
      .where(
        or(
          inArray(elevator.registerCode, codes('registerCode').length ? codes('registerCode') : ['']),
          inArray(elevator.deviceCode, codes('deviceCode').length ? codes('deviceCode') : ['']),
          inArray(elevator.rescueCode, codes('rescueCode').length ? codes('rescueCode') : ['']),
        ),
      );
    const taken = {
      registerCode: new Set(existing.map((e) => e.registerCode)),
      deviceCode: new Set(existing.map((e) => e.deviceCode)),
      rescueCode: new Set(existing.map((e) => e.rescueCode)),
    };
    for (const v of chunk) {
      for (const f of ['registerCode', 'deviceCode', 'rescueCode'] as const) {
        if (v.values[f] && taken[f].has(v.values[f])) fail(v.line, f, `平台上已存在：${v.values[f]}`);
      }
    }
  }

  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    const errorSheet = await xlsxBuffer(
      '错误报告',
      ['行号', '列', '问题'],
      errors.map((e) => [e.row, e.column, e.message]),
    );
    return {
      report: { success: false, total: rows.length, imported: 0, errors, reportFileId: null },
      errorSheet,
    };
  }
  // A transaction of its own rather than the call's ({ tx: true }): the upload is received and the
  // sheet read (seconds for a large one) before any row is written, without holding a connection.
  await db.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += BATCH) {
      const chunk = valid.slice(i, i + BATCH).map((v) => ({ ...v.values, createdBy: user.id }));
      await guardUnique(() => tx.insert(elevator).values(chunk));
    }
  });
  return {
    report: { success: true, total: rows.length, imported: valid.length, errors: [], reportFileId: null },
  };
}

/** The template: the headers and one example row. */
export function templateBuffer(): Promise<Buffer> {
  return xlsxBuffer(
    '电梯导入模板',
    [...IMPORT_HEADERS],
    [
      [
        '31104501032018060001',
        '311023001201800012',
        '梯11桂A00001(18)',
        '035302',
        '1号楼1单元左梯',
        '直梯',
        '曳引驱动乘客电梯',
        '住宅',
        '青秀区',
        '南宁市青秀区民族大道 100 号',
        '书香苑',
        '108.3669',
        '22.8170',
        '',
        '奥的斯电梯（中国）有限公司',
        '奥的斯',
        'OH5000',
        '1000',
        '1.75',
        '18',
        '2018-03-01',
        '2018-05-20',
        '2018-06-10',
        '2025-06-01',
        '',
      ],
    ],
  );
}
