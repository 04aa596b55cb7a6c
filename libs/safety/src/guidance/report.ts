// An auditable triage report for one message: the decision, the emergency concepts with the
// rules and text spans that matched them, suppressed rules, NEWS2, and the guidance the answer
// would open with. Used by `medagent triage`; deterministic and free of logging.
import type { PreRiskGate } from '../prerisk/gate';
import { defaultPreRiskGate } from '../prerisk/gate';
import type { SuppressionReason } from '../types';
import { currentRuleset } from '../rules/ruleset';
import { emergencyConcepts, guidanceForResult, renderGuidance } from './guidance';

export interface TriageConcept {
  id: string;
  family: string;
  rules: string[];
  spans: { start: number; end: number; text: string }[];
}

export interface TriageReport {
  decision: 'ESCALATE' | 'PASS';
  category: string;
  urgency?: 'emergency' | 'urgent';
  rules_version: string;
  lang: 'zh' | 'en';
  concepts: TriageConcept[];
  rule_ids: string[];
  suppressed: { rule_id: string; reason: SuppressionReason }[];
  news2?: number;
  guidance: { concept: string; text: string; sources: { name: string; year: number }[] }[];
}

/** Chinese first: any CJK character makes the message Chinese (as at the ingress). */
export function messageLang(text: string): 'zh' | 'en' {
  return /[\u3400-\u9fff]/.test(text) ? 'zh' : 'en';
}

export function triageReport(text: string, opts: { lang?: 'zh' | 'en'; gate?: PreRiskGate } = {}): TriageReport {
  const gate = opts.gate ?? defaultPreRiskGate();
  const lang = opts.lang ?? messageLang(text);
  const a = gate.analyze(text);
  const r = a.result;
  const byRule = new Map(currentRuleset().rules.map((x) => [x.id, x]));
  const concepts = new Map<string, TriageConcept>();
  for (const e of r.evidence) {
    const rule = byRule.get(e.rule_id);
    const id = rule?.emergency ?? emergencyConcepts([e.rule_id])[0] ?? e.rule_id;
    const c = concepts.get(id) ?? { id, family: e.family, rules: [], spans: [] };
    if (!c.rules.includes(e.rule_id)) c.rules.push(e.rule_id);
    if (!c.spans.some((s) => s.start === e.start && s.end === e.end)) c.spans.push({ start: e.start, end: e.end, text: e.text });
    concepts.set(id, c);
  }
  const order = emergencyConcepts([...new Set(r.evidence.map((e) => e.rule_id))]);
  const ranked = [...concepts.values()].sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id));
  return {
    decision: r.decision,
    category: r.category,
    ...(r.decision === 'ESCALATE' && a.urgency !== undefined ? { urgency: a.urgency } : {}),
    rules_version: r.rules_version,
    lang,
    concepts: ranked,
    rule_ids: [...new Set(r.evidence.map((e) => e.rule_id))],
    suppressed: r.suppressed ?? [],
    ...(a.news2 > 0 ? { news2: a.news2 } : {}),
    guidance: guidanceForResult(r).map((g) => ({ concept: g.id, text: renderGuidance(g, lang), sources: [...(lang === 'en' ? (g.sources_en ?? g.sources) : g.sources)] })),
  };
}
