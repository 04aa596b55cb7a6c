// Numeric thresholds turned into pseudo-concepts ("v.*") so rules can combine a number
// with words ("BP >= 180/110 WITH a headache"). The cut-offs and their sources are data
// (libs/safety/data/vitals.json); the NEWS2 aggregate is scored in news2.ts.
import { InvalidRulesetError } from '../errors';
import type { Span } from '../types';
import type { ParsedVitals } from '../text/vitals';
import type { ClinicalReadings } from '../text/clinical';
import { readDataJson } from '../rules/load';

interface ThresholdEntry {
  value: number;
  unit: string;
  source: string;
  year: number;
}

interface VitalsFile {
  thresholds: Record<string, ThresholdEntry>;
}

const NAMES = [
  'bpCrisisSystolic', 'bpCrisisDiastolic', 'bpPregnancySystolic', 'bpPregnancyDiastolic', 'shockSystolic', 'shockIndex', 'shockIndexMaxSystolic',
  'glucoseLowMmol', 'glucoseHighMmol', 'feverC', 'spo2Low', 'heartRateHigh', 'heartRateLow', 'respRateHigh', 'respRateLow', 'gcsSevere', 'gcsAltered',
  'potassiumHigh', 'potassiumLow', 'inrBleeding', 'inrVeryHigh', 'aminotransferaseAcute', 'lactateHigh', 'infantYears', 'youngInfantYears', 'youngChildYears',
  'fetalHeartLow', 'fetalHeartHigh', 'hypothermiaC', 'hyperpyrexiaC', 'spo2VeryLow', 'sodiumCriticalLow', 'sodiumCriticalHigh',
  'sodiumLowSymptomatic', 'phLow', 'adultYears', 'paedsHrInfant', 'paedsHrToddler', 'paedsHrChild', 'paedsHrTeen',
  'paedsRrInfant', 'paedsRrToddler', 'paedsRrChild', 'paedsRrTeen', 'haemoglobinLow', 'plateletsLow',
] as const;
export type ThresholdName = (typeof NAMES)[number];

/** Threshold entries (value, unit, source, year) from data/vitals.json. */
export const THRESHOLD_SOURCES: Readonly<Record<ThresholdName, ThresholdEntry>> = (() => {
  const file = readDataJson<VitalsFile>('vitals.json');
  const out = {} as Record<ThresholdName, ThresholdEntry>;
  for (const n of NAMES) {
    const e = file.thresholds[n];
    if (e === undefined || typeof e.value !== 'number') throw new InvalidRulesetError(`vitals.json: threshold ${n} missing`);
    out[n] = e;
  }
  return out;
})();

/** The threshold values by name. */
export const THRESHOLDS: Readonly<Record<ThresholdName, number>> = Object.fromEntries(NAMES.map((n) => [n, THRESHOLD_SOURCES[n].value])) as Record<ThresholdName, number>;

export interface RawSignal {
  concept: string;
  span: Span;
}

export interface AgeFacts {
  /** Caller-supplied age (assess_risk option); overrides ages parsed from the text. */
  hintYears?: number;
  infantWord?: Span;
  childWord?: Span;
  feverWordAffirmed: boolean;
}

const NO_SPAN: Span = { start: 0, end: 0, text: '' };

function ageSignals(v: ParsedVitals, facts: AgeFacts): RawSignal[] {
  const out: RawSignal[] = [];
  const childAges = v.ages.filter((a) => a.child);
  const pick = (limit: number): Span | undefined => {
    if (facts.hintYears !== undefined) return facts.hintYears < limit ? NO_SPAN : undefined;
    return childAges.find((a) => a.years < limit)?.span;
  };
  const noChildAge = facts.hintYears === undefined && childAges.length === 0;
  const infant = pick(THRESHOLDS.infantYears) ?? (noChildAge ? facts.infantWord : undefined);
  if (infant !== undefined) out.push({ concept: 'v.infant', span: infant });
  const youngInfant = pick(THRESHOLDS.youngInfantYears);
  if (youngInfant !== undefined) {
    out.push({ concept: 'v.infant_lt3m', span: youngInfant });
    const hot = v.temperatureC.find((t) => t.value >= THRESHOLDS.feverC);
    const coolReading = v.temperatureC.some((t) => t.value < THRESHOLDS.feverC);
    // A reported fever without a number counts; a measured value below 38 does not.
    if (hot !== undefined) out.push({ concept: 'v.infant_fever', span: hot.span });
    else if (facts.feverWordAffirmed && !coolReading) out.push({ concept: 'v.infant_fever', span: youngInfant });
  }
  const young = pick(THRESHOLDS.youngChildYears) ?? (noChildAge ? facts.childWord : undefined);
  if (young !== undefined) out.push({ concept: 'v.young_child', span: young });
  return out;
}

/**
 * The patient's age when the message is about a child (under adultYears): the caller's hint, a
 * parsed age, or an infant word; undefined for adults and when no age is known. Adult scores
 * (NEWS2, adult heart and breathing rates) do not apply to children (RCP NEWS2 2017, for adults).
 */
export function childYears(v: ParsedVitals, facts: Pick<AgeFacts, 'hintYears' | 'infantWord'>): number | undefined {
  if (facts.hintYears !== undefined) return facts.hintYears < THRESHOLDS.adultYears ? facts.hintYears : undefined;
  if (v.ages.length > 0) return v.ages.find((a) => a.years < THRESHOLDS.adultYears)?.years;
  return facts.infantWord !== undefined ? 0.5 : undefined;
}

/** Age-banded upper limits (NICE NG143 traffic light; APLS normal ranges): above them is a red value. */
function paedsLimit(years: number, kind: 'hr' | 'rr'): number {
  const t = THRESHOLDS;
  if (kind === 'hr') return years < 1 ? t.paedsHrInfant : years < 5 ? t.paedsHrToddler : years < 12 ? t.paedsHrChild : t.paedsHrTeen;
  return years < 1 ? t.paedsRrInfant : years < 5 ? t.paedsRrToddler : years < 12 ? t.paedsRrChild : t.paedsRrTeen;
}

/** `child`: childYears(v, facts), computed once by the caller (it also sets breathing-rate bands and NEWS2). */
export function vitalSignals(v: ParsedVitals, facts: AgeFacts, child: number | undefined = childYears(v, facts)): RawSignal[] {
  const hrHigh = child === undefined ? THRESHOLDS.heartRateHigh : paedsLimit(child, 'hr');
  const out: RawSignal[] = [];
  for (const bp of v.bp) {
    const sys = bp.systolic ?? 0;
    const dia = bp.diastolic ?? 0;
    if (sys >= THRESHOLDS.bpCrisisSystolic || dia >= THRESHOLDS.bpCrisisDiastolic) out.push({ concept: 'v.bp_crisis', span: bp.span });
    if (sys >= THRESHOLDS.bpPregnancySystolic || dia >= THRESHOLDS.bpPregnancyDiastolic) out.push({ concept: 'v.bp_high_preg', span: bp.span });
    if (bp.systolic !== undefined && sys < THRESHOLDS.shockSystolic) out.push({ concept: 'v.sbp_low', span: bp.span });
  }
  for (const g of v.glucose) {
    if (g.mmol < THRESHOLDS.glucoseLowMmol) out.push({ concept: 'v.glucose_low', span: g.span });
    if (g.mmol > THRESHOLDS.glucoseHighMmol) out.push({ concept: 'v.glucose_high', span: g.span });
  }
  for (const t of v.temperatureC) {
    if (t.value >= THRESHOLDS.feverC) out.push({ concept: 'v.fever38', span: t.span });
    if (t.value >= THRESHOLDS.hyperpyrexiaC) out.push({ concept: 'v.temp40', span: t.span });
    if (t.value <= THRESHOLDS.hypothermiaC) out.push({ concept: 'v.temp_low', span: t.span });
  }
  for (const s of v.spo2) {
    if (s.value < THRESHOLDS.spo2Low) out.push({ concept: 'v.spo2_low', span: s.span });
    if (s.value < THRESHOLDS.spo2VeryLow) out.push({ concept: 'v.spo2_very_low', span: s.span });
  }
  // Gestation before 37 weeks: contractions or waters breaking mean preterm labour.
  for (const w of v.pregnancyWeeks) if (w.value < 37) out.push({ concept: 'v.preterm', span: w.span });
  for (const f of v.fetalHeartRate)
    if (f.value < THRESHOLDS.fetalHeartLow || f.value > THRESHOLDS.fetalHeartHigh) out.push({ concept: 'v.fhr_abnormal', span: f.span });
  for (const h of v.heartRate) if (h.value > hrHigh) out.push({ concept: 'v.hr_high', span: h.span });
  for (const h of v.heartRate) if (h.value <= THRESHOLDS.heartRateLow) out.push({ concept: 'v.hr_low', span: h.span });
  if (child === undefined) out.push(...shockIndex(v));
  out.push(...ageSignals(v, facts));
  return out;
}

/** Heart rate / systolic >= 1.0 with a systolic at or below the NEWS2 scoring range. */
function shockIndex(v: ParsedVitals): RawSignal[] {
  const out: RawSignal[] = [];
  for (const bp of v.bp) {
    const sys = bp.systolic;
    if (sys === undefined || sys > THRESHOLDS.shockIndexMaxSystolic) continue;
    const hr = v.heartRate.find((h) => h.value / sys >= THRESHOLDS.shockIndex);
    if (hr !== undefined) out.push({ concept: 'v.shock_index', span: { start: Math.min(bp.span.start, hr.span.start), end: Math.max(bp.span.end, hr.span.end), text: '' } });
  }
  return out;
}

/**
 * Single red values among respiration rate, GCS and laboratory results. `child`: the patient's age in
 * years when a child (childYears); breathing rate then uses the age band.
 */
export function clinicalSignals(c: ClinicalReadings, child?: number): RawSignal[] {
  const out: RawSignal[] = [];
  const add = (concept: string, list: readonly { value: number; span: Span }[], test: (x: number) => boolean) => {
    for (const r of list) if (test(r.value)) out.push({ concept, span: r.span });
  };
  const rrHigh = child === undefined ? THRESHOLDS.respRateHigh : paedsLimit(child, 'rr');
  add('v.rr_high', c.respRate, (x) => x >= rrHigh);
  add('v.rr_low', c.respRate, (x) => x <= THRESHOLDS.respRateLow);
  add('v.gcs_low', c.gcs, (x) => x <= THRESHOLDS.gcsSevere);
  add('v.gcs_altered', c.gcs, (x) => x <= THRESHOLDS.gcsAltered);
  add('v.k_high', c.potassium, (x) => x >= THRESHOLDS.potassiumHigh);
  add('v.k_low', c.potassium, (x) => x < THRESHOLDS.potassiumLow);
  add('v.inr_high', c.inr, (x) => x >= THRESHOLDS.inrBleeding);
  add('v.inr_very_high', c.inr, (x) => x >= THRESHOLDS.inrVeryHigh);
  add('v.alt_acute', c.aminotransferase, (x) => x >= THRESHOLDS.aminotransferaseAcute);
  add('v.lactate_high', c.lactate, (x) => x >= THRESHOLDS.lactateHigh);
  add('v.na_critical', c.sodium, (x) => x <= THRESHOLDS.sodiumCriticalLow || x >= THRESHOLDS.sodiumCriticalHigh);
  add('v.na_low', c.sodium, (x) => x < THRESHOLDS.sodiumLowSymptomatic);
  add('v.ph_low', c.ph, (x) => x < THRESHOLDS.phLow);
  add('v.hb_low', c.haemoglobin, (x) => x < THRESHOLDS.haemoglobinLow);
  add('v.plt_low', c.platelets, (x) => x < THRESHOLDS.plateletsLow);
  return out;
}
