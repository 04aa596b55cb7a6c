// Numeric thresholds turned into pseudo-concepts ("v.*") so rules can combine a number
// with words ("BP >= 180/110 WITH a headache"). Thresholds are clinical cut-offs:
// hypertensive crisis 180/110, pregnancy hypertension 140/90, shock SBP < 90,
// level-2 hypoglycaemia < 3.0 mmol/L, hyperglycaemic crisis > 16.7 mmol/L,
// fever >= 38.0 C, hypoxaemia SpO2 < 92 %, heart rate > 130, infant < 1 year, young infant < 3 months.
import type { Span } from '../types';
import type { ParsedVitals } from '../text/vitals';

export const THRESHOLDS = {
  bpCrisisSystolic: 180,
  bpCrisisDiastolic: 110,
  bpPregnancySystolic: 140,
  bpPregnancyDiastolic: 90,
  shockSystolic: 90,
  glucoseLowMmol: 3.0,
  glucoseHighMmol: 16.7,
  feverC: 38.0,
  spo2Low: 92,
  heartRateHigh: 130,
  infantYears: 1,
  youngInfantYears: 0.25,
  youngChildYears: 6,
} as const;

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

export function vitalSignals(v: ParsedVitals, facts: AgeFacts): RawSignal[] {
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
  for (const t of v.temperatureC) if (t.value >= THRESHOLDS.feverC) out.push({ concept: 'v.fever38', span: t.span });
  for (const s of v.spo2) if (s.value < THRESHOLDS.spo2Low) out.push({ concept: 'v.spo2_low', span: s.span });
  // Gestation before 37 weeks: contractions or waters breaking mean preterm labour.
  for (const w of v.pregnancyWeeks) if (w.value < 37) out.push({ concept: 'v.preterm', span: w.span });
  for (const h of v.heartRate) if (h.value > THRESHOLDS.heartRateHigh) out.push({ concept: 'v.hr_high', span: h.span });
  out.push(...ageSignals(v, facts));
  return out;
}
