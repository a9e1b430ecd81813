/** Letters, digits and CJK characters, lower-cased; everything else is dropped. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The distinct two-character grams of a text. A GIN index over them answers "contains 青秀" in
 * milliseconds where a trigram index cannot help (two Chinese characters are one "word").
 */
export function bigrams(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const t of texts) {
    const s = [...normalise(t ?? '')];
    for (let i = 0; i + 1 < s.length; i++) out.add(s[i] + s[i + 1]);
  }
  return [...out];
}

/**
 * The scope tokens indexed beside a lift's grams (tables.ts scopedGramsOf): a search within a
 * district, a maintenance company or a use unit adds its token to the grams it looks for.
 */
export const scopeGram = {
  area: (code: string) => `a:${code}`,
  maintenance: (id: number) => `m:${id}`,
  use: (id: number) => `u:${id}`,
};
