// Feature extraction for the learned pre-risk signal: hashed Chinese character 1-3-grams,
// English word 1-2-grams and negation-scoped copies ("neg:" prefix) of the units that
// follow a negation cue within a short window. Pure and deterministic (FNV-1a hashing).
import { normalizeText } from '../text/normalize';

/** Hash space size (power of two). Part of the model format: changing it invalidates model.json. */
export const FEATURE_BITS = 18;
export const FEATURE_DIM = 1 << FEATURE_BITS;
const MASK = FEATURE_DIM - 1;

const ZH_NEG = ['没有', '没', '不', '否认', '无', '未', '别'];
const EN_NEG = new Set(['no', 'not', 'denies', 'denied', 'deny', 'without', 'never', "don't", "doesn't", "didn't", "isn't", "wasn't", "hasn't", "haven't", 'nor']);
/** Window after a negation cue: Chinese characters / English words. */
const ZH_NEG_WINDOW = 4;
const EN_NEG_WINDOW = 3;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & MASK;
}

const isCjk = (c: number): boolean => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);

/** Sorted, de-duplicated hashed feature indices of `text` (binary bag of features). */
export function featurize(text: string): Int32Array {
  const n = normalizeText(text);
  const keys: string[] = [];
  // Chinese runs: char 1-3-grams; negation window copies as unigrams/bigrams.
  let i = 0;
  while (i < n.length) {
    if (!isCjk(n.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    while (j < n.length && isCjk(n.charCodeAt(j))) j++;
    const run = n.slice(i, j);
    const negUntil = new Int8Array(run.length);
    for (let k = 0; k < run.length; k++) {
      for (const cue of ZH_NEG) {
        if (run.startsWith(cue, k)) {
          const from = k + cue.length;
          for (let w = from; w < Math.min(run.length, from + ZH_NEG_WINDOW); w++) negUntil[w] = 1;
          break;
        }
      }
    }
    for (let k = 0; k < run.length; k++) {
      const c1 = run[k] as string;
      keys.push('c:' + c1);
      if (k + 1 < run.length) keys.push('c:' + run.slice(k, k + 2));
      if (k + 2 < run.length) keys.push('c:' + run.slice(k, k + 3));
      if (negUntil[k] === 1) {
        keys.push('n:' + c1);
        if (k + 1 < run.length && negUntil[k + 1] === 1) keys.push('n:' + run.slice(k, k + 2));
      }
    }
    i = j;
  }
  // English words: 1-2-grams; negated words replaced by "neg:" copies.
  const words = n.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
  let negLeft = 0;
  let prev = '<s>';
  for (const w of words) {
    if (EN_NEG.has(w)) {
      negLeft = EN_NEG_WINDOW;
      keys.push('w:' + w);
      keys.push('b:' + prev + ' ' + w);
      prev = w;
      continue;
    }
    if (negLeft > 0) {
      keys.push('nw:' + w);
      negLeft--;
    } else keys.push('w:' + w);
    keys.push('b:' + prev + ' ' + w);
    prev = w;
  }
  const set = new Set<number>();
  for (const k of keys) set.add(fnv1a(k));
  return Int32Array.from([...set].sort((a, b) => a - b));
}
