import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file of `assets/` after a hash of its content (`<name>-<hash>.<ext>`). */
const HASHED_FOLDER = `assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers that act on a document only (its framing, its scripts' sources, its window's isolation,
 * HSTS which the page's own answer sets): a hashed script, style, image or font does not carry them.
 * A page loads some forty such files, and over HTTP/1.1 the ~600 bytes each were a tenth of the
 * sign-in page's bytes on the wire. A worker script (pdf.js's) runs under its own answer's CSP, so
 * it keeps every header.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const WORKER = /worker/i;

/**
 * The console's build (apps/web/dist): each file as its brotli or gzip copy made at build time when
 * the browser accepts one (`Vary: Accept-Encoding`), as it is otherwise. Hashed assets are cached
 * for a year: a new build gives them new names. Everything else, `index.html` first, is revalidated
 * on every load (`no-cache` with its ETag), so that a new build reaches the browser at once.
 */
export async function serveWebBuild(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The copies are found beside their file; they are not pages of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, file) => {
      const hashed = path.relative(root, file).startsWith(HASHED_FOLDER);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      if (hashed && !WORKER.test(path.basename(file)))
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    },
  });
}
