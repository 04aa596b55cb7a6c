import { TopK } from './topk';

/** Lucene/Elasticsearch defaults. */
export interface Bm25Params {
  k1: number;
  b: number;
}
export const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

/** Doc-major sparse matrix of (weighted) term counts: row i = document i. */
export interface DocTermMatrix {
  nDocs: number;
  nTerms: number;
  rowPtr: Uint32Array;
  cols: Uint32Array;
  vals: Float32Array;
}

/** The persisted, term-major form: postings lists over a frozen vocabulary. */
export interface Bm25Data {
  terms: string[];
  offsets: Uint32Array;
  docs: Uint32Array;
  tfs: Float32Array;
  docLen: Float32Array;
}

export function buildDocTermMatrix(
  rows: ReadonlyArray<Map<string, number>>,
  vocab: Map<string, number>,
  terms: string[],
): DocTermMatrix {
  let nnz = 0;
  for (const r of rows) nnz += r.size;
  const rowPtr = new Uint32Array(rows.length + 1);
  const cols = new Uint32Array(nnz);
  const vals = new Float32Array(nnz);
  let p = 0;
  rows.forEach((row, i) => {
    const entries: Array<[number, number]> = [];
    for (const [t, c] of row) {
      let id = vocab.get(t);
      if (id === undefined) {
        id = terms.length;
        vocab.set(t, id);
        terms.push(t);
      }
      entries.push([id, c]);
    }
    entries.sort((a, b) => a[0] - b[0]);
    for (const [id, c] of entries) {
      cols[p] = id;
      vals[p++] = c;
    }
    rowPtr[i + 1] = p;
  });
  return { nDocs: rows.length, nTerms: terms.length, rowPtr, cols, vals };
}

/**
 * Okapi BM25 with Lucene's formula (idf = ln(1 + (N - df + 0.5)/(df + 0.5)), no (k1+1)
 * numerator), so embedded scores are on the same scale as Elasticsearch's. Title terms enter
 * the term frequencies already weighted (a BM25F-style single field).
 */
export class Bm25Index {
  readonly nDocs: number;
  private readonly vocab = new Map<string, number>();
  private readonly avgdl: number;
  private readonly acc: Float64Array;
  private readonly touched: Int32Array;
  private norm: Float32Array | undefined;
  private normKey = '';

  constructor(readonly data: Bm25Data) {
    this.nDocs = data.docLen.length;
    data.terms.forEach((t, i) => this.vocab.set(t, i));
    let total = 0;
    for (const l of data.docLen) total += l;
    this.avgdl = this.nDocs > 0 ? total / this.nDocs : 0;
    this.acc = new Float64Array(this.nDocs);
    this.touched = new Int32Array(this.nDocs);
  }

  static fromMatrix(m: DocTermMatrix, terms: string[]): Bm25Index {
    const df = new Uint32Array(m.nTerms);
    for (const c of m.cols) df[c] = (df[c] as number) + 1;
    const offsets = new Uint32Array(m.nTerms + 1);
    for (let t = 0; t < m.nTerms; t++) offsets[t + 1] = (offsets[t] as number) + (df[t] as number);
    const fill = offsets.slice(0, m.nTerms);
    const docs = new Uint32Array(m.cols.length);
    const tfs = new Float32Array(m.cols.length);
    const docLen = new Float32Array(m.nDocs);
    for (let i = 0; i < m.nDocs; i++) {
      for (let p = m.rowPtr[i] as number; p < (m.rowPtr[i + 1] as number); p++) {
        const t = m.cols[p] as number;
        const at = fill[t] as number;
        docs[at] = i;
        tfs[at] = m.vals[p] as number;
        fill[t] = at + 1;
        docLen[i] = (docLen[i] as number) + (m.vals[p] as number);
      }
    }
    return new Bm25Index({ terms, offsets, docs, tfs, docLen });
  }

  termId(term: string): number | undefined {
    return this.vocab.get(term);
  }

  df(termId: number): number {
    return (this.data.offsets[termId + 1] as number) - (this.data.offsets[termId] as number);
  }

  idf(termId: number): number {
    const df = this.df(termId);
    return Math.log(1 + (this.nDocs - df + 0.5) / (df + 0.5));
  }

  idfOf(term: string): number {
    const id = this.vocab.get(term);
    return id === undefined ? 0 : this.idf(id);
  }

  private docNorm(p: Bm25Params): Float32Array {
    const key = `${p.k1}:${p.b}`;
    if (!this.norm || this.normKey !== key) {
      const n = new Float32Array(this.nDocs);
      const avg = this.avgdl || 1;
      for (let i = 0; i < this.nDocs; i++)
        n[i] = p.k1 * (1 - p.b + (p.b * (this.data.docLen[i] as number)) / avg);
      this.norm = n;
      this.normKey = key;
    }
    return this.norm;
  }

  /** Top `k` documents for the analysed query; `allowed` (1 = keep) applies filters. */
  search(
    query: Map<string, number>,
    k: number,
    params: Bm25Params,
    allowed?: Uint8Array,
  ): Array<{ id: number; score: number }> {
    const norm = this.docNorm(params);
    const { offsets, docs, tfs } = this.data;
    let nTouched = 0;
    for (const [term, qtf] of query) {
      const t = this.vocab.get(term);
      if (t === undefined) continue;
      const w = this.idf(t) * qtf;
      for (let p = offsets[t] as number, end = offsets[t + 1] as number; p < end; p++) {
        const d = docs[p] as number;
        if (allowed && allowed[d] === 0) continue;
        const tf = tfs[p] as number;
        if (this.acc[d] === 0) this.touched[nTouched++] = d;
        this.acc[d] = (this.acc[d] as number) + (w * tf) / (tf + (norm[d] as number));
      }
    }
    const top = new TopK(k);
    for (let i = 0; i < nTouched; i++) {
      const d = this.touched[i] as number;
      top.push(this.acc[d] as number, d);
      this.acc[d] = 0;
    }
    return top.result();
  }
}
