// Conditions stated as numbers rather than words: an age ("5岁", "5-year-old") makes the
// patient a child; a gestational age ("怀孕8个月", "32 weeks pregnant") a pregnancy, in its
// third trimester from 28 weeks / 7 months.

export interface PatternHit {
  condition: 'child' | 'pregnancy' | 'pregnancy_third_trimester';
  mention: string;
}

const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** "8", "八", "十", "十二", "三十" → number; anything else → NaN. */
function num(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(s);
  if (!m || s === '') return Number.NaN;
  const [, tens, ten, ones] = m;
  if (!ten) return tens ? (CN_DIGITS[tens] ?? Number.NaN) : Number.NaN;
  return (tens ? (CN_DIGITS[tens] ?? 0) : 1) * 10 + (ones ? (CN_DIGITS[ones] ?? 0) : 0);
}

const N = '(\\d{1,2}|[一二两三四五六七八九十]{1,3})';
const AGE = [new RegExp(`${N}\\s*(?:岁|周岁)`, 'g'), /(\d{1,2})[\s-]*(?:years?|yrs?)[\s-]*old/g];
const INFANT = [new RegExp(`${N}\\s*个?月大`, 'g'), /(\d{1,2})[\s-]*months?[\s-]*old/g];
const GEST_MONTHS = [new RegExp(`(?:怀孕|孕|妊娠)\\s*${N}\\s*个多?月`, 'g'), /(\d)\s*months?\s*pregnant/g];
const GEST_WEEKS = [new RegExp(`(?:怀孕|孕|妊娠)\\s*${N}\\s*(?:周|w)`, 'g'), /(\d{1,2})\s*weeks?\s*pregnant/g, /pregnant[^.;,]{0,12}?(\d{1,2})\s*weeks?/g];

function* matches(res: RegExp[], text: string): Generator<[string, number]> {
  for (const re of res) for (const m of text.matchAll(re)) yield [m[0], num(m[1] ?? '')];
}

/** `text` must already be NFKC-normalised and lower-cased. */
export function patternConditions(text: string): PatternHit[] {
  const out: PatternHit[] = [];
  for (const [mention, age] of matches(AGE, text)) if (age < 18) out.push({ condition: 'child', mention });
  for (const [mention, months] of matches(INFANT, text)) if (months < 36) out.push({ condition: 'child', mention });
  for (const [mention, months] of matches(GEST_MONTHS, text)) {
    if (months >= 1 && months <= 10) out.push({ condition: months >= 7 ? 'pregnancy_third_trimester' : 'pregnancy', mention });
  }
  for (const [mention, weeks] of matches(GEST_WEEKS, text)) {
    if (weeks >= 1 && weeks <= 42) out.push({ condition: weeks >= 28 ? 'pregnancy_third_trimester' : 'pregnancy', mention });
  }
  return out;
}
