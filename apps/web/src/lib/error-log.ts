import { call } from './api.ts';
import { createStore } from './store.ts';

export interface ErrorLogEntry {
  id: number;
  time: number;
  message: string;
  stack?: string;
  url: string;
  info?: string;
}

/** Front-end errors of this visit; the navbar shows them with a badge (doc 000 §2, §8). */
export const errorLogStore = createStore<ErrorLogEntry[]>([]);
let nextId = 1;
const MAX_ENTRIES = 50;

export function logError(error: unknown, info?: string): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const entry: ErrorLogEntry = {
    id: nextId++,
    time: Date.now(),
    message: err.message || String(error),
    stack: err.stack,
    url: window.location.href,
    info,
  };
  errorLogStore.set((list) => [entry, ...list].slice(0, MAX_ENTRIES));
  if (import.meta.env.PROD) {
    // The contract is loaded only when there is something to send.
    void import('@ec/contract')
      .then(({ commonCalls }) =>
        call(
          commonCalls.clientError,
          {
            message: entry.message.slice(0, 2000),
            url: entry.url.slice(0, 500),
            stack: entry.stack?.slice(0, 8000),
            info: info?.slice(0, 500),
          },
          { silent: true },
        ),
      )
      .catch(() => undefined);
  }
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

/** Collects uncaught errors and unhandled rejections; request errors are already shown. */
export function installErrorCollector(): void {
  window.addEventListener('error', (e) => logError(e.error ?? e.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (e) => {
    if ((e.reason as { name?: string } | null)?.name === 'ApiError') return;
    logError(e.reason, 'unhandledrejection');
  });
}
