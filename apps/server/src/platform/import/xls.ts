import * as XLSX from '@e965/xlsx';
import {
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
 * Reads the first sheet of a legacy .xls (BIFF) with SheetJS. The format is small by design (at
 * most 65,536 rows × 256 columns in a file the upload caps at 10 MB), but SheetJS builds the whole
 * workbook in memory, so this runs only inside the import worker, under its memory and time caps.
 * Cell text follows the streamed .xlsx reader: numbers as General shows them, dates as yyyy-MM-dd.
 * SheetJS keeps ~0.5 KB per cell: a full 25-column sheet at 20,000 rows needs ~260 MB of heap, which
 * is why sheet-reader.ts gives .xls a larger heap than .xlsx.
 */
/** Rows an .xls may have beyond the data-row limit: the header, title rows, blank rows. */
const XLS_SPARE_ROWS = 100;

export function readXls(body: Buffer, limits: SheetLimits): SheetData {
  let book: XLSX.WorkBook;
  try {
    // Only the BIFF reader: the upload check has already said the bytes are an OLE file.
    book = XLSX.read(body, {
      type: 'buffer',
      dense: true,
      // Rows past this are not kept (each kept cell costs SheetJS ~0.5 KB): a file longer than the
      // limit plus room for title and blank rows is refused below without holding its cells.
      sheetRows: limits.maxRows + XLS_SPARE_ROWS,
      cellNF: true, // the number format tells dates from numbers
      cellText: false, // no formatted copy of every cell's value
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
    });
  } catch {
    throw new SheetError(400, sheetMessages.unreadable);
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) throw new SheetError(400, sheetMessages.noSheet);
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : null;
  if (full && full.e.r + 1 > limits.maxRows + XLS_SPARE_ROWS) throw new SheetError(413, limits.tooManyRows);
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const rows = new RowCollector(limits);
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: (string | undefined)[] = [];
    for (let c = 0; c < row.length && c < limits.maxColumns; c++) {
      const cell = row[c];
      if (!cell) continue;
      const text = cellText(cell, date1904);
      if (text.length > limits.maxCellChars) {
        throw new SheetError(400, sheetMessages.longCell(r + 1, limits.maxCellChars));
      }
      cells[c] = text;
    }
    rows.push(r + 1, cells);
  }
  return rows.data;
}

/** Excel's error codes as the cell shows them. */
const ERRORS: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
};

function cellText(cell: XLSX.CellObject, date1904: boolean): string {
  switch (cell.t) {
    case 'n': {
      const n = Number(cell.v);
      return typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)
        ? serialToDate(n, date1904)
        : numberText(n);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return isoDateText(cell.v instanceof Date ? cell.v.toISOString() : String(cell.v));
    case 'e':
      return ERRORS[Number(cell.v)] ?? '#N/A';
    case 'z':
      return '';
    default:
      return cell.v === undefined || cell.v === null ? '' : String(cell.v);
  }
}
