import { readFileSync } from 'node:fs';
import { analyzeSymptoms } from '@medagent/knowledge';
import { planFromMessage } from '@medagent/planner';
import { CURRENT_RULES_VERSION, UnknownRulesVersionError, benchPreRisk, createPreRiskGate } from '@medagent/safety';

/**
 * Per-message latency of the deterministic components on the hot path (the pre-risk gate
 * per rules version, the planner, the symptom analyser), as a benchmark rather than timed
 * tests: the machine is shared, so budgets are read here, side by side in one run.
 */
export interface LatencyRow {
  component: string;
  messages: number;
  iterations: number;
  mean_us: number;
  p95_us: number;
  budget_us: number;
  within_budget: boolean;
}

export interface LatencyBenchOptions {
  /** Text files (JSON Lines with a `text` field); default: the caller supplies texts. */
  texts: readonly string[];
  /** Rules versions to time: only the current one ships (earlier ones are decision snapshots). */
  versions?: readonly string[];
  iterations?: number;
}

/** Budgets: the pre-risk gate < 1 ms (issue contract), planner < 2 ms, analyser < 3 ms. */
export const LATENCY_BUDGET_US = { prerisk: 1000, planner: 2000, symptoms: 3000 } as const;

function time(texts: readonly string[], iterations: number, fn: (t: string) => unknown): { mean_us: number; p95_us: number } {
  for (const t of texts) fn(t);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++)
    for (const t of texts) {
      const s = performance.now();
      fn(t);
      samples.push((performance.now() - s) * 1000);
    }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return { mean_us: Math.round(mean), p95_us: Math.round(samples[Math.floor(samples.length * 0.95)] ?? 0) };
}

function row(component: string, n: number, iterations: number, r: { mean_us: number; p95_us: number }, budget: number): LatencyRow {
  return { component, messages: n, iterations, ...r, budget_us: budget, within_budget: r.mean_us < budget };
}

export function benchLatency(opts: LatencyBenchOptions): LatencyRow[] {
  const iterations = opts.iterations ?? 5;
  const texts = opts.texts;
  const rows: LatencyRow[] = [];
  for (const version of opts.versions ?? [CURRENT_RULES_VERSION]) {
    if (version !== CURRENT_RULES_VERSION) throw new UnknownRulesVersionError(version);
    const b = benchPreRisk(texts, createPreRiskGate(), iterations);
    rows.push(row(`prerisk:${version}`, texts.length, iterations, { mean_us: Math.round(b.mean_us), p95_us: Math.round(b.p95_us) }, LATENCY_BUDGET_US.prerisk));
  }
  rows.push(row('planner', texts.length, iterations, time(texts, iterations, (t) => planFromMessage(t)), LATENCY_BUDGET_US.planner));
  rows.push(row('symptom_analyzer', texts.length, iterations, time(texts, iterations, (t) => analyzeSymptoms(t)), LATENCY_BUDGET_US.symptoms));
  return rows;
}

/** Texts of one or more JSON Lines case files (any file with a `text` per line). */
export function loadTexts(files: readonly string[]): string[] {
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { text: string }).text),
  );
}
