import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { columnName, crc32, xlsxOf } from './xlsx.ts';

/** The files of a stored zip, read back by its central directory. */
function unzip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const start = local + 30 + view.getUint16(local + 26, true);
    const raw = bytes.subarray(start, start + size);
    const data = method === 8 ? new Uint8Array(inflateRawSync(raw)) : raw;
    expect(crc32(data), name).toBe(crc);
    out.set(name, new TextDecoder().decode(data));
    at += 46 + nameLength;
  }
  return out;
}

describe('the statistics page’s .xlsx', () => {
  it('is a workbook of one sheet holding the table’s cells, numbers as numbers and text escaped', () => {
    const files = unzip(
      xlsxOf('区域统计', [
        ['区域', '电梯', '率'],
        ['青秀区 <A&B>', 1234, '93.1%'],
      ]),
    );
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/workbook.xml')).toContain('name="区域统计"');
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('<c r="B2"><v>1234</v></c>');
    expect(sheet).toContain('<t xml:space="preserve">青秀区 &lt;A&amp;B&gt;</t>');
    expect(sheet).toContain('<t xml:space="preserve">93.1%</t>');
  });

  it('names columns as spreadsheets do and checks its zip', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
