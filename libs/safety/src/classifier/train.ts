// Training pipeline for the learned signal: out-of-fold calibration of the threshold
// against the rules (combined FER <= maxFer on the training cases), then a final fit.
import type { PreRiskCase } from '../prerisk/evaluate';
import type { PreRiskGate } from '../prerisk/gate';
import { rulesView, type RulesView } from './combine';
import { Classifier, DEFAULT_SEED, prng, trainModel, type ClassifierModel, type TrainOptions } from './logreg';

export interface CalibrationOptions extends TrainOptions {
  folds?: number;
  /** Target false-escalation rate of rules+classifier on out-of-fold training cases. */
  maxFer?: number;
  /**
   * Source group of each case (e.g. its batch). When given, calibration folds are the groups
   * (leave-one-group-out), so the threshold is set on text written by unseen authors.
   */
  groups?: readonly string[];
}

/** Smallest threshold (0.01 grid) whose combined out-of-fold FER stays <= maxFer. */
export function chooseThreshold(probs: readonly number[], views: readonly RulesView[], escalate: readonly boolean[], maxFer: number): number {
  const nPass = escalate.filter((e) => !e).length;
  for (let t100 = 5; t100 <= 99; t100++) {
    const t = t100 / 100;
    let fa = 0;
    probs.forEach((p, i) => {
      const v = views[i] as RulesView;
      if (!escalate[i] && (v.escalate || (!v.veto && p >= t))) fa++;
    });
    if (nPass === 0 || fa / nPass <= maxFer) return t;
  }
  return 1;
}

/** Trains on `cases` (rules analysed with `gate`) and sets the calibrated threshold. */
export function trainClassifier(cases: readonly PreRiskCase[], gate: PreRiskGate, opts: CalibrationOptions = {}): ClassifierModel {
  const seed = opts.seed ?? DEFAULT_SEED;
  const folds = opts.folds ?? 5;
  const data = cases.map((c) => ({ text: c.text, escalate: c.expected === 'ESCALATE' }));
  const views = cases.map((c) => rulesView(gate.analyze(c.text)));
  const rand = prng(seed ^ 0x5eed);
  let foldOf = data.map(() => Math.floor(rand() * folds));
  let nFolds = folds;
  if (opts.groups !== undefined) {
    const names = [...new Set(opts.groups)];
    foldOf = opts.groups.map((g) => names.indexOf(g));
    nFolds = names.length;
  }
  const oof = new Array<number>(data.length).fill(0);
  for (let f = 0; f < nFolds; f++) {
    const m = new Classifier(trainModel(data.filter((_, i) => foldOf[i] !== f), { ...opts, seed: seed + f + 1 }));
    data.forEach((d, i) => {
      if (foldOf[i] === f) oof[i] = m.probability(d.text);
    });
  }
  const threshold = chooseThreshold(oof, views, data.map((d) => d.escalate), opts.maxFer ?? 0.05);
  return { ...trainModel(data, { ...opts, seed }), threshold };
}
