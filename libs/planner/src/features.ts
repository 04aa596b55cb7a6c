// Feature extraction shared by training and inference: if the two ever tokenised
// differently the committed weights would silently stop matching what they score.

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN_WORD = /[a-z][a-z'-]*|\d+(?:\.\d+)?/g;

/**
 * Code units NFKC leaves unchanged wherever they stand: ASCII, "、", "。" and the CJK unified
 * ideographs have no decomposition, combining class 0 and never compose with a neighbour.
 */
function nfkcStable(code: number): boolean {
  return code < 0x80 || (code >= 0x4e00 && code <= 0x9fff) || code === 0x3001 || code === 0x3002;
}

/**
 * Same as `text.normalize('NFKC')`. The planner normalises each clause several times (the
 * classifier, the English rules, the features), mostly text that is already normal: a scan
 * for code units that could change is a fraction of an ICU call.
 */
export function nfkc(text: string): string {
  for (let i = 0; i < text.length; i += 1) {
    if (!nfkcStable(text.charCodeAt(i))) return text.normalize('NFKC');
  }
  return text;
}

/** Same as `nfkc(text).toLowerCase()`; text of NFKC-stable code units with no A-Z is returned as is. */
export function normalise(text: string): string {
  // NFKC folds full-width letters/digits (ＡＤＡ, ６.８) so both input methods share features.
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (!nfkcStable(code) || (code >= 0x41 && code <= 0x5a)) return text.normalize('NFKC').toLowerCase();
  }
  return text;
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

export function isCjkUnit(code: number): boolean {
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
  const norm = featureText(text);
  const features = new Set<string>();
  // Each maximal run of CJK code units (one character each), framed by "^" and "$": its
  // characters, then bigrams and trigrams, position by position (the order is part of the output).
  forEachCjkRun(norm, (from, to) => {
    const framed = `^${norm.slice(from, to)}$`;
    const last = framed.length - 1;
    for (let p = 0; p < last; p += 1) {
      if (p !== 0) features.add(framed.charAt(p));
      features.add(framed.slice(p, p + 2));
      if (p + 2 <= last) features.add(framed.slice(p, p + 3));
    }
  });
  for (const word of wordFeatures(norm)) features.add(word);
  if (endsWithQuestion(text)) features.add('?');
  return features;
}

/** Calls `fn(from, to)` for each maximal run of CJK code units in `norm`, left to right. */
export function forEachCjkRun(norm: string, fn: (from: number, to: number) => void): void {
  for (let from = 0; from < norm.length; ) {
    if (!isCjkUnit(norm.charCodeAt(from))) {
      from += 1;
      continue;
    }
    let to = from + 1;
    while (to < norm.length && isCjkUnit(norm.charCodeAt(to))) to += 1;
    fn(from, to);
    from = to;
  }
}

/** The text featureSet reads: NFKC, lower case, numbers set apart by spaces. */
export function featureText(text: string): string {
  return normalise(text).replace(NUMBER, (m) => ` ${m} `);
}

/** The latin features of featureText(text), in featureSet's order: "w:<stem>", then "w:<stem>_<next stem>". */
export function wordFeatures(norm: string): string[] {
  const matched = norm.match(LATIN_WORD);
  if (!matched) return [];
  const words = matched.map(stem);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i] ?? '';
    out.push(`w:${w}`);
    const next = words[i + 1];
    if (next !== undefined) out.push(`w:${w}_${next}`);
  }
  return out;
}

/** The "?" feature: the raw text ends in a question mark. */
export function endsWithQuestion(text: string): boolean {
  return QUESTION_END.test(text);
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
