// A ruleset is the unit that gets versioned and promoted (see libs/safety/PROMOTION.md):
// lexicon + context cues + rules + family weights under one version string.
import type { Family } from '../types';
import type { ConceptDef } from './concept-types';
import { CUES, type CueSet } from './cues';
import { FAMILY_WEIGHT, RULES } from './families';
import { CARDIORESP_CONCEPTS } from './lexicon-cardioresp';
import { GENERAL_CONCEPTS } from './lexicon-general';
import { HARM_CONCEPTS } from './lexicon-harm';
import { MATERNAL_CONCEPTS } from './lexicon-maternal';
import { NEURO_CONCEPTS } from './lexicon-neuro';
import type { RuleDef } from './rule-types';

export interface PreRiskRuleset {
  version: string;
  concepts: readonly ConceptDef[];
  cues: CueSet;
  rules: readonly RuleDef[];
  familyWeight: Readonly<Record<Family, number>>;
}

export const CURRENT_RULES_VERSION = 'prerisk-2026.11.1';

export const RULESET_2026_11_1: PreRiskRuleset = {
  version: CURRENT_RULES_VERSION,
  concepts: [...GENERAL_CONCEPTS, ...CARDIORESP_CONCEPTS, ...NEURO_CONCEPTS, ...HARM_CONCEPTS, ...MATERNAL_CONCEPTS],
  cues: CUES,
  rules: RULES,
  familyWeight: FAMILY_WEIGHT,
};

/** Every shipped version; the gate can be built for any of them to compare side by side. */
export const RULESETS: Readonly<Record<string, PreRiskRuleset>> = {
  [RULESET_2026_11_1.version]: RULESET_2026_11_1,
};

export interface RulesetPatch {
  version: string;
  addConcepts?: readonly ConceptDef[];
  /** Extra patterns appended to existing concepts, keyed by concept id. */
  extendConcepts?: Readonly<Record<string, { zh?: readonly string[]; en?: readonly string[] }>>;
  addRules?: readonly RuleDef[];
  removeRuleIds?: readonly string[];
}

/** Builds a candidate version from a base one, for experiments and promotion reviews. */
export function deriveRuleset(base: PreRiskRuleset, patch: RulesetPatch): PreRiskRuleset {
  const removed = new Set(patch.removeRuleIds ?? []);
  const concepts = base.concepts.map((c) => {
    const ext = patch.extendConcepts?.[c.id];
    if (ext === undefined) return c;
    return { id: c.id, zh: [...(c.zh ?? []), ...(ext.zh ?? [])], en: [...(c.en ?? []), ...(ext.en ?? [])] };
  });
  return {
    version: patch.version,
    concepts: [...concepts, ...(patch.addConcepts ?? [])],
    cues: base.cues,
    rules: [...base.rules.filter((r) => !removed.has(r.id)), ...(patch.addRules ?? [])],
    familyWeight: base.familyWeight,
  };
}
