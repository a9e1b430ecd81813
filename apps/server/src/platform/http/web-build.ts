import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file of `assets/` after a hash of its content (`<name>-<hash>.<ext>`). */
const HASHED_FOLDER = `assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

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
    },
  });
}
