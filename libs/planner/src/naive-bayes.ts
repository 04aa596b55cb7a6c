import { TASK_TYPES } from '@medagent/contracts';
import { extractFeatures, featureSet } from './features';

// Binarised multinomial naive Bayes. The model file stores integer counts only
// (no floats), so "committed model equals a fresh training run" is an exact,
// platform-independent comparison; log-probabilities are derived at load time.

// The model's classes: the seven task types (same order as the contract) plus background
// clauses. The order is stored in the model file and checked when it loads.
export const MODEL_LABELS = [...TASK_TYPES, 'context'] as const;

export type ModelLabel = (typeof MODEL_LABELS)[number];

export interface NbModelFile {
  format: 'medagent-router-nb';
  version: number;
  alpha: number;
  minCount: number;
  labels: string[];
  docCounts: number[];
  features: string[];
  counts: number[][];
}

export interface TrainingExample {
  text: string;
  label: ModelLabel;
}

export interface NbScorer {
  /** Posterior over MODEL_LABELS (same order), summing to 1. */
  posterior(text: string): number[];
}

export function isModelLabel(value: unknown): value is ModelLabel {
  return typeof value === 'string' && (MODEL_LABELS as readonly string[]).includes(value);
}

export function trainNaiveBayes(
  examples: readonly TrainingExample[],
  alpha: number,
  minCount: number,
): NbModelFile {
  const docCounts = MODEL_LABELS.map(() => 0);
  const table = new Map<string, number[]>();
  for (const example of examples) {
    const label = MODEL_LABELS.indexOf(example.label);
    docCounts[label] = (docCounts[label] ?? 0) + 1;
    for (const feature of extractFeatures(example.text)) {
      let row = table.get(feature);
      if (!row) {
        row = MODEL_LABELS.map(() => 0);
        table.set(feature, row);
      }
      row[label] = (row[label] ?? 0) + 1;
    }
  }
  // Sorted by code point so insertion order of the examples cannot change the file.
  const kept = Array.from(table.entries())
    .filter(([, row]) => row.reduce((a, b) => a + b, 0) >= minCount)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    format: 'medagent-router-nb',
    version: 1,
    alpha,
    minCount,
    labels: [...MODEL_LABELS],
    docCounts,
    features: kept.map(([feature]) => feature),
    counts: kept.map(([, row]) => row),
  };
}

/** Checks a parsed model file's shape so a corrupt or stale file fails loudly at load. */
export function checkModelFile(raw: unknown): NbModelFile {
  const fail = (why: string): never => {
    throw new Error(`router model file is invalid: ${why}`);
  };
  if (typeof raw !== 'object' || raw === null) return fail('not an object');
  const m = raw as Partial<Record<keyof NbModelFile, unknown>>;
  if (m.format !== 'medagent-router-nb') fail('format');
  if (typeof m.alpha !== 'number' || typeof m.minCount !== 'number' || typeof m.version !== 'number')
    fail('header');
  const labels = m.labels;
  if (!Array.isArray(labels) || labels.join() !== MODEL_LABELS.join())
    fail('labels differ from MODEL_LABELS');
  const features = m.features;
  const counts = m.counts;
  const docCounts = m.docCounts;
  if (!Array.isArray(features) || !Array.isArray(counts) || features.length !== counts.length)
    fail('features');
  if (!Array.isArray(docCounts) || docCounts.length !== MODEL_LABELS.length) fail('docCounts');
  return raw as NbModelFile;
}

/**
 * temperature > 1 flattens the posterior: binarised NB on short clauses is badly
 * over-confident, and the planner compares these numbers with fixed thresholds.
 */
export function createScorer(model: NbModelFile, temperature = 1): NbScorer {
  const k = MODEL_LABELS.length;
  const vocab = model.features.length;
  // Per-label total feature mass, then log P(feature | label) with additive smoothing.
  const totals = MODEL_LABELS.map((_, j) => model.counts.reduce((sum, row) => sum + (row[j] ?? 0), 0));
  const denom = totals.map((t) => Math.log(t + model.alpha * (vocab + 1)));
  const logProb = new Map<string, Float64Array>();
  model.features.forEach((feature, i) => {
    const row = model.counts[i] ?? [];
    const lp = new Float64Array(k);
    for (let j = 0; j < k; j += 1) lp[j] = Math.log((row[j] ?? 0) + model.alpha) - (denom[j] ?? 0);
    logProb.set(feature, lp);
  });
  return {
    posterior(text: string): number[] {
      // Uniform prior: the label mix of the training file says nothing about real traffic.
      // Same arithmetic, in the same order, as summing over extractFeatures(text) then a softmax.
      const scores = new Float64Array(k);
      let known = 0;
      for (const feature of featureSet(text)) {
        const lp = logProb.get(feature);
        if (!lp) continue;
        known += 1;
        for (let j = 0; j < k; j += 1) scores[j] = (scores[j] ?? 0) + (lp[j] ?? 0);
      }
      if (known === 0) return MODEL_LABELS.map(() => 1 / k);
      let max = -Infinity;
      for (let j = 0; j < k; j += 1) max = Math.max(max, scores[j] ?? 0);
      const exp = new Array<number>(k);
      let sum = 0;
      for (let j = 0; j < k; j += 1) {
        const e = Math.exp(((scores[j] ?? 0) - max) / temperature);
        exp[j] = e;
        sum += e;
      }
      for (let j = 0; j < k; j += 1) exp[j] = (exp[j] ?? 0) / sum;
      return exp;
    },
  };
}
