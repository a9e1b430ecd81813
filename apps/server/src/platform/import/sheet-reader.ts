import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { DEFAULT_LIMITS, type SheetData, type SheetLimits, sheetMessages } from './rows.ts';
import type { WorkerInput } from './worker.ts';

export type { SheetData, SheetRow } from './rows.ts';

/**
 * The platform's import kit: every import (elevators, their technical parameters, any later domain)
 * reads its spreadsheet through `readSheet`, and gets the first sheet's header row and data rows
 * as text, each with its row number in the sheet.
 *
 * Why a worker thread *and* a streaming reader. The .xlsx reader streams (inflated-byte caps per part
 * and in total, shared strings capped, rows counted as they arrive and the read stopped at the
 * first row past the limit), so its memory is bounded by design; but reading a 20,000-row sheet is
 * still seconds of XML tokenizing, and SheetJS (kept for .xls, which it alone reads) builds its
 * whole workbook at once. On the server's own thread either would stall every other request for
 * that long, and a GC of a heap grown by a hostile file would stall them further. So the whole
 * parse runs in a worker thread, one per import: its heap is capped (`resourceLimits`, exceeded →
 * the worker dies, 413), it is terminated at the time limit (413), and the server's event loop
 * only receives the finished rows. A worker costs ~0.2 s to start, nothing next to an import;
 * at most MAX_PARALLEL run at once (the others wait) so that imports cannot take every core.
 */
export interface ReadSheetOptions extends Partial<Omit<SheetLimits, 'maxRows' | 'tooManyRows'>> {
  maxRows: number;
  /** The refusal past maxRows, in the domain's words (导入 … 行 / 同步 … 条). */
  tooManyRows: string;
  /** The worker's old-generation heap, in MB. */
  memoryMb?: number;
  /** The worker is terminated after this long. */
  timeLimitMs?: number;
}

/** The worker's heap for an .xlsx (streamed: rows and shared strings only) and for an .xls (SheetJS). */
export const READ_MEMORY_MB = { xlsx: 192, xls: 384 };
export const READ_TIME_LIMIT_MS = 30_000;
const MAX_PARALLEL = 2;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The format by content: an .xlsx is a zip, an .xls an OLE compound file. */
function kindOf(body: Buffer): 'xlsx' | 'xls' | null {
  if (body.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (body.subarray(0, 8).equals(OLE_MAGIC)) return 'xls';
  return null;
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * Reads the first sheet of an uploaded .xlsx or .xls. Refusals are AppErrors with a Chinese
 * message: 400 when the file cannot be read, 413 when it is too big in any way (rows, inflated
 * bytes, shared strings, memory, time).
 */
export async function readSheet(body: Buffer, options: ReadSheetOptions): Promise<SheetData> {
  const kind = kindOf(body);
  if (!kind) throw new AppError(400, sheetMessages.unreadable);
  const { memoryMb = READ_MEMORY_MB[kind], timeLimitMs = READ_TIME_LIMIT_MS, ...given } = options;
  const limits: SheetLimits = { ...DEFAULT_LIMITS, ...given };
  const release = await slot();
  try {
    return await inWorker({ body, kind, limits }, memoryMb, timeLimitMs);
  } finally {
    release();
  }
}

type WorkerAnswer = { ok: true; data: SheetData } | { ok: false; status: number; message: string };

function inWorker(input: WorkerInput, memoryMb: number, timeLimitMs: number): Promise<SheetData> {
  return new Promise<SheetData>((resolve, reject) => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new AppError(413, sheetMessages.timeout(Math.round(timeLimitMs / 1000))))),
      timeLimitMs,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.data);
        else if (answer.status === 400 || answer.status === 413)
          reject(new AppError(answer.status, answer.message));
        else reject(new Error(`sheet reader failed: ${answer.message}`));
      }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(413, sheetMessages.memory) : err),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`sheet reader exited with code ${code} before answering`))),
    );
  });
}
