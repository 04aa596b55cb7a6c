// Rules + learned signal: ESCALATE when the rules do, or when the classifier's probability
// reaches its threshold and the rules' own context analysis did not mark the message as
// knowledge / historical / negated / figurative (those stay PASS whatever the classifier says).
import type { SuppressionReason } from '../types';
import type { AnalyzeHints, PreRiskAnalysis, PreRiskGate } from '../prerisk/gate';
import type { Classifier } from './logreg';

/** Suppression reasons that veto a classifier-only escalation. */
const VETO: ReadonlySet<string> = new Set<SuppressionReason>(['knowledge', 'historical', 'third_party_past', 'negated', 'figurative']);

export interface RulesView {
  escalate: boolean;
  veto: boolean;
}

export function rulesView(a: PreRiskAnalysis): RulesView {
  if (a.result.decision === 'ESCALATE') return { escalate: true, veto: false };
  const veto = (a.result.suppressed ?? []).some((s) => VETO.has(s.reason)) || a.matches.some((m) => m.status === 'figurative' || m.status === 'knowledge');
  return { escalate: false, veto };
}

/** Family reported for classifier-only escalations (no rule fired, so no rule family). */
export const LEARNED_CATEGORY = 'learned_signal';

class CombinedGate implements PreRiskGate {
  constructor(
    private readonly base: PreRiskGate,
    private readonly classifier: Classifier,
    readonly version: string,
  ) {}

  evaluate(text: string) {
    return this.analyze(text).result;
  }

  analyze(text: string, hints?: AnalyzeHints): PreRiskAnalysis {
    const a = this.base.analyze(text, hints);
    const result = { ...a.result, rules_version: this.version };
    const view = rulesView(a);
    if (view.escalate || view.veto) return { ...a, result };
    if (this.classifier.probability(text) < this.classifier.threshold) return { ...a, result };
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
export function createCombinedGate(base: PreRiskGate, classifier: Classifier, version: string = base.version): PreRiskGate {
  return new CombinedGate(base, classifier, version);
}
