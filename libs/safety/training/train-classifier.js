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

// prerisk-2026.12.1: rules part + a model trained with benign traffic (CALIBRATION_2026_12_1).
const V121 = 'prerisk-2026.12.1';
const v121Corpus = () => loadCorpus(undefined, EXTRA_SETS_ALL, BLIND_BATCHES_12_1);
/** Extra-cases-5 was written after batch 5's misses were read: left out of the batch-5 fold. */
const withoutExtra5 = (c) => ({ ...c, extra: c.extra.filter((_, i) => c.extraGroups[i] !== 'extra-5'), extraGroups: c.extraGroups.filter((g) => g !== 'extra-5') });
const v121Train = (c, benign, heldOut, heldOutSource) => trainingCases12_1(heldOut === '5' ? withoutExtra5(c) : c, benign, heldOut, heldOutSource);

// prerisk-2026.12.2: rules part + a model that reads the rules' evidence, with two thresholds.
const V122 = 'prerisk-2026.12.2';
const v122Corpus = () => loadCorpus(undefined, process.argv.includes('--no-extra6') ? EXTRA_SETS_ALL : EXTRA_SETS_12_2, BLIND_BATCHES_12_2);
const v122Opts = (gate) => {
  const extra = process.env.V122_OPTS ? JSON.parse(process.env.V122_OPTS) : {};
  let plan = evidencePlan(RULESETS[gate.version].rules, process.env.EVIDENCE_MODE || 'suppressed');
  if (process.env.RED_ALL) plan = { ...plan, redFlag: new Set(RULESETS[gate.version].concepts.map((x) => x.id).filter((id) => !['infant_word', 'child_word'].includes(id))) };
  const evidence = { evidence: plan, ...(process.argv.includes('--no-evidence') ? { evidenceFeatures: false } : {}) };
  return { ...CALIBRATION_2026_12_2, ...evidence, ...extra };
};
/**
 * Written after a batch's misses were read: extra-cases-5 (batch 5), extra-cases-6 and the
 * safety-own-2 benign sentences (batch 7) stay out of that batch's fold.
 */
const v122Train = (c, benign, heldOut, heldOutSource) => {
  const drop = heldOut === '5' ? 'extra-5' : heldOut === '7' ? 'extra-6' : undefined;
  const cc = drop === undefined ? c : { ...c, extra: c.extra.filter((_, i) => c.extraGroups[i] !== drop), extraGroups: c.extraGroups.filter((g) => g !== drop) };
  const bb = heldOut === '7' ? benign.filter((b) => b.source !== 'safety-own-2') : benign;
  return trainingCases12_1(cc, bb, heldOut, heldOutSource);
};
const combine122 = (gate, model, opts) =>
  createCombinedGate(gate, new Classifier(model), gate.version, {
    wideVeto: true, reassurance2: opts.reassurance2 === true, ...(opts.evidence && (model.evidence !== undefined || model.threshold_low !== undefined) ? { evidence: opts.evidence } : {}), ...(model.veto_below !== undefined ? { vetoBelow: model.veto_below } : {}),
  });

// prerisk-2026.12.3: 12.2 recipe + batch 8, extra-cases-7, router batch 6, safety-own-3, REASSURANCE_3.
const V123 = 'prerisk-2026.12.3';
const v123Corpus = () => loadCorpus(undefined, process.argv.includes('--no-extra7') ? EXTRA_SETS_12_2 : EXTRA_SETS_12_3, BLIND_BATCHES_12_3);
const v123Opts = (gate) => {
  const extra = process.env.V123_OPTS ? JSON.parse(process.env.V123_OPTS) : {};
  const plan = evidencePlan(RULESETS[gate.version].rules, process.env.EVIDENCE_MODE || 'suppressed');
  return { ...CALIBRATION_2026_12_3, evidence: plan, ...extra };
};
/** Own texts written after a batch's misses were read stay out of that batch's fold (5, 7, 8). */
const v123Train = (c, benign, heldOut, heldOutSource) => {
  const drop = { 5: 'extra-5', 7: 'extra-6', 8: 'extra-7' }[heldOut];
  const dropBenign = { 7: 'safety-own-2', 8: 'safety-own-3' }[heldOut];
  const cc = drop === undefined ? c : { ...c, extra: c.extra.filter((_, i) => c.extraGroups[i] !== drop), extraGroups: c.extraGroups.filter((g) => g !== drop) };
  const bb = dropBenign === undefined ? benign : benign.filter((b) => b.source !== dropBenign);
  return trainingCases12_1(cc, bb, heldOut, heldOutSource);
};
const combine123 = (gate, model, opts) =>
  createCombinedGate(gate, new Classifier(model), gate.version, {
    wideVeto: true, reassurance2: opts.reassurance2 === true, reassurance3: opts.reassurance3 === true, evidence: opts.evidence, ...(model.veto_below !== undefined ? { vetoBelow: model.veto_below } : {}),
  });

if (process.argv.includes('--v12.3') && process.argv.includes('--lobo')) {
  const c = v123Corpus();
  const benign = loadBenign(undefined, BENIGN_SOURCES_12_3);
  const prior = process.argv.includes('--prior-rules');
  const only = process.env.FOLDS ? process.env.FOLDS.split(',') : BLIND_BATCHES_12_3;
  const rows = {};
  for (const b of only) {
    const gate = createPreRiskGate(prior ? { version: UNSEEN_RULES[b], rulesOnly: true } : { version: V123, rulesOnly: true });
    const tr = v123Train(c, benign, b);
    const opts = v123Opts(gate);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
    const cmp = comparePreRisk(c.blind[b], gate, combine123(gate, model, opts));
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
} else if (process.argv.includes('--v12.3') && process.argv.includes('--loso')) {
  const c = v123Corpus();
  const benign = loadBenign(undefined, BENIGN_SOURCES_12_3);
  const gate = createPreRiskGate({ version: V123, rulesOnly: true });
  const opts = v123Opts(gate);
  const rows = {};
  let tot = 0;
  let totN = 0;
  for (const s of BENIGN_SOURCES_12_3) {
    const held = benign.filter((x) => x.source === s);
    if (held.length === 0) continue;
    const tr = v123Train(c, benign, undefined, s);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
    const whole = combine123(gate, model, opts);
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
} else if (process.argv.includes('--v12.2') && process.argv.includes('--lobo')) {
  const c = v122Corpus();
  const benign = loadBenign(undefined, BENIGN_SOURCES_12_2);
  const prior = process.argv.includes('--prior-rules');
  const rows = {};
  for (const b of BLIND_BATCHES_12_2) {
    const gate = createPreRiskGate(prior ? { version: UNSEEN_RULES[b], rulesOnly: true } : { version: V122, rulesOnly: true });
    const tr = v122Train(c, benign, b);
    const opts = v122Opts(gate);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
    const cmp = comparePreRisk(c.blind[b], gate, combine122(gate, model, opts));
    rows[b] = {
      rules_version: gate.version, n_train: model.trained_on, threshold: model.threshold, threshold_low: model.threshold_low, veto_below: model.veto_below,
      rules: summary(cmp.a), combined: summary(cmp.b),
      counts: { rules: [cmp.a.misses.length, cmp.a.false_alarms.length], combined: [cmp.b.misses.length, cmp.b.false_alarms.length] },
      misses: cmp.b.misses.map((m) => m.id), false_alarms: cmp.b.false_alarms.map((m) => m.id),
      newly_missed: cmp.newly_missed, newly_caught: cmp.newly_caught, new_false_alarms: cmp.new_false_alarms, fixed_false_alarms: cmp.fixed_false_alarms,
    };
    process.stderr.write(`batch ${b}: ${gate.version} rules ${rows[b].rules.recall}/${rows[b].rules.fer} combined ${rows[b].combined.recall}/${rows[b].combined.fer} t=${model.threshold} tl=${model.threshold_low} veto<${model.veto_below}\n`);
  }
  const mean = (k, f) => r3(Object.values(rows).reduce((a, r) => a + r[k][f], 0) / Object.keys(rows).length);
  process.stderr.write(`mean: rules ${mean('rules', 'recall')}/${mean('rules', 'fer')} combined ${mean('combined', 'recall')}/${mean('combined', 'fer')}\n`);
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
} else if (process.argv.includes('--v12.2') && process.argv.includes('--loso')) {
  const c = v122Corpus();
  const benign = loadBenign(undefined, BENIGN_SOURCES_12_2);
  const gate = createPreRiskGate({ version: V122, rulesOnly: true });
  const opts = v122Opts(gate);
  const rows = {};
  let tot = 0;
  let totN = 0;
  for (const s of BENIGN_SOURCES_12_2) {
    const held = benign.filter((x) => x.source === s);
    if (held.length === 0) continue;
    const tr = v122Train(c, benign, undefined, s);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...opts });
    const whole = combine122(gate, model, opts);
    const esc = (g) => held.filter((x) => g.evaluate(x.text).decision === 'ESCALATE').map((x) => x.id);
    const r = esc(gate);
    const w = esc(whole);
    tot += w.length;
    totN += held.length;
    rows[s] = { n: held.length, threshold: model.threshold, threshold_low: model.threshold_low, veto_below: model.veto_below, rules: r.length, rules_ids: r, combined: w.length, share: r3(w.length / held.length), escalated: w };
    process.stderr.write(`${s}: rules ${r.length}/${held.length} combined ${w.length}/${held.length} t=${model.threshold} tl=${model.threshold_low}\n`);
  }
  process.stderr.write(`total ${tot}/${totN}\n`);
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
} else if (process.argv.includes('--v12.1') && process.argv.includes('--lobo')) {
  const c = v121Corpus();
  const benign = loadBenign();
  const prior = process.argv.includes('--prior-rules');
  const rows = {};
  for (const b of BLIND_BATCHES_12_1) {
    const gate = createPreRiskGate(prior ? { version: UNSEEN_RULES[b], rulesOnly: true } : { version: V121, rulesOnly: true });
    const tr = v121Train(c, benign, b);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...CALIBRATION_2026_12_1 });
    const cmp = comparePreRisk(c.blind[b], gate, combine(gate, model));
    rows[b] = {
      rules_version: gate.version, n_train: model.trained_on, threshold: model.threshold, veto_below: model.veto_below,
      rules: summary(cmp.a), combined: summary(cmp.b),
      counts: { rules: [cmp.a.misses.length, cmp.a.false_alarms.length], combined: [cmp.b.misses.length, cmp.b.false_alarms.length] },
      newly_missed: cmp.newly_missed, newly_caught: cmp.newly_caught, new_false_alarms: cmp.new_false_alarms, fixed_false_alarms: cmp.fixed_false_alarms,
    };
    process.stderr.write(`batch ${b}: ${gate.version} rules ${rows[b].rules.recall}/${rows[b].rules.fer} combined ${rows[b].combined.recall}/${rows[b].combined.fer} t=${model.threshold} veto<${model.veto_below}\n`);
  }
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
} else if (process.argv.includes('--v12.1') && process.argv.includes('--loso')) {
  const c = v121Corpus();
  const benign = loadBenign();
  const gate = createPreRiskGate({ version: V121, rulesOnly: true });
  const rows = {};
  for (const s of BENIGN_SOURCES) {
    const held = benign.filter((x) => x.source === s);
    if (held.length === 0) continue;
    const tr = v121Train(c, benign, undefined, s);
    const model = trainClassifier(tr.cases, gate, { groups: tr.groups, ...CALIBRATION_2026_12_1 });
    const whole = combine(gate, model);
    const esc = (g) => held.filter((x) => g.evaluate(x.text).decision === 'ESCALATE').map((x) => x.id);
    const r = esc(gate);
    const w = esc(whole);
    rows[s] = { n: held.length, threshold: model.threshold, veto_below: model.veto_below, rules: r.length, combined: w.length, share: r3(w.length / held.length), escalated: w };
    process.stderr.write(`${s}: rules ${r.length}/${held.length} combined ${w.length}/${held.length} t=${model.threshold}\n`);
  }
  process.stdout.write(JSON.stringify(rows, null, 1) + '\n');
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
  // The learned part of prerisk-2026.12.1: dev, extra cases 1-5, batches 2-6, benign traffic.
  const c121 = v121Corpus();
  const tr121 = v121Train(c121, loadBenign());
  const r121 = createPreRiskGate({ version: V121, rulesOnly: true });
  const m121 = trainClassifier(tr121.cases, r121, { groups: tr121.groups, ...CALIBRATION_2026_12_1 });
  const out121 = modelPath(RULESETS[V121].learned.model);
  fs.writeFileSync(out121, JSON.stringify(m121) + '\n');
  const dev121 = { rules: summary(evaluatePreRisk(c121.dev, r121)), combined: summary(evaluatePreRisk(c121.dev, combine(r121, m121))) };
  // The learned part of prerisk-2026.12.2: dev, extra cases 1-6, batches 2-7, 13 benign sources.
  const c122 = loadCorpus(undefined, EXTRA_SETS_12_2, BLIND_BATCHES_12_2);
  const tr122 = trainingCases12_1(c122, loadBenign(undefined, BENIGN_SOURCES_12_2));
  const r122 = createPreRiskGate({ version: V122, rulesOnly: true });
  const o122 = { ...CALIBRATION_2026_12_2, evidence: evidencePlan(RULESETS[V122].rules, 'suppressed') };
  const m122 = trainClassifier(tr122.cases, r122, { groups: tr122.groups, ...o122 });
  const out122 = modelPath(RULESETS[V122].learned.model);
  fs.writeFileSync(out122, JSON.stringify(m122) + '\n');
  const dev122 = { rules: summary(evaluatePreRisk(c122.dev, r122)), combined: summary(evaluatePreRisk(c122.dev, createPreRiskGate({ version: V122 }))) };
  // The learned part of prerisk-2026.12.3: dev, extra cases 1-7, batches 2-8, 15 benign sources.
  const c123 = loadCorpus(undefined, EXTRA_SETS_12_3, BLIND_BATCHES_12_3);
  const tr123 = trainingCases12_1(c123, loadBenign(undefined, BENIGN_SOURCES_12_3));
  const r123 = createPreRiskGate({ version: V123, rulesOnly: true });
  const o123 = { ...CALIBRATION_2026_12_3, evidence: evidencePlan(RULESETS[V123].rules, 'suppressed') };
  const m123 = trainClassifier(tr123.cases, r123, { groups: tr123.groups, ...o123 });
  const out123 = modelPath(RULESETS[V123].learned.model);
  fs.writeFileSync(out123, JSON.stringify(m123) + '\n');
  const dev123 = { rules: summary(evaluatePreRisk(c123.dev, r123)), combined: summary(evaluatePreRisk(c123.dev, combine123(r123, m123, o123))) };
  process.stdout.write(
    JSON.stringify(
      {
        written: out, bytes: fs.statSync(out).size, n_train: model.trained_on, threshold: model.threshold, weights: model.q.length, dev,
        [CANDIDATE]: { written: cOut, bytes: fs.statSync(cOut).size, n_train: cModel.trained_on, threshold: cModel.threshold, veto_below: cModel.veto_below, weights: cModel.q.length, dev: cDev },
        [V121]: { written: out121, bytes: fs.statSync(out121).size, n_train: m121.trained_on, threshold: m121.threshold, veto_below: m121.veto_below, weights: m121.q.length, dev: dev121 },
        [V122]: { written: out122, bytes: fs.statSync(out122).size, n_train: m122.trained_on, threshold: m122.threshold, threshold_low: m122.threshold_low, veto_below: m122.veto_below, weights: m122.q.length, dev: dev122 },
        [V123]: { written: out123, bytes: fs.statSync(out123).size, n_train: m123.trained_on, threshold: m123.threshold, threshold_low: m123.threshold_low, veto_below: m123.veto_below, weights: m123.q.length, dev: dev123 },
      },
      null,
      1,
    ) + '\n',
  );
}
