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

export { CURRENT_RULES_VERSION, currentRuleset, withRules } from './rules/ruleset';
export type { LearnedSignalRef, PreRiskRuleset, RulesetOptions } from './rules/ruleset';
export { SAFETY_DATA_DIR, loadRulesData } from './rules/load';
export type { FamilyFile, SourceRef } from './rules/load';
export type { ConceptDef, CueDef, CueSet } from './rules/concept-types';
export { SNAPSHOT_FORMAT, compareWithSnapshot, exportSnapshot, parseSnapshot, snapshotKey } from './prerisk/snapshot';
export type { DecisionSnapshot, SnapshotComparison } from './prerisk/snapshot';
export type { RuleDef, Urgency, VitalSignal } from './rules/rule-types';

export { parseVitals } from './text/vitals';
export type { AgeReading, BpReading, GlucoseContext, GlucoseReading, NumberReading, ParsedVitals } from './text/vitals';
export { normalizeText } from './text/normalize';

export { assessRisk } from './assess/assess-risk';
export { readMeasurements, type Measurement } from './assess/measures';
export { treatmentDecisions, scoreFromText, type TreatmentDecision } from './assess/treatment';
export type { AssessRiskOptions, PreRiskVerdict, RiskAssessment, RiskReason, RiskVitals, SeekCare } from './assess/assess-risk';

export { applyFinalSafety } from './boundary/final-safety';
export type { FinalSafetyInput, FinalSafetyOutput } from './boundary/final-safety';

export { FALLBACK_GUIDANCE, emergencyConcepts, emergencyOpening, firedRuleIds, guidanceForResult, guidanceTable, renderGuidance, withEmergencyOpening } from './guidance/guidance';
export type { GuidanceEntry } from './guidance/guidance';
export { messageLang, triageReport } from './guidance/report';
export type { TriageConcept, TriageReport } from './guidance/report';
export { evaluateAdvice, parseAdviceCases } from './boundary/advice-eval';
export type { AdviceCase, AdviceCaseResult, AdviceEvalReport, AdviceOutcome } from './boundary/advice-eval';
