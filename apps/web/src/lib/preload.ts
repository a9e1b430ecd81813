/**
 * Warm-up hooks: the sign-in page starts fetching the layout's chunks while the user types the
 * password. The app registers what to fetch, so features need not know the app's files.
 */
const loaders: (() => Promise<unknown>)[] = [];
let started = false;

export function registerPreload(load: () => Promise<unknown>): void {
  loaders.push(load);
}

export function preloadConsole(): void {
  if (started) return;
  started = true;
  for (const load of loaders) load().catch(() => undefined);
}
