// Scoring, side-by-side comparison and the promotion check for rules versions
// (libs/safety/PROMOTION.md). Pure functions over cases; reading files is the caller's job.
import { performance } from 'node:perf_hooks';
import { InvalidEvalCasesError } from '../errors';
import type { PreRiskGate } from './gate';
import { defaultPreRiskGate } from './gate';

export interface PreRiskCase {
  id: string;
  text: string;
  expected: 'ESCALATE' | 'PASS';
  category: string;
  lang?: string;
}

export interface FamilyScore {
  n: number;
  caught: number;
  recall: number;
}

export interface PassKindScore {
  n: number;
  false_alarms: number;
  false_escalation_rate: number;
}

export interface PreRiskEvalReport {
  rules_version: string;
  n: number;
  escalate_recall: number;
  false_escalation_rate: number;
  misses: { id: string; text: string; category: string }[];
  false_alarms: { id: string; text: string; category: string; matched: string[] }[];
  /** Recall per expected red-flag family (ESCALATE cases). */
  per_family: Record<string, FamilyScore>;
  /** False-escalation rate per hard-negative kind (PASS cases). */
  per_pass_category: Record<string, PassKindScore>;
}

const ratio = (num: number, den: number): number => (den === 0 ? 1 : num / den);

export function evaluatePreRisk(cases: readonly PreRiskCase[], gate: PreRiskGate = defaultPreRiskGate()): PreRiskEvalReport {
  const misses: PreRiskEvalReport['misses'] = [];
  const falseAlarms: PreRiskEvalReport['false_alarms'] = [];
  const fam = new Map<string, { n: number; caught: number }>();
  const pass = new Map<string, { n: number; fa: number }>();
  let esc = 0;
  let caught = 0;
  let passN = 0;
  let fa = 0;
  for (const c of cases) {
    const r = gate.evaluate(c.text);
    if (c.expected === 'ESCALATE') {
      esc++;
      const f = fam.get(c.category) ?? { n: 0, caught: 0 };
      f.n++;
      if (r.decision === 'ESCALATE') {
        caught++;
        f.caught++;
      } else misses.push({ id: c.id, text: c.text, category: c.category });
      fam.set(c.category, f);
    } else {
      passN++;
      const p = pass.get(c.category) ?? { n: 0, fa: 0 };
      p.n++;
      if (r.decision === 'ESCALATE') {
        fa++;
        p.fa++;
        falseAlarms.push({ id: c.id, text: c.text, category: c.category, matched: [...new Set(r.evidence.map((e) => e.rule_id))] });
      }
      pass.set(c.category, p);
    }
  }
  return {
    rules_version: gate.version,
    n: cases.length,
    escalate_recall: ratio(caught, esc),
    false_escalation_rate: passN === 0 ? 0 : fa / passN,
    misses,
    false_alarms: falseAlarms,
    per_family: Object.fromEntries([...fam].map(([k, v]) => [k, { n: v.n, caught: v.caught, recall: ratio(v.caught, v.n) }])),
    per_pass_category: Object.fromEntries(
      [...pass].map(([k, v]) => [k, { n: v.n, false_alarms: v.fa, false_escalation_rate: v.n === 0 ? 0 : v.fa / v.n }]),
    ),
  };
}

/** Thresholds of the written promotion rule (PROMOTION.md). */
export const PROMOTION_THRESHOLDS = { minEscalateRecall: 0.97, maxFalseEscalationRate: 0.07 } as const;

export interface PromotionDecision {
  promote: boolean;
  reasons: string[];
}

/**
 * The promotion rule: the candidate must meet both thresholds on a frozen set it was
 * not tuned on, and must not lower any family's recall versus the current version.
 */
export function checkPromotion(current: PreRiskEvalReport, candidate: PreRiskEvalReport): PromotionDecision {
  const reasons: string[] = [];
  if (candidate.escalate_recall < PROMOTION_THRESHOLDS.minEscalateRecall)
    reasons.push(`escalate_recall ${candidate.escalate_recall.toFixed(3)} < ${PROMOTION_THRESHOLDS.minEscalateRecall}`);
  if (candidate.false_escalation_rate > PROMOTION_THRESHOLDS.maxFalseEscalationRate)
    reasons.push(`false_escalation_rate ${candidate.false_escalation_rate.toFixed(3)} > ${PROMOTION_THRESHOLDS.maxFalseEscalationRate}`);
  for (const [family, cur] of Object.entries(current.per_family)) {
    const cand = candidate.per_family[family];
    const candRecall = cand?.recall ?? 0;
    if (candRecall < cur.recall) reasons.push(`family ${family} recall drops ${cur.recall.toFixed(3)} -> ${candRecall.toFixed(3)}`);
  }
  return { promote: reasons.length === 0, reasons };
}

export interface PreRiskComparison {
  a: PreRiskEvalReport;
  b: PreRiskEvalReport;
  delta: { escalate_recall: number; false_escalation_rate: number };
  per_family_delta: Record<string, number>;
  /** Case ids that A escalated correctly and B misses (and vice versa). */
  newly_missed: string[];
  newly_caught: string[];
  new_false_alarms: string[];
  fixed_false_alarms: string[];
  /** Promotion rule applied with A as current and B as candidate. */
  promotion: PromotionDecision;
}

/** Scores two gates (e.g. current vs candidate rules version) on the same cases. */
export function comparePreRisk(cases: readonly PreRiskCase[], gateA: PreRiskGate, gateB: PreRiskGate): PreRiskComparison {
  const a = evaluatePreRisk(cases, gateA);
  const b = evaluatePreRisk(cases, gateB);
  const ids = (xs: { id: string }[]) => new Set(xs.map((x) => x.id));
  const [missA, missB, faA, faB] = [ids(a.misses), ids(b.misses), ids(a.false_alarms), ids(b.false_alarms)];
  const families = new Set([...Object.keys(a.per_family), ...Object.keys(b.per_family)]);
  return {
    a,
    b,
    delta: {
      escalate_recall: b.escalate_recall - a.escalate_recall,
      false_escalation_rate: b.false_escalation_rate - a.false_escalation_rate,
    },
    per_family_delta: Object.fromEntries([...families].map((f) => [f, (b.per_family[f]?.recall ?? 0) - (a.per_family[f]?.recall ?? 0)])),
    newly_missed: [...missB].filter((id) => !missA.has(id)),
    newly_caught: [...missA].filter((id) => !missB.has(id)),
    new_false_alarms: [...faB].filter((id) => !faA.has(id)),
    fixed_false_alarms: [...faA].filter((id) => !faB.has(id)),
    promotion: checkPromotion(a, b),
  };
}

export interface BenchResult {
  messages: number;
  iterations: number;
  total_ms: number;
  mean_us: number;
  p95_us: number;
}

/** Latency of gate.evaluate over `texts` (after one warm-up pass). Not a timed test. */
export function benchPreRisk(texts: readonly string[], gate: PreRiskGate = defaultPreRiskGate(), iterations = 5): BenchResult {
  for (const t of texts) gate.evaluate(t);
  const samples: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) {
    for (const t of texts) {
      const s = performance.now();
      gate.evaluate(t);
      samples.push(performance.now() - s);
    }
  }
  const total = performance.now() - t0;
  samples.sort((x, y) => x - y);
  const count = Math.max(samples.length, 1);
  return {
    messages: texts.length,
    iterations,
    total_ms: total,
    mean_us: (samples.reduce((s, x) => s + x, 0) / count) * 1000,
    p95_us: (samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))] ?? 0) * 1000,
  };
}

function isCase(x: unknown): x is PreRiskCase {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return (
    typeof o['id'] === 'string' &&
    typeof o['text'] === 'string' &&
    (o['expected'] === 'ESCALATE' || o['expected'] === 'PASS') &&
    typeof o['category'] === 'string'
  );
}

/** Parses JSON Lines eval cases (the shared eval format); blank lines are ignored. */
export function parsePreRiskCases(jsonl: string): PreRiskCase[] {
  const out: PreRiskCase[] = [];
  jsonl.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (cause) {
      throw new InvalidEvalCasesError(`line ${i + 1}: not valid JSON`, { cause });
    }
    if (!isCase(parsed)) throw new InvalidEvalCasesError(`line ${i + 1}: missing id/text/expected/category`);
    out.push(parsed);
  });
  return out;
}
