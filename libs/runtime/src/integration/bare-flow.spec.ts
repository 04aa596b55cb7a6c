import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { benchOrchestration } from '../bench/orchestration';
import { bareTarget, type BareTarget } from '../bench/bare';
import { BARE_STREAM } from '../bench/bare-protocol';

/**
 * The bare JetStream flow (`bench orchestration --mode bare`) over a real nats-server with
 * its five roles as separate processes (compiled dist/, built once by ServiceCluster).
 * Functional only: every request completes, 12 stored publishes per request, the JSON
 * shape of the other modes. No timing assertions.
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
  });
});
