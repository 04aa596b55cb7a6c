// Turns ruleset data into regexes once per gate, so evaluating a message only runs
// precompiled patterns (the gate's latency budget is under 1 ms per message).
import { InvalidRulesetError } from '../errors';
import type { Family } from '../types';
import type { CueDef, CueSet } from '../rules/concept-types';
import type { PreRiskRuleset } from '../rules/ruleset';
import type { VariantClass } from '../rules/load';
import { VITAL_SIGNALS, type RuleDef } from '../rules/rule-types';

export interface CompiledConcept {
  id: string;
  re: RegExp;
  /** The concept's own wording is negative (ConceptDef.own_negation). */
  ownNegation: boolean;
  /** The concept names a past episode as its comparison (ConceptDef.past_reference). */
  pastReference: boolean;
}

export type CompiledCues = { [K in keyof CueSet]: RegExp };

/** Negation regexes anchored at the symptom: the capture group is the cue-to-symptom gap. */
export interface CompiledNegation {
  preZh: RegExp;
  preEn: RegExp;
  tight: RegExp;
  post: RegExp;
}

export interface CompiledRuleset {
  version: string;
  spaceBreaksClause: boolean;
  concepts: readonly CompiledConcept[];
  cues: CompiledCues;
  negation: CompiledNegation;
  rules: readonly RuleDef[];
  familyWeight: Readonly<Record<Family, number>>;
}

function alternation(parts: readonly string[]): string {
  return parts.map((p) => `(?:${p})`).join('|');
}

/**
 * A subject of 1,000+ code units makes V8 compile a regexp to native code at once. Without it a
 * regexp starts in the bytecode interpreter and tiers up lazily; with a few hundred large concept
 * regexps per message many stayed interpreted, ten to thirty times slower (`medagent bench latency`).
 */
const WARM_UP = 'warm 预热 '.repeat(125);

function compile(source: string, flags: string, what: string): RegExp {
  let re: RegExp;
  try {
    re = new RegExp(source, flags);
  } catch (cause) {
    throw new InvalidRulesetError(`invalid pattern in ${what}`, { cause });
  }
  re.exec(WARM_UP);
  re.lastIndex = 0;
  return re;
}

const ZH_NEGATION_GAP = 5;
const EN_NEGATION_WORDS = 4;

/** A regex that never matches, for empty lists. */
const NEVER = '(?!)';

function compileCue(def: CueDef, name: string): RegExp {
  const parts = [...(def.zh ?? []), ...(def.en ?? [])];
  return compile(parts.length === 0 ? NEVER : alternation(parts), '', `cue ${name}`);
}

/** Rewrites each variant token in an English concept pattern into the group of its forms. */
export function expandVariants(pattern: string, classes: readonly VariantClass[]): string {
  let out = pattern;
  for (const v of classes) out = out.split(v.token).join(`(?:${v.forms.join('|')})`);
  return out;
}

function referencedConcepts(rule: RuleDef): string[] {
  return [...(rule.all ?? []), ...(rule.any ?? []).flat(), ...(rule.atLeast?.of ?? []), ...(rule.unless ?? [])];
}

export function compileRuleset(rs: PreRiskRuleset): CompiledRuleset {
  if (rs.version.trim() === '') throw new InvalidRulesetError('ruleset version must not be empty');
  const seen = new Set<string>();
  const variants = rs.enVariants ?? [];
  const concepts: CompiledConcept[] = rs.concepts.map((c) => {
    if (seen.has(c.id)) throw new InvalidRulesetError(`duplicate concept id: ${c.id}`);
    seen.add(c.id);
    const parts = [...(c.zh ?? []), ...(c.en ?? []).map((p) => expandVariants(p, variants))];
    if (parts.length === 0) throw new InvalidRulesetError(`concept ${c.id} has no patterns`);
    return { id: c.id, re: compile(alternation(parts), 'g', `concept ${c.id}`), ownNegation: c.own_negation === true, pastReference: c.past_reference === true };
  });
  const known = new Set<string>([...seen, ...VITAL_SIGNALS]);
  const ruleIds = new Set<string>();
  for (const rule of rs.rules) {
    if (ruleIds.has(rule.id)) throw new InvalidRulesetError(`duplicate rule id: ${rule.id}`);
    ruleIds.add(rule.id);
    const refs = referencedConcepts(rule);
    const unknown = refs.filter((r) => !known.has(r));
    if (unknown.length > 0) throw new InvalidRulesetError(`rule ${rule.id} references unknown concepts: ${unknown.join(', ')}`);
    const positive = (rule.all?.length ?? 0) + (rule.any?.length ?? 0) + (rule.atLeast === undefined ? 0 : 1);
    if (positive === 0) throw new InvalidRulesetError(`rule ${rule.id} has no positive condition`);
    if (rule.any?.some((g) => g.length === 0)) throw new InvalidRulesetError(`rule ${rule.id} has an empty any-group`);
    const positives = new Set([...(rule.all ?? []), ...(rule.any ?? []).flat()]);
    const strayPast = [...(rule.past_ok ?? []), ...(rule.named_ok ?? [])].filter((c) => !positives.has(c));
    if (strayPast.length > 0) throw new InvalidRulesetError(`rule ${rule.id}: past_ok / named_ok name concepts outside all/any: ${strayPast.join(', ')}`);
  }
  const cues = Object.fromEntries(
    (Object.keys(rs.cues) as (keyof CueSet)[]).map((k) => [k, compileCue(rs.cues[k], k)]),
  ) as CompiledCues;
  const neg = rs.cues;
  const list = (xs: readonly string[] | undefined) => (xs === undefined || xs.length === 0 ? NEVER : alternation(xs));
  const negation: CompiledNegation = {
    // Chinese negation reaches a short list ("没有胸闷心慌"); English reaches ~4 words.
    preZh: compile(`(?:${list(neg.negationPre.zh)})([^，。,；;!?！？]{0,${ZH_NEGATION_GAP}})$`, '', 'negationPre.zh'),
    preEn: compile(`(?:${list(neg.negationPre.en)})((?:[^a-z0-9,;.!?]+[a-z0-9']+){0,${EN_NEGATION_WORDS}})[^a-z0-9,;.!?]*$`, '', 'negationPre.en'),
    tight: compile(`(?:${list(neg.negationPreTight.zh)})([^，。,；;]?)$`, '', 'negationPreTight'),
    post: compile(`^[^，。,；;.!?]{0,6}(?:${list([...(neg.negationPost.zh ?? []), ...(neg.negationPost.en ?? [])])})`, '', 'negationPost'),
  };
  return { version: rs.version, spaceBreaksClause: rs.options?.spaceBreaksClause === true, concepts, cues, negation, rules: rs.rules, familyWeight: rs.familyWeight };
}
