import { IOT_DEVICE_CODE_RE, IOT_DOOR_LABEL, IOT_RUN_LABEL, type IotDeviceLastState } from '@ec/contract';

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

/**
 * Pasted `设备编号,注册代码` lines (a comma, a Chinese comma, a tab or spaces between; a line with
 * the code alone unbinds the device), blank lines and a heading line skipped. A line that is not a
 * device code, or repeats one, is an error by its line number.
 */
export function parseSyncLines(text: string): { items: SyncItem[]; errors: string[] } {
  const items: SyncItem[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [code = '', register = '', ...rest] = line.split(/\s*[,，\t]\s*|\s+/);
    if (i === 0 && code.includes('设备编号')) return;
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
