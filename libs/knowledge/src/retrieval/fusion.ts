import type { MatchedBy } from './types';

/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009):
 *   score(d) = Σ_lists weight_list / (k + rank_list(d)),   rank 1-based, k = 60 by default.
 * Only the first `window` entries of each list take part (Elasticsearch's rank_window_size).
 * Weights default to 1 (classic RRF, what the engine computes); a weight > 1 lets the
 * stronger list win close calls without discarding the other list's unique finds.
 */
export interface RrfOptions {
  k?: number;
  window?: number;
  weights?: Partial<Record<MatchedBy, number>>;
}

export const DEFAULT_RRF_K = 60;

export interface RankedList<Id> {
  name: MatchedBy;
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
    const w = opts.weights?.[list.name] ?? 1;
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
      if (!f.matched_by.includes(list.name)) f.matched_by.push(list.name);
      f.bestRank = Math.min(f.bestRank, rank);
    }
  }
  return [...byId.values()]
    .map((f) => ({ ...f, matched_by: (['bm25', 'dense'] as const).filter((m) => f.matched_by.includes(m)) }))
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
