// Numbers in free text: blood pressure, glucose, temperature, heart rate, SpO2, age and
// gestation. Shared by the pre-risk gate (thresholds) and assess_risk (reasons). Every
// reading keeps its span so it can be shown as evidence.
import type { Span } from '../types';
import { CN_NUM, parseSmallNumber } from './cn-numerals';

export type GlucoseContext = 'fasting' | 'post_meal' | 'random';
export interface BpReading { systolic?: number; diastolic?: number; span: Span }
export interface GlucoseReading { mmol: number; unit: 'mmol' | 'mg_dl' | 'meter_hi' | 'meter_lo'; context: GlucoseContext; span: Span }
export interface NumberReading { value: number; span: Span }
export interface AgeReading { years: number; child: boolean; span: Span }

export interface ParsedVitals {
  bp: BpReading[];
  glucose: GlucoseReading[];
  temperatureC: NumberReading[];
  heartRate: NumberReading[];
  /** Fetal heart rate (胎心, FHR), kept apart from the mother's heart rate. */
  fetalHeartRate: NumberReading[];
  spo2: NumberReading[];
  ages: AgeReading[];
  pregnancyWeeks: NumberReading[];
}

const MG_PER_MMOL = 18;
const NUM = String.raw`(\d{1,3}(?:\.\d{1,2})?)`;
const AGE_NUM = String.raw`(\d{1,3}|${CN_NUM})`;
const STOP = String.raw`[^0-9\n，,。;；]`;

const RE = {
  bpSlash: /(?<![\d./])(\d{2,3})\s*\/\s*(\d{2,3})(?!\d|\/|\.\d)/g,
  bpOver: /\b(\d{2,3})\s*over\s*(\d{2,3})\b/g,
  bpHigh: /(?:高压|收缩压|上压|systolic)\s*(?:是|有|为|:|到|达到|飙到|of|was|is)?\s*(\d{2,3})/g,
  bpLow: /(?:低压|舒张压|下压|diastolic)\s*(?:是|有|为|:|到|of|was|is)?\s*(\d{2,3})/g,
  glucose: new RegExp(
    String.raw`(空腹(?:血糖)?|(?:餐|饭)后\s*(?:[0-9一两二]\s*(?:个)?(?:小时|h))?\s*(?:血糖)?|血糖(?:仪)?|(?:指尖|手指|末梢|快速)(?:血糖|血)|fasting(?:\s*(?:blood\s*)?(?:glucose|sugar))?|(?:blood\s*)?(?:glucose|sugar)s?|\bbg\b|\bbgl\b|\bbsl\b|\bbm\b(?=\s*[:：=]?\s*\d)|\bcbg\b|finger[- ]?(?:stick|prick)(?: glucose| sugar)?)${STOP}{0,16}?${NUM}(点几|点多)?\s*(mmol\/?l|mmol|mg\/?dl|mg|毫摩尔)?`,
    'g',
  ),
  glucoseMeter: /(?:血糖仪?|glucometer|meter|\bbg\b|sugar|glucose)[^，,。\n]{0,12}?\b(hi|lo)\b/g,
  tempCue: new RegExp(
    String.raw`(?:体温|核心体温|中心体温|直肠温度|发烧|发热|高烧|低烧|高热|烧到|烧了|肛温|腋温|耳温|额温|口温|最高|core temp(?:erature)?|rectal temp(?:erature)?|temp(?:erature)?|fever|\bt(?=\s*[:：]?\s*\d{2}(?:\.\d)?\s*(?:℃|°|c\b|f\b))|\bt(?=\s*[:：]?\s*(?:3[4-9]|4[0-2])\.\d(?![\d.])))${STOP}{0,8}?${NUM}\s*(℃|°\s*c|°\s*f|°|摄氏度|华氏度|度|c\b|f\b)?`,
    'g',
  ),
  tempUnit: /(?<![\d.])(\d{2,3}(?:\.\d{1,2})?)\s*(℃|°\s*c|°\s*f|°|摄氏度|华氏度|度(?!数)|f\b|c\b)/g,
  fhr: new RegExp(String.raw`(?:胎心(?:率|音)?|\bfhr\b|\bfetal\s*(?:heart(?:\s*(?:rate|tones?))?|hr))${STOP}{0,8}?(\d{2,3})(?!\d|\.\d)`, 'g'),
  hr: new RegExp(String.raw`(?:心率|心跳|脉搏|脉率|\bhr\b|heart\s*rate|pulse)(?:${STOP}{0,8}?|(?:'s|\s+is|\s+was)\s+(?:sitting|running|staying|stuck|going)?\s*(?:at|around|about|near)?\s*)(\d{2,3})(?!\d|\.\d)`, 'g'),
  hrUnit: /(?<!(?:呼吸|呼吸频率|\br|\brr)\s*[:：]?\s*)(?<![\d.])(\d{2,3})\s*(?:bpm|次\/分|次每分)/g,
  spo2: new RegExp(
    String.raw`(?:指脉氧|血氧(?:饱和度)?|氧饱和度|饱和度|spo2|sp02|\bsats?\b|o2\s*sat(?:uration)?s?|oxygen(?:\s*(?:saturation|level|sat))?)${STOP}{0,8}?(\d{2,3})(?!\d|\.\d)`,
    'g',
  ),
  ageChildFirst: new RegExp(
    String.raw`${AGE_NUM}\s*(?:个)?(?:多)?\s*(天|周|个月|月|岁|周岁)(?:大|半)?(?:的)?(?:宝宝|婴儿|孩子|娃|小孩|男孩|女孩|儿子|女儿|小宝|宝|患儿)`,
    'g',
  ),
  ageChildAfter: new RegExp(
    String.raw`(?:宝宝|婴儿|孩子|娃|小孩|儿子|女儿|小宝|新生儿|出生|患儿[，,]?\s*(?:男|女)?[，,]?)(?:才|刚|刚满|现在|今年|已经)?\s*${AGE_NUM}\s*(?:个)?(半)?(?:多)?\s*(天|周|个月|月|岁|周岁)`,
    'g',
  ),
  ageEnOld: /\b(\d{1,3})[- ]?(days?|weeks?|wks?|months?|mos?|years?|yrs?)[- ]?old\b/g,
  /** UK clinical notation for a child's age in months: "18/12 M", "9/12 old". */
  ageSlash12: /(?<![\d/])(\d{1,2})\s*\/\s*12\s*(?:m|f|male|female|boy|girl|old)\b/g,
  /** Notes and texts: "3mo F", "9mo vomiting", "7mo old" (not a duration: "for 3mo", "3mo ago"). */
  ageMoStart: /(?<![\w.])(?<!for |past |last |over |since |about |in )(\d{1,2})\s*(?:mo|mos|mths?)(?:[- ]old)?\b(?! ago| of\b| since| later| course| supply)/g,
  /** Weeks of age in notes: "Infant, 6/52" (not a pregnancy: an infant word comes first). */
  ageSlash52: /(?:infant|baby|newborn|neonate|boy|girl|婴儿|宝宝)[^.\d]{0,8}(\d{1,2})\s*\/\s*52\b/g,
  ageEnYo: /\b(\d{1,3})\s?(?:yo|y\/o|y\.o\.)\b/g,
  ageCnSui: /(?<![\d.])(\d{1,3})\s*(?:周)?岁/g,
  ageCnRelative: /(?:爸|妈|爷爷|奶奶|外公|外婆|姥姥|姥爷|老公|老婆|老爷子|老太太|我)(?:今年|都|已经)?(\d{2,3})(?:岁)?(?:了|，|,)/g,
  ageEnSelf: /\b(?:i'?m|i am|he'?s|she'?s|aged?)\s*(\d{1,3})\b(?!\s*(?:weeks?|wks?|min|mins|minutes|hours?|hrs?|%|kg|lbs?|cm|mg|days?|months?))/g,
  ageEnParen: /\b(?:dad|mum|mom|father|mother|grandma|grandpa|grandmother|grandfather|husband|wife|partner|son|daughter|brother|sister)\s*\((\d{1,3})\)/g,
  pregCn: new RegExp(String.raw`(?:怀孕|孕|妊娠)\s*(?:第)?\s*${AGE_NUM}\s*(?:\+\s*\d)?\s*(?:个)?(周|个月)`, 'g'),
  pregEn: /\b(\d{1,2})\s*(?:\+\s*\d\s*)?(?:weeks?|wks?)\s*(?:pregnant|gestation|along)/g,
  pregEnAfter: /pregnant[^.\n]{0,12}?\b(\d{1,2})\s*(?:weeks?|wks?)/g,
  pregLmp: new RegExp(String.raw`停经\s*${AGE_NUM}\s*(周|天|个月)`, 'g'),
};

function spanOf(original: string, start: number, end: number): Span {
  return { start, end, text: original.slice(start, end) };
}

function each(re: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) fn(m);
}

function plausibleBp(sys: number, dia: number): boolean {
  return sys >= 60 && sys <= 300 && dia >= 30 && dia <= 200 && sys - dia >= 10;
}

function parseBp(n: string, o: string): BpReading[] {
  const out: BpReading[] = [];
  const add = (sys: number, dia: number, m: RegExpExecArray) => {
    if (plausibleBp(sys, dia)) out.push({ systolic: sys, diastolic: dia, span: spanOf(o, m.index, m.index + m[0].length) });
  };
  each(RE.bpSlash, n, (m) => add(Number(m[1]), Number(m[2]), m));
  each(RE.bpOver, n, (m) => add(Number(m[1]), Number(m[2]), m));
  // "高压180低压110": the two halves are paired when they sit close together.
  const highs: RegExpExecArray[] = [];
  each(RE.bpHigh, n, (m) => highs.push(m));
  const lows: RegExpExecArray[] = [];
  each(RE.bpLow, n, (m) => lows.push(m));
  for (const h of highs) {
    const sys = Number(h[1]);
    const low = lows.find((l) => Math.abs(l.index - h.index) < 16);
    const dia = low === undefined ? undefined : Number(low[1]);
    if (sys < 60 || sys > 300) continue;
    const start = Math.min(h.index, low?.index ?? h.index);
    const end = Math.max(h.index + h[0].length, low === undefined ? 0 : low.index + low[0].length);
    out.push({ systolic: sys, ...(dia !== undefined && dia >= 30 && dia <= 200 ? { diastolic: dia } : {}), span: spanOf(o, start, end) });
  }
  for (const l of lows) {
    if (highs.some((h) => Math.abs(l.index - h.index) < 16)) continue;
    const dia = Number(l[1]);
    if (dia >= 30 && dia <= 200) out.push({ diastolic: dia, span: spanOf(o, l.index, l.index + l[0].length) });
  }
  return out;
}

function glucoseContext(n: string, cue: string, at: number, end: number): GlucoseContext {
  const around = `${n.slice(Math.max(0, at - 12), at)}${cue} ${n.slice(end, end + 20)}`;
  if (/空腹|fasting|before breakfast|早上没吃/.test(around)) return 'fasting';
  if (/餐后|饭后|after (?:a |my )?(?:meal|eating|dinner|lunch|breakfast)|post[- ]?meal|postprandial/.test(around)) return 'post_meal';
  return 'random';
}

function parseGlucose(n: string, o: string): GlucoseReading[] {
  const out: GlucoseReading[] = [];
  each(RE.glucose, n, (m) => {
    const cue = m[1] ?? '';
    const raw = Number(m[2]);
    const unit = m[4] ?? '';
    // Unit-less values above 35 cannot be mmol/L in a living patient, so they are mg/dL.
    const isMg = unit.startsWith('mg') || (unit === '' && raw > 35);
    const mmol = isMg ? raw / MG_PER_MMOL : raw;
    if (!(mmol >= 0.5 && mmol <= 60)) return;
    out.push({
      mmol: Math.round(mmol * 10) / 10,
      unit: isMg ? 'mg_dl' : 'mmol',
      context: glucoseContext(n, cue, m.index, m.index + m[0].length),
      span: spanOf(o, m.index, m.index + m[0].length),
    });
  });
  // Meters print HI above ~33.3 mmol/L and LO below ~1.1 mmol/L.
  each(RE.glucoseMeter, n, (m) => {
    const hi = m[1] === 'hi';
    out.push({ mmol: hi ? 33.3 : 1.1, unit: hi ? 'meter_hi' : 'meter_lo', context: 'random', span: spanOf(o, m.index, m.index + m[0].length) });
  });
  return out;
}

/** `low`: the lowest Celsius value believed; 25 when a temperature word names the number (core 31.5 ℃ is hypothermia). */
function toCelsius(v: number, unit: string, low = 34): number | undefined {
  const u = unit.replace(/\s/g, '');
  if (u === '°f' || u === 'f' || u === '华氏度') return v >= 77 && v <= 110 ? ((v - 32) * 5) / 9 : undefined;
  if (v >= low && v <= 43.5) return v;
  if (u === '' || u === '°') return v >= 93 && v <= 110 ? ((v - 32) * 5) / 9 : undefined;
  return undefined;
}

function parseTemperature(n: string, o: string): NumberReading[] {
  const out: NumberReading[] = [];
  const seen = new Set<number>();
  const push = (m: RegExpExecArray, numIndex: number, unit: string, low?: number) => {
    // "38度5" is 38.5 ℃: one digit right after 度 is the tenths.
    const tenths = unit === '度' ? /^(\d)(?![\d.]|\s*(?:天|次|小时|个|点|分|日|周|岁|号))/.exec(n.slice(m.index + m[0].length, m.index + m[0].length + 4)) : null;
    const value = Number(m[numIndex]) + (tenths !== null && !(m[numIndex] ?? '').includes('.') ? Number(tenths[1]) / 10 : 0);
    const c = toCelsius(value, unit, low);
    if (c === undefined) return;
    const numberAt = m.index + m[0].indexOf(m[numIndex] ?? '');
    if (seen.has(numberAt)) return;
    seen.add(numberAt);
    out.push({ value: Math.round(c * 10) / 10, span: spanOf(o, m.index, m.index + m[0].length) });
  };
  each(RE.tempCue, n, (m) => {
    // A hypothermic number needs its unit: "HR136(发热时) RR28" is not a temperature of 28.
    if ((m[2] ?? '') === '' && Number(m[1]) < 34) return;
    push(m, 1, m[2] ?? '', 25);
  });
  // Without a temperature word a bare "f" is usually sex after an age ("Resident, 82F"): only fever-range values.
  each(RE.tempUnit, n, (m) => {
    if ((m[2] ?? '') === 'f' && Number(m[1]) < 93) return;
    push(m, 1, m[2] ?? '');
  });
  return out;
}

function simpleReadings(re: RegExp, n: string, o: string, lo: number, hi: number): NumberReading[] {
  const out: NumberReading[] = [];
  each(re, n, (m) => {
    const v = Number(m[1]);
    if (v >= lo && v <= hi) out.push({ value: v, span: spanOf(o, m.index, m.index + m[0].length) });
  });
  return out;
}

const UNIT_YEARS: Record<string, number> = { 天: 1 / 365, 周: 7 / 365, 个月: 1 / 12, 月: 1 / 12, 岁: 1, 周岁: 1 };

function enUnitYears(unit: string): number {
  if (unit.startsWith('d')) return 1 / 365;
  if (unit.startsWith('w')) return 7 / 365;
  if (unit.startsWith('m')) return 1 / 12;
  return 1;
}

function parseAges(n: string, o: string): AgeReading[] {
  const out: AgeReading[] = [];
  const add = (m: RegExpExecArray, raw: string | undefined, factor: number, child: boolean) => {
    const v = parseSmallNumber(raw ?? '');
    if (v === undefined || v > 120 || out.some((a) => a.span.start === m.index)) return;
    out.push({ years: v * factor, child, span: spanOf(o, m.index, m.index + m[0].length) });
  };
  each(RE.ageChildFirst, n, (m) => add(m, m[1], UNIT_YEARS[m[2] ?? ''] ?? 1, true));
  each(RE.ageChildAfter, n, (m) => {
    // "一个半月" is one and a half months.
    const v = parseSmallNumber(m[1] ?? '');
    const unit = UNIT_YEARS[m[3] ?? ''] ?? 1;
    add(m, v !== undefined && m[2] === '半' ? String(v + 0.5) : m[1], unit, true);
  });
  each(RE.ageEnOld, n, (m) => add(m, m[1], enUnitYears(m[2] ?? 'y'), true));
  each(RE.ageSlash12, n, (m) => add(m, m[1], 1 / 12, true));
  each(RE.ageSlash52, n, (m) => add(m, m[1], 1 / 52, true));
  each(RE.ageMoStart, n, (m) => add(m, m[1], 1 / 12, true));
  each(RE.ageEnYo, n, (m) => add(m, m[1], 1, Number(m[1]) < 13));
  each(RE.ageCnSui, n, (m) => {
    if (!out.some((a) => m.index >= a.span.start && m.index < a.span.end)) add(m, m[1], 1, false);
  });
  each(RE.ageCnRelative, n, (m) => add(m, m[1], 1, false));
  each(RE.ageEnSelf, n, (m) => add(m, m[1], 1, false));
  each(RE.ageEnParen, n, (m) => add(m, m[1], 1, false));
  out.sort((a, b) => a.span.start - b.span.start);
  return out;
}

function parsePregnancy(n: string, o: string): NumberReading[] {
  const out: NumberReading[] = [];
  const add = (m: RegExpExecArray, raw: string | undefined, unit: string) => {
    const v = parseSmallNumber(raw ?? '');
    if (v === undefined) return;
    const weeks = unit === '天' ? v / 7 : unit === '个月' ? v * 4.3 : v;
    if (weeks > 0 && weeks <= 45) out.push({ value: Math.round(weeks), span: spanOf(o, m.index, m.index + m[0].length) });
  };
  each(RE.pregCn, n, (m) => add(m, m[1], m[2] ?? '周'));
  each(RE.pregEn, n, (m) => add(m, m[1], '周'));
  each(RE.pregEnAfter, n, (m) => add(m, m[1], '周'));
  each(RE.pregLmp, n, (m) => add(m, m[1], m[2] ?? '周'));
  return out;
}

/** Readings whose number lies inside one of `outer`'s spans (a fetal heart rate is not the mother's). */
function notWithin(readings: NumberReading[], outer: readonly NumberReading[]): NumberReading[] {
  return readings.filter((r) => !outer.some((o) => r.span.end > o.span.start && r.span.start < o.span.end + 6));
}

/** Extracts vitals from a message. `normalized` must be normalizeText(original). */
export function parseVitals(original: string, normalized: string): ParsedVitals {
  const fetal = simpleReadings(RE.fhr, normalized, original, 40, 250);
  return {
    bp: parseBp(normalized, original),
    glucose: parseGlucose(normalized, original),
    temperatureC: parseTemperature(normalized, original),
    heartRate: notWithin([...simpleReadings(RE.hr, normalized, original, 20, 250), ...simpleReadings(RE.hrUnit, normalized, original, 20, 250)], fetal),
    fetalHeartRate: fetal,
    spo2: simpleReadings(RE.spo2, normalized, original, 50, 100),
    ages: parseAges(normalized, original),
    pregnancyWeeks: parsePregnancy(normalized, original),
  };
}
