import type { JetStreamBus } from '@medagent/bus';
import { startRedisServer, type RedisServerHandle } from '@medagent/local-servers';
import { SERVICE_IDS } from '@medagent/contracts';
import { InMemoryMemoryStore } from '@medagent/memory';
import { MedagentClient, type AskRecord, startEmbedded } from '@medagent/runtime';
import { startCluster, type ServiceCluster } from '../harness/cluster';
import { checkTrace, startOtlpReceiver, type OtlpReceiver } from '../testing/otlp-receiver';
import { BusRecorder } from '../testing/recorder';
import { startSecureNats, type SecureNats } from '../harness/secure-nats';

/**
 * The five services as five OS processes over a real nats-server (JetStream + KV) running the
 * generated nkey authorization (each process its own identity and signing key) and a real
 * redis-server, exporting traces over OTLP/HTTP to a receiver this test runs.
 */
const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';
const SEED_PLAN = new Set(['risk_triage→triage', 'lifestyle_guidance→consultation', 'clinical_guideline→research']);

/**
 * Paths present only when something went wrong once (a retried task, a worker warning):
 * legitimate in either mode, so they do not make two shapes differ.
 */
const OPTIONAL = [/^\$\.tasks\[\]\.error/, /^\$\.contributions\[\]\.warnings\[\]/, /^\$\.error/];

/** Structural shape of a value: every key path with its JSON type (array elements merged). */
function shapeOf(v: unknown, path = '$', out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) {
    out.add(`${path}:array`);
    for (const x of v) shapeOf(x, `${path}[]`, out);
  } else if (v !== null && typeof v === 'object') {
    out.add(`${path}:object`);
    // Maps keyed by data, not by schema: only their value types count.
    const dynamic = /\.(timings|attributes|args|arguments)$/.test(path);
    for (const [k, x] of Object.entries(v)) shapeOf(x, dynamic ? `${path}.*` : `${path}.${k}`, out);
  } else out.add(`${path}:${v === null ? 'null' : typeof v}`);
  return out;
}

describe('five services as separate processes (NATS JetStream + Redis + OTLP)', () => {
  let nats: SecureNats;
  let redis: RedisServerHandle;
  let otlp: OtlpReceiver;
  let cluster: ServiceCluster;
  let bus: JetStreamBus;
  let rec: BusRecorder;
  let client: MedagentClient;
  const diag = () => `${cluster?.diagnostics() ?? ''}\nOTLP errors: ${otlp?.errors.join('; ') ?? ''}`;

  beforeAll(async () => {
    nats = await startSecureNats();
    // Private: scenario (e) stops it.
    redis = await startRedisServer({ private: true });
    otlp = await startOtlpReceiver();
    cluster = await startCluster(
      {
        natsUrl: nats.url,
        redisUrl: redis.url,
        env: {
          ...nats.env,
          OTEL_TRACES_EXPORTER: 'otlp',
          OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
          OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
          // Batches leave every 100 ms: spans arrive while the processes run, no shutdown flush needed.
          OTEL_BSP_SCHEDULE_DELAY: '100',
          OTEL_SERVICE_NAME: undefined,
          MEDAGENT_MODEL: 'offline',
        },
      },
      SERVICE_IDS.map((name) => ({ name })),
    );
    // The coordinator identity: it reads every event (the recorder) and may submit as ingress.
    bus = await nats.connect('coordinator', { name: 'it-processes' });
    rec = await BusRecorder.start(bus);
    client = new MedagentClient(bus);
    process.stderr.write(`[processes.spec] ${cluster.summary()}\n`);
  }, 240_000);

  afterAll(async () => {
    await rec?.stop();
    await bus?.close();
    await cluster?.stopAll();
    await otlp?.stop();
    await redis?.stop();
    await nats?.stop();
  }, 60_000);

  let distributed: AskRecord;

  it('(a) the seed question over NATS: embedded record shape, one trace across all five processes with intact parent links', async () => {
    const r = await client.ask({ message: SEED, user_id: 'u-a', session_id: 's-a', channel: 'nats' }, { timeoutMs: 60_000 }).catch((e: Error) => {
      throw new Error(`${e.message}\n${diag()}`);
    });
    distributed = r.record;
    expect(r.status).toBe('completed');
    expect(r.record.prerisk?.decision).toBe('PASS');
    expect(r.record.plan?.complexity).toBe('complex');
    expect(new Set(r.record.plan?.tasks.map((t) => `${t.task_type}→${t.agent}`))).toEqual(SEED_PLAN);
    expect(r.record.contributions).toHaveLength(3);
    expect(new Set(r.record.contributions.map((c) => c.agent))).toEqual(new Set(['triage', 'consultation', 'research']));
    expect(r.record.answer?.exit).toBe('synthesis');
    expect(r.record.completeness).toBeGreaterThan(0);
    expect(r.record.memory).toMatchObject({ backend: 'redis', degraded: false });

    // Every event of the request carries the request's trace id.
    // (request.submitted comes from this test's ingress, which runs no tracer.)
    const events = rec.of(r.record.request_id).filter((e) => e.env.event_type !== 'request.submitted');
    expect(events.length).toBeGreaterThanOrEqual(12);
    expect(new Set(events.map((e) => e.env.traceparent?.split('-')[1]))).toEqual(new Set([r.record.trace_id]));

    // Spans of all five processes, one trace id, every parent present (only the root has none).
    const traceId = r.record.trace_id;
    const trace = await otlp.waitFor(
      () => {
        const t = checkTrace(otlp.spans, traceId);
        return SERVICE_IDS.every((s) => t.services.has(s)) && t.orphans.length === 0 && t.spans.some((s) => s.name === 'coordinator.final_safety')
          ? t
          : undefined;
      },
      30_000,
      `spans of all five services for trace ${traceId}`,
      () => {
        const t = checkTrace(otlp.spans, traceId);
        return `services: ${[...t.services].join(', ')}; orphans: ${t.orphans.map((s) => `${s.service}/${s.name}`).join(', ')}; ${otlp.spans.length} spans in total\n${diag()}`;
      },
    );
    expect(otlp.errors).toEqual([]);
    expect([...trace.services].sort()).toEqual([...SERVICE_IDS].sort());
    expect(trace.orphans).toEqual([]);
    expect(trace.roots.map((s) => `${s.service}/${s.name}`)).toEqual(['coordinator/coordinator.request']);
    // Cross-process links: each worker's receive span is a child of a coordinator span.
    const byId = new Map(trace.spans.map((s) => [s.spanId, s]));
    for (const role of ['triage', 'consultation', 'research']) {
      const recv = trace.spans.find((s) => s.name === `worker.${role}.receive`);
      expect(recv?.service).toBe(`worker-${role}`);
      expect(byId.get(recv?.parentSpanId ?? '')?.service).toBe('coordinator');
    }
    for (const name of ['lead.plan', 'lead.synthesis']) {
      const s = trace.spans.find((x) => x.name === name);
      expect(s?.service).toBe('lead');
      expect(byId.get(s?.parentSpanId ?? '')?.service).toBe('coordinator');
    }

    // The same question in embedded mode produces a record of the same shape.
    const rt = await startEmbedded({ memory: new InMemoryMemoryStore() });
    try {
      const e = await rt.client.ask({ message: SEED, user_id: 'u-a', session_id: 's-a' });
      const required = (s: Set<string>) => new Set([...s].filter((p) => !OPTIONAL.some((o) => o.test(p))));
      const a = required(shapeOf(distributed));
      const b = required(shapeOf(e.record));
      expect([...a].filter((x) => !b.has(x)).sort()).toEqual([]);
      expect([...b].filter((x) => !a.has(x)).sort()).toEqual([]);
    } finally {
      await rt.close();
    }
  }, 120_000);

  it('(a2) the seed question over HTTP to the coordinator process: 202, then ?wait returns the completed record', async () => {
    const coordinator = cluster.live('coordinator')[0];
    if (!coordinator) throw new Error(`no coordinator\n${diag()}`);
    // The HTTP line follows the ready line; wait for it with a deadline.
    const until = Date.now() + 30_000;
    let url: string | undefined;
    while (!url && Date.now() < until) {
      url = /http on (http:\/\/127\.0\.0\.1:\d+)/.exec(coordinator.stderr())?.[1];
      if (!url) await new Promise((r) => setTimeout(r, 50));
    }
    if (!url) throw new Error(`coordinator printed no HTTP address\n${diag()}`);
    const post = await fetch(`${url}/v1/consultations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'it-http-seed' },
      body: JSON.stringify({ message: SEED, user_id: 'u-http', session_id: 's-http' }),
    });
    expect(post.status).toBe(202);
    const { request_id } = (await post.json()) as { request_id: string };
    const got = await fetch(`${url}/v1/consultations/${request_id}?wait=60`);
    const body = (await got.json()) as { status: string; record: { contributions: unknown[]; plan: { tasks: { task_type: string; agent: string }[] }; answer: { exit: string } } };
    expect(body.status).toBe('completed');
    expect(new Set(body.record.plan.tasks.map((t) => `${t.task_type}→${t.agent}`))).toEqual(SEED_PLAN);
    expect(body.record.contributions).toHaveLength(3);
    expect(body.record.answer.exit).toBe('synthesis');
  }, 90_000);

  it('(e) Redis stopped while the services run: requests still complete, and the record says memory.degraded', async () => {
    await redis.stop();
    const r = await client
      .ask({ message: '二甲双胍为什么要跟饭一起吃？', user_id: 'u-e', session_id: 's-e', channel: 'nats' }, { timeoutMs: 60_000 })
      .catch((e: Error) => {
        throw new Error(`${e.message}\n${diag()}`);
      });
    expect(r.status).toBe('completed');
    expect(r.record.memory.degraded).toBe(true);
    expect(r.record.answer?.text.length).toBeGreaterThan(0);
    // The seed question too (three workers, synthesis) completes without Redis.
    const seed = await client.ask({ message: SEED, user_id: 'u-e2', session_id: 's-e2', channel: 'nats' }, { timeoutMs: 60_000 });
    expect(seed.status).toBe('completed');
    expect(seed.record.memory.degraded).toBe(true);
    expect(seed.record.contributions).toHaveLength(3);
    expect(cluster.live()).toHaveLength(SERVICE_IDS.length);
  }, 120_000);
});
