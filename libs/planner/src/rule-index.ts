import { candidates, gated, indexPatterns, requiredUnits, type PatternIndex, type TextTest } from '@medagent/text-index';
import type { CueRule } from './rule-types';

// A clause is tested against every cue rule (84 Chinese, 51 English), and almost all of them
// fail; the cost is mostly the per-test overhead, not the scan. Every match of a pattern
// contains one of a few characters (one of the words of "(严重|要紧)吗" contains 严 or 要), so a
// rule none of whose characters occur in the clause cannot fire and is skipped (the reading of
// patterns lives in @medagent/text-index). The candidates are only ever a superset of the rules
// that can fire, and the rules still run in their own order, so the scores and fired ids are
// exactly those of testing every rule (pinned in fast-paths.spec.ts).

export { gated, requiredUnits, type TextTest };

export interface RuleIndex extends PatternIndex {
  readonly rules: readonly CueRule[];
}

export function indexRules(rules: readonly CueRule[]): RuleIndex {
  return { rules, ...indexPatterns(rules.map((r) => r.re)) };
}

/**
 * Marks (1) the rules that may fire on `text`: those without a set and those with a unit of
 * their set in the text. The array is the index's own and is overwritten by the next call.
 */
export function candidateRules(index: RuleIndex, text: string): Uint8Array {
  return candidates(index, text);
}
