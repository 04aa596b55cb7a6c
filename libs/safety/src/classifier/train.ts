// Training pipeline for the learned signal: out-of-fold calibration of the threshold
// against the rules (combined FER <= maxFer on the training cases), then a final fit.
import type { PreRiskCase } from '../prerisk/evaluate';
import type { PreRiskAnalysis, PreRiskGate } from '../prerisk/gate';
import { rulesView, type RulesView } from './combine';
import { evidenceFeatures, hasAffirmedRedFlag, type EvidencePlan } from './evidence';
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
  /** Fiction / animal subjects also veto classifier-only escalations (combine.ts wideVeto). */
  wideVeto?: boolean;
  /**
   * Calibrate `veto_below`: the largest 0.01 step that is at least `vetoMargin` below the lowest
   * out-of-fold probability of any ESCALATE training case the rules catch on a single weak hit
   * (so the veto would have cost no recall out of fold). Absent: no veto.
   */
  vetoMargin?: number;
  /** How the FER target is read across calibration groups (default pooled, as in 2026.11). */
  groupFer?: GroupFer;
  /**
   * prerisk-2026.12.1: calibration groups whose name starts with "benign:" are ordinary traffic
   * (all PASS). They are left out of the FER target above and must each keep the out-of-fold
   * share of classifier-only escalations <= benignMaxFer. Absent: benign groups are ordinary.
   */
  benignMaxFer?: number;
  /** prerisk-2026.12.2: resolved-episode wording also vetoes classifier-only escalations. */
  reassurance2?: boolean;
  /** prerisk-2026.12.3: REASSURANCE_3 (corrected / eased episodes) in the calibration's rules view. */
  reassurance3?: boolean;
  /**
   * prerisk-2026.12.2: rule evidence of the calibrating gate's ruleset (evidence.ts) as extra
   * features. Not serialised; the version's ruleset supplies it at load time.
   */
  evidence?: EvidencePlan;
  /** With `evidence`: also feed the evidence to the model as features (default true). */
  evidenceFeatures?: boolean;
  /**
   * prerisk-2026.12.2: calibrate a second, lower threshold that applies only with an affirmed
   * red-flag concept; the pair maximises out-of-fold recall under the same FER / benign bounds.
   */
  twoThreshold?: boolean;
}

/** Prefix of benign-traffic calibration groups (corpus.ts trainingCases12_1). */
export const BENIGN_GROUP_PREFIX = 'benign:';

export type GroupFer = 'pooled' | 'mean' | 'max';

/**
 * Calibration of the prerisk-2026.12.0 learned signal: veto of weak single rule hits at the
 * lowest out-of-fold weak true hit (margin 0), wide suppression veto, FER target 0.05 read as
 * the mean over source groups (each group a different author's batch).
 */
export const CALIBRATION_2026_12_0: CalibrationOptions = { wideVeto: true, vetoMargin: 0, maxFer: 0.05, groupFer: 'mean' };

/**
 * Calibration of the prerisk-2026.12.1 learned signal: the 12.0 combination with a veto margin of
 * 0.05 (margin 0 vetoed the held-out stroke case bl6-127 leave-one-batch-out), benign traffic
 * (each benign source's out-of-fold classifier-only escalations <= 1 %), a fixed intercept of -2
 * (no evidence = p 0.12, not a learned prior), input scaling floored at 40 features (short
 * messages are not amplified), and a sharper fit (lr 3, 60 epochs) so red-flag n-grams can
 * overcome the intercept.
 */
export const CALIBRATION_2026_12_1: CalibrationOptions = { ...CALIBRATION_2026_12_0, vetoMargin: 0.05, benignMaxFer: 0.01, fixedBias: -2, normFloor: 40, lr: 3, epochs: 60 };

/**
 * Calibration of the prerisk-2026.12.2 learned signal: the 12.1 settings plus rule-evidence features
 * (the caller passes `evidence: evidencePlan(ruleset.rules)`), the resolved-episode veto, and two
 * thresholds (the lower one only with an affirmed red-flag concept), chosen together out of fold.
 */
export const CALIBRATION_2026_12_2: CalibrationOptions = { ...CALIBRATION_2026_12_1, vetoMargin: 0.1, reassurance2: true, twoThreshold: true, enChar: true };
/** prerisk-2026.12.3: the 12.2 recipe plus the corrected / eased-episode veto (REASSURANCE_3). */
export const CALIBRATION_2026_12_3: CalibrationOptions = { ...CALIBRATION_2026_12_2, reassurance3: true };

/** Largest 0.01 step at least `margin` below the lowest out-of-fold p of a weak true rule hit. */
export function chooseVeto(probs: readonly number[], views: readonly RulesView[], escalate: readonly boolean[], margin: number): number {
  let min = 1;
  probs.forEach((p, i) => {
    if (escalate[i] && views[i]?.escalate === true && views[i]?.weak === true) min = Math.min(min, p);
  });
  return Math.max(0, Math.floor((min - margin) * 100) / 100);
}

/**
 * How out-of-fold false escalations are counted during calibration: PASS cases by source group
 * (one pooled group unless `groupFer` says otherwise), benign-traffic groups apart, with their sizes.
 */
function calibrationGroups(escalate: readonly boolean[], groups: readonly string[] | undefined, groupFer: GroupFer, benignMaxFer: number | undefined) {
  const benign = (i: number) => benignMaxFer !== undefined && groups !== undefined && (groups[i] as string).startsWith(BENIGN_GROUP_PREFIX);
  const benignNames = benignMaxFer === undefined || groups === undefined ? [] : [...new Set(groups.filter((_, i) => benign(i)))];
  const keys = groups === undefined || groupFer === 'pooled' ? escalate.map(() => '') : groups;
  const names = [...new Set(keys.filter((_, i) => !benign(i)))];
  const nPass = names.map((g) => escalate.filter((e, i) => !e && !benign(i) && keys[i] === g).length);
  const nBenign = benignNames.map((b) => (groups as readonly string[]).filter((g) => g === b).length);
  return { benign, benignNames, keys, names, nPass, nBenign };
}

/**
 * Smallest threshold (0.01 grid) whose combined out-of-fold FER stays <= maxFer. With `groups`
 * and `groupFer` 'mean' / 'max', the FER is computed per source group and averaged / maxed, so a
 * large group of easy negatives cannot buy the classifier a lower threshold.
 */
export function chooseThreshold(
  probs: readonly number[],
  views: readonly RulesView[],
  escalate: readonly boolean[],
  maxFer: number,
  vetoBelow?: number,
  groups?: readonly string[],
  groupFer: GroupFer = 'pooled',
  benignMaxFer?: number,
): number {
  const { benign, benignNames, keys, names, nPass, nBenign } = calibrationGroups(escalate, groups, groupFer, benignMaxFer);
  for (let t100 = 5; t100 <= 99; t100++) {
    const t = t100 / 100;
    const fa = names.map(() => 0);
    const bFa = benignNames.map(() => 0);
    probs.forEach((p, i) => {
      const v = views[i] as RulesView;
      const vetoed = v.escalate && v.weak === true && vetoBelow !== undefined && p < vetoBelow;
      if (!escalate[i] && ((v.escalate && !vetoed) || (!v.escalate && !v.veto && p >= t))) {
        if (benign(i)) {
          // Only the classifier's own escalations count against the benign bound (the rules'
          // share on benign traffic is the rules' business; the veto can only lower it).
          if (!v.escalate) {
            const b = benignNames.indexOf(groups?.[i] as string);
            bFa[b] = (bFa[b] ?? 0) + 1;
          }
          return;
        }
        const g = names.indexOf(keys[i] as string);
        fa[g] = (fa[g] ?? 0) + 1;
      }
    });
    const fers = names.map((_, g) => ((nPass[g] as number) === 0 ? 0 : (fa[g] as number) / (nPass[g] as number)));
    const fer = groupFer === 'max' ? Math.max(...fers) : fers.reduce((a, b) => a + b, 0) / Math.max(fers.length, 1);
    const benignOk = benignNames.every((_, k) => (bFa[k] as number) <= (benignMaxFer as number) * (nBenign[k] as number));
    if (fer <= maxFer && benignOk) return t;
  }
  return 1;
}

/**
 * prerisk-2026.12.2: the (threshold, threshold_low) pair on the 0.01 grid, threshold_low <= threshold,
 * that catches the most out-of-fold ESCALATE cases while the combined FER (read as in
 * chooseThreshold) stays <= maxFer and each benign source's classifier-only escalations stay <=
 * benignMaxFer. threshold_low applies only to messages with an affirmed red-flag concept. Ties go
 * to the lower FER, then the higher thresholds.
 */
export function chooseThresholds2(
  probs: readonly number[],
  views: readonly RulesView[],
  escalate: readonly boolean[],
  redFlag: readonly boolean[],
  maxFer: number,
  vetoBelow?: number,
  groups?: readonly string[],
  groupFer: GroupFer = 'pooled',
  benignMaxFer?: number,
): { threshold: number; thresholdLow: number } {
  const { benign, benignNames, keys, names, nPass, nBenign } = calibrationGroups(escalate, groups, groupFer, benignMaxFer);
  const gIdx = probs.map((_, i) => (benign(i) ? benignNames.indexOf(groups?.[i] as string) : names.indexOf(keys[i] as string)));
  const isBenign = probs.map((_, i) => benign(i));
  let best = { threshold: 1, thresholdLow: 1, caught: -1, fer: 2 };
  for (let hi = 5; hi <= 100; hi++) {
    for (let lo = 5; lo <= hi; lo++) {
      const t = hi / 100;
      const tl = lo / 100;
      const fa = names.map(() => 0);
      const bFa = benignNames.map(() => 0);
      let caught = 0;
      for (let i = 0; i < probs.length; i++) {
        const p = probs[i] as number;
        const v = views[i] as RulesView;
        const vetoed = v.escalate && v.weak === true && vetoBelow !== undefined && p < vetoBelow;
        const learned = !v.escalate && !v.veto && (p >= t || (redFlag[i] === true && p >= tl));
        const esc = (v.escalate && !vetoed) || learned;
        if (!esc) continue;
        if (escalate[i]) {
          if (!isBenign[i]) caught++;
        } else if (isBenign[i]) {
          if (learned) bFa[gIdx[i] as number] = (bFa[gIdx[i] as number] as number) + 1;
        } else fa[gIdx[i] as number] = (fa[gIdx[i] as number] as number) + 1;
      }
      const fers = names.map((_, g) => ((nPass[g] as number) === 0 ? 0 : (fa[g] as number) / (nPass[g] as number)));
      const fer = groupFer === 'max' ? Math.max(...fers) : fers.reduce((a, b) => a + b, 0) / Math.max(fers.length, 1);
      const benignOk = benignNames.every((_, k) => (bFa[k] as number) <= (benignMaxFer as number) * (nBenign[k] as number));
      if (fer > maxFer || !benignOk) continue;
      if (caught > best.caught || (caught === best.caught && fer <= best.fer)) best = { threshold: t, thresholdLow: tl, caught, fer };
    }
  }
  return { threshold: best.threshold, thresholdLow: best.thresholdLow };
}

/** Trains on `cases` (rules analysed with `gate`) and sets the calibrated threshold. */
export function trainClassifier(cases: readonly PreRiskCase[], gate: PreRiskGate, opts: CalibrationOptions = {}): ClassifierModel {
  const seed = opts.seed ?? DEFAULT_SEED;
  const folds = opts.folds ?? 5;
  const { evidence: plan, evidenceFeatures: feedOpt, ...trainOpts } = opts;
  const feed = plan !== undefined && feedOpt !== false;
  if (feed) trainOpts.evidenceMode = plan.mode;
  const analyses = cases.map((c) => gate.analyze(c.text));
  const data = cases.map((c, i) => ({
    text: c.text,
    escalate: c.expected === 'ESCALATE',
    ...(feed ? { extra: evidenceFeatures(analyses[i] as PreRiskAnalysis, plan) } : {}),
  }));
  const views = cases.map((c, i) => rulesView(analyses[i] as PreRiskAnalysis, opts.wideVeto === true, c.text, opts.reassurance2 === true, opts.reassurance3 === true));
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
    const m = new Classifier(trainModel(data.filter((_, i) => foldOf[i] !== f), { ...trainOpts, seed: seed + f + 1 }));
    data.forEach((d, i) => {
      if (foldOf[i] === f) oof[i] = m.probability(d.text, d.extra);
    });
  }
  const labels = data.map((d) => d.escalate);
  const veto = opts.vetoMargin === undefined ? undefined : chooseVeto(oof, views, labels, opts.vetoMargin);
  const final = trainModel(data, { ...trainOpts, seed });
  if (opts.twoThreshold === true) {
    const red = analyses.map((a) => plan !== undefined && hasAffirmedRedFlag(a, plan));
    const { threshold, thresholdLow } = chooseThresholds2(oof, views, labels, red, opts.maxFer ?? 0.05, veto, opts.groups, opts.groupFer, opts.benignMaxFer);
    return { ...final, threshold, threshold_low: thresholdLow, ...(veto === undefined ? {} : { veto_below: veto }) };
  }
  const threshold = chooseThreshold(oof, views, labels, opts.maxFer ?? 0.05, veto, opts.groups, opts.groupFer, opts.benignMaxFer);
  return { ...final, threshold, ...(veto === undefined ? {} : { veto_below: veto }) };
}
