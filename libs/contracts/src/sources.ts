import type { Contribution, Evidence } from './contribution';
import { byReadingOrder } from './labels';

/**
 * An answer lists at most SOURCE_LIMIT sources, numbered [1]…[n] in reading order; of each
 * contribution only its SOURCES_PER_CONTRIBUTION best-scoring evidence items are considered,
 * so one evidence-heavy task cannot crowd out the others. One rule for every exit: the lead's
 * synthesis and the coordinator's partial or single-contribution answers.
 */
export const SOURCE_LIMIT = 10;
export const SOURCES_PER_CONTRIBUTION = 4;

/** Numbered, de-duplicated sources (first sight wins) in reading order. */
export function numberSources(cs: readonly Contribution[], limit = SOURCE_LIMIT): Evidence[] {
  const seen = new Map<string, Evidence>();
  for (const c of byReadingOrder(cs)) {
    for (const e of [...c.evidence].sort((a, b) => b.score - a.score).slice(0, SOURCES_PER_CONTRIBUTION)) {
      if (!seen.has(e.source_id)) seen.set(e.source_id, e);
    }
  }
  return [...seen.values()].slice(0, limit);
}
