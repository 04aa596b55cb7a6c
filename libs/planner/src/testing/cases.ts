import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseRouterCases, type RouterCase } from '../evaluate';

// Shared loaders for the specs; lives under testing/ so the build never ships it.

const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

/** Router case files live in the repository's eval/ folder (eval/manifest.json lists them). */
const EVAL_DIR = join(REPO_ROOT, 'eval', 'router');
/** The dev set, copied from the shared eval folder into eval/dev/. */
export const DEV_SET_PATH = join(REPO_ROOT, 'eval', 'dev', 'router.dev.jsonl');
export const EXTRA_SET_PATH = join(EVAL_DIR, 'router-extra.jsonl');
/** Blind batches: written from LABELING.md only, before the planner was read; measured untuned first. */
export const BLIND_SET_PATHS = [
  join(EVAL_DIR, 'blind-cases.2.jsonl'),
  join(EVAL_DIR, 'blind-cases.3.jsonl'),
  join(EVAL_DIR, 'blind-cases.4.jsonl'),
  join(EVAL_DIR, 'blind-cases.5.jsonl'),
  join(EVAL_DIR, 'blind-cases.6.jsonl'),
  join(EVAL_DIR, 'blind-cases.7.jsonl'),
] as const;

/**
 * Our own cases, written for the generalisation pass (LABELING.md only, mixed wording, typos, zh/en):
 * a = 164 cases written first and measured untuned, then tuned on; b = 50 written after the
 * a-fixes and measured untuned before its own fixes; c = 30 written last, measured untuned.
 * d, e = 63 + 63 written for the clause-act pass before any of its changes, both measured untuned;
 * d was tuned on with blind batch 4, e was held out (aggregate only) and then fixed once.
 * f, g = 51 + 51 written for the batch-5 pass before any of its changes (random split), both
 * measured untuned; f was tuned on with blind batch 5, g was held out until the last step.
 * h, i = 55 + 55 written for the batch-6 pass before any of its changes (Cantonese, regional and
 * traditional forms, texting English; random split), both measured untuned; h was tuned on with blind
 * batch 6, i was held out until the last step and then fixed once. j = 40 written after all of
 * those changes, measured untuned once, then fixed once. k = 40 written after the j round (more
 * cue-less second questions), measured untuned once, then fixed once.
 */
export const OWN_SET_PATHS = [
  join(EVAL_DIR, 'router-own.jsonl'),
  join(EVAL_DIR, 'router-own-b.jsonl'),
  join(EVAL_DIR, 'router-own-c.jsonl'),
  join(EVAL_DIR, 'router-own-d.jsonl'),
  join(EVAL_DIR, 'router-own-e.jsonl'),
  join(EVAL_DIR, 'router-own-f.jsonl'),
  join(EVAL_DIR, 'router-own-g.jsonl'),
  join(EVAL_DIR, 'router-own-h.jsonl'),
  join(EVAL_DIR, 'router-own-i.jsonl'),
  join(EVAL_DIR, 'router-own-j.jsonl'),
  join(EVAL_DIR, 'router-own-k.jsonl'),
] as const;

export function loadCases(path: string): RouterCase[] | undefined {
  return existsSync(path) ? parseRouterCases(readFileSync(path, 'utf8')) : undefined;
}
