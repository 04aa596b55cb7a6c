// Learned second signal for the pre-risk gate (see libs/safety/PROMOTION.md,
// "Learned second signal (leave-one-batch-out)"). Not wired into any shipped version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Classifier, type ClassifierModel } from './logreg';

export { featurize, FEATURE_BITS, FEATURE_DIM } from './features';
export { Classifier, MODEL_FORMAT, trainModel, DEFAULT_SEED } from './logreg';
export type { ClassifierModel, LabelledText, TrainOptions } from './logreg';
export { createCombinedGate, rulesView, LEARNED_CATEGORY } from './combine';
export type { RulesView } from './combine';
export { chooseThreshold, trainClassifier } from './train';
export type { CalibrationOptions } from './train';

export const MODEL_PATH = join(__dirname, 'model.json');

let shipped: Classifier | undefined;

/** The model trained on all labelled batches by training/train-classifier.js (loaded once). */
export function shippedClassifier(): Classifier {
  shipped ??= new Classifier(JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ClassifierModel);
  return shipped;
}
