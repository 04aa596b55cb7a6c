// The ruleset is the unit that gets versioned and promoted (libs/safety/PROMOTION.md): the data
// files under libs/safety/data, one version string (data/ruleset.json), history in
// libs/safety/CHANGELOG.md. Only the current version ships; an earlier version is compared
// through its frozen decision snapshot (eval/snapshots), never through patch code.
import type { Family } from '../types';
import type { ConceptDef, CueSet } from './concept-types';
import { loadRulesData, type LoadedRules, type VariantClass } from './load';
import type { RuleDef } from './rule-types';

/** Text-handling switches of the ruleset. */
export interface RulesetOptions {
  /** Whitespace between Chinese characters ends a clause (see text/segments.ts). */
  spaceBreaksClause?: boolean;
}

/** The learned second signal the ruleset combines with its rules (frozen model file in data/). */
export interface LearnedSignalRef {
  /** Model file name under libs/safety/data/. */
  model: string;
  /** Fiction / animal subjects and reassurance wording also veto classifier-only escalations. */
  wideVeto: boolean;
  /** A probability below the model's `veto_below` turns a single weak rule hit into PASS. */
  vetoWeakHits: boolean;
  /** Reassurance / resolved-episode wording (regex sources) that vetoes classifier-only escalations. */
  reassurance: readonly string[];
}

export interface PreRiskRuleset {
  version: string;
  options?: RulesetOptions;
  /** Rules + learned signal when present (createPreRiskGate wraps the rules gate). */
  learned?: LearnedSignalRef;
  concepts: readonly ConceptDef[];
  cues: CueSet;
  rules: readonly RuleDef[];
  familyWeight: Readonly<Record<Family, number>>;
  /** English variant classes applied to concept patterns at compile time (data/variants.json). */
  enVariants?: readonly VariantClass[];
}

export function rulesetFromData(d: LoadedRules): PreRiskRuleset {
  const l = d.manifest.learned;
  return {
    version: d.manifest.version,
    ...(d.manifest.options !== undefined ? { options: d.manifest.options } : {}),
    ...(l !== undefined ? { learned: { model: l.model, wideVeto: l.wide_veto, vetoWeakHits: l.veto_weak_hits, reassurance: d.cues.reassurance } } : {}),
    concepts: d.concepts,
    cues: d.cues.cues,
    rules: d.rules,
    familyWeight: d.familyWeight,
    enVariants: d.variants.en,
  };
}

let current: PreRiskRuleset | undefined;

/** The current ruleset, read from libs/safety/data once per process. */
export function currentRuleset(): PreRiskRuleset {
  current ??= rulesetFromData(loadRulesData());
  return current;
}

/** The version string of the shipped ruleset (data/ruleset.json). */
export const CURRENT_RULES_VERSION: string = currentRuleset().version;

/** A candidate for experiments and promotion reviews: the current ruleset with rules removed or added. */
export function withRules(base: PreRiskRuleset, version: string, change: { remove?: readonly string[]; add?: readonly RuleDef[]; addConcepts?: readonly ConceptDef[] }): PreRiskRuleset {
  const removed = new Set(change.remove ?? []);
  return {
    ...base,
    version,
    concepts: [...base.concepts, ...(change.addConcepts ?? [])],
    rules: [...base.rules.filter((r) => !removed.has(r.id)), ...(change.add ?? [])],
  };
}
