// Public entry of @medagent/safety: pre-risk gate, assess_risk core, final safety
// boundary, rules data/versioning and evaluation helpers. Named exports only.
export { FAMILIES } from './types';
export type { Family, MatchStatus, PreRiskResult, RiskLevel, SafetyAction, Span, SuppressionReason } from './types';
export { InvalidEvalCasesError, InvalidRulesetError, InvalidSafetyInputError, UnknownRulesVersionError } from './errors';

export { createPreRiskGate, defaultPreRiskGate } from './prerisk/gate';
export type { AnalyzeHints, PreRiskAnalysis, PreRiskGate, PreRiskGateOptions } from './prerisk/gate';
export type { FiredRule, SignalMatch } from './prerisk/engine';
export { THRESHOLDS as PRERISK_THRESHOLDS } from './prerisk/signals';
export {
  PROMOTION_THRESHOLDS,
  benchPreRisk,
  checkPromotion,
  comparePreRisk,
  evaluatePreRisk,
  parsePreRiskCases,
} from './prerisk/evaluate';
export type {
  BenchResult,
  FamilyScore,
  PassKindScore,
  PreRiskCase,
  PreRiskComparison,
  PreRiskEvalReport,
  PromotionDecision,
} from './prerisk/evaluate';

export { CURRENT_RULES_VERSION, RULESETS, RULESET_2026_11_1, RULESET_2026_11_2, RULESET_2026_11_3, RULESET_2026_11_4, RULESET_2026_12_0, RULESET_2026_12_1, RULESET_2026_12_2, deriveRuleset } from './rules/ruleset';
export type { LearnedSignalRef, PreRiskRuleset, RulesetOptions, RulesetPatch } from './rules/ruleset';
export type { ConceptDef, CueDef } from './rules/concept-types';
export type { RuleDef, Urgency, VitalSignal } from './rules/rule-types';

export { parseVitals } from './text/vitals';
export type { AgeReading, BpReading, GlucoseContext, GlucoseReading, NumberReading, ParsedVitals } from './text/vitals';
export { normalizeText } from './text/normalize';

export { assessRisk } from './assess/assess-risk';
export { readMeasurements, type Measurement } from './assess/measures';
export { treatmentDecisions, scoreFromText, type TreatmentDecision } from './assess/treatment';
export type { AssessRiskOptions, RiskAssessment, RiskReason, RiskVitals, SeekCare } from './assess/assess-risk';

export { applyFinalSafety } from './boundary/final-safety';
export type { FinalSafetyInput, FinalSafetyOutput } from './boundary/final-safety';
