// Learned second signal for the pre-risk gate (libs/safety/PROMOTION.md): a frozen logistic
// model (data/learned-signal.model.json) combined with the rules.

export { featurize, FEATURE_BITS, FEATURE_DIM } from './features';
export { Classifier, MODEL_FORMAT, trainModel, DEFAULT_SEED } from './logreg';
export type { ClassifierModel, LabelledText, TrainOptions } from './logreg';
export { createCombinedGate, learnedEscalates, rulesView, LEARNED_CATEGORY, LEARNED_VETO_CATEGORY, NEVER_VETOED } from './combine';
export type { CombineOptions, RulesView } from './combine';
export { evidenceFeatures, evidencePlan, hasAffirmedRedFlag } from './evidence';
export type { EvidencePlan } from './evidence';
export { DATA_DIR, loadModel, modelPath } from './models';
