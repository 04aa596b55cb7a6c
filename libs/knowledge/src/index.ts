// Public entry of @medagent/knowledge: retrieval (embedded + Elasticsearch), the starter
// knowledge base, ICD-10 coding, the medication-safety graph and symptom analysis.
export * from './retrieval';
export {
  MedicationGraph,
  DEFAULT_MEDGRAPH_DIR,
  checkMedicationSafety,
  extractEntities,
  defaultMedicationGraph,
  normalize as normalizeDrugTerm,
  renderForRole,
  MedGraphError,
  EDGE_TYPES,
  NODE_KINDS,
  SEVERITIES,
} from './medgraph';
export type {
  Conflict as MedicationConflict,
  EdgeType,
  EntityRef,
  ExtractedEntities,
  GraphEdge,
  GraphNode,
  NormalizedInput,
  SafetyInput as MedicationSafetyInput,
  SafetyResult as MedicationSafetyResult,
  Severity,
  SourceRef,
  Verdict as MedicationVerdictValue,
} from './medgraph';
export * from './icd';
export * from './symptoms';
export * from './concepts';
