import { appendFileSync, readFileSync } from 'node:fs';
import { benchLatency, benchOrchestration, benchPrompts, loadTexts, runChaos, type OrchestrationBenchResult } from '@medagent/bench';
import { benchServeCommand } from './bench-serve';
import { num, parseArgs, str, UsageError } from '../args';
import { benchReviewCommand } from './bench-review';
import { benchHostileCommand } from './bench-hostile';

const HELP = `medagent bench prompts --cases FILE [--json]
medagent bench serve <service|all>   (a service with the fixed-latency fake model: MEDAGENT_FAKE_MODEL_LATENCY_MS)
medagent bench review [--requests 500] [--concurrency 4] [--warmup 30] [--json]
medagent bench latency --cases FILE[,FILE…] [--versions V1,V2] [--iterations N] [--json]
medagent bench orchestration --mode embedded|distributed|bare --model-latency-ms N --concurrency C --requests R
                             [--worker-instances N] [--worker-concurrency C] [--warmup N] [--nats URL]
                             [--redis URL] [--bare-pattern minimal|durable] [--json]
medagent bench chaos [--requests 200] [--concurrency 10] [--fault-every-ms 2000] [--model-latency-ms 200]
                     [--broker-every 5] [--broker-down-ms 4000] [--redis-every 0] [--redis-down-ms 4000]
                     [--nats-nodes 1] [--seed 1] [--request-timeout-ms 90000] [--service-log FILE]
                     [--submit-retries 5]

  orchestration: the three-task seed plan with the fixed-latency fake model (plan, tasks and
  synthesis each take N ms); distributed mode starts a nats-server (unless --nats) and every
  service as its own process (--worker-instances per worker role), then reports latency
  percentiles and throughput of R requests with C in flight. --redis URL (distributed mode):
  the services keep short-term memory in that Redis, as deployed, instead of the in-memory
  fallback.
  --mode bare: the floor under distributed mode, not our runtime — a private nats-server and
  five plain Node processes running the bare 12-publish JetStream flow (no model, no
  validation, no KV, no OTel, no Nest); same measurement, same JSON.
  --bare-pattern durable (bare mode only; default minimal): the same floor plus what our
  runtime does per request by design — the coordinator's revision-checked KV record writes
  (create, dispatch, grouped artifact settles, completion), the workers' unconfirmed
  task.started / task.completed, ~1.2 KB events: the infrastructure cost of our pattern.
  cpu_ms_per_request (Linux): CPU ms per completed request by process (services, nats-server,
  this client) over the measured phase; unlike wall time it compares across a noisy machine.

  chaos: the five services as processes (coordinator, 2 × lead, 2 × each worker), Redis and a
  private nats-server take R requests (C in flight) while a random process is SIGKILLed and
  restarted about every --fault-every-ms, and every --broker-every-th fault (0 = never) takes
  the broker down for --broker-down-ms (--redis-every: Redis likewise, back empty).
  --nats-nodes 3: the bus is a private three-node JetStream cluster (streams and buckets
  replicated on all three) and a broker fault SIGKILLs the node leading the work stream for
  --broker-down-ms, then revives it on its store. --service-log FILE: every line every
  service prints, timestamped, with its instance id. A refused submission is sent again
  with the same idempotency key up to --submit-retries times (pauses 0.5–1.5 s, doubling),
  as deploy/README asks of integrators. Then each
  request's record in the KV and its results in the stream are counted: exit code 0 only if
  every accepted request is terminal with exactly one stored result.`;

function human(r: OrchestrationBenchResult): string {
  return (
    `${r.mode}${r.bare_pattern && r.bare_pattern !== 'minimal' ? ` (${r.bare_pattern} pattern)` : ''}: model ${r.model_latency_ms} ms, ${r.concurrency} in flight, ${r.requests} requests, ` +
    `${r.worker_instances}×${r.worker_concurrency} per worker role → p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms, ` +
    `mean ${r.latency_ms.mean} ms, ${r.requests_per_s} req/s, ${r.errors} errors` +
    (r.cpu_ms_per_request ? `; CPU ${r.cpu_ms_per_request['total']} ms/request` : '')
  );
}

export async function benchCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'serve') return benchServeCommand(rest);
  const args = parseArgs(rest, ['json']);
  const json = args.flags['json'] === true;
  if (sub === 'review') return benchReviewCommand(args, json);
  if (sub === 'prompts') {
    const file = str(args, 'cases');
    if (!file) throw new UsageError(HELP);
    const cases = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { id: string; text: string });
    const r = await benchPrompts(cases);
    process.stdout.write(`${JSON.stringify(r, null, json ? 2 : 0)}\n`);
    return 0;
  }
  if (sub === 'latency') {
    const files = str(args, 'cases');
    if (!files) throw new UsageError(HELP);
    const versions = str(args, 'versions');
    const rows = benchLatency({
      texts: loadTexts(files.split(',')),
      ...(versions ? { versions: versions.split(',') } : {}),
      iterations: num(args, 'iterations', 5),
    });
    process.stdout.write(`${JSON.stringify(rows, null, json ? 2 : 0)}\n`);
    return rows.every((r) => r.within_budget) ? 0 : 1;
  }
  if (sub === 'orchestration') {
    const mode = str(args, 'mode', 'embedded');
    if (mode !== 'embedded' && mode !== 'distributed' && mode !== 'bare') throw new UsageError(`--mode must be embedded, distributed or bare\n\n${HELP}`);
    const nats = str(args, 'nats');
    const redis = str(args, 'redis');
    const barePattern = str(args, 'bare-pattern');
    if (barePattern !== undefined && barePattern !== 'minimal' && barePattern !== 'durable') {
      throw new UsageError(`--bare-pattern must be minimal or durable\n\n${HELP}`);
    }
    const warmup = args.flags['warmup'] === undefined ? undefined : num(args, 'warmup', 0);
    // Unset: the runtime's own default (MEDAGENT_WORKER_CONCURRENCY's), not a bench-only one.
    const workerConcurrency = args.flags['worker-concurrency'] === undefined ? undefined : num(args, 'worker-concurrency', 1);
    const r = await benchOrchestration({
      mode,
      modelLatencyMs: num(args, 'model-latency-ms', 0),
      concurrency: num(args, 'concurrency', 1),
      requests: num(args, 'requests', 100),
      workerInstances: num(args, 'worker-instances', 1),
      ...(workerConcurrency !== undefined ? { workerConcurrency } : {}),
      ...(warmup !== undefined ? { warmup } : {}),
      ...(nats ? { natsUrl: nats } : {}),
      ...(redis ? { redisUrl: redis } : {}),
      ...(barePattern ? { barePattern } : {}),
      log: (line) => process.stderr.write(`bench: ${line}\n`),
    }).catch((e: unknown) => {
      if (e instanceof RangeError) throw new UsageError(`${e.message}\n\n${HELP}`);
      throw e;
    });
    process.stdout.write(json ? `${JSON.stringify(r)}\n` : `${human(r)}\n`);
    return r.errors === 0 ? 0 : 1;
  }
  if (sub === 'hostile') return benchHostileCommand(rest);
  if (sub === 'chaos') {
    const serviceLog = str(args, 'service-log');
    const r = await runChaos({
      requests: num(args, 'requests', 200),
      concurrency: num(args, 'concurrency', 10),
      faultEveryMs: num(args, 'fault-every-ms', 2000),
      modelLatencyMs: num(args, 'model-latency-ms', 200),
      natsNodes: num(args, 'nats-nodes', 1),
      brokerEvery: num(args, 'broker-every', 5),
      brokerDownMs: num(args, 'broker-down-ms', 4000),
      redisEvery: num(args, 'redis-every', 0),
      redisDownMs: num(args, 'redis-down-ms', 4000),
      seed: num(args, 'seed', 1),
      submitRetries: num(args, 'submit-retries', 5),
      requestTimeoutMs: num(args, 'request-timeout-ms', 90_000),
      log: (line) => process.stderr.write(`bench: ${line}\n`),
      ...(serviceLog ? { serviceLog: (line: string) => appendFileSync(serviceLog, `${line}\n`) } : {}),
    });
    process.stdout.write(`${JSON.stringify(r, null, json ? 0 : 2)}\n`);
    const clean = r.outcomes.not_terminal === 0 && r.results_stored.none === 0 && r.results_stored.more === 0;
    return clean ? 0 : 1;
  }
  throw new UsageError(HELP);
}
