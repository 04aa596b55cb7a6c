// Rule evaluation over status-tagged matches. Evidence is one match per satisfied
// condition, so a reviewer sees exactly which words (or numbers) made a rule fire.
import type { MatchStatus, SuppressionReason } from '../types';
import type { RuleDef } from '../rules/rule-types';

export interface SignalMatch {
  concept: string;
  start: number;
  end: number;
  status: MatchStatus;
}

export interface FiredRule {
  rule: RuleDef;
  evidence: SignalMatch[];
}

export type MatchIndex = ReadonlyMap<string, readonly SignalMatch[]>;

export function indexMatches(matches: readonly SignalMatch[]): Map<string, SignalMatch[]> {
  const index = new Map<string, SignalMatch[]>();
  for (const m of matches) {
    const list = index.get(m.concept);
    if (list === undefined) index.set(m.concept, [m]);
    else list.push(m);
  }
  return index;
}

function pick(index: MatchIndex, concept: string, affirmedOnly: boolean): SignalMatch | undefined {
  const list = index.get(concept);
  if (list === undefined) return undefined;
  return affirmedOnly ? list.find((m) => m.status === 'affirmed') : (list.find((m) => m.status === 'affirmed') ?? list[0]);
}

/** RuleDef.past_ok / named_ok: which non-affirmed statuses also satisfy a condition. */
function lenientStatus(rule: RuleDef, concept: string, status: SignalMatch['status']): boolean {
  if (rule.named_ok?.includes(concept) === true) return status !== 'negated' && status !== 'figurative';
  if (rule.past_ok?.includes(concept) === true) return status === 'historical' || status === 'third_party_past';
  return false;
}

/** `pick` for a rule with past_ok / named_ok concepts (few rules: the others keep the fast path). */
function pickFor(rule: RuleDef, index: MatchIndex, concept: string, affirmedOnly: boolean): SignalMatch | undefined {
  const m = pick(index, concept, affirmedOnly);
  if (m !== undefined || !affirmedOnly) return m;
  return index.get(concept)?.find((x) => lenientStatus(rule, concept, x.status));
}

/** The evidence that satisfies `rule`, or undefined when it does not fire. */
export function evaluateRule(rule: RuleDef, index: MatchIndex, affirmedOnly: boolean): SignalMatch[] | undefined {
  const evidence: SignalMatch[] = [];
  const lenient = rule.past_ok !== undefined || rule.named_ok !== undefined;
  for (const concept of rule.all ?? []) {
    const m = lenient ? pickFor(rule, index, concept, affirmedOnly) : pick(index, concept, affirmedOnly);
    if (m === undefined) return undefined;
    evidence.push(m);
  }
  for (const group of rule.any ?? []) {
    let found: SignalMatch | undefined;
    for (const concept of group) {
      found = lenient ? pickFor(rule, index, concept, affirmedOnly) : pick(index, concept, affirmedOnly);
      if (found !== undefined) break;
    }
    if (found === undefined) return undefined;
    evidence.push(found);
  }
  if (rule.atLeast !== undefined) {
    // Each piece of evidence is its own words: two concepts matching the same span count once.
    const hits: SignalMatch[] = [];
    for (const c of rule.atLeast.of) {
      const m = pick(index, c, affirmedOnly);
      if (m !== undefined && !hits.some((h) => m.start < h.end && m.end > h.start)) hits.push(m);
    }
    if (hits.length < rule.atLeast.n) return undefined;
    evidence.push(...hits);
  }
  for (const concept of rule.unless ?? []) {
    if (pick(index, concept, true) !== undefined) return undefined;
  }
  return evidence;
}

/** Why a rule that would fire on the raw words did not: the first non-affirmed piece. */
export function suppressionReason(evidence: readonly SignalMatch[]): SuppressionReason | undefined {
  for (const m of evidence) if (m.status !== 'affirmed') return m.status;
  return undefined;
}
