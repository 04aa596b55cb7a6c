// Per-index calibration of the hybrid: pseudo-queries made from the corpus itself (a document's
// title, or its first sentence, with that document as the known answer) choose the RRF constant
// and the weights of the three lists, so any corpus gets a hybrid at least as good as its parts
// without a preset. Nothing here sees an evaluation query.
import { rrfFuse, DEFAULT_RRF_K, type ListName } from './fusion';
import { seededRandom } from './linalg';
import type { KnowledgeDocument } from './types';

export const CALIBRATION_VERSION = 'cal-2';

/** What calibration chose, and the evidence: nDCG@10 on the pseudo-queries. */
export interface FusionCalibration {
  version: string;
  k: number;
  weights: Record<ListName, number>;
  dense_scope: DenseScope;
  pseudo_queries: number;
  ndcg: { chosen: number; classic: number; bm25: number; dense: number; title: number };
  /** Why the choice was made: 'classic' kept, 'best', or 'cheaper' (no dense scan, within tolerance). */
  reason: 'too_small' | 'classic' | 'best' | 'cheaper';
}

export interface ListsForQuery {
  bm25: readonly number[];
  title: readonly number[];
  dense: readonly number[];
  /** The dense ranking of the lexical candidates only (union of the bm25 and title lists). */
  denseLocal: readonly number[];
}

/** 'all': exact dense scan of the corpus; 'candidates': dense re-ranks the lexical candidates only. */
export type DenseScope = 'all' | 'candidates';

/** Classic RRF: what the engine computes and what the starter KB figures were measured with. */
export const CLASSIC_FUSION: { readonly k: number; readonly weights: Readonly<Record<ListName, number>> } = {
  k: DEFAULT_RRF_K,
  weights: { bm25: 1, title: 0, dense: 1 },
};

const MAX_PSEUDO = 300;
const MIN_DOCS = 30;
/** The classic fusion is kept unless a candidate beats it by more than this on the pseudo-queries. */
const KEEP_CLASSIC_MARGIN = 0.03;
/** A candidate without the exact dense scan (no dense, or dense over the lexical candidates) is preferred within this of the best. */
const CHEAPER_MARGIN = 0.003;

const KS = [5, 10, 20, 60];
const TITLE_WEIGHTS = [0, 0.25, 0.5, 1];
const DENSE_WEIGHTS = [0, 0.1, 0.25, 0.5, 1];

/** First sentence of a text, cut to a query-like length (about 12 words or 40 CJK characters). */
export function firstSentence(text: string): string {
  const s = (text.split(/(?<=[。！？!?；;])|(?<=\.)\s+|\n+/)[0] ?? '').trim();
  const cjk = /[\u3400-\u9fff]/.test(s);
  return cjk ? s.slice(0, 40) : s.split(/\s+/).slice(0, 12).join(' ');
}

/**
 * Seeded pseudo-queries: alternately a sampled document's title and its first sentence, the
 * document being the known answer. None for a corpus too small to calibrate on.
 */
export function pseudoQueries(docs: readonly KnowledgeDocument[], n = MAX_PSEUDO, seed = 11): Array<{ query: string; doc: number }> {
  if (docs.length < MIN_DOCS) return [];
  const rnd = seededRandom(seed);
  const order = Array.from({ length: docs.length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const out: Array<{ query: string; doc: number }> = [];
  for (const i of order.slice(0, n)) {
    const d = docs[i] as KnowledgeDocument;
    const query = out.length % 2 === 0 ? d.title : firstSentence(d.text);
    if (query.trim().length >= 2) out.push({ query, doc: i });
  }
  return out;
}

interface Candidate {
  k: number;
  weights: Record<ListName, number>;
  scope: DenseScope;
}

function candidates(hasDense: boolean): Candidate[] {
  const out: Candidate[] = [{ k: DEFAULT_RRF_K, weights: { ...CLASSIC_FUSION.weights }, scope: 'all' }];
  for (const k of KS)
    for (const title of TITLE_WEIGHTS)
      for (const dense of hasDense ? DENSE_WEIGHTS : [0])
        for (const scope of dense > 0 ? (['all', 'candidates'] as const) : (['all'] as const))
          out.push({ k, weights: { bm25: 1, title, dense }, scope });
  // The parts alone, so the chosen fusion is never worse than any of them on the pseudo-queries.
  out.push({ k: DEFAULT_RRF_K, weights: { bm25: 0, title: 1, dense: 0 }, scope: 'all' });
  if (hasDense) out.push({ k: DEFAULT_RRF_K, weights: { bm25: 0, title: 0, dense: 1 }, scope: 'all' });
  return out;
}

function score(lists: readonly ListsForQuery[], rel: readonly number[], c: Candidate): number {
  let total = 0;
  lists.forEach((l, i) => {
    const fused = rrfFuse(
      [
        { name: 'bm25', ids: l.bm25 },
        { name: 'title', ids: l.title },
        { name: 'dense', ids: c.scope === 'all' ? l.dense : l.denseLocal },
      ],
      { k: c.k, weights: c.weights },
    );
    // One known answer: nDCG@10 is 1/log2(rank + 1) when it is in the top 10.
    const at = fused.slice(0, 10).findIndex((f) => f.id === rel[i]);
    if (at >= 0) total += 1 / Math.log2(at + 2);
  });
  return lists.length ? total / lists.length : 0;
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/**
 * Chooses k and weights for one index from the pseudo-queries and each one's ranked lists
 * (document numbers, top ~100). The classic fusion stays unless a candidate is clearly better;
 * among candidates near the best, one that needs no dense scan is preferred (cheaper per query).
 */
export function calibrateFusion(
  pq: ReadonlyArray<{ doc: number }>,
  ls: readonly ListsForQuery[],
  hasDense: boolean,
): FusionCalibration {
  const base: Pick<FusionCalibration, 'version' | 'k' | 'weights'> = {
    version: CALIBRATION_VERSION,
    k: CLASSIC_FUSION.k,
    weights: { ...CLASSIC_FUSION.weights },
  };
  if (!hasDense) base.weights = { bm25: 1, title: 0, dense: 0 };
  const empty = { chosen: 0, classic: 0, bm25: 0, dense: 0, title: 0 };
  if (pq.length === 0) return { ...base, dense_scope: 'all', pseudo_queries: 0, ndcg: empty, reason: 'too_small' };
  const rel = pq.map((q) => q.doc);
  const scored = candidates(hasDense).map((c) => ({ c, s: score(ls, rel, c) }));
  const classic = (scored[0] as { s: number }).s;
  const best = scored.reduce((a, b) => (b.s > a.s ? b : a));
  const part = (bm25: number, title: number, dense: number): number =>
    scored.find(
      (x) => x.c.k === DEFAULT_RRF_K && x.c.weights.bm25 === bm25 && x.c.weights.title === title && x.c.weights.dense === dense,
    )?.s ?? 0;
  let chosen = scored[0] as { c: Candidate; s: number };
  let reason: FusionCalibration['reason'] = 'classic';
  if (!hasDense || best.s > classic + KEEP_CLASSIC_MARGIN) {
    chosen = best;
    reason = 'best';
    const cheap = scored
      .filter((x) => (x.c.weights.dense === 0 || x.c.scope === 'candidates') && x.s >= best.s - CHEAPER_MARGIN)
      .sort((a, b) => b.s - a.s)[0];
    if (best.c.weights.dense > 0 && best.c.scope === 'all' && cheap) {
      chosen = cheap;
      reason = 'cheaper';
    }
  }
  return {
    version: CALIBRATION_VERSION,
    k: chosen.c.k,
    weights: chosen.c.weights,
    dense_scope: chosen.c.scope,
    pseudo_queries: pq.length,
    ndcg: {
      chosen: r4(chosen.s),
      classic: r4(classic),
      bm25: r4(part(1, 0, 0)),
      dense: r4(part(0, 0, 1)),
      title: r4(part(0, 1, 0)),
    },
    reason,
  };
}
