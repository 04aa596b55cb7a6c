import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { benchOrchestration } from '../orchestration';
import { bareTarget, type BareTarget } from '../bare';
import { BARE_KV_BUCKET, BARE_STREAM, BARE_WORKER_ROLES, bareRecordKey, type BareRecord } from '../bare-protocol';

/**
 * The bare JetStream flow (`bench orchestration --mode bare`) over a real nats-server with
 * its five roles as separate processes (compiled dist/, built once by ServiceCluster).
 * Functional only: every request completes, 12 stored publishes per request (18 and a KV
 * record in the durable pattern), the JSON shape of the other modes. No timing assertions.
 */
describe('bare JetStream flow: five processes, 12 publishes per request', () => {
  let target: BareTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('every request completes and stores exactly 12 events in the bare stream', async () => {
    const lines: string[] = [];
    target = await bareTarget({ requestTimeoutMs: 60_000, log: (l) => lines.push(l) });
    const n = 6;
    const failures = await Promise.all(Array.from({ length: n }, (_, i) => target?.call(i, 'spec')));
    expect(failures).toEqual(Array.from({ length: n }, () => undefined));
    expect(lines.join('\n')).toMatch(/started 5 bare processes/);

    const nc = await connect({ servers: target.natsUrl, name: 'bare-spec' });
    try {
      const info = await (await jetstreamManager(nc)).streams.info(BARE_STREAM);
      expect(info.config.subjects).toEqual(['bare.>']);
      expect(info.state.messages).toBe(12 * n);
    } finally {
      await nc.close();
    }
  }, 240_000);

  it('benchOrchestration --mode bare reports the same JSON shape as the other modes, 0 errors', async () => {
    const r = await benchOrchestration({ mode: 'bare', modelLatencyMs: 0, concurrency: 4, requests: 12, warmup: 4 });
    expect(r).toEqual({
      mode: 'bare',
      bare_pattern: 'minimal',
      model_latency_ms: 0,
      concurrency: 4,
      requests: 12,
      worker_instances: 1,
      worker_concurrency: 32,
      latency_ms: { p50: expect.any(Number), p99: expect.any(Number), mean: expect.any(Number) },
      requests_per_s: expect.any(Number),
      errors: 0,
      // Every process of the run is charged: the five roles, the broker and this client.
      cpu_ms_per_request: {
        coordinator: expect.any(Number),
        lead: expect.any(Number),
        'worker-consultation': expect.any(Number),
        'worker-triage': expect.any(Number),
        'worker-research': expect.any(Number),
        'nats-server': expect.any(Number),
        client: expect.any(Number),
        total: expect.any(Number),
      },
    });
    expect(r.cpu_ms_per_request?.['total']).toBeGreaterThan(0);
  }, 240_000);

  it('rejects options that do not apply to the bare flow before starting anything', async () => {
    await expect(benchOrchestration({ mode: 'bare', modelLatencyMs: 100, concurrency: 1, requests: 1 })).rejects.toThrow(RangeError);
    await expect(benchOrchestration({ mode: 'bare', modelLatencyMs: 0, concurrency: 1, requests: 1, workerInstances: 2 })).rejects.toThrow(RangeError);
    await expect(benchOrchestration({ mode: 'distributed', modelLatencyMs: 0, concurrency: 1, requests: 1, barePattern: 'durable' })).rejects.toThrow(RangeError);
    await expect(benchOrchestration({ mode: 'embedded', modelLatencyMs: 0, concurrency: 1, requests: 1, redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(RangeError);
    await expect(benchOrchestration({ mode: 'bare', modelLatencyMs: 0, concurrency: 1, requests: 1, redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(RangeError);
  });

  it('durable pattern: every request completes with a KV record written at our points, observer events stored, ~1.2 KB events', async () => {
    const lines: string[] = [];
    target = await bareTarget({ requestTimeoutMs: 60_000, log: (l) => lines.push(l), pattern: 'durable' });
    const n = 8;
    const failures = await Promise.all(Array.from({ length: n }, (_, i) => target?.call(i, 'durable')));
    expect(failures).toEqual(Array.from({ length: n }, () => undefined));
    expect(lines.join('\n')).toMatch(/started 5 bare processes \(durable pattern\)/);

    const nc = await connect({ servers: target.natsUrl, name: 'bare-spec' });
    try {
      const jsm = await jetstreamManager(nc);
      // 12 confirmed publishes plus task.started and task.completed per task; the observer
      // events are unconfirmed, so the last few may still be on their way.
      let info = await jsm.streams.info(BARE_STREAM);
      for (let i = 0; i < 50 && info.state.messages < 18 * n; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        info = await jsm.streams.info(BARE_STREAM);
      }
      expect(info.config.subjects).toEqual(['bare.>']);
      expect(info.state.messages).toBe(18 * n);
      const observed = await jsm.streams.getMessage(BARE_STREAM, { last_by_subj: 'bare.task.completed.triage' });
      expect(observed?.data.length).toBeGreaterThan(1100);
      expect(observed?.data.length).toBeLessThan(1400);

      const kv = await new Kvm(nc).open(BARE_KV_BUCKET);
      const status = await kv.status();
      expect(status.history).toBe(5);
      expect(status.streamInfo.config.storage).toBe('file');
      const keys: string[] = [];
      for await (const k of await kv.keys()) keys.push(k);
      expect(keys.sort()).toEqual(Array.from({ length: n }, (_, i) => bareRecordKey(`durable-${i}`)).sort());
      for (const key of keys) {
        const entry = await kv.get(key);
        const record = entry?.json<BareRecord>();
        expect(record?.status).toBe('completed');
        expect(Object.keys(record?.artifacts ?? {}).sort()).toEqual([...BARE_WORKER_ROLES].sort());
        for (const text of Object.values(record?.artifacts ?? {})) expect(text.length).toBeGreaterThan(300);
        expect(record?.tasks.map((t) => t.status)).toEqual(['settled', 'settled', 'settled']);
        expect(record?.answer?.length).toBeGreaterThan(300);
        // create, dispatch, one to three grouped settles, completion.
        const writes = record?.writes ?? 0;
        expect(writes).toBeGreaterThanOrEqual(4);
        expect(writes).toBeLessThanOrEqual(6);
        const revisions: number[] = [];
        for await (const h of await kv.history({ key })) revisions.push(h.revision);
        expect(revisions).toHaveLength(Math.min(writes, 5));
        expect(revisions[revisions.length - 1]).toBe(entry?.revision);
        // ~6 KB at the end (ours: ~1.5 KB at create up to ~6 KB).
        expect(entry?.value.length).toBeGreaterThan(5000);
      }
    } finally {
      await nc.close();
    }
  }, 240_000);
});
