// Loading the learned-signal model a rules version names (PreRiskRuleset.learned). Models live
// in libs/safety/data/, which the build copies next to the compiled sources, so the same
// relative path works from src/ (ts-node, jest) and from dist/.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Classifier, type ClassifierModel } from './logreg';

/** libs/safety/data (from src/classifier or dist/libs/safety/src/classifier). */
export const DATA_DIR = resolve(__dirname, '../../data');

const cache = new Map<string, Classifier>();

export function modelPath(file: string): string {
  return resolve(DATA_DIR, file);
}

/** The classifier in data/<file>, parsed once per process. */
export function loadModel(file: string): Classifier {
  let c = cache.get(file);
  if (c === undefined) {
    c = new Classifier(JSON.parse(readFileSync(modelPath(file), 'utf8')) as ClassifierModel);
    cache.set(file, c);
  }
  return c;
}
