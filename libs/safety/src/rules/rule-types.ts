// Shape of a red-flag rule. A rule fires when every `all` concept, at least one
// concept of each `any` group and `atLeast.n` of `atLeast.of` have an affirmed match
// (not negated, past, hypothetical, fictional or figurative; `past_ok` concepts may be past), and no `unless` concept
// is affirmed. Concept ids starting with "v." are numeric signals from the vitals parser.
import type { Family } from '../types';

export type Urgency = 'emergency' | 'urgent';

export interface RuleDef {
  id: string;
  family: Family;
  urgency: Urgency;
  /** The emergency concept this rule detects; its guidance (data/guidance) opens the answer. */
  emergency: string;
  /** The learned signal may never veto this rule's lone hit (named arrests, environmental emergencies). */
  no_veto?: boolean;
  all?: readonly string[];
  any?: readonly (readonly string[])[];
  atLeast?: { n: number; of: readonly string[] };
  unless?: readonly string[];
  /**
   * Exposures whose harm shows later (an animal bite before rabies signs): a past match of
   * these concepts still satisfies `all` / `any`; the other pieces must be affirmed.
   */
  past_ok?: readonly string[];
  /**
   * What a message names, not whether it happens now (the herb in "听人说附子炖肉补身体，我爸喝了一大碗"):
   * a match of these concepts counts in any context except negated or figurative.
   */
  named_ok?: readonly string[];
}

/** Numeric signals the gate derives from parsed vitals; rules may reference these. */
export const VITAL_SIGNALS = [
  'v.bp_crisis',
  'v.bp_high_preg',
  'v.sbp_low',
  'v.glucose_low',
  'v.glucose_high',
  'v.fever38',
  'v.temp_low',
  'v.temp40',
  'v.spo2_low',
  'v.spo2_very_low',
  'v.hr_high',
  'v.preterm',
  'v.fhr_abnormal',
  'v.infant',
  'v.infant_lt3m',
  'v.infant_fever',
  'v.young_child',
  'v.hr_low',
  'v.shock_index',
  'v.rr_high',
  'v.rr_low',
  'v.gcs_low',
  'v.gcs_altered',
  'v.k_high',
  'v.k_low',
  'v.inr_high',
  'v.inr_very_high',
  'v.alt_acute',
  'v.lactate_high',
  'v.na_critical',
  'v.na_low',
  'v.ph_low',
  'v.hb_low',
  'v.plt_low',
  'v.news2_urgent',
  'v.news2_emergency',
] as const;
export type VitalSignal = (typeof VITAL_SIGNALS)[number];
