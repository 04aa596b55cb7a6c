// A ruleset is the unit that gets versioned and promoted (see libs/safety/PROMOTION.md):
// lexicon + context cues + rules + family weights under one version string.
import type { Family } from '../types';
import type { ConceptDef, CueDef } from './concept-types';
import { CUES, type CueSet } from './cues';
import { FAMILY_WEIGHT, RULES } from './families';
import { CARDIORESP_CONCEPTS } from './lexicon-cardioresp';
import { GENERAL_CONCEPTS } from './lexicon-general';
import { HARM_CONCEPTS } from './lexicon-harm';
import { MATERNAL_CONCEPTS } from './lexicon-maternal';
import { NEURO_CONCEPTS } from './lexicon-neuro';
import { PATCH_2026_11_2 } from './patch-2026-11-2';
import { PATCH_2026_11_3 } from './patch-2026-11-3';
import { PATCH_2026_11_4 } from './patch-2026-11-4';
import { PATCH_2026_12_0 } from './patch-2026-12-0';
import { PATCH_2026_12_1 } from './patch-2026-12-1';
import { PATCH_2026_12_2 } from './patch-2026-12-2';
import { PATCH_2026_12_3 } from './patch-2026-12-3';
import type { RuleDef } from './rule-types';

/** Text-handling switches that belong to a version (so older versions keep their behaviour). */
export interface RulesetOptions {
  /** Whitespace between Chinese characters ends a clause (see text/segments.ts). */
  spaceBreaksClause?: boolean;
}

/**
 * The learned second signal a version combines with its rules (libs/safety/PROMOTION.md,
 * "Candidate prerisk-2026.12.0"). The model file is part of the version: retraining means a
 * new version string.
 */
export interface LearnedSignalRef {
  /** Model file name under libs/safety/data/ (written by training/train-classifier.js). */
  model: string;
  /** Fiction / animal subjects also veto classifier-only escalations. */
  wideVeto: boolean;
  /** A probability below the model's `veto_below` turns a single weak rule hit into PASS. */
  vetoWeakHits: boolean;
  /** prerisk-2026.12.2: resolved-episode wording also vetoes classifier-only escalations. */
  reassurance2?: boolean;
  /** prerisk-2026.12.3: corrected / eased-episode wording (REASSURANCE_3) also vetoes them. */
  reassurance3?: boolean;
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
}

export const RULESET_2026_11_1: PreRiskRuleset = {
  version: 'prerisk-2026.11.1',
  concepts: [...GENERAL_CONCEPTS, ...CARDIORESP_CONCEPTS, ...NEURO_CONCEPTS, ...HARM_CONCEPTS, ...MATERNAL_CONCEPTS],
  cues: CUES,
  rules: RULES,
  familyWeight: FAMILY_WEIGHT,
};

/** Generalisation pass over blind batch 2 (libs/safety/PROMOTION.md). */
export const RULESET_2026_11_2: PreRiskRuleset = deriveRuleset(RULESET_2026_11_1, PATCH_2026_11_2);

/** Second pass over blind batch 3, on top of 2026.11.2. */
export const RULESET_2026_11_3: PreRiskRuleset = deriveRuleset(RULESET_2026_11_2, PATCH_2026_11_3);

/** Third pass over blind batch 4, on top of 2026.11.3 (candidate; not current). */
export const RULESET_2026_11_4: PreRiskRuleset = deriveRuleset(RULESET_2026_11_3, PATCH_2026_11_4);

/** Fourth pass over blind batch 5, on top of 2026.11.4, plus the learned signal (candidate; not current). */
export const RULESET_2026_12_0: PreRiskRuleset = deriveRuleset(RULESET_2026_11_4, PATCH_2026_12_0);

/**
 * Fifth pass over blind batch 6, on top of 2026.12.0, plus a learned signal retrained with benign
 * traffic as PASS data (candidate; not current).
 */
export const RULESET_2026_12_1: PreRiskRuleset = deriveRuleset(RULESET_2026_12_0, PATCH_2026_12_1);

/**
 * Sixth pass over blind batch 7, on top of 2026.12.1, plus a learned signal that reads the rules'
 * evidence and uses two thresholds (candidate; not current).
 */
export const RULESET_2026_12_2: PreRiskRuleset = deriveRuleset(RULESET_2026_12_1, PATCH_2026_12_2);

/**
 * Seventh pass over blind batch 8 (suicide cue families, dialect), on top of 2026.12.2, plus a learned
 * signal retrained with batch 8, router batch 6 and own dialect cases (candidate; not current).
 */
export const RULESET_2026_12_3: PreRiskRuleset = deriveRuleset(RULESET_2026_12_2, PATCH_2026_12_3);

/** Every shipped version; the gate can be built for any of them to compare side by side. */
export const RULESETS: Readonly<Record<string, PreRiskRuleset>> = {
  [RULESET_2026_11_1.version]: RULESET_2026_11_1,
  [RULESET_2026_11_2.version]: RULESET_2026_11_2,
  [RULESET_2026_11_3.version]: RULESET_2026_11_3,
  [RULESET_2026_11_4.version]: RULESET_2026_11_4,
  [RULESET_2026_12_0.version]: RULESET_2026_12_0,
  [RULESET_2026_12_1.version]: RULESET_2026_12_1,
  [RULESET_2026_12_2.version]: RULESET_2026_12_2,
  [RULESET_2026_12_3.version]: RULESET_2026_12_3,
};

/** The version the default gate uses; moved only through the promotion rule. */
// 2026.12.3: adopted on unseen blind batch 9 + unseen benign router batch 7 under the
// improvement clause (below threshold: FER 0.0875 > 0.07); see PROMOTION.md.
export const CURRENT_RULES_VERSION: string = RULESET_2026_12_3.version;

export interface RulesetPatch {
  version: string;
  addConcepts?: readonly ConceptDef[];
  /** Extra patterns appended to existing concepts, keyed by concept id. */
  extendConcepts?: Readonly<Record<string, { zh?: readonly string[]; en?: readonly string[] }>>;
  addRules?: readonly RuleDef[];
  removeRuleIds?: readonly string[];
  /** Extra alternatives appended to context cue lists. */
  extendCues?: Partial<Record<keyof CueSet, CueDef>>;
  /** Cue lists replaced wholesale (per language given), e.g. to narrow a negation's reach. */
  replaceCues?: Partial<Record<keyof CueSet, CueDef>>;
  /** Options merged over the base version's options. */
  options?: RulesetOptions;
  /** Learned signal of the new version (otherwise the base version's, if any). */
  learned?: LearnedSignalRef;
}

/** Builds a candidate version from a base one, for experiments and promotion reviews. */
export function deriveRuleset(base: PreRiskRuleset, patch: RulesetPatch): PreRiskRuleset {
  const removed = new Set(patch.removeRuleIds ?? []);
  const concepts = base.concepts.map((c) => {
    const ext = patch.extendConcepts?.[c.id];
    if (ext === undefined) return c;
    return { id: c.id, zh: [...(c.zh ?? []), ...(ext.zh ?? [])], en: [...(c.en ?? []), ...(ext.en ?? [])] };
  });
  const cues = { ...base.cues };
  for (const key of Object.keys(cues) as (keyof CueSet)[]) {
    const rep = patch.replaceCues?.[key];
    const ext = patch.extendCues?.[key];
    if (rep === undefined && ext === undefined) continue;
    const cur = cues[key];
    const zh = rep?.zh ?? cur.zh ?? [];
    const en = rep?.en ?? cur.en ?? [];
    cues[key] = { zh: [...zh, ...(ext?.zh ?? [])], en: [...en, ...(ext?.en ?? [])] };
  }
  const options = { ...(base.options ?? {}), ...(patch.options ?? {}) };
  const learned = patch.learned ?? base.learned;
  return {
    version: patch.version,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    ...(learned !== undefined ? { learned } : {}),
    concepts: [...concepts, ...(patch.addConcepts ?? [])],
    cues,
    rules: [...base.rules.filter((r) => !removed.has(r.id)), ...(patch.addRules ?? [])],
    familyWeight: base.familyWeight,
  };
}
