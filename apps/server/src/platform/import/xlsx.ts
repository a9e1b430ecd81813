import path from 'node:path';
import { Parser } from 'htmlparser2';
import yauzl from 'yauzl';
import {
  isDateFormat,
  isoDateText,
  numberText,
  RowCollector,
  type SheetData,
  SheetError,
  type SheetLimits,
  serialToDate,
  sheetMessages,
} from './rows.ts';

/**
 * Reads the first worksheet of an .xlsx without ever holding it whole. The zip's directory is read
 * from the upload (at most 10 MB, already in memory); each part is inflated as a stream, counted
 * against the limits as its bytes come out (a part's declared size is checked first, but it can
 * lie), and fed in chunks to a streaming XML tokenizer (htmlparser2 in XML mode: it hands text over
 * at every chunk's end, so a huge text node never accumulates inside it). Rows are counted as they
 * arrive and the read stops at the first row past the limit.
 *
 * Order: package and workbook relationships → workbook (first sheet, 1904 dates) → styles (which
 * cells are dates) → shared strings → the sheet itself.
 */
export async function readXlsx(body: Buffer, limits: SheetLimits): Promise<SheetData> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(body, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new SheetError(400, sheetMessages.unreadable);
  }
  try {
    const parts = new Map<string, yauzl.Entry>();
    if (zip.entryCount > 10_000) throw new SheetError(400, sheetMessages.unreadable);
    for await (const entry of zip.eachEntry())
      parts.set(entry.fileName.replace(/^\/+/, '').toLowerCase(), entry);
    const reader = new PartReader(zip, parts, limits);

    const rootRels = await reader.relationships('_rels/.rels', '');
    const workbookPath =
      [...rootRels.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
    const workbookRels = await reader.relationships(
      relsPathOf(workbookPath),
      path.posix.dirname(workbookPath),
    );
    const workbook = await reader.workbook(workbookPath);
    const sheetPath =
      (workbook.firstSheetRel && workbookRels.get(workbook.firstSheetRel)?.target) ||
      (workbook.firstSheetRel ? undefined : 'xl/worksheets/sheet1.xml');
    if (!sheetPath || !parts.has(sheetPath.toLowerCase())) throw new SheetError(400, sheetMessages.noSheet);
    const related = (kind: string) =>
      [...workbookRels.values()].find((r) => r.type.endsWith(`/${kind}`))?.target;
    const dateStyles = await reader.dateStyles(related('styles'));
    const shared = await reader.sharedStrings(related('sharedStrings'));
    return await reader.sheet(sheetPath, { shared, dateStyles, date1904: workbook.date1904 });
  } finally {
    zip.close();
  }
}

const relsPathOf = (part: string) =>
  path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);

/** The element's name without its namespace prefix (some writers use x:row, x:c). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

interface Relationship {
  type: string;
  target: string;
}

interface XmlHandlers {
  open?: (name: string, attrs: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

class PartReader {
  private inflated = 0;

  constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: Map<string, yauzl.Entry>,
    private readonly limits: SheetLimits,
  ) {}

  private tooBig(): SheetError {
    return new SheetError(
      413,
      sheetMessages.inflated(Math.round(this.limits.maxInflatedBytes / 1024 / 1024)),
    );
  }

  /**
   * Streams one part through the XML tokenizer. Returns false when the part is missing. Errors
   * thrown by the handlers (a limit) stop the inflation at once.
   */
  private async parse(name: string, maxBytes: number, handlers: XmlHandlers): Promise<boolean> {
    const entry = this.parts.get(name.replace(/^\/+/, '').toLowerCase());
    if (!entry) return false;
    if (
      entry.uncompressedSize > maxBytes ||
      this.inflated + entry.uncompressedSize > this.limits.maxInflatedBytes
    ) {
      throw this.tooBig();
    }
    let stream: NodeJS.ReadableStream & { destroy(): void };
    try {
      stream = (await this.zip.openReadStreamPromise(entry)) as typeof stream;
    } catch {
      throw new SheetError(400, sheetMessages.unreadable);
    }
    const decoder = new TextDecoder('utf-8');
    let failed: unknown;
    const parser = new Parser(
      {
        onopentag: handlers.open ? (n, a) => handlers.open?.(local(n), a) : undefined,
        ontext: handlers.text,
        onclosetag: handlers.close ? (n) => handlers.close?.(local(n)) : undefined,
      },
      { xmlMode: true },
    );
    let partBytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        partBytes += chunk.length;
        this.inflated += chunk.length;
        if (partBytes > maxBytes || this.inflated > this.limits.maxInflatedBytes) throw this.tooBig();
        parser.write(decoder.decode(chunk, { stream: true }));
      }
      parser.end(decoder.decode());
    } catch (err) {
      failed = err;
    } finally {
      stream.destroy();
    }
    if (failed instanceof SheetError) throw failed;
    // A corrupt deflate stream, a size that does not match the directory, a bad CRC.
    if (failed) throw new SheetError(400, sheetMessages.unreadable);
    return true;
  }

  async relationships(name: string, base: string): Promise<Map<string, Relationship>> {
    const rels = new Map<string, Relationship>();
    await this.parse(name, this.limits.maxMetaBytes, {
      open: (tag, a) => {
        if (tag !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
        const target = a.Target.startsWith('/')
          ? a.Target.slice(1)
          : path.posix.normalize(path.posix.join(base, a.Target));
        rels.set(a.Id, { type: a.Type ?? '', target });
      },
    });
    return rels;
  }

  async workbook(name: string): Promise<{ firstSheetRel?: string; date1904: boolean }> {
    let firstSheetRel: string | undefined;
    let date1904 = false;
    const found = await this.parse(name, this.limits.maxMetaBytes, {
      open: (tag, a) => {
        if (tag === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
        if (tag === 'sheet' && firstSheetRel === undefined) {
          const key = Object.keys(a).find((k) => k === 'id' || k.endsWith(':id'));
          firstSheetRel = key ? a[key] : '';
        }
      },
    });
    if (!found) throw new SheetError(400, sheetMessages.unreadable);
    return { firstSheetRel, date1904 };
  }

  /** Style indexes (the s of a cell) whose number format shows a date. */
  async dateStyles(name: string | undefined): Promise<Set<number>> {
    const codes = new Map<number, string>();
    const xfFormats: number[] = [];
    let inCellXfs = false;
    if (name) {
      await this.parse(name, this.limits.maxMetaBytes, {
        open: (tag, a) => {
          if (tag === 'numFmt') codes.set(Number(a.numFmtId), a.formatCode ?? '');
          else if (tag === 'cellXfs') inCellXfs = true;
          else if (tag === 'xf' && inCellXfs) xfFormats.push(Number(a.numFmtId ?? 0));
        },
        close: (tag) => {
          if (tag === 'cellXfs') inCellXfs = false;
        },
      });
    }
    const dates = new Set<number>();
    xfFormats.forEach((id, index) => {
      if (isDateFormat(id, codes.get(id))) dates.add(index);
    });
    return dates;
  }

  /** The shared-string table: each <si>'s text runs, without phonetic guides (<rPh>). */
  async sharedStrings(name: string | undefined): Promise<string[]> {
    const strings: string[] = [];
    if (!name) return strings;
    const { maxSharedStrings, maxCellChars } = this.limits;
    let current: string | null = null;
    let inText = false;
    let inPhonetic = false;
    await this.parse(name, this.limits.maxPartBytes, {
      open: (tag, a) => {
        if (tag === 'si') {
          if (strings.length >= maxSharedStrings) {
            throw new SheetError(413, sheetMessages.sharedStrings(maxSharedStrings));
          }
          current = '';
        } else if (tag === 't') inText = current !== null && !inPhonetic;
        else if (tag === 'rPh') inPhonetic = true;
        else if (tag === 'sst' && Number(a.uniqueCount) > maxSharedStrings) {
          throw new SheetError(413, sheetMessages.sharedStrings(maxSharedStrings));
        }
      },
      text: (text) => {
        if (!inText || current === null) return;
        current += text;
        // A cell's text over the limit is refused where it is used; here it is only cut.
        if (current.length > maxCellChars + 1) current = current.slice(0, maxCellChars + 1);
      },
      close: (tag) => {
        if (tag === 't') inText = false;
        else if (tag === 'rPh') inPhonetic = false;
        else if (tag === 'si' && current !== null) {
          strings.push(current);
          current = null;
        }
      },
    });
    return strings;
  }

  async sheet(
    name: string,
    ctx: { shared: string[]; dateStyles: Set<number>; date1904: boolean },
  ): Promise<SheetData> {
    const { maxColumns, maxCellChars } = this.limits;
    const rows = new RowCollector(this.limits);
    let line = 0;
    let cells: (string | undefined)[] = [];
    let column = 0;
    // The cell being read: its type, style, value text and inline-string text.
    let cell: { type: string; style: number; skip: boolean } | null = null;
    let value = '';
    let capture: 'v' | 't' | null = null;
    let inPhonetic = false;
    const finishCell = () => {
      if (!cell || cell.skip) return;
      let text: string;
      switch (cell.type) {
        case 's':
          text = ctx.shared[Number(value)] ?? '';
          break;
        case 'inlineStr':
        case 'str':
        case 'e':
          text = value;
          break;
        case 'b':
          text = value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
          break;
        case 'd':
          text = isoDateText(value);
          break;
        default: {
          const n = Number(value);
          text =
            value === '' || !Number.isFinite(n)
              ? value
              : ctx.dateStyles.has(cell.style)
                ? serialToDate(n, ctx.date1904)
                : numberText(n);
        }
      }
      if (text.length > maxCellChars) throw new SheetError(400, sheetMessages.longCell(line, maxCellChars));
      if (text !== '') cells[column] = text;
    };
    const found = await this.parse(name, this.limits.maxPartBytes, {
      open: (tag, a) => {
        switch (tag) {
          case 'row':
            line = Number(a.r) || line + 1;
            cells = [];
            column = -1;
            break;
          case 'c': {
            column = a.r ? columnIndex(a.r) : column + 1;
            cell = { type: a.t ?? 'n', style: Number(a.s ?? 0), skip: column < 0 || column >= maxColumns };
            value = '';
            break;
          }
          case 'v':
            if (cell) capture = 'v';
            break;
          case 't':
            if (cell && !inPhonetic) capture = 't';
            break;
          case 'rPh':
            inPhonetic = true;
            break;
        }
      },
      text: (text) => {
        if (!capture || cell?.skip) return;
        value += text;
        if (value.length > maxCellChars + 1) value = value.slice(0, maxCellChars + 1);
      },
      close: (tag) => {
        switch (tag) {
          case 'v':
          case 't':
            capture = null;
            break;
          case 'rPh':
            inPhonetic = false;
            break;
          case 'c':
            finishCell();
            cell = null;
            break;
          case 'row':
            rows.push(line, cells);
            break;
        }
      },
    });
    if (!found) throw new SheetError(400, sheetMessages.noSheet);
    return rows.data;
  }
}

/** The column of an A1-style reference: A → 0, Z → 25, AA → 26; -1 when there are no letters. */
function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i) & ~32; // upper case
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}
