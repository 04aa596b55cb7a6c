import { TASK_TYPES } from '@medagent/contracts';
import { endsWithQuestion, extractFeatures, featureText, forEachCjkRun, wordFeatures } from './features';

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
  // Row id of each feature string (a repeated feature keeps its last row, as Map.set would).
  const ids = new Map<string, number>();
  const logProb = new Float64Array(vocab * k);
  model.features.forEach((feature, i) => {
    const row = model.counts[i] ?? [];
    for (let j = 0; j < k; j += 1) logProb[i * k + j] = Math.log((row[j] ?? 0) + model.alpha) - (denom[j] ?? 0);
    ids.set(feature, i);
  });
  const trie = featureTrie(ids);
  // seen[id] === epoch: the feature was counted in this call (featureSet's de-duplication).
  let seen = new Float64Array(vocab);
  let epoch = 0;
  return {
    posterior(text: string): number[] {
      // Uniform prior: the label mix of the training file says nothing about real traffic.
      // Same arithmetic, in the same order, as summing log P over featureSet(text) (a Set in
      // first-occurrence order) then a softmax: the features are walked in featureSet's order
      // and each known one is added the first time it occurs. The CJK n-grams are looked up
      // code unit by code unit in a trie, so no n-gram string is built.
      epoch += 1;
      if (epoch === Number.MAX_SAFE_INTEGER) {
        seen = new Float64Array(vocab);
        epoch = 1;
      }
      const scores = new Float64Array(k);
      let known = 0;
      const add = (id: number): void => {
        if (id < 0 || seen[id] === epoch) return;
        seen[id] = epoch;
        known += 1;
        const at = id * k;
        for (let j = 0; j < k; j += 1) scores[j] = (scores[j] ?? 0) + (logProb[at + j] ?? 0);
      };
      const norm = featureText(text);
      forEachCjkRun(norm, (from, to) => {
        // The run framed by "^" and "$": position p of the frame is code(p).
        const last = to - from + 1;
        const code = (p: number): number => (p === 0 ? CARET : p === last ? DOLLAR : norm.charCodeAt(from + p - 1));
        for (let p = 0; p < last; p += 1) {
          const one = trie.get(code(p));
          if (p !== 0) add(one?.id ?? -1);
          const two = one?.next?.get(code(p + 1));
          add(two?.id ?? -1);
          if (p + 2 <= last) add(two?.next?.get(code(p + 2))?.id ?? -1);
        }
      });
      for (const word of wordFeatures(norm)) add(ids.get(word) ?? -1);
      if (endsWithQuestion(text)) add(ids.get('?') ?? -1);
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

const CARET = 0x5e; // "^"
const DOLLAR = 0x24; // "$"

interface TrieNode {
  /** Row of the feature spelled by the path to this node, or -1 when that string is no feature. */
  id: number;
  next: Map<number, TrieNode> | undefined;
}

/** Every feature of at most three code units (the CJK n-grams among them), by code unit. */
function featureTrie(ids: ReadonlyMap<string, number>): Map<number, TrieNode> {
  const root = new Map<number, TrieNode>();
  for (const [feature, id] of ids) {
    if (feature.length === 0 || feature.length > 3) continue;
    let level = root;
    let node: TrieNode | undefined;
    for (let i = 0; i < feature.length; i += 1) {
      const unit = feature.charCodeAt(i);
      node = level.get(unit);
      if (!node) {
        node = { id: -1, next: undefined };
        level.set(unit, node);
      }
      if (i + 1 < feature.length) {
        node.next ??= new Map();
        level = node.next;
      }
    }
    if (node) node.id = id;
  }
  return root;
}
