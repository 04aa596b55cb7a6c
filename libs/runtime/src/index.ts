export { RuntimeConfig, RUNTIME_ENV, loadRuntimeConfig } from './config';
export { chatModelFor, FixedLatencyModel } from './models';
export { serviceModule, startService, type ServiceDeps } from './services';
export { MedagentClient, type AskInput, type AskResult, type AskRecord } from './client';
export { startEmbedded, type EmbeddedOptions, type EmbeddedRuntime } from './embedded';
export { connectInfra, memoryDegradations, REQUEST_BUCKET, type Infra } from './infra';
export { serve, runService, isServeTarget, type ServeTarget, type RunningServices } from './serve';
export { benchPrompts, type PromptBenchResult, type PromptBenchCase } from './bench/prompts';
export { natsConnectParts } from './infra';
