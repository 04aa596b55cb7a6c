/**
 * Optimal-string-alignment distance (Damerau–Levenshtein restricted to adjacent
 * transpositions): "hihg" → "high" is one edit, which is how models typo enum values.
 */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) =>
    Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= m; i++) {
    const row = d[i];
    if (!row) continue;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, at(i - 2, j - 2) + 1);
      row[j] = v;
    }
  }
  return at(m, n);
}

/**
 * The closest candidate when it is plausibly a typo of `value`; undefined when every
 * candidate is too far away to be a helpful suggestion.
 */
export function nearest(value: string, candidates: readonly string[]): string | undefined {
  const v = value.toLowerCase().trim();
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const d = editDistance(v, c.toLowerCase());
    if (!best || d < best.d) best = { c, d };
  }
  if (!best) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(Math.max(v.length, best.c.length) / 3)));
  return best.d <= limit ? best.c : undefined;
}
