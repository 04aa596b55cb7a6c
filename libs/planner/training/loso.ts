import { evaluateRouter, type RouterCase } from '../src/evaluate';
import { trainNaiveBayes, type TrainingExample } from '../src/naive-bayes';
import { createPlanner } from '../src/planner';
import {
  BLIND_SET_PATHS,
  DEV_SET_PATH,
  EXTRA_SET_PATH,
  OWN_SET_PATHS,
  loadCases,
} from '../src/testing/cases';
import { deriveExamples } from './derive';
import { TRAINING_CONFIG, loadExamples } from './train';

// Leave-one-source-out check for the trainable part of the router (the naive-Bayes
// model): for each case source, the committed recipe (hand-written examples.jsonl only)
// against the same recipe plus clause labels derived from every OTHER source. The cue
// rules are fixed across folds: they were tuned by hand on all of these sources, so this
// measures the model, not the rules (see README: the untuned figures measure the rules).
// Run: node libs/planner/training/run-loso.js

export interface FoldRow {
  source: string;
  n: number;
  committed: { plan: number; complexity: number };
  retrained: { plan: number; complexity: number };
  derived: number;
}

export function caseSources(): Record<string, RouterCase[]> {
  const named: [string, string][] = [
    ['dev', DEV_SET_PATH],
    ['blind2', BLIND_SET_PATHS[0]],
    ['blind3', BLIND_SET_PATHS[1]],
    ['blind4', BLIND_SET_PATHS[2]],
    ['extra', EXTRA_SET_PATH],
    ...OWN_SET_PATHS.map((p, i): [string, string] => [`own-${String.fromCharCode(97 + i)}`, p]),
  ];
  const out: Record<string, RouterCase[]> = {};
  for (const [name, path] of named) {
    const cases = loadCases(path);
    if (cases) out[name] = cases;
  }
  return out;
}

export function leaveOneSourceOut(
  sources: Record<string, RouterCase[]> = caseSources(),
  base: readonly TrainingExample[] = loadExamples(),
): FoldRow[] {
  const train = (examples: readonly TrainingExample[]) =>
    trainNaiveBayes(examples, TRAINING_CONFIG.alpha, TRAINING_CONFIG.minCount);
  const committed = createPlanner(train(base));
  return Object.entries(sources).map(([source, cases]) => {
    const derived = Object.entries(sources)
      .filter(([other]) => other !== source)
      .flatMap(([, other]) => deriveExamples(other));
    const retrained = createPlanner(train([...base, ...derived]));
    const a = evaluateRouter(cases, (text, opts) => committed(text, opts));
    const b = evaluateRouter(cases, (text, opts) => retrained(text, opts));
    return {
      source,
      n: cases.length,
      committed: { plan: a.plan_accuracy, complexity: a.complexity_accuracy },
      retrained: { plan: b.plan_accuracy, complexity: b.complexity_accuracy },
      derived: derived.length,
    };
  });
}

export function main(): void {
  const rows = leaveOneSourceOut();
  const f = (x: number) => x.toFixed(3);
  process.stdout.write(
    '| held-out source | n | committed model plan / cx | + derived from other sources plan / cx | derived clauses |\n|---|---|---|---|---|\n',
  );
  for (const r of rows) {
    process.stdout.write(
      `| ${r.source} | ${r.n} | ${f(r.committed.plan)} / ${f(r.committed.complexity)} | ${f(r.retrained.plan)} / ${f(r.retrained.complexity)} | ${r.derived} |\n`,
    );
  }
}
