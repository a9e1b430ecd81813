import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { DOCUMENT_ONLY_HEADERS } from '../src/platform/http/web-build.ts';
import { testConfig } from './harness.ts';

// The same server, serving a small build laid out as Vite and its precompress step write it.
// Static files do not touch the database: PGlite only.
const INDEX = `<!doctype html><html><head><script type="module" src="./assets/index-AbC123.js"></script></head><body>${'<div>控制台</div>'.repeat(100)}</body></html>`;
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `电梯 ${i}` })))};`;

describe('the web build', () => {
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    const write = (name: string, text: string) => {
      const file = path.join(webDir, name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, gzipSync(text));
    };
    write('index.html', INDEX);
    write('assets/index-AbC123.js', SCRIPT);
    write('assets/pdf.worker.min-QwE456.mjs', SCRIPT);
    fs.writeFileSync(path.join(webDir, 'assets/tiny-XyZ789.css'), 'a{}'); // too small to compress
    const database = await openDatabase({ kind: 'pglite' });
    ({ app } = await buildApp(testConfig(fs.mkdtempSync(path.join(os.tmpdir(), 'ec-test-')), { webDir }), {
      database,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli copy to a browser that accepts it, and caches hashed assets for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const encoding of [undefined, 'identity']) {
      const plain = await get('/assets/index-AbC123.js', encoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
    // A file without a compressed copy is sent as it is, whatever the browser accepts.
    const tiny = await get('/assets/tiny-XyZ789.css', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('a{}');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every load, compressed or not', async () => {
    for (const url of ['/', '/index.html']) {
      const br = await get(url, 'br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(INDEX);
    }
    // Revalidation is cheap: the ETag answers 304.
    const first = await get('/index.html', 'br');
    const again = await app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends a hashed script without the headers that act on documents; the page and workers keep them', async () => {
    const script = await get('/assets/index-AbC123.js', 'br');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script.headers[name]).toBeUndefined();
    // What does act on a script stays: no sniffing, no embedding by another site.
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const url of ['/', '/assets/pdf.worker.min-QwE456.mjs', '/assets/gone-000000.js']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('keeps the API uncached and answers a missing asset with 404', async () => {
    const missing = await get('/assets/gone-000000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    // The compressed copies are not files of their own.
    expect((await get('/assets/index-AbC123.js.br')).statusCode).toBe(404);
    const health = await get('/monitor/api/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['cache-control'] ?? '').not.toMatch(/max-age=31536000/);
  });
});
