import { describe, expect, it } from 'vitest';
import { checkImport, checkUpload, parseLimitMb } from './upload-checks.ts';

const MB = 1024 * 1024;

describe('checkUpload', () => {
  const image = { kind: 'image' as const, alreadyChosen: 0 };
  it('accepts PDF, JPG, JPEG, PNG and GIF pictures', () => {
    for (const name of ['a.pdf', 'a.JPG', 'a.jpeg', 'a.png', 'a.gif']) {
      expect(checkUpload({ name, size: 10 }, image)).toBeNull();
    }
  });
  it('refuses other types with the spec message', () => {
    expect(checkUpload({ name: 'a.bmp', size: 10 }, image)).toBe('文件类型不正确,请重新上传');
    expect(checkUpload({ name: 'noext', size: 10 }, image)).toBe('文件类型不正确,请重新上传');
  });
  it('attachments take DOC, DOCX, XLS, XLSX, PDF, ZIP, RAR', () => {
    const opts = { kind: 'attachment' as const, alreadyChosen: 0 };
    for (const name of ['a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.pdf', 'a.zip', 'a.rar']) {
      expect(checkUpload({ name, size: 10 }, opts)).toBeNull();
    }
    expect(checkUpload({ name: 'a.png', size: 10 }, opts)).toBe('文件类型不正确,请重新上传');
  });
  it('checks 5 MB by default or the given limit', () => {
    expect(checkUpload({ name: 'a.png', size: 5 * MB + 1 }, image)).toBe('上传文件过大,请压缩至5M以下再上传');
    expect(checkUpload({ name: 'a.png', size: 5 * MB }, image)).toBeNull();
    expect(checkUpload({ name: 'a.png', size: 9 * MB }, { ...image, limitMb: 10 })).toBeNull();
    expect(checkUpload({ name: 'a.png', size: 11 * MB }, { ...image, limitMb: 10 })).toBe(
      '上传文件过大,请压缩至10M以下再上传',
    );
  });
  it('allows one file unless multi mode is on', () => {
    expect(checkUpload({ name: 'a.png', size: 1 }, { ...image, alreadyChosen: 1 })).toBe(
      '只允许上传一张图片或者一个附件',
    );
    expect(
      checkUpload({ name: 'a.png', size: 1 }, { ...image, alreadyChosen: 1, multiple: true }),
    ).toBeNull();
    expect(
      checkUpload({ name: 'a.png', size: 1 }, { ...image, alreadyChosen: 3, multiple: true, maxCount: 3 }),
    ).toBe('只允许上传一张图片或者一个附件');
  });
});

describe('checkImport', () => {
  it('takes XLS or XLSX up to 10 MB', () => {
    expect(checkImport({ name: 'a.xls', size: 1 })).toBeNull();
    expect(checkImport({ name: 'a.XLSX', size: 10 * MB })).toBeNull();
    expect(checkImport({ name: 'a.csv', size: 1 })).toBe('只能导入 XLS 或 XLSX 文件');
    expect(checkImport({ name: 'a.xlsx', size: 10 * MB + 1 })).toBe('文件大小超过10M');
  });
});

describe('parseLimitMb', () => {
  it('reads the tempFileSize parameter or falls back to 5', () => {
    expect(parseLimitMb('20')).toBe(20);
    expect(parseLimitMb(null)).toBe(5);
    expect(parseLimitMb('abc')).toBe(5);
    expect(parseLimitMb('0')).toBe(5);
  });
});
