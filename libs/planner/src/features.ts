// Feature extraction shared by training and inference: if the two ever tokenised
// differently the committed weights would silently stop matching what they score.

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN_WORD = /[a-z][a-z'-]*|\d+(?:\.\d+)?/g;

export function normalise(text: string): string {
  // NFKC folds full-width letters/digits (ＡＤＡ, ６.８) so both input methods share features.
  return text.normalize('NFKC').toLowerCase();
}

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

/**
 * Same as `Array.from(text).some(isCjk)`: every CJK code point is one BMP code unit and the
 * class holds no surrogates, so testing the code units of the whole string is equivalent.
 */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

function isCjkUnit(code: number): boolean {
  return (code >= 0x3400 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff);
}

/** Same as `Array.from(text).filter(isCjk).length`, without the arrays. */
export function countCjk(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) if (isCjkUnit(text.charCodeAt(i))) n += 1;
  return n;
}

/** Same as `Array.from(text).length` (code points; a lone surrogate counts as one), without the array. */
export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i + 1 < text.length; i += 1) {
    const hi = text.charCodeAt(i);
    if (hi >= 0xd800 && hi <= 0xdbff) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        n -= 1;
        i += 1;
      }
    }
  }
  return n;
}

/** Maximal runs of CJK characters, each as its list of characters (CJK characters are single code units). */
function cjkRuns(text: string): string[][] {
  const runs: string[][] = [];
  let current: string[] = [];
  for (let i = 0; i < text.length; i += 1) {
    if (isCjkUnit(text.charCodeAt(i))) {
      current.push(text[i] ?? '');
    } else if (current.length > 0) {
      runs.push(current);
      current = [];
    }
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

// Light stemming only: plural and -ing/-ed variants of the same cue word should
// share weight, and anything cleverer would be hard to keep deterministic.
const LEADING_DIGIT = /^\d/;
const POSSESSIVE = /'s$/;
const NUMBER = /\d+(?:\.\d+)?/g;
const QUESTION_END = /[?？]\s*$/;

function stem(word: string): string {
  if (LEADING_DIGIT.test(word)) return '#';
  let w = word.replace(POSSESSIVE, '');
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** Unique features of one clause: CJK char 1-3 grams (with run edges) and latin word 1-2 grams. */
export function extractFeatures(text: string): string[] {
  return Array.from(featureSet(text));
}

/**
 * extractFeatures as a Set, in the same insertion order (the scorer sums log-probabilities in
 * this order, so the order is part of the output).
 */
export function featureSet(text: string): Set<string> {
  const norm = normalise(text).replace(NUMBER, (m) => ` ${m} `);
  const features = new Set<string>();
  for (const run of cjkRuns(norm)) {
    // The run framed by "^" and "$": positions -1 and run.length.
    const n = run.length;
    const at = (i: number): string | undefined => (i === -1 ? '^' : i === n ? '$' : i > n ? undefined : run[i]);
    for (let i = -1; i <= n; i += 1) {
      const a = at(i) ?? '';
      const b = at(i + 1);
      const c = at(i + 2);
      if (i !== -1 && i !== n) features.add(a);
      if (b !== undefined) features.add(a + b);
      if (b !== undefined && c !== undefined) features.add(a + b + c);
    }
  }
  const matched = norm.match(LATIN_WORD);
  if (matched) {
    const words = matched.map(stem);
    for (let i = 0; i < words.length; i += 1) {
      const w = words[i] ?? '';
      features.add(`w:${w}`);
      const next = words[i + 1];
      if (next !== undefined) features.add(`w:${w}_${next}`);
    }
  }
  if (QUESTION_END.test(text)) features.add('?');
  return features;
}

/** Share of CJK characters among letters, used to pick the instruction language. */
export function detectLang(text: string): 'zh' | 'en' {
  let cjk = 0;
  let latin = 0;
  for (const char of text) {
    if (isCjk(char)) cjk += 1;
    else if (/[a-zA-Z]/.test(char)) latin += 1;
  }
  // A Chinese message often carries latin acronyms (ICD, GOLD, eGFR); weigh CJK up.
  return cjk * 3 >= latin && cjk > 0 ? 'zh' : 'en';
}
