import { createHash } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { DEFAULT_TOPOLOGY, JetStreamBus, JetStreamKvStore, startNatsCluster, startNatsServer, type NatsServerHandle } from '@medagent/bus';
import { BusUnavailableError, requestIdFor, type ServiceId } from '@medagent/contracts';
import type { StoredRequest } from '@medagent/coordinator-core';
import { startRedisServer } from '@medagent/memory';
import { MedagentClient } from '../client';
import { REQUEST_BUCKET } from '../infra';
import { startCluster, type ServiceCluster, type ServiceInstance } from '../testing/cluster';
import { percentile, round } from './drive';
import { BENCH_QUESTION } from './orchestration';

/**
 * Chaos soak: the five services as separate processes (two instances of the lead and of
 * each worker, one coordinator, as deployed) take a stream of requests while processes are
 * SIGKILLed and restarted at random and, optionally, the broker itself is killed and revived
 * on the same store. Afterwards every request is checked where it is durable: its record in
 * the KV must be terminal, and the stream must hold exactly one result for it.
 *
 * Not a pass/fail test (that is outage.spec / failover.spec): a measurement of what a
 * deployment loses under faults, so "0 lost, 0 duplicated" is a figure with its conditions.
 */
export interface ChaosOptions {
  requests: number;
  concurrency: number;
  /** Mean interval between faults (each one a SIGKILL + restart, or a broker outage). */
  faultEveryMs: number;
  /** Fake model latency per call (plan, each task, synthesis). */
  modelLatencyMs: number;
  /**
   * 1: one nats-server, and a broker outage takes the whole bus away. 3 (or more): a JetStream
   * cluster with every stream and bucket replicated on 3 nodes, and a broker outage SIGKILLs
   * the node leading the work stream (the worst node to lose) and revives it on its store.
   */
  natsNodes: number;
  /** Every n-th fault is a broker outage of `brokerDownMs` instead of a process kill (0 = never). */
  brokerEvery: number;
  brokerDownMs: number;
  /** Every n-th fault (not already a broker outage) stops Redis for `redisDownMs`; it comes back empty (0 = never). */
  redisEvery: number;
  redisDownMs: number;
  /** Seed of the fault schedule (which process, when). */
  seed: number;
  /** How often a lane sends a refused submission again (same idempotency key) before it counts as refused. */
  submitRetries: number;
  /** How long the client waits for one result before it reads the outcome from the KV instead. */
  requestTimeoutMs: number;
  log?: (line: string) => void;
  /** Every line every service prints, prefixed with its instance id (to read what a fault did). */
  serviceLog?: (line: string) => void;
}

export interface ChaosReport {
  requests: number;
  concurrency: number;
  model_latency_ms: number;
  /** `failed_starts`: replacements that exited before ready and were started again (as a supervisor would). */
  faults: { kills: Record<string, number>; broker_outages: number; redis_outages: number; failed_starts: number };
  /** The bus the run had: one server, or a cluster (then each broker outage was one node, named here in order). */
  broker: { nodes: number; nodes_killed: string[] };
  /**
   * Read from the KV after the run. `refused_at_submit`: the submission itself failed with
   * BusUnavailableError and left no record (the caller was told; nothing to lose).
   * `not_terminal`: a request the deployment accepted and never finished (the failure).
   */
  outcomes: { completed: number; failed: number; partial: number; refused_at_submit: number; not_terminal: number };
  /** Terminal requests whose record says their memory fell back to the in-process store (Redis away). */
  memory_degraded: number;
  /** Up to 5 accepted requests that never finished: their record's status (or none) and whether the submission was stored. */
  /** Up to 5 requests that ended `failed`: why, and each task as `id:status×attempts[:error]`. */
  failed_examples: { request_id: string; error: string | null; plan_source: string | null; tasks: string[]; created_at: string; completed_at: string | null }[];
  not_terminal_examples: { request_id: string; record_status: string | null; submission_stored: boolean; client_error?: string }[];
  /** Deadline actions that failed and were run again (the coordinator's `deadline … failed` lines). */
  deadline_retries: number;
  /** Requests whose ask did not resolve with their result (read from the KV afterwards). */
  results_missed_by_client: number;
  /**
   * Why those asks did not resolve: the submission was refused (BusUnavailableError, the caller
   * is told), the ask's timeout ran out (`--request-timeout-ms`; a request caught by two long
   * outages can take longer), anything else (a result lost on its way to a waiting client).
   */
  client_failures: { refused: number; timed_out: number; other: number };
  /** Up to 5 asks that timed out or failed otherwise, with what the KV says of their request. */
  client_failure_examples: { request_id: string; client_error: string; record_status: string | null; completed_at: string | null }[];
  /** Submissions the broker refused and the lane sent again (same idempotency key). */
  submit_retries: number;
  /** Results stored in the stream per accepted request: exactly one each is the goal. */
  results_stored: { none: number; one: number; more: number };
  /** Up to 5 accepted requests with no stored result or more than one: their record's status and whether the client got a result. */
  result_examples: { request_id: string; stored: number; record_status: string | null; completed_at: string | null; client_got_result: boolean }[];
  latency_ms: { p50: number; p99: number; max: number };
  duration_s: number;
  seed: number;
}

const SERVICES: { name: ServiceId; instances: number }[] = [
  { name: 'coordinator', instances: 1 },
  { name: 'lead', instances: 2 },
  { name: 'worker-consultation', instances: 2 },
  { name: 'worker-triage', instances: 2 },
  { name: 'worker-research', instances: 2 },
];

/** The seed's n-th number in [0, 1): a hash of (seed, n), so a schedule is replayable by its seed. */
function rng(seed: number): () => number {
  let n = 0;
  return () => Number.parseInt(createHash('sha256').update(`${seed}:${n++}`).digest('hex').slice(0, 12), 16) / 2 ** 48;
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const sink = o.log ?? (() => undefined);
  const log = (line: string) => sink(`${new Date().toISOString()} ${line}`);
  const random = rng(o.seed);
  const nats = await startBroker(o.natsNodes);
  const redis = await startRedisServer({ private: true });
  const stops: (() => Promise<void>)[] = [() => nats.stop(), () => redis.stop()];
  const nodesKilled: string[] = [];
  let deadlineRetries = 0;
  try {
    const cluster = await startCluster(
      {
        natsUrl: nats.urls.join(','),
        redisUrl: redis.url,
        env: {
          ...(o.natsNodes > 1 ? { MEDAGENT_NATS_REPLICAS: String(Math.min(o.natsNodes, 3)) } : {}),
          MEDAGENT_MODEL: 'fake',
          MEDAGENT_FAKE_MODEL_LATENCY_MS: String(o.modelLatencyMs),
          MEDAGENT_NATS_RECONNECT_WAIT_MS: '250',
          // A killed worker's task comes back after this; the task deadline (20 s) stays the backstop.
          MEDAGENT_WORKER_ACK_WAIT_MS: '5000',
        },
        onLine: (inst, line) => {
          if (/\] deadline .* failed/.test(line)) deadlineRetries++;
          o.serviceLog?.(`${new Date().toISOString()} ${inst.id} ${line}`);
        },
      },
      SERVICES,
    );
    stops.unshift(() => cluster.stopAll());
    const bus = await JetStreamBus.connect({ servers: nats.urls, name: 'chaos-client', topologyMode: 'await', watchAdvisories: false, reconnectWaitMs: 250 });
    stops.unshift(() => bus.close());
    const client = new MedagentClient(bus);
    const startedAt = new Date();
    log(`chaos: ${cluster.summary()}`);

    let running = true;
    // Replacements start in the background, as a supervisor's would: faults keep coming meanwhile.
    const restarts: Promise<unknown>[] = [];
    const faults = { kills: {} as Record<string, number>, broker_outages: 0, redis_outages: 0, failed_starts: 0 };
    // An outage: the server goes away for `ms`, then comes back on the same port.
    const outage = async (what: string, ms: number, down: () => Promise<void>, up: () => Promise<void>) => {
      log(`chaos: ${what} down for ${ms} ms`);
      await down();
      await new Promise((r) => setTimeout(r, ms));
      await up();
    };
    const chaos = (async () => {
      for (let n = 1; running; n++) {
        await new Promise((r) => setTimeout(r, o.faultEveryMs * (0.5 + random())));
        if (!running) break;
        if (o.brokerEvery > 0 && n % o.brokerEvery === 0) {
          const node = await nats.victim(bus);
          nodesKilled.push(node.name);
          await outage(node.name, o.brokerDownMs, () => node.handle.crash(), () => node.handle.revive());
          faults.broker_outages++;
        } else if (o.redisEvery > 0 && n % o.redisEvery === 0) {
          await outage('Redis', o.redisDownMs, () => redis.stop(), () => redis.revive());
          faults.redis_outages++;
        } else {
          await killOne(cluster, random, faults, log, restarts);
        }
      }
    })();

    const ids: string[] = [];
    const latencies: number[] = [];
    const refused = new Set<string>();
    /** Asks that did not resolve for another reason than a refused submission. */
    const unresolved = { timed_out: 0, other: 0 };
    const clientErrors = new Map<string, string>();
    const answered = new Set<string>();
    let submitRetries = 0;
    let next = 0;
    const lane = async () => {
      while (next < o.requests) {
        const i = next++;
        const user = `chaos-${o.seed}-${i}`;
        const key = `k-${i}`;
        const id = requestIdFor(user, key);
        ids.push(id);
        const t0 = Date.now();
        const ask = () =>
          client.ask({ message: BENCH_QUESTION, user_id: user, session_id: 's', idempotency_key: key, channel: 'nats' }, { timeoutMs: o.requestTimeoutMs });
        // As an integrator is told to (deploy/README): a refused submission is sent again with
        // the same idempotency key after a growing, jittered pause.
        let r: Awaited<ReturnType<typeof ask>> | undefined;
        for (let attempt = 0; ; attempt++) {
          try {
            r = await ask();
            break;
          } catch (e) {
            if (e instanceof BusUnavailableError && attempt < o.submitRetries) {
              submitRetries++;
              await new Promise((res) => setTimeout(res, (0.5 + Math.random()) * 1000 * 2 ** Math.min(attempt, 3)));
              continue;
            }
            if (e instanceof BusUnavailableError) refused.add(id);
            else if (e instanceof Error && e.message.startsWith(`no result for ${id} within`)) unresolved.timed_out++;
            else unresolved.other++;
            clientErrors.set(id, e instanceof Error ? `${e.name}: ${e.message.split('\n')[0] ?? ''}` : String(e));
            break;
          }
        }
        if (r) {
          latencies.push(Date.now() - t0);
          answered.add(id);
        }
      }
    };
    await Promise.all(Array.from({ length: o.concurrency }, lane));
    running = false;
    await chaos;
    await Promise.all(restarts);
    log('chaos: requests done; checking the KV and the stream');

    // The last fault may have been an outage: read only once the client is attached again.
    await retrying(async () => {
      if (bus.connectionState() !== 'connected') throw new BusUnavailableError('reconnecting');
    });
    const kv = await retrying(() => JetStreamKvStore.open(bus.nc, REQUEST_BUCKET));
    const read = (id: string) => retrying(async () => (await kv.get<StoredRequest>(`req.${id}`))?.value);
    const outcomes = { completed: 0, failed: 0, partial: 0, refused_at_submit: 0, not_terminal: 0 };
    const stuck: ChaosReport['not_terminal_examples'] = [];
    const failedExamples: ChaosReport['failed_examples'] = [];
    let memoryDegraded = 0;
    const settleBy = Date.now() + 60_000;
    for (const id of ids) {
      // Let the deployment finish what it still holds (a request the client gave up on).
      let rec = await read(id);
      if (!rec && refused.has(id)) {
        outcomes.refused_at_submit++;
        continue;
      }
      while ((!rec || (rec.status !== 'completed' && rec.status !== 'failed')) && Date.now() < settleBy) {
        await new Promise((r) => setTimeout(r, 500));
        rec = await read(id);
      }
      if (rec?.status === 'completed') outcomes.completed++;
      else if (rec?.status === 'failed') {
        outcomes.failed++;
        if (failedExamples.length < 5) {
          failedExamples.push({
            request_id: id,
            error: rec.error?.code ?? null,
            plan_source: rec.plan?.source ?? null,
            tasks: rec.tasks.map((t) => `${t.task_id}:${t.status}×${t.attempts}${t.error ? `:${t.error.code}` : ''}`),
            created_at: rec.created_at,
            completed_at: rec.completed_at ?? null,
          });
        }
      } else {
        outcomes.not_terminal++;
        const clientError = clientErrors.get(id);
        if (stuck.length < 5) stuck.push({ request_id: id, record_status: rec?.status ?? null, submission_stored: false, ...(clientError ? { client_error: clientError } : {}) });
      }
      if (rec?.status === 'completed' && (rec.completeness ?? 1) < 1) outcomes.partial++;
      if (rec?.memory.degraded) memoryDegraded++;
    }
    const stored = new Map<string, number>();
    const readResults = () =>
      retrying(() => bus.audit({
        since: new Date(startedAt.getTime() - 1000),
        filter: (e) => e.event_type === 'request.completed' || e.event_type === 'request.failed' || e.event_type === 'request.submitted',
      }));
    // A result published during the last fault may still be on its way (its publish waits for
    // a new stream leader, or is retried): read again while a terminal request has none.
    const terminal = new Set(ids.filter((id) => !refused.has(id) || stored.has(id)));
    let results = await readResults();
    const missing = () => {
      const have = new Set(results.filter((e) => e.envelope.event_type !== 'request.submitted').map((e) => e.envelope.correlation_id));
      return [...terminal].some((id) => !have.has(id));
    };
    while (missing() && Date.now() < settleBy) {
      await new Promise((r) => setTimeout(r, 1000));
      results = await readResults();
    }
    const submitted = new Set(results.filter((e) => e.envelope.event_type === 'request.submitted').map((e) => e.envelope.correlation_id));
    for (const s of stuck) s.submission_stored = submitted.has(s.request_id);
    for (const e of results) if (e.envelope.event_type !== 'request.submitted') stored.set(e.envelope.correlation_id, (stored.get(e.envelope.correlation_id) ?? 0) + 1);
    const results_stored = { none: 0, one: 0, more: 0 };
    const resultExamples: ChaosReport['result_examples'] = [];
    for (const id of ids) {
      if (refused.has(id) && !stored.has(id)) continue;
      const c = stored.get(id) ?? 0;
      if (c === 0) results_stored.none++;
      else if (c === 1) results_stored.one++;
      else results_stored.more++;
      if (c !== 1 && resultExamples.length < 5) {
        const rec = await read(id);
        resultExamples.push({ request_id: id, stored: c, record_status: rec?.status ?? null, completed_at: rec?.completed_at ?? null, client_got_result: answered.has(id) });
      }
    }
    const failureExamples: ChaosReport['client_failure_examples'] = [];
    for (const [id, clientError] of clientErrors) {
      if (refused.has(id) || failureExamples.length >= 5) continue;
      const rec = await read(id);
      failureExamples.push({ request_id: id, client_error: clientError, record_status: rec?.status ?? null, completed_at: rec?.completed_at ?? null });
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      requests: ids.length,
      concurrency: o.concurrency,
      model_latency_ms: o.modelLatencyMs,
      faults,
      broker: { nodes: o.natsNodes, nodes_killed: nodesKilled },
      outcomes,
      memory_degraded: memoryDegraded,
      not_terminal_examples: stuck,
      failed_examples: failedExamples,
      deadline_retries: deadlineRetries,
      results_missed_by_client: refused.size + unresolved.timed_out + unresolved.other,
      client_failures: { refused: refused.size, ...unresolved },
      client_failure_examples: failureExamples,
      submit_retries: submitRetries,
      results_stored,
      result_examples: resultExamples,
      latency_ms: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: sorted.at(-1) ?? 0 },
      duration_s: round((Date.now() - startedAt.getTime()) / 1000),
      seed: o.seed,
    };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

interface Broker {
  urls: string[];
  /** The node a broker outage takes down: the only one, or the work stream's leader in a cluster. */
  victim(bus: JetStreamBus): Promise<{ name: string; handle: NatsServerHandle }>;
  stop(): Promise<void>;
}

async function startBroker(nodes: number): Promise<Broker> {
  if (nodes < 1 || !Number.isInteger(nodes)) throw new RangeError(`--nats-nodes must be a whole number ≥ 1, got ${nodes}`);
  if (nodes === 1) {
    const server = await startNatsServer({ jetstream: true, private: true });
    return { urls: [server.url], victim: () => Promise.resolve({ name: 'broker', handle: server }), stop: () => server.stop() };
  }
  const cluster = await startNatsCluster(nodes);
  return {
    urls: cluster.urls,
    victim: async (bus) => {
      // Read while every node is up (the previous outage's node was revived): an election may still be running.
      const leader = await retrying(async () => {
        const info = await (await jetstreamManager(bus.nc)).streams.info(DEFAULT_TOPOLOGY.stream);
        const name = info.cluster?.leader;
        if (!name) throw new BusUnavailableError(`stream ${DEFAULT_TOPOLOGY.stream} has no leader yet`);
        return name;
      });
      return { name: `node ${leader} (work stream leader)`, handle: cluster.node(leader) };
    },
    stop: () => cluster.stop(),
  };
}

/** Runs `fn` until it succeeds, for at most a minute: the reads right after an outage may time out. */
async function retrying<T>(fn: () => Promise<T>): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** SIGKILLs one live instance at random and starts its replacement in the background. */
async function killOne(
  cluster: ServiceCluster,
  random: () => number,
  faults: ChaosReport['faults'],
  log: (l: string) => void,
  restarts: Promise<unknown>[],
): Promise<void> {
  // Only instances that finished starting: a replacement killed before it is ready is never replaced.
  const live = cluster.live().filter((i) => i.readyAt !== undefined);
  const victim: ServiceInstance | undefined = live[Math.floor(random() * live.length)];
  if (!victim) return;
  log(`chaos: SIGKILL ${victim.id} (pid ${victim.pid})`);
  await cluster.kill(victim, 'SIGKILL');
  faults.kills[victim.name] = (faults.kills[victim.name] ?? 0) + 1;
  restarts.push(replace(cluster, victim, faults, log));
}

/** Starts a replacement until one becomes ready (at most 10 tries, 1 s apart), like a supervisor. */
async function replace(cluster: ServiceCluster, dead: ServiceInstance, faults: ChaosReport['faults'], log: (l: string) => void): Promise<void> {
  for (let attempt = 1; attempt <= 10; attempt++) {
    try {
      await cluster.restart(dead);
      return;
    } catch (e) {
      faults.failed_starts++;
      const why = (e instanceof Error ? e.message : String(e)).split('\n').filter((l) => /Error|exited/.test(l)).slice(0, 3).join(' | ');
      log(`chaos: replacement of ${dead.id} failed to start (${why}); again in 1 s`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
