// Public entry of @medagent/contracts: every name listed explicitly (no `export *`), so
// what the lib promises is readable here and a new export is a visible change.
export {
  AGENT_ALIASES,
  isTaskType,
  isWorkerRole,
  normalizeAgent,
  SERVICE_IDS,
  TASK_OWNER,
  TASK_TYPES,
  WORKER_ROLES,
  workerServiceId,
} from './roles';
export type { Producer, ServiceId, TaskType, WorkerRole } from './roles';
export { CAPABILITY_POLICY, isAllowed, POLICY_VERSION, SKILL_NAMES, skillsFor } from './policy';
export type { SkillName } from './policy';
export {
  ApprovalDeniedError,
  BudgetExhaustedError,
  BusUnavailableError,
  CapabilityViolationError,
  ConfigError,
  ConflictError,
  ContractViolationError,
  DeadlineExceededError,
  DomainError,
  IllegalTransitionError,
  InternalError,
  isRetryable,
  MedagentError,
  ModelBadResponseError,
  ModelRateLimitedError,
  ModelUnavailableError,
  NotFoundError,
  PayloadTooLargeError,
  PlanValidationError,
  TaskRefusedError,
  toMedagentError,
  ToolFailedError,
  ToolRejectedError,
  ToolTimeoutError,
} from './errors';
export type { ErrorCode, ErrorDetail, MedagentErrorOptions } from './errors';
export {
  assertRequestTransition,
  assertTaskTransition,
  isTerminalRequest,
  isTerminalTask,
  REQUEST_STATES,
  REQUEST_TRANSITIONS,
  TASK_STATES,
  TASK_TRANSITIONS,
} from './lifecycle';
export type { RequestState, TaskState } from './lifecycle';
export { assertSafeShape, assertValid, decode, flattenValidationErrors, MAX_DECODE_DEPTH, toPlain, VALIDATION_OPTIONS } from './decode';
export {
  assertTaskPlan,
  MAX_INSTRUCTION_CHARS,
  PLAN_SOURCES,
  PlannedTaskDto,
  TaskPlanDto,
  validateTaskPlan,
} from './plan';
export type { PlannedTask, PlanRule, PlanSource, PlanValidation, PlanViolation, TaskPlan } from './plan';
export { PreRiskEvidenceDto, PreRiskResultDto, RISK_LEVELS } from './safety';
export type {
  MedicationScreenFindingSummary,
  MedicationScreenRecord,
  MedicationVerdict,
  PreRiskDecision,
  PreRiskEvidence,
  PreRiskResult,
  RiskLevel,
  SafetyAction,
  SuppressionReason,
} from './safety';
export {
  CONTRIBUTION_SCHEMA_ID,
  LANGS,
  requestLang,
  TaskBudgetDto,
  TaskContextSliceDto,
  TaskPackageDto,
  TaskScopeDto,
} from './task-package';
export type { Lang, TaskPackage } from './task-package';
export {
  COMPLETION_STATUSES,
  ContributionDto,
  EvidenceDto,
  ModelUsageDto,
  TOOL_OUTCOMES,
  ToolLedgerEntryDto,
  ToolTokensDto,
} from './contribution';
export type { Contribution, Evidence, ToolLedgerEntry, ToolOutcome } from './contribution';
export { AUTH_SCOPES } from './skill';
export type {
  AuthScope,
  JsonSchema,
  Skill,
  SkillContext,
  SkillDefinition,
  SkillEvidence,
  SkillResult,
} from './skill';
export {
  assertInlinePayload,
  DLQ_PREFIX,
  dlqSubjectFor,
  EnvelopeDto,
  EVENT_TYPES,
  isTaskScoped,
  MAX_INLINE_PAYLOAD_BYTES,
  newId,
  parseSubject,
  PayloadRefDto,
  payloadSize,
  SCHEMA_VERSION,
  SUBJECT_PREFIX,
  subjectFor,
} from './events';
export type { Envelope, EventType, PayloadRef } from './events';
export { PRODUCER_RULES, producerForbidden } from './producers';
export type { ProducerRule } from './producers';
export {
  ApprovalRequestedPayload,
  ApprovalResolvedPayload,
  ArtifactProducedPayload,
  buildEvent,
  decodeEvent,
  EVENT_PAYLOADS,
  MAX_MESSAGE_CHARS,
  payloadJsonOf,
  payloadOf,
  PlanProducedPayload,
  PlanRequestedPayload,
  RequestCompletedPayload,
  RequestFailedPayload,
  RequestSubmittedPayload,
  SynthesisProducedPayload,
  SynthesisRequestedPayload,
  TaskAssignedPayload,
  TaskCompletedPayload,
  TaskFailedPayload,
  TaskRefusedPayload,
  TaskStartedPayload,
  withPayloadRef,
} from './payloads';
export type { BuildEventInput, PayloadOf, TypedEnvelope } from './payloads';
export { REQUEST_RECORD_JSON_SCHEMA } from './record';
export type { AnswerRecord, RequestRecord, TaskRecord } from './record';
export { canonicalJson, hashOf, requestIdFor, sha256 } from './hash';
export { byReadingOrder, sectionBody, TASK_TYPE_LABELS, TASK_TYPE_ORDER } from './labels';
export { compiledCheck } from './compiled';
export type { CompiledCheck } from './compiled';
export { numberSources, SOURCE_LIMIT, SOURCES_PER_CONTRIBUTION } from './sources';
