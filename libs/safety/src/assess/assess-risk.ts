// assess_risk core: a graded judgement (emergency / urgent / routine / self-care) for a
// worker's triage task. It reuses the gate's lexicon, context handling and vitals parser;
// on top it grades numbers that are abnormal but not an emergency. Thresholds (adult):
//   BP      >=180/110 urgent (emergency with symptoms, via the gate); >=160/100 or
//           >=140/90 routine; systolic <90 urgent.
//   Glucose <3.0 mmol/L urgent (emergency with altered state); <3.9 routine;
//           >16.7 urgent; fasting >=7.0 or 6.1-6.9, post-meal >=11.1 or 7.8-11.0,
//           random >=11.1 routine (recheck, see a doctor within days to weeks).
//           mg/dL values are divided by 18.
//   Temp    >=40 C urgent; >=38 C routine (urgent in pregnancy; infants via the gate).
//   HR      >130 or <40 urgent; >100 or <50 routine.   SpO2 92-94 % urgent.
import type { RiskLevel, Span } from '../types';
import { defaultPreRiskGate, type PreRiskAnalysis, type PreRiskGate } from '../prerisk/gate';
import type { SignalMatch } from '../prerisk/engine';
import type { ParsedVitals } from '../text/vitals';
import { normalizeText } from '../text/normalize';
import { FAMILY_TEXT, LEVEL_ADVICE, VITAL_TEXT } from './risk-text';
import { emergencyOpening } from '../guidance/guidance';
import { currentRuleset } from '../rules/ruleset';
import { readMeasurements, type Measurement } from './measures';
import { treatmentDecisions, type TreatmentDecision } from './treatment';

export type SeekCare = 'call_emergency_now' | 'same_day' | 'within_days' | 'self_care';

export interface RiskReason {
  code: string;
  text_zh: string;
  text_en: string;
  evidence?: Span[];
}

export interface RiskVitals {
  systolic?: number;
  diastolic?: number;
  glucose_mmol?: number;
  temperature_c?: number;
  heart_rate?: number;
  spo2?: number;
  age_years?: number;
  pregnancy_weeks?: number;
}

export interface RiskAssessment {
  level: RiskLevel;
  reasons: RiskReason[];
  vitals: RiskVitals;
  advice_zh: string;
  advice_en: string;
  seek_care: SeekCare;
  rules_version: string;
  /** The first-aid guidance an escalated request opens with (data/guidance), both languages. */
  emergency_guidance?: { zh: string; en: string };
  /** Reported numbers read against the guideline bands (data/assess/measure-bands.json). */
  measurements?: Measurement[];
  /** Conditions needing a doctor's treatment decision within weeks (data/assess/treatment-decision.json). */
  treatment_decisions?: TreatmentDecision[];
}

/** What the coordinator's pre-risk gate decided, carried by the task (TaskPackage context). */
export interface PreRiskVerdict {
  decision: 'ESCALATE' | 'PASS';
  rule_ids?: readonly string[];
}

export interface AssessRiskOptions {
  /** Caller's language; both zh and en texts are always returned, so it only documents intent. */
  lang?: 'zh' | 'en';
  /** Known age in years; overrides ages found in the text. */
  age?: number;
  /** Gate (rules version) to reuse; defaults to the current one. */
  gate?: PreRiskGate;
  /**
   * The coordinator's gate verdict for the request. An escalated request is never graded below
   * urgent (emergency when one of its rules is an emergency rule), whatever text the task passes.
   */
  prerisk?: PreRiskVerdict;
}

const SEEK: Record<RiskLevel, SeekCare> = { emergency: 'call_emergency_now', urgent: 'same_day', routine: 'within_days', self_care: 'self_care' };
const RANK: Record<RiskLevel, number> = { self_care: 0, routine: 1, urgent: 2, emergency: 3 };

/** Symptoms that need a same-day look even when no red-flag combination fired. */
const URGENT_ALONE = new Set(['chest_pain', 'dyspnea', 'altered_state', 'unilateral_numb', 'speech', 'gait', 'vision_loss', 'melena', 'presyncope', 'worsening', 'neck_stiff', 'purpura', 'hemoptysis_heavy', 'airway_swelling', 'fetal_movement_low', 'rigid_abdomen']);
const ROUTINE_SYMPTOMS = new Set(['headache', 'dizziness', 'fever', 'vomit', 'nausea', 'abd_pain', 'palpitations', 'bleeding_generic', 'hives', 'blurred_vision', 'sweating', 'cold_sweat', 'radiation', 'tachypnea', 'wheeze', 'poor_feeding', 'lethargic', 'unilateral_weak']);
/** Occasional, long-standing or explicitly mild wording downgrades a lone symptom. */
const MILD = /偶尔|有时|时不时|间断|有点|有些|一点|轻微|稍微|老毛病|好几年|多年|一直都|occasional|sometimes|now and then|a bit|slight|mild|a little|for years|on and off/;
const GLUCOSE_WORD = /血糖(?:有点|偏|比较|稍微|一直)?(?:偏)?高|high (?:blood )?sugars?|sugars? (?:is|are|was|were|has been|have been) (?:a bit |quite |slightly )?high/;

interface Acc {
  level: RiskLevel;
  reasons: RiskReason[];
  adviceZh: string[];
  adviceEn: string[];
}

function raise(acc: Acc, level: RiskLevel): void {
  if (RANK[level] > RANK[acc.level]) acc.level = level;
}

function addVital(acc: Acc, code: string, level: RiskLevel, value: string, evidence?: Span): void {
  const t = VITAL_TEXT[code];
  if (t === undefined) return;
  raise(acc, level);
  acc.reasons.push({ code, text_zh: t.zh(value), text_en: t.en(value), ...(evidence === undefined ? {} : { evidence: [evidence] }) });
  if (t.advice_zh !== undefined && !acc.adviceZh.includes(t.advice_zh)) acc.adviceZh.push(t.advice_zh);
  if (t.advice_en !== undefined && !acc.adviceEn.includes(t.advice_en)) acc.adviceEn.push(t.advice_en);
}

function gradeVitals(acc: Acc, v: ParsedVitals, pregnant: boolean, ageYears: number | undefined): void {
  // Fever in a baby under 6 months is assessed the same day even without other signs.
  const youngBaby = ageYears !== undefined && ageYears < 0.5;
  for (const bp of v.bp) {
    const sys = bp.systolic ?? 0;
    const dia = bp.diastolic ?? 0;
    const label = bp.diastolic === undefined ? `${sys}` : bp.systolic === undefined ? `?/${dia}` : `${sys}/${dia}`;
    if (sys >= 180 || dia >= 110) addVital(acc, 'bp_severe', 'urgent', label, bp.span);
    else if (sys >= 160 || dia >= 100) addVital(acc, 'bp_stage2', 'routine', label, bp.span);
    else if (sys >= 140 || dia >= 90) addVital(acc, 'bp_high', 'routine', label, bp.span);
    if (bp.systolic !== undefined && sys < 90) addVital(acc, 'bp_low', 'urgent', `${sys}`, bp.span);
  }
  for (const g of v.glucose) {
    const val = `${g.mmol}`;
    if (g.mmol < 3.0) addVital(acc, 'glucose_very_low', 'urgent', val, g.span);
    else if (g.mmol < 3.9) addVital(acc, 'glucose_low', 'routine', val, g.span);
    else if (g.mmol > 16.7) addVital(acc, 'glucose_very_high', 'urgent', val, g.span);
    else if (g.context === 'fasting' && g.mmol >= 7.0) addVital(acc, 'glucose_fasting_diabetic', 'routine', val, g.span);
    else if (g.context === 'fasting' && g.mmol >= 6.1) addVital(acc, 'glucose_fasting_impaired', 'routine', val, g.span);
    else if (g.context === 'post_meal' && g.mmol >= 11.1) addVital(acc, 'glucose_postmeal_diabetic', 'routine', val, g.span);
    else if (g.context === 'post_meal' && g.mmol >= 7.8) addVital(acc, 'glucose_postmeal_impaired', 'routine', val, g.span);
    else if (g.context === 'random' && g.mmol >= 11.1) addVital(acc, 'glucose_random_high', 'routine', val, g.span);
  }
  for (const t of v.temperatureC) {
    if (t.value >= 40) addVital(acc, 'temp_very_high', 'urgent', `${t.value}`, t.span);
    else if (t.value >= 38 && pregnant) addVital(acc, 'temp_fever_pregnant', 'urgent', `${t.value}`, t.span);
    else if (t.value >= 38 && youngBaby) addVital(acc, 'temp_fever_infant', 'urgent', `${t.value}`, t.span);
    else if (t.value >= 38) addVital(acc, 'temp_fever', 'routine', `${t.value}`, t.span);
  }
  for (const h of v.heartRate) {
    if (h.value > 130 || h.value < 40) addVital(acc, 'hr_extreme', 'urgent', `${h.value}`, h.span);
    else if (h.value > 100 || h.value < 50) addVital(acc, 'hr_abnormal', 'routine', `${h.value}`, h.span);
  }
  for (const s of v.spo2) if (s.value >= 92 && s.value < 95) addVital(acc, 'spo2_borderline', 'urgent', `${s.value}`, s.span);
}

function gradeSymptoms(acc: Acc, text: string, n: string, matches: readonly SignalMatch[]): void {
  const seen = new Set<string>();
  for (const m of matches) {
    if (m.status !== 'affirmed' || seen.has(m.concept)) continue;
    const urgent = URGENT_ALONE.has(m.concept);
    if (!urgent && !ROUTINE_SYMPTOMS.has(m.concept)) continue;
    seen.add(m.concept);
    const span: Span = { start: m.start, end: m.end, text: text.slice(m.start, m.end) };
    // The mild check looks at the words around the symptom, not the whole message.
    const around = n.slice(Math.max(0, m.start - 8), Math.min(n.length, m.end + 8));
    const mild = MILD.test(around);
    const code = mild ? 'symptom_mild' : urgent ? 'symptom_urgent' : 'symptom_routine';
    addVital(acc, code, mild ? 'routine' : urgent ? 'urgent' : 'routine', span.text, span);
  }
}

function pickVitals(v: ParsedVitals, age: number | undefined): RiskVitals {
  const out: RiskVitals = {};
  const bp = [...v.bp].sort((a, b) => (b.systolic ?? 0) - (a.systolic ?? 0))[0];
  if (bp?.systolic !== undefined) out.systolic = bp.systolic;
  if (bp?.diastolic !== undefined) out.diastolic = bp.diastolic;
  // The most abnormal glucose reading is the one that matters for the judgement.
  const g = [...v.glucose].sort((a, b) => Math.abs(b.mmol - 6) - Math.abs(a.mmol - 6))[0];
  if (g !== undefined) out.glucose_mmol = g.mmol;
  const t = [...v.temperatureC].sort((a, b) => b.value - a.value)[0];
  if (t !== undefined) out.temperature_c = t.value;
  const hr = [...v.heartRate].sort((a, b) => Math.abs(b.value - 75) - Math.abs(a.value - 75))[0];
  if (hr !== undefined) out.heart_rate = hr.value;
  const s = [...v.spo2].sort((a, b) => a.value - b.value)[0];
  if (s !== undefined) out.spo2 = s.value;
  const years = age ?? v.ages[0]?.years;
  if (years !== undefined) out.age_years = Math.round(years * 100) / 100;
  const w = v.pregnancyWeeks[0];
  if (w !== undefined) out.pregnancy_weeks = w.value;
  return out;
}

function gradeRules(acc: Acc, a: PreRiskAnalysis, text: string): void {
  const seenFamilies = new Set<string>();
  for (const f of a.fired) {
    raise(acc, f.rule.urgency === 'emergency' ? 'emergency' : 'urgent');
    if (seenFamilies.has(f.rule.family)) continue;
    seenFamilies.add(f.rule.family);
    const t = FAMILY_TEXT[f.rule.family];
    acc.reasons.push({
      code: f.rule.id,
      text_zh: t.zh,
      text_en: t.en,
      evidence: f.evidence.map((m) => ({ start: m.start, end: m.end, text: text.slice(m.start, m.end) })),
    });
  }
}

/** Escalated (here or by the coordinator): at least urgent, emergency when an emergency rule fired. */
function gradeEscalation(acc: Acc, a: PreRiskAnalysis, verdict: PreRiskVerdict | undefined): string[] {
  const ids = new Set<string>(a.result.decision === 'ESCALATE' ? a.result.evidence.map((e) => e.rule_id) : []);
  if (verdict?.decision === 'ESCALATE') for (const id of verdict.rule_ids ?? ['classifier']) ids.add(id);
  if (ids.size === 0) return [];
  const byId = new Map(currentRuleset().rules.map((r) => [r.id, r]));
  const rules = [...ids].map((id) => byId.get(id));
  raise(acc, rules.some((r) => r?.urgency === 'emergency') ? 'emergency' : 'urgent');
  for (const r of rules) {
    if (r === undefined || acc.reasons.some((x) => x.code === r.id)) continue;
    const t = FAMILY_TEXT[r.family];
    if (acc.reasons.some((x) => x.text_zh === t.zh)) continue;
    acc.reasons.push({ code: r.id, text_zh: t.zh, text_en: t.en });
  }
  return [...ids];
}

export function assessRisk(text: string, options: AssessRiskOptions = {}): RiskAssessment {
  const gate = options.gate ?? defaultPreRiskGate();
  const analysis = gate.analyze(text, options.age === undefined ? {} : { ageYears: options.age });
  const n = normalizeText(text);
  const acc: Acc = { level: 'self_care', reasons: [], adviceZh: [], adviceEn: [] };
  gradeRules(acc, analysis, text);
  const escalatedBy = gradeEscalation(acc, analysis, options.prerisk);
  const pregnant = analysis.matches.some((m) => m.concept === 'pregnant' && m.status === 'affirmed');
  gradeVitals(acc, analysis.vitals, pregnant, options.age ?? analysis.vitals.ages.find((a) => a.child)?.years);
  if (analysis.vitals.glucose.length === 0 && GLUCOSE_WORD.test(n)) addVital(acc, 'glucose_reported_high', 'routine', '');
  gradeSymptoms(acc, text, n, analysis.matches);
  const measured = gradeTreatment(acc, text, options.age ?? analysis.vitals.ages[0]?.years);
  const base = LEVEL_ADVICE[acc.level];
  // Specific advice follows the level's general line; in an emergency only the latter matters.
  const extraZh = acc.level === 'emergency' ? [] : acc.adviceZh;
  const extraEn = acc.level === 'emergency' ? [] : acc.adviceEn;
  return {
    level: acc.level,
    reasons: acc.reasons,
    vitals: pickVitals(analysis.vitals, options.age),
    advice_zh: [base.zh, ...extraZh].join(''),
    advice_en: [base.en, ...extraEn].join(' '),
    seek_care: SEEK[acc.level],
    rules_version: gate.version,
    ...(escalatedBy.length > 0 ? { emergency_guidance: guidanceOf(escalatedBy) } : {}),
    ...measured,
  };
}

/**
 * A condition that needs a treatment decision (LDL ≥ 4.9, HbA1c in the diabetic range, BP ≥
 * 160/100, eGFR < 60, atrial fibrillation at the CHA2DS2-VASc line, …) is never "self-care":
 * at least routine, with "see a doctor within weeks, a treatment decision is needed".
 */
function gradeTreatment(acc: Acc, text: string, age: number | undefined): Pick<RiskAssessment, 'measurements' | 'treatment_decisions'> {
  const measurements = readMeasurements(text);
  const decisions = treatmentDecisions(text, measurements, age);
  // A number outside its healthy band (prediabetes, grade 1 hypertension, raised LDL, …) is
  // never "watchful waiting": it needs a visit to confirm it and plan what to do.
  const abnormal = measurements.filter((m) => m.abnormal);
  if (abnormal.length > 0 && decisions.length === 0) {
    raise(acc, 'routine');
    for (const m of abnormal) acc.reasons.push({ code: `measure_${m.id}`, text_zh: `${m.label_zh}${m.text}：${m.band_zh}`, text_en: `${m.label_en} ${m.text}: ${m.band_en}` });
  }
  if (decisions.length > 0) {
    raise(acc, 'routine');
    for (const d of decisions) acc.reasons.push({ code: d.rule_id, text_zh: d.text_zh, text_en: d.text_en });
    acc.adviceZh.push('建议在数周内就诊：这种情况需要医生作出治疗决定，不宜只观察等待。');
    acc.adviceEn.push('See a doctor within the next few weeks: this needs a treatment decision, not watchful waiting.');
  }
  return {
    ...(measurements.length ? { measurements } : {}),
    ...(decisions.length ? { treatment_decisions: decisions } : {}),
  };
}

function guidanceOf(ruleIds: readonly string[]): { zh: string; en: string } {
  const r = { decision: 'ESCALATE' as const, evidence: ruleIds.map((rule_id) => ({ rule_id, family: '', start: 0, end: 0, text: '' })) };
  return { zh: emergencyOpening(r, 'zh'), en: emergencyOpening(r, 'en') };
}
