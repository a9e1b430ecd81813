import {
  findDuplicates,
  type ImportReport,
  LIFT_VARIETIES,
  TECH_PARAM_EXTRAS,
  type TechParamRow,
  techParamValues,
  varietyName,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { type ExcelColumn, xlsxBuffer } from '../../../platform/excel.ts';
import { readSheet } from '../../../platform/import/sheet-reader.ts';
import { liftsByRegisterCodes } from '../../elevator/api.ts';
import { ownOrg } from '../scope.ts';
import { areaOf, paramColumns } from './service.ts';
import { inspectionTechParam as p } from './tables.ts';

/*
 * 导入技术参数: the organisation's sheet (.xls or .xlsx, read by the platform's import kit), one lift
 * per row by its register code. All or nothing: every row is checked first (the register code
 * known, the lift in the organisation's district, the numbers in range, no register code twice in
 * the file); any bad row → nothing written and a row-by-row report (and its sheet). Otherwise every
 * row is upserted in one transaction on the unique index (organisation, lift): a row replaces the
 * organisation's parameters of that lift (a blank cell clears the value).
 */

export const MAX_PARAM_ROWS = 5000;
const BATCH = 500;

/** The template's columns, in order; * marks the required one. The export writes the same titles. */
const BASE_COLUMNS: { title: string; field: string }[] = [
  { title: '注册代码', field: 'registerCode' },
  { title: '设备品种', field: 'variety' },
  { title: '层站数', field: 'stops' },
  { title: '门数', field: 'doors' },
  { title: '额定载重量(kg)', field: 'ratedLoad' },
  { title: '额定速度(m/s)', field: 'ratedSpeed' },
  { title: '提升高度(m)', field: 'riseM' },
  { title: '使用区段长度(m)', field: 'lengthM' },
  { title: '控制方式', field: 'controlMode' },
];
export const PARAM_IMPORT_HEADERS = [
  '注册代码*',
  ...BASE_COLUMNS.slice(1).map((c) => c.title),
  ...TECH_PARAM_EXTRAS.map((e) => e.title),
];
const FIELD_OF = new Map(BASE_COLUMNS.map((c) => [c.title, c.field]));
const TITLE_OF = new Map(BASE_COLUMNS.map((c) => [c.field, c.title]));
const EXTRA_TITLES = new Set(TECH_PARAM_EXTRAS.map((e) => e.title));
const VARIETY_BY_NAME = new Map<string, string>(
  LIFT_VARIETIES.flatMap((v) => [
    [v.name, v.code],
    [v.code, v.code],
  ]),
);

interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** Imports the sheet for the user's organisation; the report, and its sheet when rows failed. */
export async function importParams(
  db: Db,
  user: AuthUser,
  body: Buffer,
): Promise<{ report: ImportReport; errorSheet?: Buffer }> {
  const orgId = ownOrg(user, '技术参数');
  const { header, rows } = await readSheet(body, {
    maxRows: MAX_PARAM_ROWS,
    tooManyRows: `一次最多导入 ${MAX_PARAM_ROWS} 行，请拆分文件`,
  });
  const titles = (header?.cells ?? []).map((h) => h.replace(/\*/g, '').trim());
  if (!titles.includes('注册代码')) throw badRequest('缺少必填列：注册代码，请使用导入模板');
  if (rows.length === 0) throw badRequest('文件中没有数据行');

  const errors: ImportError[] = [];
  const fail = (row: number, column: string, message: string) => errors.push({ row, column, message });

  const lines = rows.map(({ line, cells }) => {
    const raw: Record<string, string> = {};
    const extra: Record<string, string> = {};
    titles.forEach((t, i) => {
      const v = (cells[i] ?? '').trim();
      const field = FIELD_OF.get(t);
      if (field) raw[field] = v;
      else if (EXTRA_TITLES.has(t) && v !== '') extra[t] = v;
    });
    return { line, raw, extra, code: (raw.registerCode ?? '').toUpperCase() };
  });

  const dup = new Set(findDuplicates(lines.map((l) => l.code).filter(Boolean)));
  const lifts = new Map(
    (await liftsByRegisterCodes(db, [...new Set(lines.map((l) => l.code).filter(Boolean))])).map((l) => [
      l.registerCode.toUpperCase(),
      l,
    ]),
  );
  const areas = await areaOf(db, user);

  const valid: { elevatorId: number; values: ReturnType<typeof paramColumns> }[] = [];
  for (const { line, raw, extra, code } of lines) {
    let ok = true;
    const lift = lifts.get(code);
    if (!code) {
      fail(line, '注册代码', '注册代码不能为空');
      ok = false;
    } else if (dup.has(code)) {
      fail(line, '注册代码', `文件中重复：${code}`);
      ok = false;
    } else if (!lift) {
      fail(line, '注册代码', `平台上没有注册代码为「${code}」的电梯`);
      ok = false;
    } else if (areas !== null && !areas.includes(lift.areaCode)) {
      fail(line, '注册代码', '该电梯不在本机构的检验区域');
      ok = false;
    }
    const input: Record<string, unknown> = { ...raw, extra };
    delete input.registerCode;
    if (raw.variety) {
      const variety = VARIETY_BY_NAME.get(raw.variety);
      if (!variety) {
        fail(line, '设备品种', `未知的设备品种「${raw.variety}」`);
        ok = false;
        delete input.variety;
      } else input.variety = variety;
    }
    const parsed = techParamValues.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, key] = issue.path.map(String);
        fail(line, field === 'extra' ? (key ?? '技术参数') : (TITLE_OF.get(field) ?? field), issue.message);
      }
      ok = false;
    }
    if (ok && parsed.success && lift) valid.push({ elevatorId: lift.id, values: paramColumns(parsed.data) });
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
  // Its own transaction, opened after the file was read and checked (as the registry's import).
  await db.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += BATCH) {
      const chunk = valid.slice(i, i + BATCH).map((v) => ({ orgId, elevatorId: v.elevatorId, ...v.values }));
      await tx
        .insert(p)
        .values(chunk)
        .onConflictDoUpdate({
          target: [p.orgId, p.elevatorId],
          set: {
            variety: sql`excluded.variety`,
            stops: sql`excluded.stops`,
            doors: sql`excluded.doors`,
            ratedLoad: sql`excluded.rated_load`,
            ratedSpeed: sql`excluded.rated_speed`,
            riseM: sql`excluded.rise_m`,
            lengthM: sql`excluded.length_m`,
            controlMode: sql`excluded.control_mode`,
            extra: sql`excluded.extra`,
            version: sql`${p.version} + 1`,
            updatedAt: new Date(),
          },
        });
    }
  });
  return {
    report: { success: true, total: rows.length, imported: valid.length, errors: [], reportFileId: null },
  };
}

/** The template: the headers and two example rows (a lift and an escalator). */
export function paramTemplate(): Promise<Buffer> {
  const example = (values: Record<string, string>) =>
    PARAM_IMPORT_HEADERS.map((h) => values[h.replace('*', '')] ?? '');
  return xlsxBuffer('技术参数导入模板', PARAM_IMPORT_HEADERS, [
    example({
      注册代码: '31104501032018060001',
      设备品种: '曳引驱动乘客电梯',
      层站数: '18',
      门数: '18',
      '额定载重量(kg)': '1000',
      '额定速度(m/s)': '1.75',
      '提升高度(m)': '51',
      控制方式: '集选控制',
      驱动方式: '曳引驱动',
      曳引比: '2:1',
      '电动机功率(kW)': '11',
      '顶层高度(m)': '4.5',
      '底坑深度(m)': '1.6',
      额定载客人数: '13',
      型号: 'OH5000',
    }),
    example({
      注册代码: '33104501032019030002',
      设备品种: '自动扶梯',
      层站数: '2',
      '额定速度(m/s)': '0.5',
      '提升高度(m)': '5.1',
      控制方式: '变频控制',
      驱动方式: '链条驱动',
      '电动机功率(kW)': '7.5',
      '倾斜角(°)': '30',
      '名义宽度(mm)': '1000',
    }),
  ]);
}

/** The export's columns: the template's (an export edited and imported back round-trips), then the lift. */
export const exportColumns: ExcelColumn<TechParamRow>[] = [
  { header: '注册代码', width: 24, value: (r) => r.registerCode },
  { header: '设备品种', width: 18, value: (r) => varietyName(r.variety) },
  { header: '层站数', value: (r) => r.stops },
  { header: '门数', value: (r) => r.doors },
  { header: '额定载重量(kg)', value: (r) => r.ratedLoad },
  { header: '额定速度(m/s)', value: (r) => r.ratedSpeed },
  { header: '提升高度(m)', value: (r) => r.riseM },
  { header: '使用区段长度(m)', value: (r) => r.lengthM },
  { header: '控制方式', value: (r) => r.controlMode },
  ...TECH_PARAM_EXTRAS.map(
    (e): ExcelColumn<TechParamRow> => ({ header: e.title, value: (r) => r.extra[e.title] }),
  ),
  { header: '电梯名称', width: 20, value: (r) => r.elevatorName },
  { header: '所在区域', value: (r) => r.areaName ?? r.areaCode },
  { header: '详细地址', width: 36, value: (r) => r.address },
  { header: '下次检验日期', width: 14, value: (r) => r.nextInspectDate },
  { header: '更新时间', width: 20, value: (r) => r.updateTime },
];
