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

export const PRERISK_DIR = resolve(__dirname, '../prerisk');
/** Shared dev set (../shared/eval from the repo root), as in prerisk.dev.spec.ts. */
export const DEV_SET_PATH = resolve(__dirname, '../../../..', '../shared/eval/prerisk.dev.jsonl');
export const BLIND_BATCHES = ['2', '3', '4', '5'] as const;
export type BlindBatch = (typeof BLIND_BATCHES)[number];

/** Own extra-case files, in training order. The 2026.11 experiment used the first four. */
const EXTRA_SETS = [EXTRA_CASES, EXTRA_CASES_2, EXTRA_CASES_3, EXTRA_CASES_4, EXTRA_CASES_5] as const;
/** Extra-case files of the 2026.11 experiment (model.json, the leave-one-batch-out tables). */
export const EXTRA_SETS_2026_11 = 4;
/** Extra-case files the shipped 2026.12.0 model is trained on (all of them). */
export const EXTRA_SETS_ALL = EXTRA_SETS.length;

export interface LabelledCorpus {
  dev: PreRiskCase[];
  extra: PreRiskCase[];
  /** Source group of each extra case (extra-1..extra-N). */
  extraGroups: string[];
  blind: Record<BlindBatch, PreRiskCase[]>;
}

export function loadCorpus(devPath: string = DEV_SET_PATH, extraSets: number = EXTRA_SETS_2026_11): LabelledCorpus {
  const blind = {} as Record<BlindBatch, PreRiskCase[]>;
  for (const b of BLIND_BATCHES) blind[b] = parsePreRiskCases(readFileSync(resolve(PRERISK_DIR, `blind-cases.${b}.jsonl`), 'utf8'));
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
  const kept = BLIND_BATCHES.filter((b) => b !== heldOut);
  const cases = [...c.dev, ...c.extra, ...kept.flatMap((b) => c.blind[b])];
  const groups = [...c.dev.map(() => 'dev'), ...c.extraGroups, ...kept.flatMap((b) => c.blind[b].map(() => `blind-${b}`))];
  if (heldOut === undefined) return { cases, groups };
  const key = (t: string) => t.replace(/\s+/g, '').toLowerCase();
  const hs = new Set(c.blind[heldOut].map((x) => key(x.text)));
  const keep = cases.map((x) => !hs.has(key(x.text)));
  return { cases: cases.filter((_, i) => keep[i]), groups: groups.filter((_, i) => keep[i]) };
}
