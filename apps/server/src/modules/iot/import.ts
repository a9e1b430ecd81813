import {
  findDuplicates,
  type ImportReport,
  IOT_IMPORT_HEADERS,
  IOT_IMPORT_MAX_ROWS,
  IOT_SYNC_HEADERS,
  IOT_SYNC_MAX_ROWS,
  type IotDeviceRow,
  iotDeviceImportFields,
} from '@ec/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { xlsxBuffer } from '../../platform/excel.ts';
import { readSheet } from '../../platform/import/sheet-reader.ts';
import type { Platform } from '../../platform/platform.ts';
import { liftsRelation } from '../elevator/api.ts';
import { inDeviceTransaction } from './accounts.ts';
import { devicesInScope, duplicateCode, newSecret } from './devices.ts';
import { ownMerchant } from './scope.ts';
import { iotBinding, iotDevice } from './tables.ts';

/*
 * 导入物联网设备 (`/equ3000/import`): the merchant's device sheet through the platform's import kit
 * (a worker thread, .xlsx streamed or .xls, limits checked while reading). Every row is checked
 * first (the contract's fields, duplicates in the file and in the merchant's registry, the lift to
 * bind: it exists and has no device); any bad row refuses the whole file with every error by its row
 * number, and nothing is written. A clean file is stored in one transaction, where the unique
 * indexes still decide (a device or a binding added meanwhile refuses it whole, 409).
 */

const HEADER_FIELD: Record<string, string> = {
  设备编号: 'code',
  设备名称: 'name',
  接入协议: 'protocol',
  '上报间隔(秒)': 'intervalSeconds',
  绑定电梯注册代码: 'registerCode',
  备注: 'remark',
};
const FIELD_HEADER = Object.fromEntries(Object.entries(HEADER_FIELD).map(([h, f]) => [f, h]));
const PROTOCOLS: Record<string, string> = { mqtt: 'mqtt', http: 'http', MQTT: 'mqtt', HTTP: 'http' };

interface ImportError {
  row: number;
  column: string;
  message: string;
}
type Fields = ReturnType<typeof iotDeviceImportFields.parse>;

/** Reads and checks the sheet; the good rows, or the errors (nothing is written here). */
async function checkSheet(q: Queryable, merchantId: number, body: Buffer) {
  const { header, rows } = await readSheet(body, {
    maxRows: IOT_IMPORT_MAX_ROWS,
    tooManyRows: `一次最多导入 ${IOT_IMPORT_MAX_ROWS} 台设备，请拆分文件`,
  });
  // Headers as the template writes them, with or without the *, full-width brackets accepted.
  const headers = (header?.cells ?? []).map((h) =>
    h.replace(/\*/g, '').replace(/（/g, '(').replace(/）/g, ')').trim(),
  );
  const missing = IOT_IMPORT_HEADERS.filter((h) => h.endsWith('*'))
    .map((h) => h.slice(0, -1))
    .filter((h) => !headers.includes(h));
  if (missing.length > 0) throw badRequest(`缺少必填列：${missing.join('、')}，请使用导入模板`);
  if (rows.length === 0) throw badRequest('文件中没有数据行');

  const errors: ImportError[] = [];
  const fail = (row: number, field: string, message: string) =>
    errors.push({ row, column: FIELD_HEADER[field] ?? field, message });
  const good: { line: number; fields: Fields }[] = [];
  for (const { line, cells } of rows) {
    const input: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      const field = HEADER_FIELD[h];
      const v = (cells[i] ?? '').trim();
      if (field && v !== '') input[field] = v;
    });
    if (typeof input.protocol === 'string') input.protocol = PROTOCOLS[input.protocol] ?? input.protocol;
    const parsed = iotDeviceImportFields.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(line, String(issue.path[0] ?? ''), issue.message);
      continue;
    }
    good.push({ line, fields: parsed.data });
  }

  // Duplicates in the file: a device code, or two devices for one lift.
  const lineOf = rows.map((r) => r.line);
  const codeOf = rows.map((r) => (r.cells[headers.indexOf('设备编号')] ?? '').trim());
  const regOf = rows.map((r) =>
    headers.includes('绑定电梯注册代码') ? (r.cells[headers.indexOf('绑定电梯注册代码')] ?? '').trim() : '',
  );
  const dupCodes = new Set(findDuplicates(codeOf.filter(Boolean)));
  const dupRegs = new Set(findDuplicates(regOf.filter(Boolean)));
  codeOf.forEach((c, i) => {
    if (c && dupCodes.has(c)) fail(lineOf[i], 'code', `文件中重复：${c}`);
  });
  regOf.forEach((c, i) => {
    if (c && dupRegs.has(c)) fail(lineOf[i], 'registerCode', `文件中有多台设备绑定同一电梯：${c}`);
  });

  // Against the merchant's registry and the lifts, 500 rows a query.
  const liftOf = new Map<string, number>();
  for (let i = 0; i < good.length; i += 500) {
    const chunk = good.slice(i, i + 500);
    const taken = await q
      .select({ code: iotDevice.code })
      .from(iotDevice)
      .where(
        and(
          eq(iotDevice.merchantId, merchantId),
          inArray(
            iotDevice.code,
            chunk.map((g) => g.fields.code),
          ),
        ),
      );
    const takenCodes = new Set(taken.map((t) => t.code));
    const regs = [...new Set(chunk.map((g) => g.fields.registerCode).filter((r): r is string => !!r))];
    const lift = liftsRelation().as('lift');
    const lifts = regs.length
      ? await q
          .select({ id: lift.id, registerCode: lift.registerCode, bound: iotBinding.id })
          .from(lift)
          .leftJoin(iotBinding, and(eq(iotBinding.elevatorId, lift.id), isNull(iotBinding.unboundAt)))
          .where(inArray(lift.registerCode, regs))
      : [];
    const byReg = new Map(lifts.map((l) => [l.registerCode, l]));
    for (const g of chunk) {
      if (takenCodes.has(g.fields.code)) fail(g.line, 'code', duplicateCode(g.fields.code));
      const reg = g.fields.registerCode;
      if (!reg) continue;
      const l = byReg.get(reg);
      if (!l) fail(g.line, 'registerCode', `注册代码 ${reg} 的电梯不存在`);
      else if (l.bound !== null)
        fail(g.line, 'registerCode', `电梯 ${reg} 已绑定其他物联网设备，一台电梯只能绑定一台设备`);
      else liftOf.set(reg, l.id);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: rows.length, good, errors, liftOf };
}

export interface DeviceImport {
  report: ImportReport & { devices: { device: IotDeviceRow; secret: string }[] };
  errorSheet?: Buffer;
}

/**
 * Imports the merchant's device sheet: all rows or none. The sheet is read and checked before the
 * transaction opens (on PGlite an open transaction holds the one connection).
 */
export async function importDeviceSheet(
  platform: Platform,
  user: AuthUser,
  body: Buffer,
): Promise<DeviceImport> {
  const db = platform.db;
  const merchantId = ownMerchant(user);
  const { total, good, errors, liftOf } = await checkSheet(db, merchantId, body);
  if (errors.length > 0) {
    const errorSheet = await xlsxBuffer(
      '错误报告',
      ['行号', '列', '问题'],
      errors.map((e) => [e.row, e.column, e.message]),
    );
    return {
      report: { success: false, total, imported: 0, errors, reportFileId: null, devices: [] },
      errorSheet,
    };
  }
  // Their broker accounts are queued in the transaction, made once it has committed (accounts.ts).
  const created = await inDeviceTransaction(platform, async (tx, accounts) => {
    const out: { id: number; secret: string }[] = [];
    for (let i = 0; i < good.length; i += 500) {
      const chunk = good.slice(i, i + 500).map((g) => ({ g, ...newSecret() }));
      const ids = await tx
        .insert(iotDevice)
        .values(
          chunk.map(({ g, hash }) => ({
            code: g.fields.code,
            name: g.fields.name,
            merchantId,
            protocol: g.fields.protocol,
            intervalSeconds: g.fields.intervalSeconds,
            remark: g.fields.remark || null,
            secretHash: hash,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: iotDevice.id, code: iotDevice.code });
      if (ids.length !== chunk.length) {
        const stored = new Set(ids.map((d) => d.code));
        const lost = chunk.find((c) => !stored.has(c.g.fields.code));
        throw conflict(
          `第 ${lost?.g.line ?? '?'} 行：${duplicateCode(lost?.g.fields.code ?? '')}（刚被添加）`,
        );
      }
      const idOf = new Map(ids.map((d) => [d.code, d.id]));
      const bindings = chunk
        .filter(({ g }) => g.fields.registerCode)
        .map(({ g }) => ({
          deviceId: idOf.get(g.fields.code) as number,
          elevatorId: liftOf.get(g.fields.registerCode as string) as number,
          boundBy: user.id,
        }));
      if (bindings.length > 0) {
        const bound = await tx
          .insert(iotBinding)
          .values(bindings)
          .onConflictDoNothing()
          .returning({ id: iotBinding.id });
        if (bound.length !== bindings.length)
          throw conflict('导入期间有电梯被绑定了其他设备，本次未导入任何设备，请重新导入');
      }
      for (const c of chunk) out.push({ id: idOf.get(c.g.fields.code) as number, secret: c.secret });
      await accounts(
        chunk.map((c) => ({ op: 'provision' as const, merchantId, code: c.g.fields.code, secret: c.secret })),
      );
    }
    return out;
  });
  const rows = await devicesInScope(
    db,
    user,
    created.map((c) => c.id),
  );
  const secretOf = new Map(created.map((c) => [c.id, c.secret]));
  return {
    report: {
      success: true,
      total,
      imported: created.length,
      errors: [],
      reportFileId: null,
      devices: rows.map((device) => ({ device, secret: secretOf.get(device.id) ?? '' })),
    },
  };
}

/** The template: the headers and one example row. */
export function deviceTemplate(): Promise<Buffer> {
  return xlsxBuffer(
    '物联网设备导入模板',
    [...IOT_IMPORT_HEADERS],
    [['GW-000001', '1号楼1单元左梯监测终端', 'MQTT', 30, '31104501032018060001', '']],
  );
}

/** The header's text as the templates write it: no *, half-width brackets, trimmed. */
const plainHeader = (h: string) => h.replace(/\*/g, '').replace(/（/g, '(').replace(/）/g, ')').trim();

/**
 * 同步绑定 from a sheet: the 设备编号 and 注册代码 columns of every non-blank row, by its row number
 * in the sheet, read through the platform's import kit and checked by nobody here: the dialog checks
 * them as it checks pasted lines (the same rules, the same row numbers) and sends them to `sync`,
 * which decides each row. A column headed 绑定电梯注册代码 or 电梯注册代码 (the device sheet's) is
 * read as 注册代码.
 */
export async function readSyncSheet(body: Buffer) {
  const { header, rows } = await readSheet(body, {
    maxRows: IOT_SYNC_MAX_ROWS,
    tooManyRows: `一次最多同步 ${IOT_SYNC_MAX_ROWS} 条，请拆分文件`,
  });
  const headers = (header?.cells ?? []).map(plainHeader);
  const code = headers.indexOf('设备编号');
  const register = headers.findIndex((h) => h === '注册代码' || h.endsWith('电梯注册代码'));
  const missing = [code < 0 ? '设备编号' : null, register < 0 ? '注册代码' : null].filter(Boolean);
  if (missing.length > 0) throw badRequest(`缺少列：${missing.join('、')}，请使用同步绑定模板`);
  if (rows.length === 0) throw badRequest('文件中没有数据行');
  return {
    rows: rows.map(({ line, cells }) => ({
      line,
      deviceCode: (cells[code] ?? '').trim(),
      registerCode: (cells[register] ?? '').trim(),
    })),
  };
}

/** The 同步绑定 template: its two columns, a row that binds and a row that unbinds. */
export function syncTemplate(): Promise<Buffer> {
  return xlsxBuffer(
    '同步绑定模板',
    [...IOT_SYNC_HEADERS],
    [
      ['GW-000001', '31104501032018060001'],
      ['GW-000002', ''],
    ],
  );
}
