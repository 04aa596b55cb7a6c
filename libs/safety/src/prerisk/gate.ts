// PreRiskGate: deterministic, versioned red-flag detection run by the coordinator
// before routing. ESCALATE forces the single triage plan; PASS lets the lead plan.
import { InvalidSafetyInputError } from '../errors';
import type { Family, PreRiskResult, Span, SuppressionReason } from '../types';
import { normalizeText } from '../text/normalize';
import { segment } from '../text/segments';
import { parseVitals, type ParsedVitals } from '../text/vitals';
import { parseClinical, type ClinicalReadings } from '../text/clinical';
import { currentRuleset, type PreRiskRuleset } from '../rules/ruleset';
import type { Urgency } from '../rules/rule-types';
import { createCombinedGate } from '../classifier/combine';
import { loadModel } from '../classifier/models';
import { evidencePlan } from '../classifier/evidence';
import { candidates, indexPatterns, type PatternIndex } from '@medagent/text-index';
import { compileRuleset, type CompiledConcept, type CompiledRuleset } from './compile';
import { MessageContext } from './context';
import { evaluateRule, indexMatches, suppressionReason, type FiredRule, type SignalMatch } from './engine';
import { childYears, clinicalSignals, vitalSignals } from './signals';
import { news2, news2Signals } from './news2';

export interface AnalyzeHints {
  /** Known patient age in years (overrides ages parsed from the text). */
  ageYears?: number;
}

export interface PreRiskAnalysis {
  result: PreRiskResult;
  /** Every concept and vital-signal match with its context status. */
  matches: readonly SignalMatch[];
  fired: readonly FiredRule[];
  vitals: ParsedVitals;
  /** Respiration rate, GCS and laboratory values (text/clinical.ts). */
  clinical: ClinicalReadings;
  /** NEWS2 aggregate over the numbers given (0 when fewer than two were scored). */
  news2: number;
  /** Most urgent fired rule's urgency, if any rule fired. */
  urgency?: Urgency;
}

export interface PreRiskGate {
  readonly version: string;
  evaluate(text: string): PreRiskResult;
  analyze(text: string, hints?: AnalyzeHints): PreRiskAnalysis;
}

export interface PreRiskGateOptions {
  /** An explicit ruleset (e.g. a candidate built with withRules); defaults to the current one. */
  ruleset?: PreRiskRuleset;
  /**
   * Only the rules part when the ruleset also has a learned signal (to measure the two parts
   * separately). The result still carries the version string.
   */
  rulesOnly?: boolean;
}

/** PASS categories follow the labelling guide's hard-negative names. */
const PASS_CATEGORY: Record<SuppressionReason, string> = {
  negated: 'negated',
  historical: 'historical',
  third_party_past: 'historical',
  knowledge: 'knowledge',
  figurative: 'none',
  other_subject: 'none',
};

/**
 * Every concept match, concepts in ruleset order. A concept none of whose required characters
 * (see @medagent/text-index) occur in the message cannot match, so its scan is skipped; the
 * result is exactly that of scanning them all (prerisk-index.spec.ts checks every corpus).
 */
function collectMatches(compiled: CompiledRuleset, index: PatternIndex, n: string, ctx: MessageContext): SignalMatch[] {
  const out: SignalMatch[] = [];
  const may = candidates(index, n);
  for (let k = 0; k < compiled.concepts.length; k++) {
    if (may[k] === 0) continue;
    const concept = compiled.concepts[k] as CompiledConcept;
    const { id, re } = concept;
    re.lastIndex = 0;
    for (let m = re.exec(n); m !== null; m = re.exec(n)) {
      if (m[0] === '') {
        re.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      out.push({ concept: id, start, end, status: ctx.statusOf(start, end, concept) });
    }
  }
  return out;
}

function firstAffirmed(matches: readonly SignalMatch[], concept: string, original: string): Span | undefined {
  const m = matches.find((x) => x.concept === concept && x.status === 'affirmed');
  return m === undefined ? undefined : { start: m.start, end: m.end, text: original.slice(m.start, m.end) };
}

class RuleGate implements PreRiskGate {
  readonly version: string;
  private readonly conceptIndex: PatternIndex;

  constructor(private readonly compiled: CompiledRuleset) {
    this.version = compiled.version;
    this.conceptIndex = indexPatterns(compiled.concepts.map((c) => c.re));
  }

  evaluate(text: string): PreRiskResult {
    return this.analyze(text).result;
  }

  analyze(text: string, hints: AnalyzeHints = {}): PreRiskAnalysis {
    if (typeof text !== 'string') throw new InvalidSafetyInputError('pre-risk input must be a string');
    const n = normalizeText(text);
    const ctx = new MessageContext(n, segment(n, { spaceBreaksClause: this.compiled.spaceBreaksClause }), this.compiled.cues, this.compiled.negation);
    const matches = collectMatches(this.compiled, this.conceptIndex, n, ctx);
    const vitals = parseVitals(text, n);
    const facts = {
      hintYears: hints.ageYears,
      infantWord: firstAffirmed(matches, 'infant_word', text),
      childWord: firstAffirmed(matches, 'child_word', text),
      feverWordAffirmed: matches.some((m) => m.concept === 'fever' && m.status === 'affirmed'),
    };
    const child = childYears(vitals, facts);
    const raw = vitalSignals(vitals, facts, child);
    const clinical = parseClinical(text, n);
    raw.push(...clinicalSignals(clinical, child));
    const gcsAltered = raw.find((s) => s.concept === 'v.gcs_altered')?.span;
    const confusion = firstAffirmed(matches, 'altered_state', text) ?? firstAffirmed(matches, 'unresponsive', text) ?? gcsAltered;
    // NEWS2 is validated for adults only; a child's numbers are read against age bands instead.
    const score = child === undefined ? news2(vitals, clinical, confusion) : { score: 0, parameters: 0, spans: [] };
    raw.push(...news2Signals(score));
    for (const s of raw) {
      // Ages come from the hint or from age phrases; negation does not apply to them.
      const ageDerived = s.span.end === 0 || s.concept.startsWith('v.infant') || s.concept === 'v.young_child';
      const status = ageDerived ? 'affirmed' : ctx.statusOf(s.span.start, Math.max(s.span.end, s.span.start + 1));
      matches.push({ concept: s.concept, start: s.span.start, end: s.span.end, status });
    }
    const index = indexMatches(matches);
    const fired: FiredRule[] = [];
    const suppressed: { rule_id: string; reason: SuppressionReason }[] = [];
    for (const rule of this.compiled.rules) {
      const evidence = evaluateRule(rule, index, true);
      if (evidence !== undefined) {
        fired.push({ rule, evidence });
        continue;
      }
      const loose = evaluateRule(rule, index, false);
      const reason = loose === undefined ? undefined : suppressionReason(loose);
      if (reason !== undefined) suppressed.push({ rule_id: rule.id, reason });
    }
    return { result: this.toResult(text, fired, suppressed), matches, fired, vitals, clinical, news2: score.parameters >= 2 ? score.score : 0, ...this.urgencyOf(fired) };
  }

  private urgencyOf(fired: readonly FiredRule[]): { urgency?: Urgency } {
    if (fired.length === 0) return {};
    return { urgency: fired.some((f) => f.rule.urgency === 'emergency') ? 'emergency' : 'urgent' };
  }

  private toResult(
    text: string,
    fired: readonly FiredRule[],
    suppressed: { rule_id: string; reason: SuppressionReason }[],
  ): PreRiskResult {
    const base = { rules_version: this.version, ...(suppressed.length > 0 ? { suppressed } : {}) };
    if (fired.length === 0) {
      const counts = new Map<string, number>();
      for (const s of suppressed) counts.set(PASS_CATEGORY[s.reason], (counts.get(PASS_CATEGORY[s.reason]) ?? 0) + 1);
      const category = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none';
      return { decision: 'PASS', category, evidence: [], ...base };
    }
    const weight = (f: Family) => this.compiled.familyWeight[f];
    const top = [...fired].sort((a, b) => weight(b.rule.family) - weight(a.rule.family))[0];
    const seen = new Set<string>();
    const evidence: PreRiskResult['evidence'] = [];
    for (const f of fired) {
      for (const m of f.evidence) {
        const key = `${f.rule.id}:${m.start}:${m.end}`;
        if (seen.has(key)) continue;
        seen.add(key);
        evidence.push({ rule_id: f.rule.id, family: f.rule.family, start: m.start, end: m.end, text: text.slice(m.start, m.end) });
      }
    }
    evidence.sort((a, b) => a.start - b.start || a.rule_id.localeCompare(b.rule_id));
    return { decision: 'ESCALATE', category: top?.rule.family ?? 'none', evidence, ...base };
  }
}

/** Builds a gate for the current ruleset or an explicit one. Compiles once. */
export function createPreRiskGate(options: PreRiskGateOptions = {}): PreRiskGate {
  const ruleset = options.ruleset ?? currentRuleset();
  const rules = new RuleGate(compileRuleset(ruleset));
  const learned = ruleset.learned;
  if (learned === undefined || options.rulesOnly === true) return rules;
  const classifier = loadModel(learned.model);
  return createCombinedGate(rules, classifier, ruleset.version, {
    wideVeto: learned.wideVeto,
    reassurance: learned.reassurance,
    ...(classifier.evidenceMode !== undefined || classifier.thresholdLow !== undefined ? { evidence: evidencePlan(ruleset.rules, classifier.evidenceMode ?? 'full') } : {}),
    ...(learned.vetoWeakHits && classifier.vetoBelow !== undefined ? { vetoBelow: classifier.vetoBelow } : {}),
  });
}

let defaultGate: PreRiskGate | undefined;

/** The process-wide gate for the current rules version (compiled on first use). */
export function defaultPreRiskGate(): PreRiskGate {
  defaultGate ??= createPreRiskGate();
  return defaultGate;
}
