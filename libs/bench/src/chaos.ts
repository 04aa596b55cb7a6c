import { BusUnavailableError, requestIdFor, type ServiceId } from '@medagent/contracts';
import { startRedisServer } from '@medagent/local-servers';
import { MedagentClient } from '@medagent/runtime';
import { startCluster } from './harness/cluster';
import { generateCredentials } from './harness/secure-nats';
import { checkDurably, type DurableCheck } from './chaos-check';
import { killOne, rng, startBroker, type FaultCounts } from './chaos-faults';
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

export interface ChaosReport extends DurableCheck {
  requests: number;
  concurrency: number;
  model_latency_ms: number;
  /** `failed_starts`: replacements that exited before ready and were started again (as a supervisor would). */
  faults: FaultCounts;
  /** The bus the run had: one server, or a cluster (then each broker outage was one node, named here in order). */
  broker: { nodes: number; nodes_killed: string[] };
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
  /** Submissions the broker refused and the lane sent again (same idempotency key). */
  submit_retries: number;
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

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const sink = o.log ?? (() => undefined);
  const log = (line: string) => sink(`${new Date().toISOString()} ${line}`);
  const random = rng(o.seed);
  // Permissions on, as deployed: the generated nkey authorization on every node.
  const creds = generateCredentials();
  const nats = await startBroker(o.natsNodes, creds.config, creds.probe);
  const redis = await startRedisServer({ private: true });
  const stops: (() => Promise<void>)[] = [() => nats.stop(), () => redis.stop(), () => Promise.resolve(creds.remove())];
  const nodesKilled: string[] = [];
  let deadlineRetries = 0;
  try {
    const cluster = await startCluster(
      {
        natsUrl: nats.urls.join(','),
        redisUrl: redis.url,
        env: {
          MEDAGENT_NATS_CREDENTIALS_DIR: creds.credentialsDir,
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
    // The coordinator identity: it submits (as ingress) and reads records and streams (the checks).
    const bus = await creds.connect('coordinator', nats.urls, { name: 'chaos-client', topologyMode: 'await', watchAdvisories: false, reconnectWaitMs: 250 });
    stops.unshift(() => bus.close());
    const client = new MedagentClient(bus);
    const startedAt = new Date();
    log(`chaos: ${cluster.summary()}`);

    let running = true;
    // Replacements start in the background, as a supervisor's would: faults keep coming meanwhile.
    const restarts: Promise<unknown>[] = [];
    const faults: FaultCounts = { kills: {}, broker_outages: 0, redis_outages: 0, failed_starts: 0 };
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

    const durable = await checkDurably(bus, { ids, refused, answered, clientErrors, since: startedAt });
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      requests: ids.length,
      concurrency: o.concurrency,
      model_latency_ms: o.modelLatencyMs,
      faults,
      broker: { nodes: o.natsNodes, nodes_killed: nodesKilled },
      ...durable,
      deadline_retries: deadlineRetries,
      results_missed_by_client: refused.size + unresolved.timed_out + unresolved.other,
      client_failures: { refused: refused.size, ...unresolved },
      submit_retries: submitRetries,
      latency_ms: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: sorted.at(-1) ?? 0 },
      duration_s: round((Date.now() - startedAt.getTime()) / 1000),
      seed: o.seed,
    };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

