// Rule evidence for the learned signal (prerisk-2026.12.2), hashed into the n-gram feature space
// under its own prefix. Two modes:
// - 'suppressed' (shipped in 12.2): only concepts (and vital-sign flags) the rules' context analysis
//   marked negated / historical / knowledge / third-party / figurative / other subject, plus the
//   suppression reasons — the model learns that a red-flag word is *not* live here;
// - 'full' (measured and discarded in the 2026.12.2 review, git history of PROMOTION.md): also affirmed concepts, how many of a family's
//   concepts are affirmed, and rules one condition short of firing. Trained on cases the rules were
//   tuned on, these features mostly learn "the rules fired", which cost held-out recall.
// The plan also names the red-flag concepts of the two-threshold combination (combine.ts). Pure and
// deterministic.
import type { Family } from '../types';
import type { RuleDef } from '../rules/rule-types';
import type { PreRiskAnalysis } from '../prerisk/gate';
import { FEATURE_DIM } from './features';

const MASK = FEATURE_DIM - 1;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hash(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return (h >>> 0) & MASK;
}

/** Age signals describe who, not what: never a red-flag concept on their own. */
const AGE_SIGNALS: ReadonlySet<string> = new Set(['v.infant', 'v.infant_lt3m', 'v.young_child']);

/** Suicide / self-harm cue groups and intent concepts (not the bleeding words a self-injury rule also names). */
const SH_CUE_GROUP = /^(?:sh_\w+|farewell_soft|farewell_strong|means_ready|unreachable|suicidal|self_harm|self_injury_again)$/;

/** Precomputed per ruleset: which families each concept serves and which concepts are red flags. */
export interface EvidencePlan {
  readonly rules: readonly RuleDef[];
  readonly families: ReadonlyMap<string, readonly Family[]>;
  /**
   * Concepts that are the core of some rule (its `all` list, or any of its `any` groups when it
   * has no `all`): an affirmed one is "an affirmed red-flag concept" for the two-threshold rule.
   */
  readonly redFlag: ReadonlySet<string>;
  /** 'full': concepts with status, family counts, near-miss rules; 'suppressed': only non-affirmed concepts. */
  readonly mode: EvidenceMode;
}

/**
 * 'suppressed_sh' (prerisk-2026.12.3): 'suppressed' plus the suicide / self-harm cue groups that are
 * affirmed (means, place, time, resolve, goodbye, affairs, hopeless, method question, farewell,
 * unreachable — any concept of a suicide rule) and how many distinct groups there are (1, 2, 3+):
 * one group alone never fires a rule, so the model can learn which single groups carry intent.
 */
export type EvidenceMode = 'full' | 'suppressed' | 'suppressed_sh';

const positive = (r: RuleDef): string[] => [...(r.all ?? []), ...(r.any ?? []).flat(), ...(r.atLeast?.of ?? [])];

export function evidencePlan(rules: readonly RuleDef[], mode: EvidenceMode = 'full'): EvidencePlan {
  const families = new Map<string, Family[]>();
  const redFlag = new Set<string>();
  for (const r of rules) {
    for (const c of positive(r)) {
      const list = families.get(c) ?? [];
      if (!list.includes(r.family)) list.push(r.family);
      families.set(c, list);
    }
    const core = (r.all?.length ?? 0) > 0 ? (r.all ?? []) : (r.any ?? []).flat();
    for (const c of core) if (!AGE_SIGNALS.has(c)) redFlag.add(c);
  }
  return { rules, families, redFlag, mode };
}

/** An affirmed match of a red-flag concept (see EvidencePlan.redFlag). */
export function hasAffirmedRedFlag(a: PreRiskAnalysis, plan: EvidencePlan): boolean {
  return a.matches.some((m) => m.status === 'affirmed' && plan.redFlag.has(m.concept));
}

/** Conditions of `r` satisfied by `affirmed` / total positive conditions. */
function satisfied(r: RuleDef, affirmed: ReadonlySet<string>): [number, number] {
  let ok = 0;
  let total = 0;
  for (const c of r.all ?? []) {
    total++;
    if (affirmed.has(c)) ok++;
  }
  for (const g of r.any ?? []) {
    total++;
    if (g.some((c) => affirmed.has(c))) ok++;
  }
  if (r.atLeast !== undefined) {
    total += r.atLeast.n;
    ok += Math.min(r.atLeast.n, r.atLeast.of.filter((c) => affirmed.has(c)).length);
  }
  return [ok, total];
}

/** Sorted, de-duplicated feature indices of the rules' evidence for one message. */
export function evidenceFeatures(a: PreRiskAnalysis, plan: EvidencePlan): number[] {
  const names = new Set<string>();
  const affirmed = new Set<string>();
  for (const m of a.matches) {
    if (m.status === 'affirmed') affirmed.add(m.concept);
    else names.add(`e:st:${m.status}`);
    if (m.status !== 'affirmed' || plan.mode === 'full') names.add(`e:m:${m.concept}:${m.status}`);
  }
  for (const s of a.result.suppressed ?? []) names.add(`e:s:${s.reason}`);
  if (plan.mode === 'suppressed_sh') {
    const groups = [...affirmed].filter((c) => SH_CUE_GROUP.test(c) && (plan.families.get(c) ?? []).includes('suicide_self_harm'));
    for (const c of groups) names.add(`e:sh:${c}`);
    if (groups.length > 0) names.add(`e:shn:${Math.min(groups.length, 3)}`);
    return [...new Set([...names].map(hash))].sort((x, y) => x - y);
  }
  if (plan.mode === 'suppressed') return [...new Set([...names].map(hash))].sort((x, y) => x - y);
  const firedIds = new Set<string>();
  for (const f of a.fired) firedIds.add(f.rule.id);
  const perFamily = new Map<Family, number>();
  for (const c of affirmed) for (const fam of plan.families.get(c) ?? []) perFamily.set(fam, (perFamily.get(fam) ?? 0) + 1);
  for (const [fam, k] of perFamily) names.add(`e:g:${fam}:${Math.min(k, 4)}`);
  for (const r of plan.rules) {
    if (firedIds.has(r.id)) continue;
    const [ok, total] = satisfied(r, affirmed);
    if (total >= 2 && ok === total - 1) names.add(`e:p:${r.family}:near`);
    else if (total >= 3 && ok >= 1) names.add(`e:p:${r.family}:part`);
  }
  return [...new Set([...names].map(hash))].sort((x, y) => x - y);
}
