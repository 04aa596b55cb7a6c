// Text rewrites of the final boundary. Each rewrite's output can never match its own
// pattern again, which is what makes the boundary idempotent.
import { softenDoses } from './advice';
import { DOSING_REPLACEMENT } from './templates';

export interface RewriteResult {
  text: string;
  count: number;
}

function replaceCounting(text: string, re: RegExp, fn: (m: string, ...groups: string[]) => string): RewriteResult {
  let count = 0;
  const out = text.replace(re, (m: string, ...rest: unknown[]) => {
    count++;
    const groups = rest.filter((x): x is string => typeof x === 'string' || x === undefined).map((x) => x ?? '');
    return fn(m, ...groups);
  });
  return { text: out, count };
}

const ZH_STOP = '[，。！？；,.!?;\\n]';
// "你得了X" / "确诊为X" / "肯定是X": a definitive diagnosis stated to the user.
const ZH_DIAGNOSIS = new RegExp(
  String.raw`(你|您|患者|孩子|宝宝|他|她|这|这个|这种情况)?(?:(?:肯定|一定|绝对|明显|已经|就)?(?:得了|患了|患上了)|(?<!已|已经|之前|以前|曾|曾经)确诊(?:为|是)|可以确诊(?:为|是)?|(?:肯定|绝对|毫无疑问)是)((?:(?!${ZH_STOP}).){1,24}?)(?=${ZH_STOP}|$)`,
  'g',
);
// The diagnosis text may not contain another diagnosis trigger, so one pass rewrites each.
const EN_X = String.raw`(?:(?!\b(?:you|he|she|they|this|it)\s+(?:(?:definitely|certainly|clearly|obviously|surely|undoubtedly)\s+)?(?:have|has|is|are)\b)[^.,;!?\n。，；！？【]){2,48}?`;
const EN_END = String.raw`(?=[.,;!?\n。，；！？【]|$)`;
const EN_DIAGNOSIS_DEFINITE = new RegExp(
  String.raw`\b(you|he|she|they|your (?:child|son|daughter|baby|dad|mum|mom|father|mother|husband|wife))\s+(?:definitely|certainly|clearly|obviously|surely|undoubtedly)\s+(?:have|has|are suffering from|is suffering from|have got|has got)\s+(${EN_X})${EN_END}`,
  'gi',
);
const EN_DIAGNOSIS_PLAIN = new RegExp(
  String.raw`(^\s*|[.!?\n。！？]\s*)(you|your (?:child|son|daughter|baby))\s+(?:have|has|have got|are suffering from)\s+(?!to\b|any\b|been\b|no\b|not\b|a (?:question|right|choice|few|lot|good|great|number)\b|the right\b|options?\b|time\b)(${EN_X})${EN_END}`,
  'gi',
);
const EN_DIAGNOSIS_THIS = new RegExp(String.raw`\b(this|it)\s+is\s+(?:definitely|certainly|clearly|obviously|undoubtedly)\s+(${EN_X})${EN_END}`, 'gi');

/** Rewrites until nothing matches, so the result is a fixed point of the rewrite. */
function toFixedPoint(text: string, once: (t: string) => RewriteResult): RewriteResult {
  let total = 0;
  let current = text;
  for (let round = 0; round < 8; round++) {
    const r = once(current);
    if (r.count === 0 || r.text === current) break;
    total += r.count;
    current = r.text;
  }
  return { text: current, count: total };
}

export function hedgeDiagnoses(text: string): RewriteResult {
  return toFixedPoint(text, hedgeOnce);
}

function hedgeOnce(text: string): RewriteResult {
  let count = 0;
  const zh = replaceCounting(text, ZH_DIAGNOSIS, (_m, subject, x) => {
    const who = subject === '' || subject === '这' || subject === '这个' || subject === '这种情况' ? '' : `${subject}的情况`;
    return `${who}可能与${(x ?? '').trim()}有关，需要医生评估`;
  });
  count += zh.count;
  const cap = (lead: string, s: string) => (lead === '' || /[.!?\n]\s*$/.test(lead) ? s.charAt(0).toUpperCase() + s.slice(1) : s);
  const a = replaceCounting(zh.text, EN_DIAGNOSIS_DEFINITE, (_m, _who, x) => `this may be related to ${(x ?? '').trim()}; a clinician needs to assess`);
  const b = replaceCounting(a.text, EN_DIAGNOSIS_PLAIN, (_m, lead, _who, x) => `${lead}${cap(lead ?? '', `this may be related to ${(x ?? '').trim()}; a clinician needs to assess`)}`);
  const c = replaceCounting(b.text, EN_DIAGNOSIS_THIS, (_m, _w, x) => `this may be related to ${(x ?? '').trim()}; a clinician needs to assess`);
  count += a.count + b.count + c.count;
  // A rewrite at the very start of a sentence keeps sentence case.
  const fixed = c.text.replace(/(^|[.!?]\s+)this may be related to/g, (_m, lead: string) => `${lead}This may be related to`);
  return { text: fixed, count };
}

const ZH_COLLAPSE = new RegExp(`${DOSING_REPLACEMENT.zh}(?:[，,、；;\\s]*${DOSING_REPLACEMENT.zh})+`, 'g');
const EN_COLLAPSE = new RegExp(`${DOSING_REPLACEMENT.en}(?:[,;\\s]+(?:and\\s+)?${DOSING_REPLACEMENT.en})+`, 'g');

// "give him as directed … of ibuprofen syrup" reads as "give him ibuprofen syrup as directed …":
// up to three words after "of", stopping at a frequency or linking word.
const EN_OF_DRUG = new RegExp(
  String.raw`${DOSING_REPLACEMENT.en} of ((?:(?!(?:twice|once|daily|every|each|with|at|for|per|in|to|and|or|is|are|if|when|before|after|three|four)\b)[A-Za-z-]+ ?){1,3})`,
  'g',
);

/**
 * Specific dose/frequency instructions become "as directed" wording (the dose rules are data
 * in advice-rules.ts; a sentence citing the label keeps its dose).
 */
export function softenDosing(text: string): RewriteResult & { rule_ids: string[] } {
  const ids = new Set<string>();
  const r = toFixedPoint(text, (t) => {
    const once = softenDoses(t);
    for (const id of once.rule_ids) ids.add(id);
    const collapsed = once.text
      .replace(ZH_COLLAPSE, DOSING_REPLACEMENT.zh)
      .replace(EN_COLLAPSE, DOSING_REPLACEMENT.en)
      .replace(EN_OF_DRUG, (_m, drug: string) => `${drug.trimEnd()} ${DOSING_REPLACEMENT.en}${drug.endsWith(' ') ? ' ' : ''}`);
    return { text: collapsed, count: once.count };
  });
  return { ...r, rule_ids: [...ids] };
}

const SOFTENERS = new RegExp(
  [
    '一般(?:来说)?(?:问题不大|没(?:有)?(?:什么)?(?:大)?问题|没事|是安全的)',
    '问题不大',
    '通常没事',
    '不用(?:太)?担心',
    '影响不大',
    '可以放心(?:服用|使用|吃)?',
    '基本(?:上)?安全',
    '应该没事',
    '没什么大碍',
    String.raw`\b(?:is |are |it'?s |that'?s )?(?:usually|generally|probably|mostly) (?:fine|ok(?:ay)?|safe)\b`,
    String.raw`\bshould be (?:fine|ok(?:ay)?)\b`,
    String.raw`\bnot a big deal\b`,
    String.raw`\b(?:there'?s )?nothing to worry about\b`,
    String.raw`\bno need to worry\b`,
  ].join('|'),
  'gi',
);
const MEDICATION_WORDS = /药|服用|服药|同服|合用|联用|一起吃|同时吃|剂量|胶囊|注射|\b(?:drugs?|medications?|medicines?|pills?|tablets?|doses?|interactions?|combin\w+|together)\b/i;
const SENTENCE = /[^。！？!?\n]*(?:[。！？!?]|\n|$)|[^.\n]*(?:\.(?=\s|$)|\n|$)/g;

/** Splits text into sentence-like chunks (keeps the terminators). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  SENTENCE.lastIndex = 0;
  for (let m = SENTENCE.exec(text); m !== null && m.index < text.length; m = SENTENCE.exec(text)) {
    if (m[0] === '') {
      SENTENCE.lastIndex++;
      continue;
    }
    out.push(m[0]);
  }
  return out;
}

export function isMedicationSentence(s: string): boolean {
  return MEDICATION_WORDS.test(s);
}

/**
 * Removes reassurance from an answer whose medication verdict is blocked. Every sentence
 * is checked: drug names rarely carry a marker word, and no reassurance belongs there.
 */
export function removeSoftening(text: string): RewriteResult {
  let count = 0;
  const out = sentences(text)
    .map((s) => {
      const r = replaceCounting(s, SOFTENERS, () => '');
      count += r.count;
      if (r.count === 0) return s;
      return r.text
        .replace(/([，,])\s*(?:[，,])+/g, '$1')
        .replace(/[，,]\s*([。！？!?.])/g, '$1')
        .replace(/^(\s*)[，,]\s*/, '$1')
        .replace(/ +([.,;!?])/g, '$1')
        .replace(/ {2,}/g, ' ');
    })
    .join('');
  return { text: out, count };
}
