import {
  fileExtension,
  IMPORT_LIMIT_MB,
  IOT_DEVICE_CODE_RE,
  IOT_DOOR_LABEL,
  IOT_RUN_LABEL,
  type IotDeviceLastState,
  messages,
} from '@ec/contract';

/**
 * `fn` at most once per `ms`: the first call at once, the calls within the window after it folded
 * into one call at the window's end. `cancel` drops the pending one (unmount).
 */
export function throttle(
  fn: () => void,
  ms: number,
  clock: {
    now(): number;
    set(run: () => void, delay: number): unknown;
    clear(handle: unknown): void;
  } = {
    now: () => Date.now(),
    set: (run, delay) => setTimeout(run, delay),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  },
) {
  let last = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;
  const run = () => {
    pending = null;
    last = clock.now();
    fn();
  };
  const call = () => {
    if (pending !== null) return;
    const wait = last + ms - clock.now();
    if (wait <= 0) run();
    else pending = clock.set(run, wait);
  };
  call.cancel = () => {
    if (pending !== null) clock.clear(pending);
    pending = null;
  };
  return call;
}

/** The 运行状态 cell: floor, direction and door of a lift, the direction of an escalator. */
export function lastStateText(s: IotDeviceLastState | null): string {
  if (!s) return '—';
  const parts = [
    s.floor !== null ? `${s.floor} 层` : null,
    IOT_RUN_LABEL[s.run],
    s.door !== null ? IOT_DOOR_LABEL[s.door] : null,
  ];
  return parts.filter((p) => p !== null).join(' · ');
}

export interface SyncItem {
  deviceCode: string;
  registerCode: string;
}

/** A CSV cell as a spreadsheet saves it: `"DEV-001"` is DEV-001. */
const unquote = (cell: string) => (/^".*"$/.test(cell) ? cell.slice(1, -1).replace(/""/g, '"') : cell);

/**
 * Pasted `设备编号,注册代码` lines (a comma, a Chinese comma, a tab or spaces between; a line with
 * the code alone unbinds the device), blank lines and a heading line before the first row skipped.
 * A line that is not a device code, or repeats one, is an error by its line number. A sheet's
 * rows arrive here too (`sheetText`, a CSV file's text), so a line number is the sheet's row number.
 */
export function parseSyncLines(text: string): { items: SyncItem[]; errors: string[] } {
  const items: SyncItem[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  let first = true;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [code = '', register = '', ...rest] = line.split(/\s*[,，\t]\s*|\s+/).map(unquote);
    const heading = first && code.includes('设备编号');
    first = false;
    if (heading) return;
    const where = `第 ${i + 1} 行`;
    if (!IOT_DEVICE_CODE_RE.test(code)) errors.push(`${where}：设备编号「${code}」格式不正确`);
    else if (rest.some((r) => r !== '')) errors.push(`${where}：每行只填设备编号和注册代码`);
    else if (register.length > 30) errors.push(`${where}：注册代码最多 30 位`);
    else if (seen.has(code)) errors.push(`${where}：设备编号 ${code} 重复`);
    else {
      seen.add(code);
      items.push({ deviceCode: code, registerCode: register });
    }
  });
  return { items, errors };
}

/**
 * A 同步绑定 sheet's rows (the server's reading of an .xlsx or .xls) as the dialog's lines: each row
 * on the line of its number in the sheet (a heading on line 1, the lines between blank), so the
 * errors `parseSyncLines` names are the sheet's row numbers. A row without either cell is blank.
 */
export function sheetText(rows: { line: number; deviceCode: string; registerCode: string }[]): string {
  const last = rows.reduce((m, r) => Math.max(m, r.line), 1);
  const lines = new Array<string>(last).fill('');
  lines[0] = '设备编号,注册代码';
  for (const r of rows) {
    const code = r.deviceCode.trim();
    const register = r.registerCode.trim();
    lines[r.line - 1] = code || register ? (register ? `${code},${register}` : code) : '';
  }
  return lines.join('\n');
}

/**
 * A CSV file's text: UTF-8 (its byte-order mark dropped) or, failing that, GBK, which Excel on a
 * Chinese Windows writes for 「CSV（逗号分隔）」.
 */
export function csvText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

/** The files 同步绑定 takes: a sheet (read by the server) or a CSV (read here), 10 MB at most. */
export function syncFileKind(file: { name: string; size: number }): 'sheet' | 'csv' | { error: string } {
  const ext = fileExtension(file.name);
  if (ext !== 'csv' && ext !== 'xlsx' && ext !== 'xls') return { error: '只能选择 XLSX、XLS 或 CSV 文件' };
  if (file.size > IMPORT_LIMIT_MB * 1024 * 1024) return { error: messages.importTooLarge };
  return ext === 'csv' ? 'csv' : 'sheet';
}
