// Alias spotting in free text plus the two bits of context that change meaning: allergy
// ("对X过敏", "allergic to X", "X allergy") and simple negation ("没有X", "no X").
// Deliberately rule-based and conservative; anything it cannot place is left to the
// blind-spot detector rather than guessed.
import type { MedicationGraph, ScanEntry } from './graph';

export interface Mention {
  entry: ScanEntry;
  start: number;
  end: number;
  /** End of the alias plus any trailing dosage / dosage-form text, for masking. */
  maskEnd: number;
  allergy: boolean;
  negated: boolean;
}

export interface Clause {
  text: string;
  mentions: Mention[];
}

const CLAUSE_SPLIT = /[。！？!?；;\n\r，]|\.(?!\d)/;
const LATIN_WORD = /[a-z0-9]/;
const TRAILING_DOSE =
  /^(?:\s*(?:\d+(?:\.\d+)?\s*(?:mg|g|mcg|μg|ug|ml|iu|毫克|克|微克|毫升|单位)|缓释|控释|肠溶|分散|咀嚼|泡腾|薄膜衣|软胶囊|胶囊|颗粒|口服液|注射液|片|粒|tablets?|capsules?|tabs?|caps?|er|xr|sr))+/;

const JOINER = /^(?:\s|,|，|、|\/|&|和|及|与|或|跟|以及|还有|and|or)*$/;
const ALLERGY_BEFORE =
  /(?:对|过敏史[:：]?|过敏药物[:：]?|过敏[:：]|allergic to|allergy to|allergies to|allergy:|allergies:|allergic reaction to|reaction to)\s*(?:the\s+)?$/;
const ALLERGY_AFTER = /^\s*(?:类|类药物|类药|药物|药|等|制剂|的)*\s*-?\s*(?:过敏|allerg)/;
const NOT_ALLERGIC_AFTER = /^\s*(?:类|药物|药|等)*\s*(?:不过敏|没有过敏|无过敏|not allergic)/;
const NEG_BEFORE_ZH = /(?:不$|不吃|不用|不喝|没吃|没用|没喝|没有|没|无|未|否认|不再|停用|停了|已停|从不|从未|不曾)[\u3400-\u9fff]{0,4}$/;
const NEG_BEFORE_EN =
  /\b(?:no|not|never|without|denies|denied|deny|stopped|quit|don't|doesn't|didn't|no longer|free of|negative for|used to (?:take|be on|use)|came off|went off)\b[a-z\s'-]{0,14}$/;
const NEG_AFTER = /^\s*(?:已经|已)?(?:不吃了|不用了|停了|停用了|已停)|^[\s,]*(?:but\s+)?(?:i\s+|she\s+|he\s+)?(?:stopped|discontinued|quit|came off)\b(?!\s+\w+\s+ago)/;

/** Splits normalised text into clauses and finds the longest alias match at each position. */
export function scanText(graph: MedicationGraph, normalizedText: string): Clause[] {
  return normalizedText
    .split(CLAUSE_SPLIT)
    .filter((c) => c.trim() !== '')
    .map((text) => {
      const mentions = findMentions(graph, text);
      markContext(text, mentions);
      return { text, mentions };
    });
}

function findMentions(graph: MedicationGraph, text: string): Mention[] {
  const out: Mention[] = [];
  let i = 0;
  while (i < text.length) {
    const hit = graph.scanCandidates(text[i] ?? '').find((e) => matchesAt(text, i, e));
    if (!hit) {
      i += 1;
      continue;
    }
    const end = i + hit.text.length;
    const tail = TRAILING_DOSE.exec(text.slice(end));
    out.push({ entry: hit, start: i, end, maskEnd: end + (tail?.[0].length ?? 0), allergy: false, negated: false });
    i = end;
  }
  return out;
}

function matchesAt(text: string, i: number, e: ScanEntry): boolean {
  if (!text.startsWith(e.text, i)) return false;
  if (!e.ascii) return true;
  // Latin aliases must be whole words: "asa" must not fire inside "vasa".
  const before = text[i - 1];
  const after = text[i + e.text.length];
  return !(before !== undefined && LATIN_WORD.test(before)) && !(after !== undefined && LATIN_WORD.test(after));
}

function markContext(text: string, ms: Mention[]): void {
  const gapBefore = (k: number): string => text.slice(k === 0 ? 0 : (ms[k - 1]?.maskEnd ?? 0), ms[k]?.start ?? 0);
  const gapAfter = (k: number): string => text.slice(ms[k]?.maskEnd ?? 0, ms[k + 1]?.start ?? text.length);
  ms.forEach((m, k) => {
    const before = gapBefore(k);
    const after = gapAfter(k);
    const notAllergic = NOT_ALLERGIC_AFTER.test(after);
    m.allergy = !notAllergic && (ALLERGY_BEFORE.test(before) || ALLERGY_AFTER.test(after));
    m.negated = notAllergic || NEG_BEFORE_ZH.test(before.slice(-8)) || NEG_BEFORE_EN.test(before) || NEG_AFTER.test(after);
  });
  // "对青霉素、头孢过敏" / "no aspirin or ibuprofen": context flows across plain list joiners.
  for (let k = 1; k < ms.length; k += 1) {
    const cur = ms[k] as Mention;
    const prev = ms[k - 1] as Mention;
    if (!JOINER.test(gapBefore(k))) continue;
    if (prev.allergy && !cur.negated) cur.allergy = true;
    if (prev.negated) cur.negated = true;
  }
  for (let k = ms.length - 2; k >= 0; k -= 1) {
    const cur = ms[k] as Mention;
    const next = ms[k + 1] as Mention;
    if (next.allergy && JOINER.test(gapAfter(k))) cur.allergy = true;
  }
}

/** The clause with every recognised mention blanked out, for blind-spot detection. */
export function maskMentions(clause: Clause): string {
  let out = clause.text;
  for (const m of clause.mentions) {
    out = out.slice(0, m.start) + ' '.repeat(m.maskEnd - m.start) + out.slice(m.maskEnd);
  }
  return out;
}
