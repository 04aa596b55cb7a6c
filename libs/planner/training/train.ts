import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isModelLabel, trainNaiveBayes, type NbModelFile, type TrainingExample } from '../src/naive-bayes';

// Reproducible training for the router's naive-Bayes model. Run with
// `node libs/planner/training/run-train.js`; train.spec.ts fails when the
// committed model differs from what this produces from examples.jsonl.

export const TRAINING_CONFIG = { alpha: 0.3, minCount: 2 } as const;
export const EXAMPLES_PATH = join(__dirname, 'examples.jsonl');
export const MODEL_PATH = join(__dirname, '..', 'src', 'model', 'router-model.json');

export function loadExamples(path: string = EXAMPLES_PATH): TrainingExample[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const examples: TrainingExample[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null)
      throw new Error(`examples.jsonl:${i + 1} is not an object`);
    const { text, label } = parsed as { text?: unknown; label?: unknown };
    if (typeof text !== 'string' || !isModelLabel(label))
      throw new Error(`examples.jsonl:${i + 1} has a bad text or label`);
    examples.push({ text, label });
  });
  return examples;
}

export function trainRouterModel(examples: readonly TrainingExample[] = loadExamples()): NbModelFile {
  return trainNaiveBayes(examples, TRAINING_CONFIG.alpha, TRAINING_CONFIG.minCount);
}

/** One feature per line keeps diffs reviewable; the layout is exactly what Prettier would print. */
export function serialiseModel(model: NbModelFile): string {
  const lines = [
    '{',
    `  "format": ${JSON.stringify(model.format)},`,
    `  "version": ${model.version},`,
    `  "alpha": ${model.alpha},`,
    `  "minCount": ${model.minCount},`,
    '  "labels": [',
    model.labels.map((l) => `    ${JSON.stringify(l)}`).join(',\n'),
    '  ],',
    `  "docCounts": [${model.docCounts.join(', ')}],`,
    '  "features": [',
    model.features.map((f) => `    ${JSON.stringify(f)}`).join(',\n'),
    '  ],',
    '  "counts": [',
    model.counts.map((row) => `    [${row.join(', ')}]`).join(',\n'),
    '  ]',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

export function main(): void {
  const examples = loadExamples();
  const model = trainRouterModel(examples);
  writeFileSync(MODEL_PATH, serialiseModel(model));
  process.stdout.write(
    `trained on ${examples.length} examples, ${model.features.length} features -> ${MODEL_PATH}\n`,
  );
}
