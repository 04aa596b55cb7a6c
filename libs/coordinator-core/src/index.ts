export { CoordinatorModule, type CoordinatorModuleOptions } from './coordinator.module';
export { CoordinatorConfig, loadCoordinatorConfig, COORDINATOR_ENV_VARS } from './config';
export { RequestStore, appendContribution, type StoredRequest, type CoordinatorState } from './request-store';
export { SafetyBoundary, type BoundaryInput, type BoundaryResult } from './boundary';
export { publicRecord, RESULT_SCAN_READER } from './finisher';
export { fallbackPlan } from './orchestrator';
export { PatientContextStore } from './medication/patient-context.store';
export { MedicationScreenService, toRecord as medicationScreenRecord, type ScreenRequest } from './medication/screen.service';
export { withMedicationSection, stripNoConflict } from './medication/section';
