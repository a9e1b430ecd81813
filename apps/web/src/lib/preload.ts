/**
 * Warm-up hooks: the sign-in page starts fetching the layout's chunks, and those of the page the
 * user is going to, while the password is typed. The app registers what to fetch, so features need
 * not know the app's files.
 */
const loaders: (() => Promise<unknown>)[] = [];
let pageLoader: (path: string) => Promise<unknown> = () => Promise.resolve();
let started = false;

export function registerPreload(load: () => Promise<unknown>): void {
  loaders.push(load);
}

/** How to fetch the chunk of the page at a path (the app's page registry). */
export function registerPagePreload(load: (path: string) => Promise<unknown>): void {
  pageLoader = load;
}

/** Fetches the console's common chunks and the page at `path` (the one after sign-in). */
export function preloadConsole(path: string): void {
  if (started) return;
  started = true;
  for (const load of [...loaders, () => pageLoader(path)]) load().catch(() => undefined);
}
