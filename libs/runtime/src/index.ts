// Public entry of @medagent/runtime: composition (embedded / distributed), configuration,
// the client, the service processes (with their HTTP surface) and ops. Benchmarks and
// their harnesses are @medagent/bench (the CLI only).
export { RuntimeConfig, RUNTIME_ENV, loadRuntimeConfig, authConfigFor } from './config';
export { chatModelFor } from './models';
export { serviceModule, startService, type ModelOverrides, type ServiceDeps } from './services';
export { MedagentClient, type AskInput, type AskResult, type AskRecord } from './client';
export { startEmbedded, type EmbeddedOptions, type EmbeddedRuntime } from './embedded';
export { connectInfra, natsConnectParts, REQUEST_BUCKET, type Infra } from './infra';
export { serve, runService, isServeTarget, type ServeTarget, type RunningServices } from './serve';
export { runServiceWithHttp } from './serve-http';
export { replayRequest, rerunTask, type TimelineLine, type RerunReport } from './ops/replay';
