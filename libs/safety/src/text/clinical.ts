// Clinical-vignette numbers beyond vitals.ts: respiration rate, GCS, potassium, INR,
// aminotransferases, lactate, sodium, pH, haemoglobin, platelets ("R 28次/分", "GCS 7", "血钾7.1mmol/L",
// "INR of 11", "ALT 3200U/L", "血钠121", "pH 7.16", "Hb 58 g/L" or "5.8 g/dL", "PLT 9×10^9/L" or "9,000/µL").
// Input is the normalised text (ASCII lower-cased); spans point into the original.
import type { Span } from '../types';
import type { NumberReading } from './vitals';

export interface ClinicalReadings {
  respRate: NumberReading[];
  gcs: NumberReading[];
  potassium: NumberReading[];
  inr: NumberReading[];
  aminotransferase: NumberReading[];
  lactate: NumberReading[];
  sodium: NumberReading[];
  ph: NumberReading[];
  /** g/L (a value given in g/dL is converted). */
  haemoglobin: NumberReading[];
  /** ×10^9/L (a count per µL is converted). */
  platelets: NumberReading[];
}

const LINK = String.raw`\s*(?:[:：=]|of|is|was|at|为|是|达|高达|达到|升至|升高至|升高到|降至|降到|低至|只有|仅有|仅|才)?\s*`;
const DEC = String.raw`(\d{1,2}(?:\.\d{1,2})?)`;
/** Words a report puts between a lab's name and its value ("INR this morning: 9.6", "ALT (today) 3,850"). */
const FILL = String.raw`(?:\s*\([^)]{0,16}\))?(?:\s+(?:this morning|this afternoon|tonight|today|now|on admission|at admission|came back(?: at)?|comes back(?: at)?|result|value|measured|checked|repeated|returned|was found to be|rechecked)){0,2}`;

const RE = {
  respRate: new RegExp(String.raw`(?:呼吸频率|呼吸(?:浅慢|浅快|浅促|急促|表浅|浅)?(?=\s*[:：]?\s*\d)|(?<![a-z])r(?=\s*[:：]?\s*\d{1,2}\s*(?:次|\/min|bpm|breaths))|\brr\b|resp(?:iratory)?\.? rate|respirations?|breathing rate)${LINK}(\d{1,2})(?!\d|\.\d)`, 'g'),
  gcs: new RegExp(String.raw`(?:\bgcs\b|glasgow(?: coma)?(?: scale| score)?|格拉斯哥(?:昏迷)?(?:评分|量表)?)(?:评分)?${LINK}(\d{1,2})(?!\d|\.\d)`, 'g'),
  potassium: new RegExp(String.raw`(?:血钾|血清钾|(?<![氯化碘])钾(?=\s*[:：=]?\s*\d)|\bserum k\b|\bk\+?(?=\s*[:：=]?\s*\d\.\d)|potassium)(?:\s*level)?${FILL}${LINK}${DEC}\s*(?:mmol\/?l|meq\/?l|mmol)?`, 'g'),
  inr: new RegExp(String.raw`\binr\b(?:\s*level)?${FILL}${LINK}${DEC}`, 'g'),
  aminotransferase: new RegExp(String.raw`(?:\balt\b|\bast\b|\bsgpt\b|\bsgot\b|谷丙转氨酶|谷草转氨酶|丙氨酸(?:氨基)?转氨酶|天门冬氨酸(?:氨基)?转氨酶|转氨酶|alanine aminotransferase|aspartate aminotransferase|transaminases?)(?:\s*levels?)?${FILL}${LINK}(\d{1,2},\d{3}|\d{2,5})(?!\d|\.\d|,\d)`, 'g'),
  lactate: new RegExp(String.raw`(?:乳酸|血乳酸|lactate|lactic acid)(?:\s*level)?${FILL}${LINK}${DEC}`, 'g'),
  sodium: new RegExp(String.raw`(?:血钠|血清钠|(?<![氯化碳酸])钠(?=\s*[:：=]?\s*\d)|\bserum na\b|\bna\+?(?=\s*[:：=]?\s*\d{3})|sodium)(?:\s*level)?${FILL}${LINK}(\d{2,3})(?!\d|\.\d)`, 'g'),
  haemoglobin: new RegExp(String.raw`(?:\bhb\b|\bhgb\b|(?<!glycated |glycosylated |glyco)ha?emoglobin|(?<!糖化)血红蛋白|血色素)(?:\s*(?:level|浓度))?${FILL}${LINK}(\d{1,3}(?:\.\d)?)(?![\d.]|\s*%)\s*(g\s*\/\s*dl|g\s*\/\s*l|g\/100\s*ml|克)?`, 'g'),
  platelets: new RegExp(String.raw`(?:\bplts?\b|\bplatelets?(?:\s*count)?|血小板(?:计数)?)${FILL}${LINK}(\d{1,3}(?:,\d{3})?|\d{1,6})(?![\d.])`, 'g'),
  ph: new RegExp(String.raw`(?:\bph\b|血ph|动脉血ph)(?:\s*level)?${FILL}${LINK}([67]\.\d{1,2})(?!\d)`, 'g'),
};

function each(re: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) fn(m);
}

/** The number of a match: its first group, thousands commas dropped. */
const firstGroup = (m: RegExpExecArray): number => Number((m[1] ?? '').replace(/,/g, ''));

/** Every match of `re` whose value (`valueOf`, in the reading's unit) lies in [lo, hi]. */
function readings(re: RegExp, n: string, o: string, lo: number, hi: number, valueOf = firstGroup): NumberReading[] {
  const out: NumberReading[] = [];
  each(re, n, (m) => {
    const v = valueOf(m);
    const span: Span = { start: m.index, end: m.index + m[0].length, text: o.slice(m.index, m.index + m[0].length) };
    if (v >= lo && v <= hi) out.push({ value: v, span });
  });
  return out;
}

/** GCS written as its components ("E3V3M5", "E2 V1 M4"; V "T" when intubated counts 1): their sum. */
const GCS_PARTS = /\be([1-4])\s*v([1-5t])\s*m([1-6])\b/g;
const gcsSum = (m: RegExpExecArray): number => Number(m[1]) + (m[2] === 't' ? 1 : Number(m[2])) + Number(m[3]);

/** Haemoglobin in g/L: "5.8 g/dL" and a bare value under 25 read as g/dL. */
function haemoglobinGL(m: RegExpExecArray): number {
  const v = Number(m[1] ?? '');
  const unit = (m[2] ?? '').replace(/\s/g, '');
  return unit === 'g/dl' || unit === 'g/100ml' || (unit === '' && v < 25) ? v * 10 : v;
}

/** Platelets in ×10^9/L: "9,000/µL" or "9000" read as a count per µL. */
function plateletsG(m: RegExpExecArray): number {
  const v = firstGroup(m);
  return v >= 2000 ? v / 1000 : v;
}

const NONE: ClinicalReadings = { respRate: [], gcs: [], potassium: [], inr: [], aminotransferase: [], lactate: [], sodium: [], ph: [], haemoglobin: [], platelets: [] };
const DIGIT = /\d/;

/** `normalized` must be normalizeText(original) (same length, see text/normalize.ts). */
export function parseClinical(original: string, normalized: string): ClinicalReadings {
  // Every reading needs a digit: most messages have none, and then nothing is scanned.
  if (!DIGIT.test(normalized)) return NONE;
  return {
    respRate: readings(RE.respRate, normalized, original, 2, 80),
    gcs: [...readings(RE.gcs, normalized, original, 3, 15), ...readings(GCS_PARTS, normalized, original, 3, 15, gcsSum)],
    potassium: readings(RE.potassium, normalized, original, 1.5, 10),
    inr: readings(RE.inr, normalized, original, 0.5, 25),
    aminotransferase: readings(RE.aminotransferase, normalized, original, 5, 50000),
    lactate: readings(RE.lactate, normalized, original, 0.3, 30),
    sodium: readings(RE.sodium, normalized, original, 90, 200),
    ph: readings(RE.ph, normalized, original, 6.5, 7.8),
    haemoglobin: readings(RE.haemoglobin, normalized, original, 20, 250, haemoglobinGL),
    platelets: readings(RE.platelets, normalized, original, 1, 1500, plateletsG),
  };
}
