import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-precompress-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files, skipping small files and images', async () => {
    const dist = tmp();
    fs.mkdirSync(path.join(dist, 'assets'));
    const script = `export const x = ${JSON.stringify('电梯'.repeat(2000))};`;
    fs.writeFileSync(path.join(dist, 'index.html'), `<html>${'<p>控制台</p>'.repeat(200)}</html>`);
    fs.writeFileSync(path.join(dist, 'assets/app-abc.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/tiny-abc.css'), 'a{}');
    fs.writeFileSync(path.join(dist, 'assets/logo-abc.png'), Buffer.alloc(4096, 1));
    const cache = tmp();

    await precompressDir(dist, cache);
    const js = path.join(dist, 'assets/app-abc.js');
    expect(brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'assets/tiny-abc.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'assets/logo-abc.png.br'))).toBe(false);

    // A second build reuses the cached copies; the copies of files it no longer has leave the cache.
    expect(fs.readdirSync(cache)).toHaveLength(4);
    fs.rmSync(path.join(dist, 'index.html'));
    fs.rmSync(`${js}.br`);
    await precompressDir(dist, cache);
    expect(brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(fs.readdirSync(cache)).toHaveLength(2);
  });
});
