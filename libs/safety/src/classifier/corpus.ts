// The labelled cases the learned signal is trained on, grouped by batch so evaluation can
// hold one batch out. Order is fixed (part of reproducibility).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePreRiskCases, type PreRiskCase } from '../prerisk/evaluate';
import { EXTRA_CASES } from '../prerisk/extra-cases';
import { EXTRA_CASES_2 } from '../prerisk/extra-cases-2';
import { EXTRA_CASES_3 } from '../prerisk/extra-cases-3';
import { EXTRA_CASES_4 } from '../prerisk/extra-cases-4';
import { EXTRA_CASES_5 } from '../prerisk/extra-cases-5';
import { EXTRA_CASES_6 } from '../prerisk/extra-cases-6';
import { EXTRA_CASES_7 } from '../prerisk/extra-cases-7';

export const PRERISK_DIR = resolve(__dirname, '../prerisk');
/** Shared dev set (../shared/eval from the repo root), as in prerisk.dev.spec.ts. */
export const DEV_SET_PATH = resolve(__dirname, '../../../..', '../shared/eval/prerisk.dev.jsonl');
export const BLIND_BATCHES = ['2', '3', '4', '5'] as const;
/** prerisk-2026.12.1 also trains on batch 6 (consumed by the 12.0 verdict). */
export const BLIND_BATCHES_12_1 = ['2', '3', '4', '5', '6'] as const;
/** prerisk-2026.12.2 also trains on batch 7 (consumed by the 12.1 adoption verdict). */
export const BLIND_BATCHES_12_2 = ['2', '3', '4', '5', '6', '7'] as const;
/** prerisk-2026.12.3 also trains on batch 8 (consumed by the 12.2 adoption verdict). */
export const BLIND_BATCHES_12_3 = ['2', '3', '4', '5', '6', '7', '8'] as const;
export type BlindBatch = (typeof BLIND_BATCHES_12_3)[number];

/** Own extra-case files, in training order. The 2026.11 experiment used the first four. */
const EXTRA_SETS = [EXTRA_CASES, EXTRA_CASES_2, EXTRA_CASES_3, EXTRA_CASES_4, EXTRA_CASES_5, EXTRA_CASES_6, EXTRA_CASES_7] as const;
/** Extra-case files of the 2026.11 experiment (model.json, the leave-one-batch-out tables). */
export const EXTRA_SETS_2026_11 = 4;
/** Extra-case files the shipped 2026.12.0 and 2026.12.1 models are trained on (extra 1-5). */
export const EXTRA_SETS_ALL = 5;
/** prerisk-2026.12.2 also trains on extra-cases-6 (written after batch 7's misses were read). */
export const EXTRA_SETS_12_2 = 6;
/** prerisk-2026.12.3 also trains on extra-cases-7 (dialect + suicide cue families, written after batch 8). */
export const EXTRA_SETS_12_3 = 7;

export interface LabelledCorpus {
  dev: PreRiskCase[];
  extra: PreRiskCase[];
  /** Source group of each extra case (extra-1..extra-N). */
  extraGroups: string[];
  blind: Record<BlindBatch, PreRiskCase[]>;
}

export function loadCorpus(devPath: string = DEV_SET_PATH, extraSets: number = EXTRA_SETS_2026_11, batches: readonly BlindBatch[] = BLIND_BATCHES): LabelledCorpus {
  const blind = {} as Record<BlindBatch, PreRiskCase[]>;
  for (const b of batches) blind[b] = parsePreRiskCases(readFileSync(resolve(PRERISK_DIR, `blind-cases.${b}.jsonl`), 'utf8'));
  const dev = existsSync(devPath) ? parsePreRiskCases(readFileSync(devPath, 'utf8')) : [];
  const extras = EXTRA_SETS.slice(0, extraSets);
  return {
    dev,
    extra: extras.flatMap((e) => [...e]),
    extraGroups: extras.flatMap((e, i) => e.map(() => `extra-${i + 1}`)),
    blind,
  };
}

/** Everything except the held-out blind batch (and anything duplicating it). */
export function trainingCases(c: LabelledCorpus, heldOut?: BlindBatch): { cases: PreRiskCase[]; groups: string[] } {
  const kept = (Object.keys(c.blind) as BlindBatch[]).filter((b) => b !== heldOut);
  const cases = [...c.dev, ...c.extra, ...kept.flatMap((b) => c.blind[b])];
  const groups = [...c.dev.map(() => 'dev'), ...c.extraGroups, ...kept.flatMap((b) => c.blind[b].map(() => `blind-${b}`))];
  if (heldOut === undefined) return { cases, groups };
  const key = (t: string) => t.replace(/\s+/g, '').toLowerCase();
  const hs = new Set(c.blind[heldOut].map((x) => key(x.text)));
  const keep = cases.map((x) => !hs.has(key(x.text)));
  return { cases: cases.filter((_, i) => keep[i]), groups: groups.filter((_, i) => keep[i]) };
}

/**
 * Benign traffic (prerisk-2026.12.1): ordinary medical questions from the router case files
 * (benign by construction, LABELING.md) and the safety lib's own chit-chat / non-medical /
 * mild-complaint sentences, all PASS. The router texts of libs/planner are snapshotted in
 * benign-router.jsonl (source + id kept) so a planner edit cannot change a trained model; the
 * router dev set is read from ../shared/eval like the pre-risk dev set.
 */
export const ROUTER_DEV_PATH = resolve(__dirname, '../../../..', '../shared/eval/router.dev.jsonl');
export const BENIGN_FILES = [resolve(__dirname, 'benign-router.jsonl'), resolve(__dirname, 'benign-own.jsonl'), resolve(__dirname, 'benign-12-2.jsonl'), resolve(__dirname, 'benign-12-3.jsonl')] as const;
/** Source groups of the benign corpus, in training order (leave-one-source-out folds). */
export const BENIGN_SOURCES = ['router-dev', 'planner-blind-2', 'planner-blind-3', 'planner-blind-4', 'router-extra', 'own-a', 'own-b', 'own-c', 'own-d', 'own-e', 'safety-own'] as const;
/**
 * prerisk-2026.12.2 adds the planner's router batch 5 (benign texts of blind batch 7's verdict,
 * consumed) and 40 more own chit-chat / idiom / ordinary sentences (`benign-12-2.jsonl`).
 */
export const BENIGN_SOURCES_12_2 = [...BENIGN_SOURCES, 'planner-blind-5', 'safety-own-2'] as const;
/**
 * prerisk-2026.12.3 adds the planner's router batch 6 (benign texts of blind batch 8's verdict,
 * consumed) and 20 own dialect / chit-chat sentences (`benign-12-3.jsonl`).
 */
export const BENIGN_SOURCES_12_3 = [...BENIGN_SOURCES_12_2, 'planner-blind-6', 'safety-own-3'] as const;
export type BenignSource = (typeof BENIGN_SOURCES_12_3)[number];

export interface BenignText {
  id: string;
  source: BenignSource;
  text: string;
}

function parseBenign(jsonl: string, source?: BenignSource): BenignText[] {
  return jsonl
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const r = JSON.parse(l) as { id: string; source?: BenignSource; text: string };
      return { id: r.id, source: source ?? (r.source as BenignSource), text: r.text };
    });
}

/** Every benign text of `sources`, in that order (router dev skipped when ../shared is absent). */
export function loadBenign(routerDevPath: string = ROUTER_DEV_PATH, sources: readonly BenignSource[] = BENIGN_SOURCES): BenignText[] {
  const all = [
    ...(existsSync(routerDevPath) ? parseBenign(readFileSync(routerDevPath, 'utf8'), 'router-dev') : []),
    ...BENIGN_FILES.flatMap((f) => parseBenign(readFileSync(f, 'utf8'))),
  ];
  return sources.flatMap((s) => all.filter((b) => b.source === s));
}

/** Benign texts as PASS cases (category "benign"). */
export function benignCases(texts: readonly BenignText[]): PreRiskCase[] {
  return texts.map((b) => ({ id: b.id, text: b.text, expected: 'PASS', category: 'benign' }));
}

/**
 * Training set of prerisk-2026.12.1: dev + extra cases + blind batches (minus `heldOut`) +
 * benign texts (minus `heldOutSource`), each with its source group. Texts duplicating a
 * held-out text are dropped.
 */
export function trainingCases12_1(
  c: LabelledCorpus,
  benign: readonly BenignText[],
  heldOut?: BlindBatch,
  heldOutSource?: BenignSource,
): { cases: PreRiskCase[]; groups: string[] } {
  const base = trainingCases(c, heldOut);
  const kept = benign.filter((b) => b.source !== heldOutSource);
  const cases = [...base.cases, ...benignCases(kept)];
  const groups = [...base.groups, ...kept.map((b) => `benign:${b.source}`)];
  if (heldOutSource === undefined) return { cases, groups };
  const key = (t: string) => t.replace(/\s+/g, '').toLowerCase();
  const hs = new Set(benign.filter((b) => b.source === heldOutSource).map((b) => key(b.text)));
  const keep = cases.map((x) => !hs.has(key(x.text)));
  return { cases: cases.filter((_, i) => keep[i]), groups: groups.filter((_, i) => keep[i]) };
}
