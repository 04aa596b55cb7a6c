#!/usr/bin/env node
// Reproducible training of the pre-risk learned signal (plain Node, no extra deps; the
// TypeScript sources are compiled on the fly with the repo's own @swc/core).
//   node libs/safety/training/train-classifier.js          -> writes src/classifier/model.json
//      and libs/safety/data/prerisk-2026.12.0.model.json (the learned part of prerisk-2026.12.0)
//   node libs/safety/training/train-classifier.js --lobo   -> leave-one-batch-out table (JSON)
//   node libs/safety/training/train-classifier.js --lobo --candidate [--prior-rules]
//      -> the same for the 2026.12.0 combination (veto, wide suppression veto)
//   node libs/safety/training/train-classifier.js --v12.1 --lobo [--prior-rules]
//      -> prerisk-2026.12.1: leave-one-batch-out over batches 2-6 (benign traffic in every fold)
//   node libs/safety/training/train-classifier.js --v12.1 --loso
//      -> prerisk-2026.12.1: leave-one-source-out escalation share on benign traffic
//   node libs/safety/training/train-classifier.js --v12.2 --lobo [--prior-rules]
//      -> prerisk-2026.12.2: leave-one-batch-out over batches 2-7 (rule-evidence features, two thresholds)
//   node libs/safety/training/train-classifier.js --v12.2 --loso
//      -> prerisk-2026.12.2: leave-one-source-out escalation share on benign traffic (13 sources)
//   node libs/safety/training/train-classifier.js --v12.3 --lobo [--prior-rules]
//      -> prerisk-2026.12.3: leave-one-batch-out over batches 2-8 (12.2 recipe + corrected-episode veto)
//   node libs/safety/training/train-classifier.js --v12.3 --loso
//      -> prerisk-2026.12.3: leave-one-source-out escalation share on benign traffic (15 sources)
//   V123_OPTS='{...}' (JSON merged over CALIBRATION_2026_12_3), --no-extra7, EVIDENCE_MODE=suppressed_sh
//   (affirmed suicide cue groups as features): ablations for the 12.3 settings table (never used by the default run)
//   V122_OPTS='{"twoThreshold":false}' (JSON merged over CALIBRATION_2026_12_2), --no-evidence,
//   --no-extra6, EVIDENCE_MODE=full, RED_ALL=1 (every concept counts as a red flag): ablations for
//   the PROMOTION.md "tried and discarded" table (never used by the default run)
// The default run also writes libs/safety/data/prerisk-2026.12.1.model.json (batches 2-6 +
// benign traffic, CALIBRATION_2026_12_1) and libs/safety/data/prerisk-2026.12.2.model.json
// (batches 2-7, extra 1-6, 13 benign sources, CALIBRATION_2026_12_2) and
// libs/safety/data/prerisk-2026.12.3.model.json (batches 2-8, extra 1-7, 15 benign sources,
// CALIBRATION_2026_12_3).
// Only consumed blind batches are read (corpus.ts BLIND_BATCHES, BLIND_BATCHES_12_1); never add a
// batch that is still to judge a candidate.
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
const { comparePreRisk, evaluatePreRisk } = require(path.join(SRC, 'prerisk/evaluate.ts'));
const { loadCorpus, trainingCases, trainingCases12_1, loadBenign, BLIND_BATCHES, BLIND_BATCHES_12_1, BLIND_BATCHES_12_2, BLIND_BATCHES_12_3, BENIGN_SOURCES, BENIGN_SOURCES_12_2, BENIGN_SOURCES_12_3, EXTRA_SETS_ALL, EXTRA_SETS_12_2, EXTRA_SETS_12_3 } = require(path.join(SRC, 'classifier/corpus.ts'));
const { evidencePlan } = require(path.join(SRC, 'classifier/evidence.ts'));
const { RULESETS } = require(path.join(SRC, 'rules/ruleset.ts'));
const { modelPath } = require(path.join(SRC, 'classifier/models.ts'));
const { trainClassifier, CALIBRATION_2026_12_0, CALIBRATION_2026_12_1, CALIBRATION_2026_12_2, CALIBRATION_2026_12_3 } = require(path.join(SRC, 'classifier/train.ts'));
const { Classifier } = require(path.join(SRC, 'classifier/logreg.ts'));
const { createCombinedGate } = require(path.join(SRC, 'classifier/combine.ts'));

const RULES_VERSION = 'prerisk-2026.11.4';
const corpus = loadCorpus();
const rules = createPreRiskGate({ version: RULES_VERSION });

// prerisk-2026.12.0: rules part of the version + its learned signal (CALIBRATION_2026_12_0).
const CANDIDATE = 'prerisk-2026.12.0';
const CANDIDATE_OPTS = CALIBRATION_2026_12_0;
const candidateRules = () => createPreRiskGate({ version: CANDIDATE, rulesOnly: true });
const combine = (gate, model) =>
  createCombinedGate(gate, new Classifier(model), gate.version, { wideVeto: true, ...(model.veto_below !== undefined ? { vetoBelow: model.veto_below } : {}) });
const r3 = (x) => Math.round(x * 1000) / 1000;
const summary = (rep) => ({
  recall: r3(rep.escalate_recall),
  fer: r3(rep.false_escalation_rate),
  per_family: Object.fromEntries(Object.entries(rep.per_family).map(([f, s]) => [f, `${s.caught}/${s.n}`])),
});

// Rules version that had not seen each blind batch (batch b tuned 2026.11.b).
const UNSEEN_RULES = { 2: 'prerisk-2026.11.1', 3: 'prerisk-2026.11.2', 4: 'prerisk-2026.11.3', 5: 'prerisk-2026.11.4', 6: 'prerisk-2026.12.0', 7: 'prerisk-2026.12.1', 8: 'prerisk-2026.12.2' };

/** Drops the own cases / benign sentences written after a batch's misses were read from that batch's fold. */
const withoutGroups = (c, benign, dropExtra, dropBenign) => ({
  corpus: dropExtra === undefined ? c : { ...c, extra: c.extra.filter((_, i) => c.extraGroups[i] !== dropExtra), extraGroups: c.extraGroups.filter((g) => g !== dropExtra) },
  benign: dropBenign === undefined ? benign : benign.filter((x) => x.source !== dropBenign),
});
/** The evidence plan of a version's rules (suppressed concepts unless EVIDENCE_MODE says otherwise). */
const evidenceOf = (gate, mode = process.env.EVIDENCE_MODE || 'suppressed') => evidencePlan(RULESETS[gate.version].rules, mode);
const envJson = (name) => (process.env[name] ? JSON.parse(process.env[name]) : {});

/**
 * One entry per version with a learned signal trained on benign traffic: its corpus, the own
 * texts held out of a batch's fold, its calibration (with the ablation switches of the
 * PROMOTION.md tables, never used by the default run) and how it combines with the rules.
 */
const RECIPES = {
  // prerisk-2026.12.1: rules part + a model trained with benign traffic (CALIBRATION_2026_12_1).
  'prerisk-2026.12.1': {
    corpus: () => loadCorpus(undefined, EXTRA_SETS_ALL, BLIND_BATCHES_12_1),
    batches: BLIND_BATCHES_12_1,
    sources: BENIGN_SOURCES,
    benign: () => loadBenign(),
    drops: { 5: ['extra-5'] },
    opts: () => CALIBRATION_2026_12_1,
    shipOpts: () => CALIBRATION_2026_12_1,
    combine: (gate, model) => combine(gate, model),
  },
  // prerisk-2026.12.2: rules part + a model that reads the rules' evidence, with two thresholds.
  'prerisk-2026.12.2': {
    corpus: () => loadCorpus(undefined, process.argv.includes('--no-extra6') ? EXTRA_SETS_ALL : EXTRA_SETS_12_2, BLIND_BATCHES_12_2),
    batches: BLIND_BATCHES_12_2,
    sources: BENIGN_SOURCES_12_2,
    benign: () => loadBenign(undefined, BENIGN_SOURCES_12_2),
    drops: { 5: ['extra-5'], 7: ['extra-6', 'safety-own-2'] },
    opts: (gate) => {
      let plan = evidenceOf(gate);
      if (process.env.RED_ALL) plan = { ...plan, redFlag: new Set(RULESETS[gate.version].concepts.map((x) => x.id).filter((id) => !['infant_word', 'child_word'].includes(id))) };
      return { ...CALIBRATION_2026_12_2, evidence: plan, ...(process.argv.includes('--no-evidence') ? { evidenceFeatures: false } : {}), ...envJson('V122_OPTS') };
    },
    shipOpts: (gate) => ({ ...CALIBRATION_2026_12_2, evidence: evidenceOf(gate, 'suppressed') }),
    combine: (gate, model, opts) =>
      createCombinedGate(gate, new Classifier(model), gate.version, {
        wideVeto: true, reassurance2: opts.reassurance2 === true, ...(opts.evidence && (model.evidence !== undefined || model.threshold_low !== undefined) ? { evidence: opts.evidence } : {}), ...(model.veto_below !== undefined ? { vetoBelow: model.veto_below } : {}),
      }),
  },
  // prerisk-2026.12.3: 12.2 recipe + batch 8, extra-cases-7, router batch 6, safety-own-3, REASSURANCE_3.
  'prerisk-2026.12.3': {
    corpus: () => loadCorpus(undefined, process.argv.includes('--no-extra7') ? EXTRA_SETS_12_2 : EXTRA_SETS_12_3, BLIND_BATCHES_12_3),
    batches: BLIND_BATCHES_12_3,
    sources: BENIGN_SOURCES_12_3,
    benign: () => loadBenign(undefined, BENIGN_SOURCES_12_3),
    drops: { 5: ['extra-5'], 7: ['extra-6', 'safety-own-2'], 8: ['extra-7', 'safety-own-3'] },
    opts: (gate) => ({ ...CALIBRATION_2026_12_3, evidence: evidenceOf(gate), ...envJson('V123_OPTS') }),
    shipOpts: (gate) => ({ ...CALIBRATION_2026_12_3, evidence: evidenceOf(gate, 'suppressed') }),
    combine: (gate, model, opts) =>
      createCombinedGate(gate, new Classifier(model), gate.version, {
        wideVeto: true, reassurance2: opts.reassurance2 === true, reassurance3: opts.reassurance3 === true, evidence: opts.evidence, ...(model.veto_below !== undefined ? { vetoBelow: model.veto_below } : {}),
      }),
  },
};

/** Training cases of a recipe, minus what a held-out batch or benign source must not see. */
function recipeTraining(recipe, c, benign, heldOut, heldOutSource) {
  const [dropExtra, dropBenign] = (heldOut !== undefined && recipe.drops[heldOut]) || [];
  const d = withoutGroups(c, benign, dropExtra, dropBenign);
  return trainingCases12_1(d.corpus, d.benign, heldOut, heldOutSource);
}

/** Leave-one-batch-out: each held-out blind batch against the model trained without it. */
function runLobo(version, recipe) {
  const c = recipe.corpus();
  const benign = recipe.benign();
  const prior = process.argv.includes('--prior-rules');
  const folds = process.env.FOLDS ? process.env.FOLDS.split(',') : recipe.batches;
  const rows = {};
  for (const b of folds) {
    const gate = createPreRiskGate({ version: prior ? UNSEEN_RULES[b] : version, rulesOnly: true });
    const tr = recipeTraining(recipe, c, benign, b);
    const opts = recipe.opts(gate);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
    const cmp = comparePreRisk(c.blind[b], gate, recipe.combine(gate, model, opts));
    rows[b] = {
      rules_version: gate.version, n_train: model.trained_on, threshold: model.threshold, threshold_low: model.threshold_low, veto_below: model.veto_below,
      rules: summary(cmp.a), combined: summary(cmp.b),
      counts: { rules: [cmp.a.misses.length, cmp.a.false_alarms.length], combined: [cmp.b.misses.length, cmp.b.false_alarms.length] },
      misses: cmp.b.misses.map((m) => m.id), false_alarms: cmp.b.false_alarms.map((m) => m.id),
      newly_missed: cmp.newly_missed, newly_caught: cmp.newly_caught, new_false_alarms: cmp.new_false_alarms, fixed_false_alarms: cmp.fixed_false_alarms,
    };
    process.stderr.write(`batch ${b}: ${gate.version} rules ${rows[b].rules.recall}/${rows[b].rules.fer} combined ${rows[b].combined.recall}/${rows[b].combined.fer} (${cmp.b.misses.length} miss, ${cmp.b.false_alarms.length} FA) t=${model.threshold} tl=${model.threshold_low} veto<${model.veto_below} misses=${rows[b].misses.join(',')} fa=${rows[b].false_alarms.join(',')} newly_missed=${cmp.newly_missed.join(',')}\n`);
  }
  const mean = (k, f) => r3(Object.values(rows).reduce((a, r) => a + r[k][f], 0) / Object.keys(rows).length);
  process.stderr.write(`mean: rules ${mean('rules', 'recall')}/${mean('rules', 'fer')} combined ${mean('combined', 'recall')}/${mean('combined', 'fer')}\n`);
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
}

/** Leave-one-source-out: the share of each held-out benign source the whole version escalates. */
function runLoso(version, recipe) {
  const c = recipe.corpus();
  const benign = recipe.benign();
  const gate = createPreRiskGate({ version, rulesOnly: true });
  const opts = recipe.opts(gate);
  const rows = {};
  let tot = 0;
  let totN = 0;
  for (const s of recipe.sources) {
    const held = benign.filter((x) => x.source === s);
    if (held.length === 0) continue;
    const tr = recipeTraining(recipe, c, benign, undefined, s);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
    const whole = recipe.combine(gate, model, opts);
    const esc = (g) => held.filter((x) => g.evaluate(x.text).decision === 'ESCALATE').map((x) => x.id);
    const r = esc(gate);
    const w = esc(whole);
    tot += w.length;
    totN += held.length;
    rows[s] = { n: held.length, threshold: model.threshold, threshold_low: model.threshold_low, veto_below: model.veto_below, rules: r.length, rules_ids: r, combined: w.length, share: r3(w.length / held.length), escalated: w };
    process.stderr.write(`${s}: rules ${r.length}/${held.length} [${r.join(',')}] combined ${w.length}/${held.length} [${w.join(',')}] t=${model.threshold} tl=${model.threshold_low}\n`);
  }
  process.stderr.write(`total ${tot}/${totN}\n`);
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
}

/** The shipped model of a recipe: every allowed case, written where its version loads it. */
function shipModel(version, recipe) {
  const c = recipe.corpus();
  const tr = recipeTraining(recipe, c, recipe.benign());
  const gate = createPreRiskGate({ version, rulesOnly: true });
  const opts = recipe.shipOpts(gate);
  const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
  const written = modelPath(RULESETS[version].learned.model);
  fs.writeFileSync(written, JSON.stringify(model) + '\n');
  const dev = { rules: summary(evaluatePreRisk(c.dev, gate)), combined: summary(evaluatePreRisk(c.dev, recipe.combine(gate, model, opts))) };
  return {
    written, bytes: fs.statSync(written).size, n_train: model.trained_on, threshold: model.threshold,
    ...(model.threshold_low !== undefined ? { threshold_low: model.threshold_low } : {}),
    veto_below: model.veto_below, weights: model.q.length, dev,
  };
}

const recipeVersion = Object.keys(RECIPES).find((v) => process.argv.includes(`--v${v.slice('prerisk-2026.'.length)}`));
if (recipeVersion !== undefined && process.argv.includes('--lobo')) {
  runLobo(recipeVersion, RECIPES[recipeVersion]);
} else if (recipeVersion !== undefined && process.argv.includes('--loso')) {
  runLoso(recipeVersion, RECIPES[recipeVersion]);
} else if (process.argv.includes('--lobo') && process.argv.includes('--candidate')) {
  // Extra-cases-5 was written after batch 5's misses were read, so it stays out of every fold.
  const rows = {};
  const prior = process.argv.includes('--prior-rules');
  for (const b of BLIND_BATCHES) {
    const gate = prior ? createPreRiskGate({ version: UNSEEN_RULES[b] }) : candidateRules();
    const tr = trainingCases(corpus, b);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...CANDIDATE_OPTS });
    const held = corpus.blind[b];
    const cmp = comparePreRisk(held, gate, combine(gate, model));
    rows[b] = {
      rules_version: gate.version, n_train: model.trained_on, threshold: model.threshold, veto_below: model.veto_below,
      rules: summary(cmp.a), combined: summary(cmp.b),
      newly_missed: cmp.newly_missed, newly_caught: cmp.newly_caught, new_false_alarms: cmp.new_false_alarms, fixed_false_alarms: cmp.fixed_false_alarms,
    };
    process.stderr.write(`batch ${b}: ${gate.version} rules ${rows[b].rules.recall}/${rows[b].rules.fer} combined ${rows[b].combined.recall}/${rows[b].combined.fer} t=${model.threshold} veto<${model.veto_below}\n`);
  }
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
} else if (process.argv.includes('--lobo')) {
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
  // The learned part of prerisk-2026.12.0: everything allowed (dev, extra cases 1-5, batches 2-5).
  const all = loadCorpus(undefined, EXTRA_SETS_ALL);
  const trAll = trainingCases(all);
  const cRules = candidateRules();
  const cModel = trainClassifier(trAll.cases, cRules, { groups: trAll.groups, ...CANDIDATE_OPTS });
  const cOut = modelPath(RULESETS[CANDIDATE].learned.model);
  fs.mkdirSync(path.dirname(cOut), { recursive: true });
  fs.writeFileSync(cOut, JSON.stringify(cModel) + '\n');
  const cDev = { rules: summary(evaluatePreRisk(all.dev, cRules)), combined: summary(evaluatePreRisk(all.dev, combine(cRules, cModel))) };
  // The learned parts of 12.1 (batches 2-6), 12.2 (2-7, extra 1-6) and 12.3 (2-8, extra 1-7), with benign traffic.
  const shipped = Object.fromEntries(Object.entries(RECIPES).map(([v, recipe]) => [v, shipModel(v, recipe)]));
  process.stdout.write(
    JSON.stringify(
      {
        written: out, bytes: fs.statSync(out).size, n_train: model.trained_on, threshold: model.threshold, weights: model.q.length, dev,
        [CANDIDATE]: { written: cOut, bytes: fs.statSync(cOut).size, n_train: cModel.trained_on, threshold: cModel.threshold, veto_below: cModel.veto_below, weights: cModel.q.length, dev: cDev },
        ...shipped,
      },
      null,
      1,
    ) + '\n',
  );
}
