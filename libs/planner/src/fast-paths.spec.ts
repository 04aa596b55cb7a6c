import modelFile from './model/router-model.json';
import { messageCues, MESSAGE_CUE_RULES } from './classify';
import { ANY_TRIGGER, REGIONAL_PATTERNS, REGIONAL_TRIGGER, normaliseZh } from './dialect-zh';
import { codePointLength, countCjk, extractFeatures, hasCjk, isCjk, nfkc, normalise } from './features';
import { MODEL_LABELS, checkModelFile, createScorer } from './naive-bayes';
import { EN_RULES, normaliseEn } from './rules-en';
import { ZH_DRUG, ZH_RULES } from './rules-zh';
import { candidateRules, gated, indexRules, requiredUnits } from './rule-index';
import type { CueRule } from './rule-types';
import { splitClauses, type Clause } from './segment';
import { BLIND_SET_PATHS, DEV_SET_PATH, EXTRA_SET_PATH, OWN_SET_PATHS, loadCases } from './testing/cases';

// The planner's hot paths were rewritten for CPU (perf(planner)); each must give exactly what
// the straightforward version gives. The references below are the code as it was before, run
// over every case text we have, each of its clauses (raw and dialect-normalised) and generated
// strings with the awkward characters (astral, lone surrogates, full-width, traditional, quotes).

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

function refCjkRuns(text: string): string[] {
  const runs: string[] = [];
  let current = '';
  for (const char of text) {
    if (CJK.test(char)) current += char;
    else if (current) {
      runs.push(current);
      current = '';
    }
  }
  if (current) runs.push(current);
  return runs;
}

function refStem(word: string): string {
  if (/^\d/.test(word)) return '#';
  let w = word.replace(/'s$/, '');
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

function refExtractFeatures(text: string): string[] {
  const norm = normalise(text).replace(/\d+(?:\.\d+)?/g, (m) => ` ${m} `);
  const features = new Set<string>();
  for (const run of refCjkRuns(norm)) {
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
  const words = (norm.match(/[a-z][a-z'-]*|\d+(?:\.\d+)?/g) ?? []).map(refStem);
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i] ?? '';
    features.add(`w:${w}`);
    const next = words[i + 1];
    if (next !== undefined) features.add(`w:${w}_${next}`);
  }
  if (/[?？]\s*$/.test(text)) features.add('?');
  return Array.from(features);
}

function refPosterior(temperature: number): (text: string) => number[] {
  const model = checkModelFile(modelFile);
  const k = MODEL_LABELS.length;
  const vocab = model.features.length;
  const totals = MODEL_LABELS.map((_, j) => model.counts.reduce((sum, row) => sum + (row[j] ?? 0), 0));
  const denom = totals.map((t) => Math.log(t + model.alpha * (vocab + 1)));
  const logProb = new Map<string, Float64Array>();
  model.features.forEach((feature, i) => {
    const row = model.counts[i] ?? [];
    const lp = new Float64Array(k);
    for (let j = 0; j < k; j += 1) lp[j] = Math.log((row[j] ?? 0) + model.alpha) - (denom[j] ?? 0);
    logProb.set(feature, lp);
  });
  return (text) => {
    const scores = new Float64Array(k);
    let known = 0;
    for (const feature of refExtractFeatures(text)) {
      const lp = logProb.get(feature);
      if (!lp) continue;
      known += 1;
      for (let j = 0; j < k; j += 1) scores[j] = (scores[j] ?? 0) + (lp[j] ?? 0);
    }
    if (known === 0) return MODEL_LABELS.map(() => 1 / k);
    const max = Math.max(...scores);
    const exp = Array.from(scores, (s) => Math.exp((s - max) / temperature));
    const sum = exp.reduce((a, b) => a + b, 0);
    return exp.map((e) => e / sum);
  };
}

const TEST_STUDY =
  /\b(sleep|nerve conduction|conduction|urodynamic|electrophysiology|swallow(?:ing)?|barium|doppler|imaging|flow|nuclear|sweat|motility) stud(?:y|ies)\b/g;

function refNormaliseEn(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\bwhat'?s\b/g, 'what is')
    .replace(/\bhow'?s\b/g, 'how is')
    .replace(/\bi'm\b/g, 'i am')
    .replace(/\bu\b/g, 'you')
    .replace(/\bur\b/g, 'your')
    .replace(TEST_STUDY, '$1 test');
}

function refApply(rules: readonly CueRule[], text: string): { guideline: number; fired: string[] } {
  let guideline = 0;
  const fired: string[] = [];
  for (const rule of rules) {
    if (!rule.re.test(text)) continue;
    if (rule.requires && !rule.requires.test(text)) continue;
    if (rule.unless && rule.unless.test(text)) continue;
    if (rule.type === 'clinical_guideline') guideline += rule.w;
    fired.push(rule.id);
  }
  return { guideline, fired };
}

// The ids messageCues reads as "a diagnosis is proposed" (HYPOTHESIS_RULES in classify.ts).
const HYPOTHESIS_IDS = ['zh.sym.is_it', 'zh.sym.could_be', 'zh.sym.is_disease', 'zh.sym.this_or_that'];

function corpus(): string[] {
  const paths = [DEV_SET_PATH, EXTRA_SET_PATH, ...BLIND_SET_PATHS, ...OWN_SET_PATHS];
  const messages = paths.flatMap((p) => (loadCases(p) ?? []).map((c) => c.text));
  const generated = [
    '',
    '𠀀𠀁头晕？',
    '\ud800孤\udc00立代理',
    'ＡＤＡ指南说ＨｂＡ１ｃ６.８％算高吗？',
    '醫生說我嚴重嗎？這個藥會不會傷腎',
    '佢哋话嗰阵食咗啲药冇事，系唔系真嘅？',
    '俺爹血压高咋办，这玩意儿能根治不？神马原因，肿么木有好转',
    "What's the NICE guidance? how's it for u and ur mum, I'm on metformin’s ‘dose’ `x`",
    'sleep studies vs nerve conduction study — are they research?',
    'ｅＧＦＲ ４５ CKD G3a 3a期和3b期 怎么区分',
  ];
  const out = new Set<string>([...messages, ...generated]);
  for (const m of [...messages, ...generated]) {
    for (const clause of splitClauses(m, hasCjk(m))) {
      out.add(clause.text);
      out.add(normaliseZh(clause.text.normalize('NFKC')));
    }
  }
  // Every CJK / surrogate boundary of the ranges, alone and inside text.
  for (const code of [
    0x33ff, 0x3400, 0x9fff, 0xa000, 0xf8ff, 0xf900, 0xfaff, 0xfb00, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff,
  ]) {
    out.add(String.fromCharCode(code));
    out.add(`a${String.fromCharCode(code)}中b`);
  }
  return Array.from(out);
}

// splitClauses as it was before its punctuation scan read code units.
const REF_HARD_STOP = new Set(['。', '？', '！', '；', '?', '!', ';', '\n', '，', '、', '：']);
const REF_CLOSING = new Set(['”', '’', '」', '』', '）', ')', '"', "'", '】']);
const REF_ZH_CONNECTIVE = /同时|另外|还有|以及|并且|顺便|再问|此外|还想问|还想知道|再就是|而且|然后|最后/g;
const REF_EN_CONNECTIVE =
  /,\s+(?=(and|but|also|plus|or|why|what|how|when|where|which|who|is|are|do|does|did|can|could|should|would|will)\b)|\s+(?=(and|also|plus)\s+(also\s+)?(what|how|why|when|which|where|who|whether|is|are|do|does|did|can|could|should|would|will|any|if|tell)\b)|\s+[—–]\s+|\s+--\s+|\s+-\s+(?=(what|how|why|when|which|where|who|is|are|do|does|did|can|could|should|would|will|any)\b)/gi;
const REF_ABBREVIATION = /\b(dr|mr|mrs|ms|vs|e\.g|i\.e|approx|no|st)\.$/i;

function refSplitClauses(message: string, zh: boolean): Clause[] {
  const cuts = new Set<number>();
  for (let i = 0; i < message.length; i += 1) {
    const char = message[i] ?? '';
    const next = message[i + 1] ?? '';
    let boundary = REF_HARD_STOP.has(char);
    if (char === ',' && zh) boundary = true;
    if (char === '.' && /\s/.test(next) && !REF_ABBREVIATION.test(message.slice(Math.max(0, i - 6), i + 1))) {
      boundary = true;
    }
    if (!boundary) continue;
    let j = i + 1;
    while (j < message.length && (REF_HARD_STOP.has(message[j] ?? '') || REF_CLOSING.has(message[j] ?? ''))) j += 1;
    cuts.add(j);
    i = j - 1;
  }
  if (zh) {
    for (const m of message.matchAll(/(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])/g)) {
      cuts.add((m.index ?? 0) + m[0].length);
    }
  }
  const connectives = (english: boolean): void => {
    if (!english) {
      for (const m of message.matchAll(REF_ZH_CONNECTIVE)) {
        const at = m.index ?? 0;
        const before = message.slice(0, at);
        const lastCut = Math.max(0, ...Array.from(cuts).filter((c) => c <= at));
        if (before.slice(lastCut).trim().length >= 4) cuts.add(at);
      }
      return;
    }
    for (const m of message.matchAll(REF_EN_CONNECTIVE)) {
      const index = m.index ?? 0;
      cuts.add(m[0].startsWith(',') ? index + 1 : /[—–-]/.test(m[0]) ? index + m[0].length : index);
    }
  };
  connectives(!zh);
  if (zh) connectives(true);
  const points = Array.from(cuts)
    .filter((p) => p > 0 && p < message.length)
    .sort((a, b) => a - b);
  const clauses: Clause[] = [];
  let from = 0;
  for (const to of [...points, message.length]) {
    const raw = message.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (/[\p{L}\p{N}]/u.test(text)) {
      const start = from + lead;
      const last = text[text.length - 1] ?? '';
      clauses.push({ text, start, end: start + text.length, closer: REF_HARD_STOP.has(last) || last === ',' ? last : '' });
    }
    from = to;
  }
  return clauses;
}

/** Texts where fast and reference disagree (compared as JSON, so number arrays must be bit-identical). */
function mismatches<T>(texts: readonly string[], fast: (t: string) => T, ref: (t: string) => T): string[] {
  return texts.filter((t) => JSON.stringify(fast(t)) !== JSON.stringify(ref(t)));
}

describe('planner fast paths give exactly what the reference code gives', () => {
  const texts = corpus();

  it('has the case texts to compare on', () => {
    expect(texts.length).toBeGreaterThan(2000);
  });

  it('hasCjk, countCjk, codePointLength', () => {
    expect(mismatches(texts, hasCjk, (t) => Array.from(t).some(isCjk))).toEqual([]);
    expect(mismatches(texts, countCjk, (t) => Array.from(t).filter(isCjk).length)).toEqual([]);
    expect(mismatches(texts, codePointLength, (t) => Array.from(t).length)).toEqual([]);
  });

  it('extractFeatures: same features in the same order', () => {
    expect(mismatches(texts, extractFeatures, refExtractFeatures)).toEqual([]);
  });

  it('posterior: bit-identical numbers', () => {
    for (const temperature of [1, 2]) {
      const fast = createScorer(checkModelFile(modelFile), temperature);
      const ref = refPosterior(temperature);
      // JSON keeps every digit of a double, so equal JSON is equal bits (none is -0 or NaN).
      expect(mismatches(texts, (t) => fast.posterior(t), ref)).toEqual([]);
    }
  });

  it('normaliseEn', () => {
    expect(mismatches(texts, normaliseEn, refNormaliseEn)).toEqual([]);
  });

  it('normaliseZh skips the regional rewrites only where none of them applies', () => {
    const untriggered = texts.filter((t) => !REGIONAL_TRIGGER.test(t));
    expect(untriggered.length).toBeGreaterThan(1000);
    expect(untriggered.filter((t) => REGIONAL_PATTERNS.some((re) => t.replace(re, '\u0000') !== t))).toEqual(
      [],
    );
    // And each pattern's own matches are triggers.
    for (const sample of [
      '啥子',
      '咋个',
      '咋样',
      '咋整',
      '咋办',
      '要得不',
      '要不要得',
      '俺们',
      '我爹',
      '我娘',
      '这玩意儿',
      '这东西',
      '神马',
      '肿么',
      '木有',
    ]) {
      expect([sample, REGIONAL_TRIGGER.test(sample)]).toEqual([sample, true]);
    }
  });

  it('messageCues runs only the rules it reads, and the rules are stateless', () => {
    const stateful = [...ZH_RULES, ...EN_RULES].filter((rule) =>
      [rule.re, rule.requires, rule.unless].some((re) => re !== undefined && (re.global || re.sticky)),
    );
    expect(stateful.map((r) => r.id)).toEqual([]);
    // signalFor reads ZH_DRUG once per clause for several cues.
    expect(ZH_DRUG.global || ZH_DRUG.sticky).toBe(false);
    for (const id of HYPOTHESIS_IDS) expect(MESSAGE_CUE_RULES.zh.map((r) => r.id)).toContain(id);
    const reference = (t: string): { guideline: boolean; hypothesis: boolean } => {
      const message = normaliseZh(t.normalize('NFKC'));
      const zh = refApply(ZH_RULES, message.normalize('NFKC'));
      const en = refApply(EN_RULES, refNormaliseEn(message));
      return {
        guideline: zh.guideline >= 3 || en.guideline >= 3,
        hypothesis: [...zh.fired, ...en.fired].some((id) => HYPOTHESIS_IDS.includes(id)),
      };
    };
    const filtered = (t: string): { guideline: boolean; hypothesis: boolean } => {
      const message = normaliseZh(t.normalize('NFKC'));
      const zh = refApply(MESSAGE_CUE_RULES.zh, message.normalize('NFKC'));
      const en = refApply(MESSAGE_CUE_RULES.en, refNormaliseEn(message));
      return { guideline: zh.guideline >= 3 || en.guideline >= 3, hypothesis: messageCues(t).hypothesis };
    };
    expect(mismatches(texts, filtered, reference)).toEqual([]);
  });

  it('nfkc and normalise skip ICU only where it changes nothing', () => {
    expect(mismatches(texts, nfkc, (t) => t.normalize('NFKC'))).toEqual([]);
    expect(mismatches(texts, normalise, (t) => t.normalize('NFKC').toLowerCase())).toEqual([]);
    // Every code unit alone, and each of the units the scan trusts next to every ASCII character.
    const units = Array.from({ length: 0x10000 }, (_, u) => String.fromCharCode(u));
    expect(mismatches(units, nfkc, (t) => t.normalize('NFKC'))).toEqual([]);
    expect(mismatches(units, normalise, (t) => t.normalize('NFKC').toLowerCase())).toEqual([]);
    const ascii = units.slice(0, 0x80);
    const trusted = ['、', '。', '一', '中', '鿿', ...ascii];
    const pairs = trusted.flatMap((a) => ascii.flatMap((b) => [a + b, b + a]));
    expect(mismatches(pairs, nfkc, (t) => t.normalize('NFKC'))).toEqual([]);
  });

  it('rule unit sets: every match of every cue rule contains a unit of its set', () => {
    const rules = [...ZH_RULES, ...EN_RULES];
    // The texts the rules are run on: clauses as read (NFKC, Mandarin forms), and their English form.
    const inputs = Array.from(new Set(texts.flatMap((t) => [t, nfkc(t), normaliseEn(t)])));
    const bad: string[] = [];
    for (const rule of rules) {
      const units = requiredUnits(rule.re);
      if (units === null) continue;
      // The leftmost match from every position on.
      const all = new RegExp(rule.re.source, `${rule.re.flags}g`);
      for (const text of inputs) {
        all.lastIndex = 0;
        for (let m = all.exec(text); m !== null; m = all.exec(text)) {
          if (!Array.from(m[0]).some((c) => units.has(c.charCodeAt(0)))) bad.push(`${rule.id} @${m.index}: ${text}`);
          all.lastIndex = m.index + 1;
        }
      }
    }
    expect(bad).toEqual([]);
    // The index is worth having: every rule gets a set.
    expect(rules.filter((r) => requiredUnits(r.re) === null).map((r) => r.id)).toEqual([]);
  });

  it('rule index and gated tests: the candidates include every rule that matches', () => {
    const inputs = Array.from(new Set(texts.flatMap((t) => [t, nfkc(t), normaliseEn(t)])));
    for (const rules of [ZH_RULES, EN_RULES, MESSAGE_CUE_RULES.zh, MESSAGE_CUE_RULES.en]) {
      const index = indexRules(rules);
      const missed = inputs.flatMap((text) => {
        const marks = candidateRules(index, text);
        return rules.filter((r, k) => marks[k] === 0 && r.re.test(text)).map((r) => `${r.id}: ${text}`);
      });
      expect(missed).toEqual([]);
    }
    // The dialect triggers (gated in normaliseZh), and the rules.
    for (const re of [ANY_TRIGGER, ...ZH_RULES.map((r) => r.re), ...EN_RULES.map((r) => r.re)]) {
      const test = gated(re);
      const wrong = inputs.filter((t) => test.test(t) !== re.test(t));
      expect([re.source, wrong]).toEqual([re.source, []]);
    }
  });

  it('splitClauses: same clauses, offsets and closers', () => {
    for (const zh of [true, false]) {
      expect(mismatches(texts, (t) => splitClauses(t, zh), (t) => refSplitClauses(t, zh))).toEqual([]);
    }
  });
});
