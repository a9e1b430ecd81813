import { API_PREFIX, type Call, type CallInput, type CallOutput, fillPath } from '@ec/contract/call';
import { messages } from '@ec/contract/messages';
import { getToken, removeToken } from './cookies.ts';
import { showError, showSuccess } from './feedback.ts';

/**
 * The one place that knows HTTP (doc 000 §7, §8). Pages call `call(contractCall, input)`; the path,
 * method and encoding come from the contract, never from a hand-typed string.
 */

export const REQUEST_TIMEOUT_MS = 15_000;
export const FILE_TIMEOUT_MS = 30_000;
/** Body codes the server uses for "nothing to show"; swallowed silently. */
const SILENT_CODES = new Set([510, 511]);

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly requestId?: string,
    /** True when the user was not shown a message (510/511, or the caller asked for silence). */
    readonly silent = false,
    /** Per-field or per-row problems the server listed. */
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Do not show the red message; the caller reports the error itself. */
  silent?: boolean;
  timeoutMs?: number;
}

type Args<C extends Call> =
  Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C>, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions];

let onUnauthorized: () => void = () => {
  removeToken();
  const here = window.location.hash.replace(/^#/, '') || '/';
  if (!here.startsWith('/login')) window.location.hash = `#/login?redirect=${encodeURIComponent(here)}`;
};

/** The app replaces the default so that a 401 also clears the session store. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'user-type': '1' };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

interface Prepared {
  url: string;
  init: RequestInit;
}

function prepare(c: Call, input: Record<string, unknown>, files?: Blob[]): Prepared {
  const { path, rest } = fillPath(c.path, input);
  const h = headers();
  const init: RequestInit = { method: c.method, headers: h };
  let url = API_PREFIX + path;
  if (c.method === 'GET' || c.method === 'DELETE') {
    url += toQuery(rest);
  } else if (c.encoding === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) form.append(k, String(v));
    for (const f of files ?? []) form.append('file', f, f instanceof File ? f.name : 'file');
    init.body = form;
  } else if (c.encoding === 'form') {
    h['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = toQuery(rest).slice(1);
  } else {
    h['Content-Type'] = 'application/json';
    init.body = JSON.stringify(rest);
  }
  return { url, init };
}

interface ErrorBody {
  errors?: { field: string; message: string }[];
  code?: number;
  resultMsg?: string;
  description?: string;
  message?: string;
  requestId?: string;
}

function messageOf(body: ErrorBody | null, fallback: string): string {
  return body?.resultMsg || body?.description || body?.message || fallback;
}

function fail(err: ApiError, options: CallOptions | undefined): never {
  if (!err.silent && !options?.silent) showError(err.message, 3);
  if (err.status === 401) onUnauthorized();
  throw err;
}

async function send(c: Call, prepared: Prepared, options: CallOptions | undefined): Promise<Response> {
  const timeoutMs = options?.timeoutMs ?? (c.result === 'file' ? FILE_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(prepared.url, { ...prepared.init, signal });
  } catch (e) {
    if (options?.signal?.aborted) throw e;
    const message = timeout.aborted
      ? `请求超时（${timeoutMs / 1000} 秒），请稍后重试`
      : '网络异常，请检查网络连接';
    return fail(new ApiError(message, 0), options);
  }
}

async function readJson(res: Response): Promise<ErrorBody | null> {
  try {
    return (await res.json()) as ErrorBody;
  } catch {
    return null;
  }
}

async function handle<T>(c: Call, res: Response, options: CallOptions | undefined): Promise<T> {
  const body = (await readJson(res)) as (ErrorBody & { data?: unknown }) | null;
  // A caller that gave up while the body streamed in (a list whose filters changed) gets its abort,
  // not a red "unrecognised content" message.
  if (options?.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError');
  if (!res.ok) {
    const fallback = `Request failed with status code ${res.status}`;
    return fail(
      new ApiError(
        messageOf(body, fallback),
        res.status,
        body?.code,
        body?.requestId,
        false,
        body?.errors ?? [],
      ),
      options,
    );
  }
  if (body && typeof body.code === 'number' && SILENT_CODES.has(body.code)) {
    return fail(new ApiError(body.resultMsg ?? '', res.status, body.code, body.requestId, true), options);
  }
  if (!body || (typeof body.code === 'number' && body.code !== 200)) {
    return fail(
      new ApiError(messageOf(body, `${c.path} 返回了无法识别的内容`), res.status, body?.code),
      options,
    );
  }
  return body.data as T;
}

/** Calls a contract call and resolves with the envelope's `data`. */
export async function call<C extends Call>(c: C, ...[input, options]: Args<C>): Promise<CallOutput<C>> {
  const prepared = prepare(c, (input ?? {}) as Record<string, unknown>);
  const res = await send(c, prepared, options);
  return handle<CallOutput<C>>(c, res, options);
}

/** Sends files as multipart field `file` with the call's other fields. */
export async function upload<C extends Call>(
  c: C,
  files: Blob | Blob[],
  input?: CallInput<C>,
  options?: CallOptions,
): Promise<CallOutput<C>> {
  const list = Array.isArray(files) ? files : [files];
  const prepared = prepare(c, (input ?? {}) as Record<string, unknown>, list);
  const res = await send(c, prepared, options);
  return handle<CallOutput<C>>(c, res, options);
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

/**
 * A call whose result is a file (exports, inline documents). Errors arrive as an error body
 * whose `resultMsg` is shown. `onProgress` gets bytes received and the total when known.
 */
export async function download<C extends Call>(
  c: C,
  input?: CallInput<C>,
  options?: CallOptions & { onProgress?: (received: number, total: number | null) => void },
): Promise<DownloadedFile> {
  const prepared = prepare(c, (input ?? {}) as Record<string, unknown>);
  const res = await send(c, prepared, options);
  if (res.status === 202) return exportQueued(res, options);
  if (!res.ok) {
    const body = await readJson(res);
    return fail(
      new ApiError(messageOf(body, `Request failed with status code ${res.status}`), res.status, body?.code),
      options,
    );
  }
  const fallbackName = c.path.split('/').pop() ?? 'download';
  const total = Number(res.headers.get('content-length')) || null;
  if (!options?.onProgress || !res.body) {
    return { blob: await res.blob(), fileName: fileNameOf(res, fallbackName) };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress(received, total);
  }
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: fileNameOf(res, fallbackName) };
}

/** Fired on window when an export went to the export centre (the navbar's badge listens). */
export const EXPORT_QUEUED_EVENT = 'ec:export-queued';

/**
 * The answer of an export whose rows went to a background job (202): the user is told where to
 * find it, the navbar hears of it, and the caller gets a silent error (nothing to save now).
 */
async function exportQueued(res: Response, options: CallOptions | undefined): Promise<never> {
  const body = (await readJson(res)) as (ErrorBody & { data?: unknown }) | null;
  showSuccess(body?.resultMsg || messages.exportQueued, 4);
  window.dispatchEvent(new CustomEvent(EXPORT_QUEUED_EVENT, { detail: body?.data ?? null }));
  return fail(new ApiError(messages.exportQueued, 202, body?.code, body?.requestId, true), options);
}

/** Saves a downloaded file through a temporary object URL (no navigation, no other host). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
