// Setup and guards every learned-signal candidate spec (prerisk.v6/v7/v8) shares: the consumed sets
// and the gates of a candidate pair; against the version it replaced, on the sets it was tuned or
// trained on, nothing caught is lost, the rules part adds no false alarm, FER stays under the bar,
// dev stays perfect, and benign traffic stays quiet; plus the tests whose body only the version's
// data changes (trivial messages, veto, tuning batch, hard negatives, reproducible training).
// Test names carry the short version names, so a failure names the pair.
import { existsSync, readFileSync } from 'node:fs';
import { DEV_SET_PATH, loadBenign, loadCorpus, ROUTER_DEV_PATH, trainingCases12_1, type BenignSource, type BlindBatch } from '../classifier/corpus';
import { LEARNED_VETO_CATEGORY } from '../classifier/combine';
import { evidencePlan, type EvidenceMode } from '../classifier/evidence';
import { type ClassifierModel } from '../classifier/logreg';
import { loadModel, modelPath } from '../classifier/models';
import { trainClassifier, type CalibrationOptions } from '../classifier/train';
import { RULESETS } from '../rules/ruleset';
import { comparePreRisk, evaluatePreRisk, PROMOTION_THRESHOLDS, type PreRiskCase } from './evaluate';
import { createPreRiskGate, type PreRiskGate } from './gate';

export interface CandidatePair {
  /** The candidate's full version string, e.g. 'prerisk-2026.12.2'. */
  candidateVersion: string;
  /** Short names for test titles, e.g. '12.2' and '12.1'. */
  candidateName: string;
  currentName: string;
  /** The rules part the candidate's rules are compared with, and its short name. */
  baselineRulesName: string;
  candidate: PreRiskGate;
  candidateRules: PreRiskGate;
  current: PreRiskGate;
  baselineRules: PreRiskGate;
}

/** 'prerisk-2026.12.1' -> '12.1'. */
const shortName = (version: string) => version.replace(/^prerisk-\d{4}\./, '');

/** Gates of `candidate` (whole and rules part) against `current`; rules compared with `baselineRules`' rules part. */
export function candidatePair(candidate: string, current: string, baselineRules: string = current): CandidatePair {
  return {
    candidateVersion: candidate,
    candidateName: shortName(candidate),
    currentName: shortName(current),
    baselineRulesName: shortName(baselineRules),
    current: createPreRiskGate({ version: current }),
    baselineRules: createPreRiskGate({ version: baselineRules, rulesOnly: true }),
    candidate: createPreRiskGate({ version: candidate }),
    candidateRules: createPreRiskGate({ version: candidate, rulesOnly: true }),
  };
}

export interface ConsumedSets<B extends BlindBatch> {
  /** ['dev set' (when present),] 'extra cases 1-N' (one entry per split), 'blind batch N' per batch. */
  sets: [string, readonly PreRiskCase[]][];
  dev: readonly PreRiskCase[];
  /** One consumed batch; a batch still to judge a candidate is never read here. */
  blind: (batch: B) => readonly PreRiskCase[];
}

/**
 * The sets a candidate consumed: extra-case files 1..last of `extraSplits`, one set per split
 * (e.g. [6, 7]: 'extra cases 1-6' and 'extra cases 7'), the given blind batches, and the dev set.
 */
export function consumedSets<const B extends readonly BlindBatch[]>(batches: B, extraSplits: readonly number[]): ConsumedSets<B[number]> {
  const corpus = loadCorpus(DEV_SET_PATH, extraSplits[extraSplits.length - 1] ?? 0, batches);
  const sets: [string, readonly PreRiskCase[]][] = [];
  let from = 1;
  for (const to of extraSplits) {
    const groups = new Set(Array.from({ length: to - from + 1 }, (_, i) => `extra-${from + i}`));
    sets.push([from === to ? `extra cases ${from}` : `extra cases ${from}-${to}`, corpus.extra.filter((_, i) => groups.has(corpus.extraGroups[i] ?? ''))]);
    from = to + 1;
  }
  for (const b of batches) sets.push([`blind batch ${b}`, corpus.blind[b]]);
  if (corpus.dev.length > 0) sets.unshift(['dev set', corpus.dev]);
  return { sets, dev: corpus.dev, blind: (b) => corpus.blind[b] };
}

/** Per consumed set: no newly missed case, no family lower, no new rules false alarm, FER <= bar; dev perfect. */
export function describeConsumedSetGuards(p: CandidatePair, sets: readonly (readonly [string, readonly PreRiskCase[]])[], dev: readonly PreRiskCase[]): void {
  describe.each(sets.map(([name, cases]) => [name, cases] as const))('%s', (_name, cases) => {
    const cmp = comparePreRisk(cases, p.current, p.candidate);
    const rulesCmp = comparePreRisk(cases, p.baselineRules, p.candidateRules);

    test(`${p.candidateName} catches everything ${p.currentName} catches; no family loses recall`, () => {
      expect(cmp.newly_missed).toEqual([]);
      expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(cmp.a.escalate_recall);
      for (const [family, d] of Object.entries(cmp.per_family_delta)) expect([family, d >= 0]).toEqual([family, true]);
    });

    test(`${p.candidateName} rules part raises no new false alarm over ${p.baselineRulesName} rules part and misses nothing it caught`, () => {
      expect(rulesCmp.new_false_alarms).toEqual([]);
      expect(rulesCmp.newly_missed).toEqual([]);
    });

    test('whole version: FER <= 0.07', () => {
      expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
    });
  });

  (dev.length > 0 ? test : test.skip)('dev set: recall 1.0, FER 0.0 (rules part and whole version)', () => {
    for (const gate of [p.candidate, p.candidateRules]) {
      const r = evaluatePreRisk(dev, gate);
      expect(r.misses).toEqual([]);
      expect(r.false_alarms).toEqual([]);
    }
  });
}

/** Benign traffic: each source's escalation share <= 0.02 and never above the current version's + 0.02. */
export function benignTrafficGuard(p: CandidatePair, sources: readonly BenignSource[], benign = loadBenign(undefined, sources)): void {
  for (const s of sources) {
    const texts = benign.filter((b) => b.source === s);
    if (texts.length === 0) continue;
    const share = (g: PreRiskGate) => texts.filter((b) => g.evaluate(b.text).decision === 'ESCALATE').length / texts.length;
    const c = share(p.candidate);
    expect([s, c <= 0.02]).toEqual([s, true]);
    expect([s, c <= share(p.current) + 0.02]).toEqual([s, true]);
  }
}

/** The benign traffic test: `benignTrafficGuard` over `sources` (titled by `label`), then `more`. */
export function benignTrafficTest(p: CandidatePair, sources: readonly BenignSource[], label = `${sources.length} sources`, more?: () => void): void {
  test(`benign traffic (${label}): escalation share <= 0.02 per source, never above ${p.currentName} + 0.02`, () => {
    benignTrafficGuard(p, sources);
    more?.();
  });
}

/** Messages with no red flag at all: the candidate passes each, under its own version. */
export function trivialMessagesStayPass(p: CandidatePair, texts: readonly string[]): void {
  test.each([...texts])('trivial message stays PASS: %s', (text) => {
    const r = p.candidate.evaluate(text);
    expect(r.decision).toBe('PASS');
    expect(r.rules_version).toBe(p.candidateVersion);
  });
}

/** Suicide / self-harm and vital-sign hits every candidate must escalate, whatever its learned veto says. */
const RED_FLAG_HITS = ['我不想活了', 'BP 220/130 and a pounding headache', '血糖1.8 叫不醒'];

/** The learned veto never turns a red-flag hit (RED_FLAG_HITS, then `more`) into a PASS. */
export function vetoSparesRedFlags(p: CandidatePair, more: readonly string[] = []): void {
  test('the veto never touches suicide / self-harm or vital-sign hits', () => {
    for (const text of [...RED_FLAG_HITS, ...more]) {
      const a = p.candidate.analyze(text);
      expect([text, a.result.decision]).toEqual([text, 'ESCALATE']);
      expect(a.result.category).not.toBe(LEARNED_VETO_CATEGORY);
    }
  });
}

/** A test that `gate` decides `decision` for every text (the text is named on failure). */
export function decidesEach(title: string, gate: PreRiskGate, decision: 'PASS' | 'ESCALATE', texts: readonly string[]): void {
  test(title, () => {
    for (const text of texts) expect([text, gate.evaluate(text).decision]).toEqual([text, decision]);
  });
}

/** New pattern families: `gate` passes each of their hard negatives. */
export function hardNegativesStayQuiet(gate: PreRiskGate, texts: readonly string[]): void {
  decidesEach('new pattern families stay quiet on their hard negatives', gate, 'PASS', texts);
}

/** The batch a candidate was tuned on: the rules part escalates the `caught` ids, the whole version passes the `fixed` ids. */
export function tuningBatchTest(title: string, p: CandidatePair, cases: () => readonly PreRiskCase[], caught: readonly string[], fixed: readonly string[]): void {
  test(title, () => {
    const batch = cases();
    const text = (id: string) => batch.find((c) => c.id === id)?.text ?? '';
    for (const id of caught) expect([id, p.candidateRules.evaluate(text(id)).decision]).toEqual([id, 'ESCALATE']);
    for (const id of fixed) expect([id, p.candidate.evaluate(text(id)).decision]).toEqual([id, 'PASS']);
  });
}

/** The 12.2 recipe, inside a test: fixed intercept, floored scaling, English char n-grams, two thresholds, veto below the lower one. */
export function expectTwoThresholdModel(modelFile: string, previousModelFile: string, evidenceMode: EvidenceMode): void {
  const m = loadModel(modelFile);
  expect(m).not.toBe(loadModel(previousModelFile));
  expect(m.model.bias).toBe(-2);
  expect(m.model.norm_floor).toBe(40);
  expect(m.model.en_char).toBe(true);
  expect(m.evidenceMode).toBe(evidenceMode);
  expect(m.thresholdLow).toBeDefined();
  expect(m.thresholdLow as number).toBeLessThanOrEqual(m.threshold);
  expect(m.vetoBelow as number).toBeLessThan(m.thresholdLow as number);
  expect(m.threshold).toBeLessThan(1);
}

/** What a candidate's shipped model was trained on, and how. */
export interface TrainingRecipe {
  modelFile: string;
  /** Extra-case files 1..extraSets. */
  extraSets: number;
  batches: readonly BlindBatch[];
  benignSources: readonly BenignSource[];
  calibration: CalibrationOptions;
  evidenceMode: EvidenceMode;
}

/** The shipped model equals a fresh training run of its recipe (needs the shared dev sets). */
export function modelEqualsFreshTraining(p: CandidatePair, r: TrainingRecipe): void {
  const title = `the model equals a fresh training run (dev + extras 1-${r.extraSets} + batches ${r.batches[0]}-${r.batches[r.batches.length - 1]} + ${r.benignSources.length} benign sources)`;
  (existsSync(DEV_SET_PATH) && existsSync(ROUTER_DEV_PATH) ? test : test.skip)(title, () => {
    const model = JSON.parse(readFileSync(modelPath(r.modelFile), 'utf8')) as ClassifierModel;
    const tr = trainingCases12_1(loadCorpus(DEV_SET_PATH, r.extraSets, r.batches), loadBenign(undefined, r.benignSources));
    const opts = { groups: tr.groups, ...r.calibration, evidence: evidencePlan(RULESETS[p.candidateVersion]?.rules ?? [], r.evidenceMode) };
    expect(trainClassifier(tr.cases, p.candidateRules, opts)).toEqual(model);
  }, 60_000);
}
