import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing (images and fonts in the build are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const used = new Set<string>();

/** Brotli at its best quality takes seconds on the larger chunks: unchanged files reuse their copies. */
async function compressCached(raw: Buffer, cacheDir: string | undefined): Promise<[Buffer, Buffer]> {
  const key = cacheDir && path.join(cacheDir, createHash('sha256').update(raw).digest('hex'));
  if (key) used.add(path.basename(key));
  if (key && fs.existsSync(`${key}.br`) && fs.existsSync(`${key}.gz`)) {
    return [fs.readFileSync(`${key}.br`), fs.readFileSync(`${key}.gz`)];
  }
  const out = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz(raw, { level: 9 }),
  ]);
  if (key) {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(`${key}.br`, out[0]);
    fs.writeFileSync(`${key}.gz`, out[1]);
  }
  return out;
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of a folder (recursively). */
export async function precompressDir(
  dir: string,
  cacheDir?: string,
): Promise<{ files: number; raw: number; br: number }> {
  const totals = { files: 0, raw: 0, br: 0 };
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && COMPRESSIBLE.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
  await Promise.all(
    files.map(async (file) => {
      const raw = fs.readFileSync(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gzipped] = await compressCached(raw, cacheDir);
      // A copy that is not smaller is left out: the server then sends the file as it is.
      if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
      if (gzipped.length < raw.length) fs.writeFileSync(`${file}.gz`, gzipped);
      totals.files++;
      totals.raw += raw.length;
      totals.br += Math.min(br.length, raw.length);
    }),
  );
  // The copies of files no longer built go (the cache holds one build's worth).
  if (cacheDir && fs.existsSync(cacheDir)) {
    for (const name of fs.readdirSync(cacheDir)) {
      if (!used.has(name.replace(/\.(br|gz)$/, ''))) fs.rmSync(path.join(cacheDir, name), { force: true });
    }
  }
  used.clear();
  return totals;
}

/**
 * Brotli and gzip copies of the build's text files, made once at build time, so that the server
 * sends them as they are (negotiated by Accept-Encoding) instead of compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let cacheDir: string | undefined;
  let log: (msg: string) => void = () => {};
  return {
    name: 'ec-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      cacheDir = path.join(config.cacheDir, 'ec-precompress');
      log = (msg) => config.logger.info(msg);
    },
    // After the files are written (not on a failed build, which must show its own error).
    async writeBundle(options) {
      const t = await precompressDir(options.dir ?? outDir, cacheDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      log(`precompressed ${t.files} files: ${kb(t.raw)} → ${kb(t.br)} brotli`);
    },
  };
}
