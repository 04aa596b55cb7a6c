export { CoordinatorModule, type CoordinatorModuleOptions } from './coordinator.module';
export { CoordinatorConfig, loadCoordinatorConfig, COORDINATOR_ENV_VARS } from './config';
export { RequestStore, appendContribution, type StoredRequest, type CoordinatorState } from './request-store';
export { SafetyBoundary, type BoundaryInput, type BoundaryResult } from './boundary';
export { publicRecord, RESULT_SCAN_READER } from './finisher';
export { fallbackPlan } from './orchestrator';
export { newRequestId } from './ids';
export { checkApprovalDecision, DEFAULT_APPROVER_ROLE, type ApprovalState, type ApprovalRefusal } from './approvals';
export { IdempotencyStore, type IdempotencyClaim } from './idempotency';
