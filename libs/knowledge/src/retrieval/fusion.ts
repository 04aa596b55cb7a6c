import type { MatchedBy } from './types';

/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009):
 *   score(d) = Σ_lists weight_list / (k + rank_list(d)),   rank 1-based, k = 60 by default.
 * Only the first `window` entries of each list take part (Elasticsearch's rank_window_size).
 * Weights default to 1 (classic RRF, what the engine computes) for bm25 and dense and to 0 for
 * the title list; a list of weight 0 takes no part. The embedded retriever calibrates k and the
 * weights per index (calibrate.ts).
 */
export interface RrfOptions {
  k?: number;
  window?: number;
  weights?: Partial<Record<ListName, number>>;
}

/** The ranked lists a hybrid can fuse: BM25 over title + body, BM25 over titles only, dense. */
export type ListName = MatchedBy | 'title';

export const DEFAULT_RRF_K = 60;

export interface RankedList<Id> {
  name: ListName;
  ids: readonly Id[];
}

export interface Fused<Id> {
  id: Id;
  score: number;
  matched_by: MatchedBy[];
  /** Best (smallest) rank over the lists, used to break exact score ties. */
  bestRank: number;
}

export function rrfFuse<Id extends string | number>(
  lists: ReadonlyArray<RankedList<Id>>,
  opts: RrfOptions = {},
): Array<Fused<Id>> {
  const k = opts.k ?? DEFAULT_RRF_K;
  const window = opts.window ?? Number.POSITIVE_INFINITY;
  const byId = new Map<Id, Fused<Id>>();
  for (const list of lists) {
    const w = opts.weights?.[list.name] ?? (list.name === 'title' ? 0 : 1);
    if (w === 0) continue;
    // A title match is a lexical match: it is reported as 'bm25'.
    const by: MatchedBy = list.name === 'title' ? 'bm25' : list.name;
    const n = Math.min(list.ids.length, window);
    for (let i = 0; i < n; i++) {
      const id = list.ids[i] as Id;
      const rank = i + 1;
      let f = byId.get(id);
      if (!f) {
        f = { id, score: 0, matched_by: [], bestRank: rank };
        byId.set(id, f);
      }
      f.score += w / (k + rank);
      if (!f.matched_by.includes(by)) f.matched_by.push(by);
      f.bestRank = Math.min(f.bestRank, rank);
    }
  }
  return [...byId.values()]
    .map((f) => ({ ...f, matched_by: (['bm25', 'dense'] as const).filter((m) => f.matched_by.includes(m)) }))
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
