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

function cjkRuns(text: string): string[] {
  const runs: string[] = [];
  let current = '';
  for (const char of text) {
    if (isCjk(char)) {
      current += char;
    } else if (current) {
      runs.push(current);
      current = '';
    }
  }
  if (current) runs.push(current);
  return runs;
}

// Light stemming only: plural and -ing/-ed variants of the same cue word should
// share weight, and anything cleverer would be hard to keep deterministic.
function stem(word: string): string {
  if (/^\d/.test(word)) return '#';
  let w = word.replace(/'s$/, '');
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** Unique features of one clause: CJK char 1-3 grams (with run edges) and latin word 1-2 grams. */
export function extractFeatures(text: string): string[] {
  const norm = normalise(text).replace(/\d+(?:\.\d+)?/g, (m) => ` ${m} `);
  const features = new Set<string>();
  for (const run of cjkRuns(norm)) {
    const chars = Array.from(`^${run}$`);
    for (let i = 0; i < chars.length; i += 1) {
      const a = chars[i] ?? '';
      const b = chars[i + 1];
      const c = chars[i + 2];
      if (a !== '^' && a !== '$') features.add(a);
      if (b !== undefined) features.add(a + b);
      if (b !== undefined && c !== undefined) features.add(a + b + c);
    }
  }
  const words = (norm.match(LATIN_WORD) ?? []).map(stem);
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i] ?? '';
    features.add(`w:${w}`);
    const next = words[i + 1];
    if (next !== undefined) features.add(`w:${w}_${next}`);
  }
  if (/[?？]\s*$/.test(text)) features.add('?');
  return Array.from(features);
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
