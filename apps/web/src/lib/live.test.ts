import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeLive } from './live.ts';

/** A stand-in for the browser's EventSource: records what was opened and lets the test send events. */
class FakeSource {
  static opened: FakeSource[] = [];
  closed = false;
  private handlers = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

const settle = () => new Promise((r) => setTimeout(r, 5));
const open = () => FakeSource.opened.filter((s) => !s.closed);

describe('the shared live stream', () => {
  beforeEach(() => {
    FakeSource.opened = [];
    (globalThis as unknown as { EventSource: unknown }).EventSource = FakeSource;
  });
  afterEach(() => {
    delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
  });

  it('keeps one connection for every open page, carrying the union of their topics', async () => {
    const got: string[] = [];
    const reconnects: string[] = [];
    const listen = (topic: string, name: string) =>
      subscribeLive({
        topic,
        opened: false,
        onData: (d) => got.push(`${name}:${(d as { id: number }).id}`),
        onReconnect: () => reconnects.push(name),
      });
    const offA = listen('maintenance.order', 'orders');
    const offB = listen('rescue.case', 'board');
    const offC = listen('rescue.case', 'cases');
    await settle();
    expect(open()).toHaveLength(1);
    expect(decodeURIComponent(open()[0].url)).toContain('topics=maintenance.order,rescue.case');
    open()[0].emit('open');
    open()[0].emit('rescue.case', { id: 7 });
    expect(got).toEqual(['board:7', 'cases:7']);

    // A page leaves: the stream is reopened without its topic, the others are told to reload.
    offA();
    await settle();
    expect(open()).toHaveLength(1);
    expect(open()[0].url).not.toContain('maintenance.order');
    open()[0].emit('open');
    expect(reconnects.sort()).toEqual(['board', 'cases']);

    offB();
    offC();
    await settle();
    expect(open()).toHaveLength(0);
  });
});
