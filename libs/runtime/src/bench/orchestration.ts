import type { INestMicroservice } from '@nestjs/common';
import { WORKER_ROLES, workerServiceId, type ServiceId } from '@medagent/contracts';
import { JetStreamBus, startNatsServer, type NatsServerHandle } from '@medagent/bus';
import { InMemoryMemoryStore } from '@medagent/memory';
import { MedagentClient, type AskResult } from '../client';
import { RuntimeConfig, loadRuntimeConfig } from '../config';
import { startEmbedded, type EmbeddedRuntime } from '../embedded';
import { FixedLatencyModel } from '../models';
import { startService } from '../services';
import { ServiceCluster, type StartSpec } from '../testing/cluster';

/**
 * Orchestration benchmark: the three-task seed plan with the fixed-latency model
 * (MEDAGENT_MODEL=fake), so what is measured is the runtime itself — bus hops, request
 * state (KV revisions), planning and synthesis — plus three sequential model steps
 * (plan → the three tasks in parallel → synthesis).
 */
export const BENCH_QUESTION =
  '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

export interface OrchestrationBenchOptions {
  mode: 'embedded' | 'distributed';
  modelLatencyMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Measured requests (after the warm-up). */
  requests: number;
  /** Instances per worker role (default 1). */
  workerInstances?: number;
  /** Tasks each worker instance runs at once (MEDAGENT_WORKER_CONCURRENCY; default: the runtime's). */
  workerConcurrency?: number;
  /** Use this NATS instead of starting a private nats-server (distributed mode). */
  natsUrl?: string;
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
  mode: 'embedded' | 'distributed';
  model_latency_ms: number;
  concurrency: number;
  requests: number;
  worker_instances: number;
  worker_concurrency: number;
  latency_ms: { p50: number; p99: number; mean: number };
  requests_per_s: number;
  errors: number;
}

interface Target {
  client: MedagentClient;
  close(): Promise<void>;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** A completed seed request: all three contributions and the synthesis exit. */
function ok(r: AskResult): boolean {
  return r.status === 'completed' && r.record.contributions.length === 3 && r.record.answer?.exit === 'synthesis';
}

async function embeddedTarget(o: Required<Pick<OrchestrationBenchOptions, 'modelLatencyMs' | 'workerInstances' | 'workerConcurrency'>>): Promise<Target> {
  const runtime = loadRuntimeConfig({}, { natsUrl: undefined, model: 'fake', fakeModelLatencyMs: o.modelLatencyMs, workerConcurrency: o.workerConcurrency });
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
    client: rt.client,
    close: async () => {
      for (const app of extra) await app.close();
      await rt.close();
    },
  };
}

async function distributedTarget(
  o: Required<Pick<OrchestrationBenchOptions, 'modelLatencyMs' | 'workerInstances' | 'workerConcurrency'>> & { natsUrl?: string; log: (l: string) => void },
): Promise<Target> {
  let nats: NatsServerHandle | undefined;
  let cluster: ServiceCluster | undefined;
  let bus: JetStreamBus | undefined;
  const close = async () => {
    await bus?.close();
    await cluster?.stopAll();
    await nats?.stop();
  };
  try {
    nats = o.natsUrl ? undefined : await startNatsServer({ jetstream: true, private: true });
    const url = o.natsUrl ?? (nats as NatsServerHandle).url;
    const specs: StartSpec[] = [
      { name: 'coordinator' },
      { name: 'lead' },
      ...WORKER_ROLES.map((r) => ({ name: workerServiceId(r) as ServiceId, instances: o.workerInstances })),
    ];
    cluster = new ServiceCluster({
      natsUrl: url,
      // The harness compiles once up front; N processes must not each recompile a tree that
      // other people edit meanwhile (that is what `bin` would do when sources changed).
      launcher: 'dist',
      env: {
        MEDAGENT_MODEL: 'fake',
        MEDAGENT_FAKE_MODEL_LATENCY_MS: String(o.modelLatencyMs),
        MEDAGENT_WORKER_CONCURRENCY: String(o.workerConcurrency),
        OTEL_TRACES_EXPORTER: 'none',
      },
    });
    const t0 = Date.now();
    await cluster.start(specs);
    o.log(`started ${cluster.live().length} processes in ${Date.now() - t0} ms (${cluster.summary()})`);
    bus = await JetStreamBus.connect({ servers: url, name: 'bench-client', watchAdvisories: false });
    return { client: new MedagentClient(bus), close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Runs `n` asks with at most `concurrency` in flight; bounded in count and in time. */
async function drive(
  client: MedagentClient,
  n: number,
  concurrency: number,
  prefix: string,
  opts: { requestTimeoutMs: number; deadlineAt: number },
): Promise<{ latencies: number[]; errors: number; elapsedMs: number; firstError?: string }> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  const lane = async () => {
    for (;;) {
      const i = next++;
      if (i >= n) return;
      if (Date.now() > opts.deadlineAt) {
        errors += 1; // not issued in time
        continue;
      }
      const started = performance.now();
      try {
        const r = await client.ask(
          { message: BENCH_QUESTION, user_id: `bench-${prefix}`, session_id: `${prefix}-${i}`, channel: 'nats' },
          { timeoutMs: opts.requestTimeoutMs },
        );
        if (ok(r)) latencies.push(performance.now() - started);
        else {
          errors += 1;
          firstError ??= `request ${r.record.request_id}: status ${r.status}, exit ${r.record.answer?.exit}, ${r.record.contributions.length} contributions`;
        }
      } catch (e) {
        errors += 1;
        firstError ??= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, n)) }, lane));
  return { latencies, errors, elapsedMs: performance.now() - t0, ...(firstError ? { firstError } : {}) };
}

export async function benchOrchestration(opts: OrchestrationBenchOptions): Promise<OrchestrationBenchResult> {
  const log = opts.log ?? (() => undefined);
  const o = {
    modelLatencyMs: opts.modelLatencyMs,
    workerInstances: opts.workerInstances ?? 1,
    workerConcurrency: opts.workerConcurrency ?? new RuntimeConfig().workerConcurrency,
  };
  for (const [k, v] of Object.entries({ ...o, concurrency: opts.concurrency, requests: opts.requests })) {
    if (!Number.isInteger(v) || v < (k === 'modelLatencyMs' ? 0 : 1)) throw new RangeError(`${k} must be a ${k === 'modelLatencyMs' ? 'non-negative' : 'positive'} integer, got ${v}`);
  }
  const target = opts.mode === 'embedded' ? await embeddedTarget(o) : await distributedTarget({ ...o, ...(opts.natsUrl ? { natsUrl: opts.natsUrl } : {}), log });
  try {
    const requestTimeoutMs = opts.requestTimeoutMs ?? 120_000;
    const warmup = opts.warmup ?? Math.min(50, Math.max(5, opts.concurrency));
    const run = Date.now().toString(36);
    const w = await drive(target.client, warmup, opts.concurrency, `w${run}`, { requestTimeoutMs, deadlineAt: Date.now() + 5 * 60_000 });
    log(`warm-up: ${warmup} requests in ${Math.round(w.elapsedMs)} ms, ${w.errors} errors${w.firstError ? ` (${w.firstError})` : ''}`);
    const m = await drive(target.client, opts.requests, opts.concurrency, `m${run}`, {
      requestTimeoutMs,
      deadlineAt: Date.now() + (opts.maxDurationMs ?? 10 * 60_000),
    });
    if (m.firstError) log(`first error: ${m.firstError}`);
    const sorted = [...m.latencies].sort((a, b) => a - b);
    const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
    return {
      mode: opts.mode,
      model_latency_ms: opts.modelLatencyMs,
      concurrency: opts.concurrency,
      requests: opts.requests,
      worker_instances: o.workerInstances,
      worker_concurrency: o.workerConcurrency,
      latency_ms: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), mean: round(mean) },
      requests_per_s: round(sorted.length / (m.elapsedMs / 1000)),
      errors: m.errors,
    };
  } finally {
    await target.close();
  }
}
