import { parentPort, workerData } from 'node:worker_threads';
import { SheetError, type SheetLimits } from './rows.ts';

/** What sheet-reader.ts sends: the file's bytes, its format by content, and the limits. */
export interface WorkerInput {
  body: Uint8Array;
  kind: 'xlsx' | 'xls';
  limits: SheetLimits;
}

const { body, kind, limits } = workerData as WorkerInput;
const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);

try {
  // Each format loads only its own reader (SheetJS alone is a megabyte of script to compile).
  const data =
    kind === 'xlsx'
      ? await (await import('./xlsx.ts')).readXlsx(buffer, limits)
      : (await import('./xls.ts')).readXls(buffer, limits);
  parentPort?.postMessage({ ok: true, data });
} catch (err) {
  if (err instanceof SheetError)
    parentPort?.postMessage({ ok: false, status: err.status, message: err.message });
  else
    parentPort?.postMessage({
      ok: false,
      status: 500,
      message: err instanceof Error ? err.stack : String(err),
    });
}
