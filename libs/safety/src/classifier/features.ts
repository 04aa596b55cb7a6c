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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a state after feeding s[from, to) into state h. */
function feed(h: number, s: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h;
}

const prefixState = (p: string): number => feed(FNV_OFFSET, p, 0, p.length);
const P_CHAR = prefixState('c:');
const P_NEG = prefixState('n:');
const P_WORD = prefixState('w:');
const P_NEGWORD = prefixState('nw:');
const P_BIGRAM = prefixState('b:');
const P_ENCHAR = prefixState('ec:');
/** Character n-gram length of the English sub-word features (prerisk-2026.12.2). */
const EN_CHAR_N = 4;
const SPACE = 0x20;

const isCjk = (c: number): boolean => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);

/**
 * Sorted, de-duplicated hashed feature indices of `text` (binary bag of features). `enChar`
 * (prerisk-2026.12.2) adds character 4-grams of each English word with boundary marks, so typos
 * and inflections ("drooling" / "drools", "organophosphate" / "organophosphates") share features.
 */
export function featurize(text: string, enChar = false): Int32Array {
  const n = normalizeText(text);
  const set = new Set<number>();
  const add = (h: number) => set.add((h >>> 0) & MASK);
  // Chinese runs: char 1-3-grams; negation-window copies as unigrams/bigrams.
  const negAt = new Int8Array(n.length);
  let i = 0;
  while (i < n.length) {
    if (!isCjk(n.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    while (j < n.length && isCjk(n.charCodeAt(j))) j++;
    for (let k = i; k < j; k++) {
      for (const cue of ZH_NEG) {
        if (n.startsWith(cue, k) && k + cue.length <= j) {
          const from = k + cue.length;
          for (let w = from; w < Math.min(j, from + ZH_NEG_WINDOW); w++) negAt[w] = 1;
          break;
        }
      }
    }
    for (let k = i; k < j; k++) {
      const h1 = feed(P_CHAR, n, k, k + 1);
      add(h1);
      if (k + 1 < j) {
        const h2 = feed(h1, n, k + 1, k + 2);
        add(h2);
        if (k + 2 < j) add(feed(h2, n, k + 2, k + 3));
      }
      if (negAt[k] === 1) {
        const g1 = feed(P_NEG, n, k, k + 1);
        add(g1);
        if (k + 1 < j && negAt[k + 1] === 1) add(feed(g1, n, k + 1, k + 2));
      }
    }
    i = j;
  }
  // English words: 1-2-grams; words in a negation window become "nw:" copies.
  const words = n.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
  let negLeft = 0;
  let prev = '<s>';
  for (const w of words) {
    const negated = !EN_NEG.has(w) && negLeft > 0;
    if (EN_NEG.has(w)) negLeft = EN_NEG_WINDOW;
    else if (negated) negLeft--;
    add(feed(negated ? P_NEGWORD : P_WORD, w, 0, w.length));
    if (enChar && w.length >= EN_CHAR_N - 1) {
      const m = `<${w}>`;
      for (let k = 0; k + EN_CHAR_N <= m.length; k++) add(feed(P_ENCHAR, m, k, k + EN_CHAR_N));
    }
    let b = feed(P_BIGRAM, prev, 0, prev.length);
    b ^= SPACE;
    b = Math.imul(b, FNV_PRIME);
    add(feed(b, w, 0, w.length));
    prev = w;
  }
  return Int32Array.from(set).sort();
}
