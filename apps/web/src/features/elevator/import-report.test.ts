import { describe, expect, it } from 'vitest';
import { importProblems } from '../../components/index.ts';

describe('the import report as the shared ImportButton reads it', () => {
  it('names the column of each bad row (the report says `column`, the table shows `field`)', () => {
    const report = {
      success: false,
      total: 3,
      imported: 0,
      errors: [
        { row: 2, column: '注册代码', message: '注册代码应为 18–20 位字母或数字' },
        { row: 4, column: '所在区域', message: '未知的区域「火星区」' },
      ],
      reportFileId: 'f',
    };
    expect(importProblems(report)).toEqual([
      { row: 2, field: '注册代码', message: '注册代码应为 18–20 位字母或数字' },
      { row: 4, field: '所在区域', message: '未知的区域「火星区」' },
    ]);
  });
  it('a clean import has no problems', () => {
    expect(
      importProblems({ success: true, total: 20, imported: 20, errors: [], reportFileId: null }),
    ).toEqual([]);
  });
});
