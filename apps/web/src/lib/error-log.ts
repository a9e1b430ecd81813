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

/**
 * A failed antd form validation (validateFields rejects with `{ errorFields, values }`): the form
 * already shows its messages beside the fields, so it is not an error of the application.
 */
export function isFormValidationError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { errorFields?: unknown }).errorFields)
  );
}

/** Message and stack of anything thrown: an Error, a string, an object with a message, or any value. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    const message = error.message || error.name || 'Error';
    return {
      message:
        error.name && error.name !== 'Error' && !message.startsWith(error.name)
          ? `${error.name}: ${message}`
          : message,
      stack: error.stack,
    };
  }
  if (typeof error === 'string') return { message: error || '(空错误信息)' };
  if (typeof error === 'object' && error !== null) {
    const { message, stack } = error as { message?: unknown; stack?: unknown };
    if (typeof message === 'string' && message) {
      return { message, stack: typeof stack === 'string' ? stack : undefined };
    }
    try {
      const json = JSON.stringify(error);
      if (json && json !== '{}') return { message: json };
    } catch {
      // a cycle: fall through to the constructor's name
    }
    return { message: `${(error as object).constructor?.name ?? 'Object'} (无错误信息)` };
  }
  return { message: String(error) };
}

export function logError(error: unknown, info?: string): void {
  if (isFormValidationError(error)) return;
  const { message, stack } = describeError(error);
  const entry: ErrorLogEntry = {
    id: nextId++,
    time: Date.now(),
    message,
    stack,
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
    // A request error has been shown to the user; a form's failed validation is shown on its fields.
    if ((e.reason as { name?: string } | null)?.name === 'ApiError') return;
    if (isFormValidationError(e.reason)) {
      e.preventDefault();
      return;
    }
    logError(e.reason, 'unhandledrejection');
  });
}
