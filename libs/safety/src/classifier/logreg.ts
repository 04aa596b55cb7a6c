// Logistic regression over hashed features (features.ts): deterministic training
// (seeded SGD, class-balanced, L2), int8 quantisation with pruning, and inference.
import { FEATURE_BITS, FEATURE_DIM, featurize } from './features';

/** Rule-evidence feature modes (evidence.ts); kept here so the model file type needs no import cycle. */
export type EvidenceModeName = 'full' | 'suppressed' | 'suppressed_sh';

export const MODEL_FORMAT = 'medagent-prerisk-lr/1';

/** Serialised model (model.json). Weights are int8 steps of `scale` at sparse indices. */
export interface ClassifierModel {
  format: typeof MODEL_FORMAT;
  bits: number;
  /** Probability at or above which the classifier votes ESCALATE. */
  threshold: number;
  /** Probability below which a single weak rule hit is vetoed (absent: no veto). */
  veto_below?: number;
  /** Feature-count floor of the input scaling (TrainOptions.normFloor); absent: 0. */
  norm_floor?: number;
  /**
   * prerisk-2026.12.2: the model also reads the rules' evidence (evidence.ts, this mode) — the
   * caller passes those feature indices to `probability`. Absent: n-grams only.
   */
  evidence?: EvidenceModeName;
  /**
   * prerisk-2026.12.2 two-threshold combination: a classifier-only escalation needs p >= threshold,
   * or p >= threshold_low with at least one affirmed red-flag concept. Absent: one threshold.
   */
  threshold_low?: number;
  /** prerisk-2026.12.2: English character 4-gram features (features.ts `enChar`). Absent: none. */
  en_char?: boolean;
  bias: number;
  scale: number;
  /** Feature indices, delta-encoded ascending. */
  idx: number[];
  /** Quantised weights aligned with idx. */
  q: number[];
  /** Provenance: number of training cases and the seed. */
  trained_on: number;
  seed: number;
}

export interface LabelledText {
  text: string;
  escalate: boolean;
  /** Extra feature indices (rule evidence, evidence.ts) added to the text's n-grams. */
  extra?: readonly number[];
}

/** The n-gram features of `text` united with `extra` (sorted, de-duplicated). */
export function withExtra(f: Int32Array, extra: readonly number[] | undefined): Int32Array {
  if (extra === undefined || extra.length === 0) return f;
  return Int32Array.from(new Set([...f, ...extra])).sort();
}

export interface TrainOptions {
  seed?: number;
  epochs?: number;
  l2?: number;
  lr?: number;
  /**
   * Fixed intercept (prerisk-2026.12.1): not learned, so a message with no evidence either way
   * scores sigmoid(fixedBias) instead of a prior learned from the class mix. Absent: learned.
   */
  fixedBias?: number;
  /**
   * Feature-count floor of the 1/sqrt(n) input scaling (prerisk-2026.12.1): a short message's
   * few features are not amplified into a confident vote. Stored in the model. Absent: none.
   */
  normFloor?: number;
  /** prerisk-2026.12.2: English character 4-grams as extra features. */
  enChar?: boolean;
  /** Evidence mode recorded in the model when examples carry `extra` features (default 'full'). */
  evidenceMode?: EvidenceModeName;
  /** Weight of PASS examples relative to the class-balanced weight (default 1). */
  negWeight?: number;
}

export const DEFAULT_SEED = 20261130;

/** mulberry32: small seeded PRNG so shuffles are reproducible across runs and machines. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Trains and quantises; threshold defaults to 0.5 (set by the caller after calibration). */
export function trainModel(data: readonly LabelledText[], opts: TrainOptions = {}): ClassifierModel {
  const seed = opts.seed ?? DEFAULT_SEED;
  const epochs = opts.epochs ?? 30;
  const l2 = opts.l2 ?? 1e-4;
  const lr0 = opts.lr ?? 0.5;
  const enChar = opts.enChar === true;
  const feats = data.map((d) => withExtra(featurize(d.text, enChar), d.extra));
  const evidence = data.some((d) => d.extra !== undefined);
  const floor = opts.normFloor ?? 0;
  const pos = data.filter((d) => d.escalate).length;
  const neg = data.length - pos;
  const wPos = pos === 0 ? 1 : data.length / (2 * pos);
  const wNeg = (neg === 0 ? 1 : data.length / (2 * neg)) * (opts.negWeight ?? 1);
  const w = new Float64Array(FEATURE_DIM);
  const learnBias = opts.fixedBias === undefined;
  let bias = opts.fixedBias ?? 0;
  const order = data.map((_, i) => i);
  const rand = prng(seed);
  let step = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    for (const i of order) {
      const f = feats[i] as Int32Array;
      const x = inputScale(f.length, floor);
      let z = bias;
      for (const k of f) z += (w[k] as number) * x;
      const y = (data[i] as LabelledText).escalate ? 1 : 0;
      const g = (sigmoid(z) - y) * (y === 1 ? wPos : wNeg);
      const lr = lr0 / (1 + 0.01 * step++);
      for (const k of f) w[k] = (w[k] as number) * (1 - lr * l2) - lr * g * x;
      if (learnBias) bias -= lr * g;
    }
  }
  const model = quantise(w, bias, data.length, seed);
  return { ...model, ...(floor > 0 ? { norm_floor: floor } : {}), ...(evidence ? { evidence: opts.evidenceMode ?? 'full' } : {}), ...(enChar ? { en_char: true } : {}) };
}

/** Input value of each present feature: 1/sqrt(max(n, floor)) (0 for an empty message). */
const inputScale = (n: number, floor: number): number => (n === 0 ? 0 : 1 / Math.sqrt(Math.max(n, floor)));

function quantise(w: Float64Array, bias: number, n: number, seed: number): ClassifierModel {
  let max = 0;
  for (const v of w) max = Math.max(max, Math.abs(v));
  const scale = max === 0 ? 1 : max / 127;
  const idx: number[] = [];
  const q: number[] = [];
  let last = 0;
  for (let k = 0; k < w.length; k++) {
    const v = Math.round((w[k] as number) / scale);
    if (v === 0) continue;
    idx.push(k - last);
    last = k;
    q.push(v);
  }
  const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return { format: MODEL_FORMAT, bits: FEATURE_BITS, threshold: 0.5, bias: r6(bias), scale: Number(scale.toPrecision(8)), idx, q, trained_on: n, seed };
}

/** Inference: probability that a message needs escalation. Compiles the weights once. */
export class Classifier {
  private readonly w: Float32Array;
  readonly threshold: number;
  readonly vetoBelow: number | undefined;
  /** Two-threshold combination (prerisk-2026.12.2); undefined = one threshold. */
  readonly thresholdLow: number | undefined;
  /** The model reads rule-evidence features of this mode (pass them to `probability`). */
  readonly evidenceMode: EvidenceModeName | undefined;
  private readonly normFloor: number;

  constructor(readonly model: ClassifierModel) {
    if (model.format !== MODEL_FORMAT || model.bits !== FEATURE_BITS || model.idx.length !== model.q.length) {
      throw new Error(`unsupported pre-risk classifier model (${String(model.format)}/${model.bits})`);
    }
    this.w = new Float32Array(FEATURE_DIM);
    let k = 0;
    model.idx.forEach((d, i) => {
      k += d;
      this.w[k] = (model.q[i] as number) * model.scale;
    });
    this.threshold = model.threshold;
    this.vetoBelow = model.veto_below;
    this.thresholdLow = model.threshold_low;
    this.evidenceMode = model.evidence;
    this.normFloor = model.norm_floor ?? 0;
  }

  /** `extra`: rule-evidence feature indices (used only by models trained with them). */
  probability(text: string, extra?: readonly number[]): number {
    const t = featurize(text, this.model.en_char === true);
    const f = this.evidenceMode !== undefined ? withExtra(t, extra) : t;
    const x = inputScale(f.length, this.normFloor);
    let z = this.model.bias;
    for (const k of f) z += (this.w[k] as number) * x;
    return sigmoid(z);
  }
}
