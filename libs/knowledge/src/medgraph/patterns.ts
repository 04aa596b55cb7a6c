// Conditions stated as numbers rather than words: an age ("5岁", "5-year-old") makes the
// patient a child; a gestational age ("怀孕8个月", "32 weeks pregnant") a pregnancy, in its
// third trimester from 28 weeks / 7 months.

export interface PatternHit {
  condition: 'child' | 'child_under_2' | 'child_under_8' | 'child_under_12' | 'adolescent' | 'pregnancy' | 'pregnancy_second_half' | 'pregnancy_third_trimester' | 'severe_ckd' | 'ckd_3b' | 'ckd_3a' | 'uncontrolled_hypertension' | 'hyperkalaemia';
  mention: string;
}

// Laboratory values and readings stated as numbers: eGFR bands (KDIGO), a blood pressure of
// 160/100 or more (treated hypertension off target), serum potassium above 5.0 mmol/L.
const EGFR = /(?:egfr|gfr|肾小球滤过率)[^\d]{0,12}?(\d{1,3}(?:\.\d)?)/g;
const BP = /(?:^|[^\d])(\d{2,3})\s*\/\s*(\d{2,3})\s*(?:mmhg|毫米汞柱)?/g;
const BP_CUE = /血压|bp|blood pressure|mmhg|量|measured|reading/;
const POTASSIUM = /(?:potassium|serum k|血钾|钾)[^\d]{0,10}?(\d(?:\.\d{1,2})?)\s*(?:mmol|meq)?/g;

function labHits(text: string): PatternHit[] {
  const out: PatternHit[] = [];
  for (const m of text.matchAll(EGFR)) {
    const v = Number(m[1]);
    if (!Number.isFinite(v) || v > 200) continue;
    if (v < 30) out.push({ condition: 'severe_ckd', mention: m[0] });
    else if (v < 45) out.push({ condition: 'ckd_3b', mention: m[0] });
    else if (v < 60) out.push({ condition: 'ckd_3a', mention: m[0] });
  }
  if (BP_CUE.test(text)) {
    for (const m of text.matchAll(BP)) {
      const sys = Number(m[1]);
      const dia = Number(m[2]);
      if (sys >= 70 && sys <= 300 && dia >= 40 && dia < sys && (sys >= 160 || dia >= 100)) out.push({ condition: 'uncontrolled_hypertension', mention: m[0].trim() });
    }
  }
  for (const m of text.matchAll(POTASSIUM)) {
    const v = Number(m[1]);
    if (v > 5.0 && v < 10) out.push({ condition: 'hyperkalaemia', mention: m[0] });
  }
  return out;
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
  for (const [mention, age] of matches(AGE, text)) {
    const band = age < 2 ? 'child_under_2' : age < 8 ? 'child_under_8' : age < 12 ? 'child_under_12' : age < 18 ? 'adolescent' : undefined;
    if (band) out.push({ condition: band, mention });
  }
  for (const [mention, months] of matches(INFANT, text)) if (months < 36) out.push({ condition: months < 24 ? 'child_under_2' : 'child_under_8', mention });
  for (const [mention, months] of matches(GEST_MONTHS, text)) {
    if (months >= 1 && months <= 10) out.push({ condition: months >= 7 ? 'pregnancy_third_trimester' : months >= 5 ? 'pregnancy_second_half' : 'pregnancy', mention });
  }
  for (const [mention, weeks] of matches(GEST_WEEKS, text)) {
    if (weeks >= 1 && weeks <= 42) out.push({ condition: weeks >= 28 ? 'pregnancy_third_trimester' : weeks >= 20 ? 'pregnancy_second_half' : 'pregnancy', mention });
  }
  out.push(...labHits(text));
  return out;
}
