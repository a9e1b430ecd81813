import { describe, expect, it } from 'vitest';
import { InFlight } from '../src/platform/http/register.ts';

describe('handlers in flight at shutdown', () => {
  it('waits for running handlers, failed ones included, before it reports drained', async () => {
    const inFlight = new InFlight();
    const order: string[] = [];
    let finish: () => void = () => {};
    const slow = inFlight.track(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const failing = inFlight.track(async () => {
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    const drained = inFlight.drained().then(() => order.push('drained'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    order.push('handler done');
    finish();
    await slow;
    await drained;
    expect(order).toEqual(['handler done', 'drained']);
  });

  it('does not wait when nothing runs, nor forever', async () => {
    const inFlight = new InFlight();
    await inFlight.drained();
    void inFlight.track(() => new Promise(() => {}));
    // A handler that never ends does not hold the shutdown past the limit.
    await expect(inFlight.drained(50)).resolves.toBeUndefined();
  });
});
