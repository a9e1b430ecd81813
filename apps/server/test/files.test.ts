import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PDF_MIN, PNG_1PX, pngOfSize } from './multipart.ts';

describe.each(dbKinds)('files on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('wb_admin1');
  });
  afterAll(() => t.close());

  const upload = async (
    files: Parameters<typeof multipart>[0],
    url = '/common/upload',
    headers: Record<string, string> = {},
  ) => {
    const { payload, contentType } = multipart(files);
    const res = await t.inject({
      method: 'POST',
      url: API_PREFIX + url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('stores an image on disk and returns its id', async () => {
    const res = await upload([{ name: '电梯铭牌.png', body: PNG_1PX, type: 'image/png' }]);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.fileName).toBe('电梯铭牌.png');
    const onDisk = path.join(t.dataDir, 'files', res.body.data.id.slice(0, 2), res.body.data.id);
    expect(fs.readFileSync(onDisk).equals(PNG_1PX)).toBe(true);

    const info = await t.api<{ fileName: string; base64: string }>('GET', '/getFileInfo', {
      token,
      query: { id: res.body.data.id },
    });
    expect(info.body.data.fileName).toBe('电梯铭牌.png');
    expect(Buffer.from(info.body.data.base64, 'base64').equals(PNG_1PX)).toBe(true);
    const img = await t.api<string>('GET', '/show/image/base64', { token, query: { id: res.body.data.id } });
    expect(img.body.data).toBe(`data:image/png;base64,${PNG_1PX.toString('base64')}`);
  });

  it('shows a PDF inline, also to a tab that only has the cookie', async () => {
    const res = await upload([{ name: 'report.pdf', body: PDF_MIN }]);
    expect(res.status).toBe(200);
    const shown = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/showFile?id=${res.body.data.id}`,
      headers: { cookie: `Monitor-Token=${token}` },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(String(shown.headers['content-disposition'])).toMatch(/^inline;/);
    expect(shown.rawPayload.equals(PDF_MIN)).toBe(true);
    // The cookie does not work for JSON calls, so a forged cross-site request cannot use it.
    const viaCookie = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/getFileInfo?id=${res.body.data.id}`,
      headers: { cookie: `Monitor-Token=${token}` },
    });
    expect(viaCookie.statusCode).toBe(401);
  });

  it('refuses content that does not match its extension', async () => {
    const res = await upload([{ name: 'photo.png', body: Buffer.from('<script>alert(1)</script>') }]);
    expect(res.status).toBe(415);
    expect(res.body.resultMsg).toBe('文件类型不正确,请重新上传');
    const pdfAsPng = await upload([{ name: 'photo.png', body: PDF_MIN }]);
    expect(pdfAsPng.status).toBe(415);
    const exe = await upload([{ name: 'tool.exe', body: Buffer.from('MZ\x90\x00') }]);
    expect(exe.status).toBe(415);
  });

  it('refuses files over 5 MB, or over the tempFileSize parameter when asked', async () => {
    const big = await upload([{ name: 'big.png', body: pngOfSize(5 * 1024 * 1024 + 10) }]);
    expect(big.status).toBe(413);
    expect(big.body.resultMsg).toBe('上传文件过大,请压缩至5M以下再上传');

    const admin = await t.login('admin');
    const params = await t.api<{ records: { id: number; configKey: string; name: string }[] }>(
      'GET',
      '/pc/sysParam/query',
      {
        token: admin,
        query: { configKey: 'tempFileSize' },
      },
    );
    const param = params.body.data.records[0];
    await t.api('POST', '/pc/sysParam/save', {
      token: admin,
      body: { id: param.id, configKey: 'tempFileSize', value: '1', name: param.name },
    });
    const twoMb = await upload(
      [{ name: 'two.png', body: pngOfSize(2 * 1024 * 1024) }],
      '/common/upload?sizeParam=tempFileSize',
    );
    expect(twoMb.status).toBe(413);
    expect(twoMb.body.resultMsg).toBe('上传文件过大,请压缩至1M以下再上传');
    expect((await upload([{ name: 'two.png', body: pngOfSize(2 * 1024 * 1024) }])).status).toBe(200);
  });

  it('refuses more files than the call allows, and nothing is stored', async () => {
    const before = fs.existsSync(path.join(t.dataDir, 'files'))
      ? countFiles(path.join(t.dataDir, 'files'))
      : 0;
    const res = await upload([
      { name: 'a.png', body: PNG_1PX },
      { name: 'b.png', body: PNG_1PX },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.resultMsg).toBe('只允许上传一张图片或者一个附件');
    expect(countFiles(path.join(t.dataDir, 'files'))).toBe(before);
    const none = await upload([]);
    expect(none.status).toBe(400);
  });

  it('takes several attachments of the attachment types', async () => {
    const zip = Buffer.from('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', 'base64');
    const res = await upload(
      [
        { name: '合同.pdf', body: PDF_MIN },
        { name: '资料.zip', body: zip },
      ],
      '/pc/attachmentElevator/upload',
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    const png = await upload([{ name: 'x.png', body: PNG_1PX }], '/pc/attachmentElevator/upload');
    expect(png.status).toBe(415);
  });

  it('checks the direct-upload token when one is sent', async () => {
    const tok = await t.api<{ token: string; uploadUrl: string }>('GET', '/qiniu/upload/token', { token });
    expect(tok.body.data.uploadUrl).toBe('/monitor/api/common/upload');
    const ok = await upload([{ name: 'a.png', body: PNG_1PX }], '/common/upload', {
      'x-upload-token': tok.body.data.token,
    });
    expect(ok.status).toBe(200);
    const bad = await upload([{ name: 'a.png', body: PNG_1PX }], '/common/upload', {
      'x-upload-token': `${tok.body.data.token}x`,
    });
    expect(bad.status).toBe(401);
  });

  it('needs a token and a real file id', async () => {
    const anon = await t.inject({
      method: 'GET',
      url: `${API_PREFIX}/getFileInfo?id=00000000-0000-4000-8000-000000000000`,
    });
    expect(anon.statusCode).toBe(401);
    const missing = await t.api('GET', '/getFileInfo', {
      token,
      query: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    const malformed = await t.api('GET', '/getFileInfo', { token, query: { id: "1' or '1'='1" } });
    expect(malformed.status).toBe(400);
  });
});

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
