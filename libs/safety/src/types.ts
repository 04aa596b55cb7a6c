// Contract shapes come from @medagent/contracts (type-only, so the safety lib stays
// usable where only types are shared); safety-local types live below.
import type { PreRiskResult, RiskLevel, SafetyAction, SuppressionReason } from '@medagent/contracts';

export type { PreRiskResult, RiskLevel, SafetyAction, SuppressionReason };

/** Red-flag families; names follow the labelling guide's categories. */
export const FAMILIES = [
  'heart_attack',
  'stroke',
  'breathing',
  'anaphylaxis',
  'suicide_self_harm',
  'overdose_poisoning',
  'glycaemic_emergency',
  'major_bleeding',
  'consciousness_seizure',
  'thunderclap_headache',
  'pregnancy_emergency',
  'infant_red_flag',
  'sepsis_meningitis',
  'hypertensive_crisis',
  'head_injury',
  'acute_abdomen',
  'cardiac_arrest',
  'environmental',
  'critical_vitals',
  'critical_labs',
  'major_trauma',
  'vascular_emergency',
] as const;
export type Family = (typeof FAMILIES)[number];

/** A character range into the caller's original text. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

export type MatchStatus = 'affirmed' | SuppressionReason;
