export { WorkerModule, type WorkerModuleOptions } from './worker.module';
export { TaskRunner, inputHashOf, type TaskRunnerDeps } from './task-runner';
export { BusApprovalGate, approvalReaderFor } from './approval-gate';
