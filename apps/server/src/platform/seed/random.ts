/** A small deterministic generator, so demo data is the same on every machine. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A weighted choice: the last element of each item is its weight. */
export function pick<T extends readonly unknown[]>(r: () => number, items: T[]): T {
  const weight = (i: T) => i[i.length - 1] as number;
  const total = items.reduce((n, i) => n + weight(i), 0);
  let x = r() * total;
  for (const i of items) {
    x -= weight(i);
    if (x < 0) return i;
  }
  return items[items.length - 1];
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
