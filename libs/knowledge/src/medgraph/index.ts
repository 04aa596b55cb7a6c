export { MedicationGraph, DEFAULT_MEDGRAPH_DIR } from './graph';
export { checkMedicationSafety, extractEntities, defaultMedicationGraph } from './default';
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
