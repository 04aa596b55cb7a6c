// Public entry of @medagent/bench: the benchmarks (prompts, latency, orchestration, bare
// floor, chaos), the fake model and the process harnesses they drive. Imported by the CLI
// only (tag type:bench): no service process loads this code.
export { benchPrompts, type PromptBenchResult, type PromptBenchCase } from './prompts';
export { benchLatency, loadTexts, LATENCY_BUDGET_US, type LatencyRow, type LatencyBenchOptions } from './latency';
export {
  benchOrchestration,
  percentile,
  BENCH_QUESTION,
  type OrchestrationBenchMode,
  type OrchestrationBenchOptions,
  type OrchestrationBenchResult,
} from './orchestration';
export { runChaos, type ChaosOptions, type ChaosReport } from './chaos';
export { FAKE_MODEL_LATENCY_ENV, FixedLatencyModel, fakeModelLatencyFromEnv, fakeModels } from './fake-model';
export { ServiceCluster, ServiceInstance, startCluster, repoRoot, type ClusterOptions, type StartSpec, type ExitInfo } from './harness/cluster';
export { benchReview, type ReviewBenchOptions, type ReviewBenchResult, type ReviewServer } from './review';
export { runHostile, type HostileOptions, type HostileReport } from './hostile';
