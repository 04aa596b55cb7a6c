import { TopK } from './topk';

/**
 * Exact cosine search over pre-normalised rows (a dot product is the cosine). 16k × 160
 * floats is ~2.6M multiply-adds per query, a few milliseconds in V8, so no approximate
 * index (HNSW) is needed at this scale; the unrolled loop lets V8 keep four accumulators.
 */
export function exactCosineTopK(
  vectors: Float32Array,
  dim: number,
  query: Float32Array,
  k: number,
  allowed?: Uint8Array,
): Array<{ id: number; score: number }> {
  const n = dim === 0 ? 0 : vectors.length / dim;
  const top = new TopK(k);
  const tail = dim - (dim % 4);
  for (let i = 0; i < n; i++) {
    if (allowed && allowed[i] === 0) continue;
    const o = i * dim;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let c = 0;
    for (; c < tail; c += 4) {
      s0 += (vectors[o + c] as number) * (query[c] as number);
      s1 += (vectors[o + c + 1] as number) * (query[c + 1] as number);
      s2 += (vectors[o + c + 2] as number) * (query[c + 2] as number);
      s3 += (vectors[o + c + 3] as number) * (query[c + 3] as number);
    }
    for (; c < dim; c++) s0 += (vectors[o + c] as number) * (query[c] as number);
    top.push(s0 + s1 + s2 + s3, i);
  }
  return top.result();
}

export function l2normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / n;
  return v;
}

export function isZero(v: Float32Array): boolean {
  for (const x of v) if (x !== 0) return false;
  return true;
}

/** Cosine of the query with each listed row, best first: the dense list restricted to candidates. */
export function cosineRank(
  vectors: Float32Array,
  dim: number,
  query: Float32Array,
  ids: Iterable<number>,
): Array<{ id: number; score: number }> {
  const out: Array<{ id: number; score: number }> = [];
  for (const id of ids) {
    const o = id * dim;
    let s = 0;
    for (let c = 0; c < dim; c++) s += (vectors[o + c] as number) * (query[c] as number);
    out.push({ id, score: s });
  }
  return out.sort((a, b) => b.score - a.score || a.id - b.id);
}
