// Learned second signal for the pre-risk gate (see libs/safety/PROMOTION.md,
// "Learned second signal (leave-one-batch-out)"). model.json is the 2026.11 experiment (not
// wired into any version); prerisk-2026.12.0 loads its own model from libs/safety/data/.
import { join } from 'node:path';

export { featurize, FEATURE_BITS, FEATURE_DIM } from './features';
export { Classifier, MODEL_FORMAT, trainModel, DEFAULT_SEED } from './logreg';
export type { ClassifierModel, LabelledText, TrainOptions } from './logreg';
export { createCombinedGate, learnedEscalates, rulesView, LEARNED_CATEGORY, LEARNED_VETO_CATEGORY, NEVER_VETOED } from './combine';
export type { CombineOptions, RulesView } from './combine';
export { BENIGN_GROUP_PREFIX, CALIBRATION_2026_12_0, CALIBRATION_2026_12_1, CALIBRATION_2026_12_2, chooseThreshold, chooseThresholds2, chooseVeto, trainClassifier } from './train';
export { evidenceFeatures, evidencePlan, hasAffirmedRedFlag } from './evidence';
export type { EvidencePlan } from './evidence';
export { DATA_DIR, loadModel, modelPath } from './models';
export type { CalibrationOptions, GroupFer } from './train';

export const MODEL_PATH = join(__dirname, 'model.json');
