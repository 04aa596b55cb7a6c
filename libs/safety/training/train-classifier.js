#!/usr/bin/env node
// Reproducible training of the pre-risk learned signal (plain Node, no extra deps; the
// TypeScript sources are compiled on the fly with the repo's own @swc/core).
//   node libs/safety/training/train-classifier.js          -> writes src/classifier/model.json
//   node libs/safety/training/train-classifier.js --lobo   -> leave-one-batch-out table (JSON)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const SRC = path.resolve(__dirname, '../src');
require.extensions['.ts'] = (mod, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  mod._compile(code, filename);
};
const origResolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request.startsWith('@medagent/')) request = path.resolve(SRC, '../..', request.slice(10), 'src/index.ts');
  return origResolve.call(this, request, ...rest);
};

require('reflect-metadata');
const { createPreRiskGate } = require(path.join(SRC, 'prerisk/gate.ts'));
const { evaluatePreRisk } = require(path.join(SRC, 'prerisk/evaluate.ts'));
const { loadCorpus, trainingCases, BLIND_BATCHES } = require(path.join(SRC, 'classifier/corpus.ts'));
const { trainClassifier } = require(path.join(SRC, 'classifier/train.ts'));
const { Classifier } = require(path.join(SRC, 'classifier/logreg.ts'));
const { createCombinedGate } = require(path.join(SRC, 'classifier/combine.ts'));

const RULES_VERSION = 'prerisk-2026.11.4';
const corpus = loadCorpus();
const rules = createPreRiskGate({ version: RULES_VERSION });
const r3 = (x) => Math.round(x * 1000) / 1000;
const summary = (rep) => ({
  recall: r3(rep.escalate_recall),
  fer: r3(rep.false_escalation_rate),
  per_family: Object.fromEntries(Object.entries(rep.per_family).map(([f, s]) => [f, `${s.caught}/${s.n}`])),
});

// Rules version that had not seen each blind batch (batch b tuned 2026.11.b).
const UNSEEN_RULES = { 2: 'prerisk-2026.11.1', 3: 'prerisk-2026.11.2', 4: 'prerisk-2026.11.3', 5: 'prerisk-2026.11.4' };

if (process.argv.includes('--lobo')) {
  const rows = {};
  const prior = process.argv.includes('--prior-rules');
  const group = !process.argv.includes('--random-folds');
  for (const b of BLIND_BATCHES) {
    const t0 = Date.now();
    const rules = prior ? createPreRiskGate({ version: UNSEEN_RULES[b] }) : createPreRiskGate({ version: RULES_VERSION });
    const tr = trainingCases(corpus, b);
    const mf = process.argv.find((a) => a.startsWith('--max-fer='));
    const model = trainClassifier(tr.cases, rules, { ...(group ? { groups: tr.groups } : {}), ...(mf ? { maxFer: Number(mf.slice(10)) } : {}) });
    const combined = createCombinedGate(rules, new Classifier(model));
    const held = corpus.blind[b];
    rows[b] = { rules_version: rules.version, n_train: model.trained_on, threshold: model.threshold, rules: summary(evaluatePreRisk(held, rules)), combined: summary(evaluatePreRisk(held, combined)), ms: Date.now() - t0 };
    process.stderr.write(`batch ${b}: rules ${rows[b].rules.recall}/${rows[b].rules.fer} combined ${rows[b].combined.recall}/${rows[b].combined.fer} t=${model.threshold}\n`);
  }
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
} else {
  const tr = trainingCases(corpus);
  const model = trainClassifier(tr.cases, rules, { groups: tr.groups });
  const out = path.join(SRC, 'classifier/model.json');
  fs.writeFileSync(out, JSON.stringify(model) + '\n');
  const combined = createCombinedGate(rules, new Classifier(model));
  const dev = { rules: summary(evaluatePreRisk(corpus.dev, rules)), combined: summary(evaluatePreRisk(corpus.dev, combined)) };
  process.stdout.write(JSON.stringify({ written: out, bytes: fs.statSync(out).size, n_train: model.trained_on, threshold: model.threshold, weights: model.q.length, dev }, null, 1) + '\n');
}
