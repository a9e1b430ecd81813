import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Component tests without a testing library: React renders into jsdom, and these helpers find what a
 * user sees (text, roles by their label) and act on it, waiting for React to settle.
 */

// React warns unless it knows that it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; container: HTMLElement }[] = [];

export async function mount(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(async () => root.render(node));
  return { rerender: (next: ReactNode) => act(async () => root.render(next)) };
}

/** Unmounts everything mounted (call in afterEach). */
export async function unmountAll() {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
  document.body.innerHTML = '';
}

/** Elements whose own text (trimmed, inner spaces ignored) is `text`. */
export function byText(text: string): HTMLElement[] {
  const want = text.replace(/\s+/g, '');
  return [...document.body.querySelectorAll<HTMLElement>('*')].filter(
    (el) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE) &&
      (el.textContent ?? '').replace(/\s+/g, '') === want,
  );
}

/** The one element with that text; throws when there is none or several. */
export function getByText(text: string): HTMLElement {
  const found = byText(text);
  if (found.length !== 1) throw new Error(`${found.length} elements with the text ${text}`);
  return found[0];
}

/** The radio input whose label is `label`. */
export function radio(label: string): HTMLInputElement {
  const input = getByText(label).closest('label')?.querySelector('input[type="radio"]');
  if (!input) throw new Error(`no radio labelled ${label}`);
  return input as HTMLInputElement;
}

/** Waits (up to 3 s) until `check` stops throwing. */
export async function until<T>(check: () => T): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      return check();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await act(() => new Promise((r) => setTimeout(r, 20)));
    }
  }
}

export const click = (el: Element) => act(async () => void (el as HTMLElement).click());

/** Types into an input or textarea the way React sees it (its value setter, then an input event). */
export async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const wait = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));
