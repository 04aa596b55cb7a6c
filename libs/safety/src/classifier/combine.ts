// Rules + learned signal: ESCALATE when the rules do, or when the classifier's probability
// reaches its threshold and the rules' own context analysis did not mark the message as
// knowledge / historical / negated / figurative (those stay PASS whatever the classifier says).
// Optionally a very low probability vetoes a single weak rule hit: exactly one rule
// fired, on words only (no vital-sign number), outside the never-vetoed families.
import { normalizeText } from '../text/normalize';
import type { Family, SuppressionReason } from '../types';
import type { AnalyzeHints, PreRiskAnalysis, PreRiskGate } from '../prerisk/gate';
import type { TextTest } from '@medagent/text-index';
import type { Classifier } from './logreg';
import { evidenceFeatures, hasAffirmedRedFlag, type EvidencePlan } from './evidence';

/** Suppression reasons that veto a classifier-only escalation. */
const VETO: ReadonlySet<string> = new Set<SuppressionReason>(['knowledge', 'historical', 'third_party_past', 'negated', 'figurative']);

/** Wide veto: fiction / animal subjects (and reassurance wording) also veto a classifier-only escalation. */
const VETO_WIDE: ReadonlySet<string> = new Set<string>([...VETO, 'other_subject']);

/** Families whose rule hits the classifier may never veto (missed intent is the costliest error). */
export const NEVER_VETOED: ReadonlySet<Family> = new Set<Family>(['suicide_self_harm']);

export interface RulesView {
  escalate: boolean;
  veto: boolean;
  /** Rules escalated on a single word-only rule outside NEVER_VETOED (a low p may veto it). */
  weak?: boolean;
}

/**
 * `reassurance` (data/cues.json): with no rule hit, wording saying the person is otherwise well,
 * the complaint is chronic or the episode resolved vetoes a classifier-only escalation (wide only).
 */
export function rulesView(a: PreRiskAnalysis, wide = false, text?: string, reassurance?: TextTest): RulesView {
  if (a.result.decision === 'ESCALATE') {
    const ids = new Set(a.fired.map((f) => f.rule.id));
    const vital = a.fired.some((f) => f.evidence.some((m) => m.concept.startsWith('v.')));
    const weak = ids.size === 1 && !vital && !a.fired.some((f) => NEVER_VETOED.has(f.rule.family) || f.rule.no_veto === true);
    return { escalate: true, veto: false, weak };
  }
  const reasons = wide ? VETO_WIDE : VETO;
  const veto =
    (a.result.suppressed ?? []).some((s) => reasons.has(s.reason)) ||
    a.matches.some((m) => m.status === 'figurative' || m.status === 'knowledge' || (wide && m.status === 'other_subject')) ||
    (wide && reassurance !== undefined && text !== undefined && reassurance.test(normalizeText(text)));
  return { escalate: false, veto };
}

export interface CombineOptions {
  /** Probability below which a weak single rule hit is vetoed (PASS); undefined = never. */
  vetoBelow?: number;
  /** Fiction / animal subjects and reassurance wording also veto classifier-only escalations. */
  wideVeto?: boolean;
  /** Reassurance wording (regex sources, data/cues.json). */
  reassurance?: readonly string[];
  /**
   * The rules' evidence (concepts with status, fired / near-miss families) is
   * fed to models trained with it, and identifies affirmed red-flag concepts for `threshold_low`.
   */
  evidence?: EvidencePlan;
}

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff]/;
const LATIN = /[a-z0-9]/;

/**
 * The reassurance wording as one test, split by script: Chinese patterns run only on text with
 * Chinese characters, the others only on text with Latin letters or digits. Each pattern is its
 * own regex: one long alternation cannot use a pattern's literal prefix to skip ahead, and cost
 * about ten times the separate tests on the latency bench.
 */
export function reassuranceTest(patterns: readonly string[]): TextTest | undefined {
  if (patterns.length === 0) return undefined;
  const zh = patterns.filter((p) => CJK.test(p)).map((p) => new RegExp(p));
  const other = patterns.filter((p) => !CJK.test(p)).map((p) => new RegExp(p));
  return { test: (s) => (CJK.test(s) && zh.some((r) => r.test(s))) || (LATIN.test(s) && other.some((r) => r.test(s))) };
}

/** Classifier-only escalation: p >= threshold, or p >= threshold_low with an affirmed red-flag concept. */
export function learnedEscalates(p: number, classifier: Classifier, redFlag: boolean): boolean {
  if (p >= classifier.threshold) return true;
  return classifier.thresholdLow !== undefined && redFlag && p >= classifier.thresholdLow;
}

/** Family reported for classifier-only escalations (no rule fired, so no rule family). */
export const LEARNED_CATEGORY = 'learned_signal';
/** PASS category when a low learned probability vetoed a single weak rule hit. */
export const LEARNED_VETO_CATEGORY = 'learned_veto';

class CombinedGate implements PreRiskGate {
  private readonly reassurance: TextTest | undefined;

  constructor(
    private readonly base: PreRiskGate,
    private readonly classifier: Classifier,
    readonly version: string,
    private readonly opts: CombineOptions = {},
  ) {
    this.reassurance = reassuranceTest(opts.reassurance ?? []);
  }

  evaluate(text: string) {
    return this.analyze(text).result;
  }

  analyze(text: string, hints?: AnalyzeHints): PreRiskAnalysis {
    const a = this.base.analyze(text, hints);
    const result = { ...a.result, rules_version: this.version };
    const view = rulesView(a, this.opts.wideVeto === true, text, this.reassurance);
    const vetoBelow = this.opts.vetoBelow;
    const plan = this.opts.evidence;
    const extra = plan !== undefined && this.classifier.evidenceMode !== undefined ? evidenceFeatures(a, plan) : undefined;
    if (view.escalate && view.weak === true && vetoBelow !== undefined && this.classifier.probability(text, extra) < vetoBelow) {
      // A lone word-only hit the learned signal finds very unlike an emergency: PASS, but keep
      // the analysis (matches, fired) so the decision stays traceable.
      const { suppressed } = a.result;
      const { urgency: _vetoed, ...rest } = a;
      return {
        ...rest,
        result: { decision: 'PASS', category: LEARNED_VETO_CATEGORY, evidence: [], rules_version: this.version, ...(suppressed !== undefined ? { suppressed } : {}) },
      };
    }
    if (view.escalate || view.veto) return { ...a, result };
    const redFlag = plan !== undefined && hasAffirmedRedFlag(a, plan);
    if (!learnedEscalates(this.classifier.probability(text, extra), this.classifier, redFlag)) return { ...a, result };
    const { suppressed } = a.result;
    return {
      ...a,
      urgency: 'urgent',
      result: {
        decision: 'ESCALATE',
        category: LEARNED_CATEGORY,
        evidence: [{ rule_id: 'classifier', family: LEARNED_CATEGORY, start: 0, end: text.length, text }],
        rules_version: this.version,
        ...(suppressed !== undefined ? { suppressed } : {}),
      },
    };
  }
}

/** Wraps a rules gate with the learned signal; `version` defaults to the base gate's. */
export function createCombinedGate(base: PreRiskGate, classifier: Classifier, version: string = base.version, opts: CombineOptions = {}): PreRiskGate {
  return new CombinedGate(base, classifier, version, opts);
}
