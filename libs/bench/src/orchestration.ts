import type { INestMicroservice } from '@nestjs/common';
import { WORKER_ROLES, workerServiceId, type ServiceId } from '@medagent/contracts';
import { JetStreamBus } from '@medagent/bus';
import { busIdentity } from '@medagent/runtime';
import { startSecureNats, type SecureNats } from './harness/secure-nats';
import { InMemoryMemoryStore } from '@medagent/memory';
import { MedagentClient, type AskResult, RuntimeConfig, loadRuntimeConfig, startEmbedded, type EmbeddedRuntime, startService } from '@medagent/runtime';
import { FixedLatencyModel } from './fake-model';
import { ServiceCluster, type StartSpec } from './harness/cluster';
import { benchProcesses } from './cpu';
import { bareTarget } from './bare';
import { BARE_CONCURRENCY, type BarePattern } from './bare-protocol';
import { assertCounts, warmAndMeasure, type BenchCall, type BenchTarget } from './drive';
export { percentile } from './drive';

/**
 * Orchestration benchmark: the three-task seed plan with the fixed-latency model
 * (MEDAGENT_MODEL=fake), so what is measured is the runtime itself — bus hops, request
 * state (KV revisions), planning and synthesis — plus three sequential model steps
 * (plan → the three tasks in parallel → synthesis).
 */
export const BENCH_QUESTION =
  '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

/**
 * `bare`: not our runtime but the floor under it — the minimum five-process, 12-publish
 * JetStream flow with the same broker setup (bare.ts, bare-service.ts), measured by the same
 * loop, so its figures and distributed mode's can be compared within one run.
 */
export type OrchestrationBenchMode = 'embedded' | 'distributed' | 'bare';

export interface OrchestrationBenchOptions {
  mode: OrchestrationBenchMode;
  modelLatencyMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Measured requests (after the warm-up). */
  requests: number;
  /** Instances per worker role (default 1). */
  workerInstances?: number;
  /** Tasks each worker instance runs at once (MEDAGENT_WORKER_CONCURRENCY; default: the runtime's). */
  workerConcurrency?: number;
  /** Bare mode only: `minimal` (default) or `durable`, the bare flow plus our mandated KV writes, observer events and event sizes. */
  barePattern?: BarePattern;
  /** Use this NATS instead of starting a private nats-server (distributed mode; bare mode always starts its own). */
  natsUrl?: string;
  /**
   * Distributed mode: the services keep short-term memory in this Redis, as deployed (default:
   * none, the explicit in-memory fallback, so the figure is the orchestration's own cost).
   */
  redisUrl?: string;
  /** Warm-up requests, not measured (default: the concurrency, between 5 and 50). */
  warmup?: number;
  /** Per-request timeout (default 120 s). */
  requestTimeoutMs?: number;
  /** Bound on the measured phase: requests not yet issued by then count as errors (default 10 min). */
  maxDurationMs?: number;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}

export interface OrchestrationBenchResult {
  mode: OrchestrationBenchMode;
  /** Bare mode only. */
  bare_pattern?: BarePattern;
  model_latency_ms: number;
  concurrency: number;
  requests: number;
  worker_instances: number;
  worker_concurrency: number;
  latency_ms: { p50: number; p99: number; mean: number };
  requests_per_s: number;
  errors: number;
  /** See MeasuredRun: CPU ms per completed request by process (Linux). */
  cpu_ms_per_request?: Record<string, number>;
}

/** A completed seed request: all three contributions and the synthesis exit. */
function ok(r: AskResult): boolean {
  return r.status === 'completed' && r.record.contributions.length === 3 && r.record.answer?.exit === 'synthesis';
}

/** Each call asks the seed question through our client and checks the whole record. */
function seedCall(client: MedagentClient, requestTimeoutMs: number): BenchCall {
  return async (i, prefix) => {
    const r = await client.ask(
      { message: BENCH_QUESTION, user_id: `bench-${prefix}`, session_id: `${prefix}-${i}`, channel: 'nats' },
      { timeoutMs: requestTimeoutMs },
    );
    return ok(r) ? undefined : `request ${r.record.request_id}: status ${r.status}, exit ${r.record.answer?.exit}, ${r.record.contributions.length} contributions`;
  };
}

type TargetOptions = Required<Pick<OrchestrationBenchOptions, 'modelLatencyMs' | 'workerInstances' | 'workerConcurrency' | 'requestTimeoutMs'>>;

async function embeddedTarget(o: TargetOptions): Promise<BenchTarget> {
  const runtime = loadRuntimeConfig({}, { natsUrl: undefined, workerConcurrency: o.workerConcurrency });
  const model = new FixedLatencyModel(o.modelLatencyMs);
  const rt: EmbeddedRuntime = await startEmbedded({ runtime, workerModel: model, leadModel: model, memory: new InMemoryMemoryStore(), logLevels: false });
  // More instances of a worker: more consumers on the same in-process durable.
  const extra: INestMicroservice[] = [];
  for (let i = 1; i < o.workerInstances; i++) {
    for (const role of WORKER_ROLES) {
      extra.push(await startService(workerServiceId(role), { bus: rt.bus, kv: rt.kv, memory: rt.memory, runtime, workerModel: model, logLevels: false }));
    }
  }
  return {
    call: seedCall(rt.client, o.requestTimeoutMs),
    processes: () => [{ name: 'embedded', pid: process.pid }],
    close: async () => {
      for (const app of extra) await app.close();
      await rt.close();
    },
  };
}

async function distributedTarget(
  o: TargetOptions & { natsUrl?: string; redisUrl?: string; log: (l: string) => void },
): Promise<BenchTarget> {
  let nats: SecureNats | undefined;
  let cluster: ServiceCluster | undefined;
  let bus: JetStreamBus | undefined;
  const close = async () => {
    await bus?.close();
    await cluster?.stopAll();
    await nats?.stop();
  };
  try {
    // Our own server runs the generated nkey authorization (each process its identity and
    // signing key, as deployed); with --nats the credentials come from the environment.
    nats = o.natsUrl ? undefined : await startSecureNats();
    const url = o.natsUrl ?? (nats as SecureNats).url;
    const specs: StartSpec[] = [
      { name: 'coordinator' },
      { name: 'lead' },
      ...WORKER_ROLES.map((r) => ({ name: workerServiceId(r) as ServiceId, instances: o.workerInstances })),
    ];
    cluster = new ServiceCluster({
      natsUrl: url,
      ...(o.redisUrl ? { redisUrl: o.redisUrl } : {}),
      // The harness compiles once up front; N processes must not each recompile a tree that
      // other people edit meanwhile (that is what `bin` would do when sources changed).
      launcher: 'dist',
      env: {
        ...(nats ? { MEDAGENT_NATS_CREDENTIALS_DIR: nats.credentialsDir } : {}),
        MEDAGENT_MODEL: 'fake',
        MEDAGENT_FAKE_MODEL_LATENCY_MS: String(o.modelLatencyMs),
        MEDAGENT_WORKER_CONCURRENCY: String(o.workerConcurrency),
        OTEL_TRACES_EXPORTER: 'none',
      },
    });
    const t0 = Date.now();
    await cluster.start(specs);
    o.log(`started ${cluster.live().length} processes in ${Date.now() - t0} ms (${cluster.summary()})`);
    bus = nats ? await nats.connect('ingress', { name: 'bench-client' }) : await benchClientFromEnv(url);
    const live = cluster;
    const natsPid = nats?.server.process?.pid;
    return { call: seedCall(new MedagentClient(bus), o.requestTimeoutMs), processes: () => benchProcesses(live.live(), natsPid), close };
  } catch (e) {
    await close();
    throw e;
  }
}

export async function benchOrchestration(opts: OrchestrationBenchOptions): Promise<OrchestrationBenchResult> {
  const log = opts.log ?? (() => undefined);
  const bare = opts.mode === 'bare';
  const o = {
    modelLatencyMs: opts.modelLatencyMs,
    workerInstances: opts.workerInstances ?? 1,
    workerConcurrency: opts.workerConcurrency ?? (bare ? BARE_CONCURRENCY.worker : new RuntimeConfig().workerConcurrency),
  };
  assertCounts({ ...o, concurrency: opts.concurrency, requests: opts.requests }, ['modelLatencyMs']);
  if (bare && (o.modelLatencyMs !== 0 || o.workerInstances !== 1 || o.workerConcurrency !== BARE_CONCURRENCY.worker || opts.natsUrl)) {
    throw new RangeError(
      `bare mode has no model, one process per role with our default pull concurrency and its own nats-server: model latency 0, 1 worker instance, worker concurrency ${BARE_CONCURRENCY.worker}, no NATS URL`,
    );
  }
  if (!bare && opts.barePattern !== undefined) throw new RangeError('a bare pattern applies to bare mode only');
  if (opts.redisUrl && opts.mode !== 'distributed') throw new RangeError('--redis applies to distributed mode only');
  const barePattern = opts.barePattern ?? 'minimal';
  const requestTimeoutMs = opts.requestTimeoutMs ?? 120_000;
  const target =
    bare
      ? await bareTarget({ requestTimeoutMs, log, pattern: barePattern })
      : opts.mode === 'embedded'
        ? await embeddedTarget({ ...o, requestTimeoutMs })
        : await distributedTarget({
            ...o,
            requestTimeoutMs,
            ...(opts.natsUrl ? { natsUrl: opts.natsUrl } : {}),
            ...(opts.redisUrl ? { redisUrl: opts.redisUrl } : {}),
            log,
          });
  try {
    const m = await warmAndMeasure(target.call, {
      concurrency: opts.concurrency,
      requests: opts.requests,
      ...(opts.warmup !== undefined ? { warmup: opts.warmup } : {}),
      ...(opts.maxDurationMs !== undefined ? { maxDurationMs: opts.maxDurationMs } : {}),
      ...(target.processes ? { processes: target.processes } : {}),
      log,
    });
    return {
      mode: opts.mode,
      ...(bare ? { bare_pattern: barePattern } : {}),
      model_latency_ms: opts.modelLatencyMs,
      concurrency: opts.concurrency,
      requests: opts.requests,
      worker_instances: o.workerInstances,
      worker_concurrency: o.workerConcurrency,
      ...m,
    };
  } finally {
    await target.close();
  }
}

/** A client on a given NATS as `ingress`, with the credentials of the environment (MEDAGENT_NATS_CREDENTIALS_DIR …). */
async function benchClientFromEnv(url: string): Promise<JetStreamBus> {
  const id = busIdentity(loadRuntimeConfig(process.env, { natsUrl: url }), 'ingress', { singleIdentity: false });
  return JetStreamBus.connect({ servers: url, name: 'bench-client', topologyMode: 'none', connectOptions: id.connectOptions, security: id.security });
}
