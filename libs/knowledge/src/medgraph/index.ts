export { MedicationGraph, DEFAULT_MEDGRAPH_DIR } from './graph';
export { checkMedicationSafety, extractEntities, defaultMedicationGraph, defaultCodeMap, runMedicationScreen } from './default';
export { normalize } from './normalize';
export { renderForRole } from './serialize';
export { MedGraphError } from './errors';
export type { MedGraphErrorCode } from './errors';
export { ROLES, SEVERITIES, NODE_KINDS, EDGE_TYPES } from './types';
export type {
  Conflict,
  EdgeType,
  EntityRef,
  ExtractedEntities,
  GraphEdge,
  GraphNode,
  Lang,
  LookupGroup,
  NodeKind,
  NormalizedInput,
  Role,
  SafetyInput,
  SafetyResult,
  Severity,
  SourceRef,
  Verdict,
} from './types';
export { screenMedication, SCREEN_VERSION } from './screen';
export type { PatientContext, ScreenInput, ScreenResult, ScreenFinding, ScreenEntity, ViewResult } from './screen';
export { CONFLICT_KINDS, SPECIALIST_VIEWS, VIEW_OF_KIND } from './views';
export type { ConflictKind, SpecialistView } from './views';
export { CODE_SYSTEMS, loadCodeMap, resolveCoded } from './codes';
export type { CodeMap, CodedTerm, Coding } from './codes';
export { evaluateMedication, parseMedicationCases, findingMatches } from './evaluate';
export type { MedicationCase, MedicationEvalResult, ExpectedConflict } from './evaluate';
export { patientContextFromBundle, validateBundle, isBundle } from './fhir';
export type { BundleContext, FhirIssue, R4Bundle } from './fhir';
export { alternativeFor } from './alternatives';
