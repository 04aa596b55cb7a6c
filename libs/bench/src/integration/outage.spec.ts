import { Collector } from '@medagent/bus/testing';
import { freePort, startNatsServer } from '@medagent/local-servers';
import { startCluster } from '../harness/cluster';
import { startObservedCluster, type ObservedCluster } from '../testing/observed-cluster';
import { askSeed } from '../testing/seed';

/**
 * The broker itself goes away mid-request, for longer than nats.js would keep trying by
 * default (10 attempts, then the connection closes for good and the process is useless).
 * Every service must ride it out: report the loss once, reconnect when the broker is back,
 * and finish the request that was in flight, exactly once, plus new ones.
 */
const RECONNECT_WAIT_MS = 100;
const WORKER_LATENCY_MS = 1500;

describe('a broker outage with the services as separate processes', () => {
  let harness: ObservedCluster | undefined;
  const lines = new Collector<{ service: string; pid: number; line: string }>();
  const diag = () => harness?.cluster.diagnostics() ?? '';
  let healthPort = 0;
  const triageReady = async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status;

  beforeAll(async () => {
    healthPort = await freePort();
    const slow = { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: String(WORKER_LATENCY_MS) };
    harness = await startObservedCluster(
      'outage',
      {
        env: {
          MEDAGENT_NATS_RECONNECT_WAIT_MS: String(RECONNECT_WAIT_MS),
          // A task whose artifact could not be published is redelivered after the ack wait;
          // deadlines stay far away so that redelivery, not a retry or a partial exit, finishes it.
          MEDAGENT_WORKER_ACK_WAIT_MS: '3000',
          MEDAGENT_TASK_DEADLINE_MS: '60000',
          MEDAGENT_REQUEST_DEADLINE_MS: '120000',
        },
        onLine: (inst, line) => lines.push({ service: inst.name, pid: inst.pid, line }),
      },
      [
        { name: 'coordinator' },
        { name: 'lead', env: { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: '0' } },
        { name: 'worker-consultation', env: slow },
        { name: 'worker-triage', env: { ...slow, MEDAGENT_HEALTH_PORT: String(healthPort), MEDAGENT_HTTP_HOST: '127.0.0.1' } },
        { name: 'worker-research', env: slow },
      ],
      { reconnectWaitMs: RECONNECT_WAIT_MS, privateServer: true },
    );
  }, 240_000);

  afterAll(() => harness?.stop(), 60_000);

  it('every service reconnects, the request in flight completes exactly once, and a new one completes', async () => {
    const { rec, cluster, nats, bus, client } = harness!;
    const pids = cluster.live().map((i) => i.pid);
    expect(pids).toHaveLength(5);
    expect(await triageReady()).toBe(200);
    const { requestId, result } = askSeed(client, 'u-outage', { timeoutMs: 120_000, diag });
    // The workers are mid-model-call when the broker dies: their artifacts cannot be published.
    await rec.until(() => rec.of(requestId, 'task.started').length >= 3, 60_000, 'three task.started', diag);

    // Our own connection retries at the services' pace: its attempts are the outage's clock.
    const attempts = new Collector<number>();
    let n = 0;
    void (async () => {
      for await (const s of bus.nc.status()) if (s.type === 'reconnecting') attempts.push(++n);
    })();
    await nats.crash();
    const lost = (l: { line: string }) => l.line.includes('lost the NATS connection');
    await lines.where(lost, 5, 30_000, 'services reporting the lost connection');
    // 25 attempts of >= 100 ms: past the 10 attempts x (100 ms + <= 100 ms jitter) a default client allows.
    await attempts.where((k) => k >= 25, 1, 60_000, 'reconnect attempts');
    expect(cluster.live().map((i) => i.pid)).toEqual(pids);
    // Out of rotation while the broker is away (a probe must not call a reconnecting worker ready).
    expect(await triageReady()).toBe(503);

    await nats.revive();
    await lines.where((l) => l.line.includes('NATS connection restored'), 5, 30_000, 'services reporting the restored connection');
    expect(await triageReady()).toBe(200);
    // Each service said so once for the whole outage, not once per attempt or per consumer.
    expect(lines.items.filter(lost).map((l) => l.service).sort()).toEqual(['coordinator', 'lead', 'worker-consultation', 'worker-research', 'worker-triage']);

    const r = await result;
    expect(r.status).toBe('completed');
    expect(r.record.request_id).toBe(requestId);
    expect(r.record.contributions).toHaveLength(3);
    expect(r.record.answer?.exit).toBe('synthesis');
    await rec.waitFor((e) => e.env.correlation_id === requestId && e.env.event_type === 'request.completed', 10_000, 'request.completed recorded', diag);
    expect(rec.of(requestId, 'request.completed')).toHaveLength(1);

    const next = askSeed(client, 'u-after', { timeoutMs: 60_000, diag });
    const r2 = await next.result;
    expect(r2.status).toBe('completed');
    expect(r2.record.contributions).toHaveLength(3);
    // No process died or was replaced on the way.
    expect(cluster.live().map((i) => i.pid)).toEqual(pids);
  }, 240_000);
});

describe('a connection that can never come back', () => {
  const users = (pass: string) => `authorization { users = [ { user: svc, password: ${pass} } ] }`;

  it('the broker returns refusing the service credentials: the service exits non-zero, naming why, instead of idling unready', async () => {
    const nats = await startNatsServer({ jetstream: true, private: true, config: users('first-secret') });
    const url = nats.url.replace('nats://', 'nats://svc:first-secret@');
    // A user/password server: the development switch keeps the URL's credentials (no nkeys here).
    const cluster = await startCluster({ natsUrl: url, env: { MEDAGENT_NATS_RECONNECT_WAIT_MS: '100', MEDAGENT_BUS_AUTH: 'none' } }, [{ name: 'coordinator' }]).catch(async (e: unknown) => {
      await nats.stop();
      throw e;
    });
    try {
      const inst = cluster.live('coordinator')[0]!;
      await nats.crash();
      await nats.revive({ config: users('rotated-secret') });
      // nats.js gives up after the same authorization error twice in a row, whatever the policy.
      const exit = await Promise.race([
        inst.exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running:\n${inst.stderr()}`)), 30_000).unref()),
      ]);
      expect(exit.code).toBe(1);
      expect(inst.stderr()).toMatch(/closed for good.*(authorization|auth).*; exiting/i);
    } finally {
      await cluster.stopAll();
      await nats.stop();
    }
  }, 120_000);
});
