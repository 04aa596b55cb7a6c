import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TimeoutError } from '@nats-io/transport-node';
import { JetStreamApiError } from '@nats-io/jetstream';
import { BusUnavailableError, ConfigError, buildEvent, type Envelope, type MedagentError } from '@medagent/contracts';
import type { Delivery } from '../port';
import { Collector } from '../testing/collector';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { JetStreamBus } from './bus';
import { retryStartupStep } from './connection';

/**
 * Start-up steps (declaring streams, binding durables, opening buckets) are idempotent, so a
 * broker that is reachable but cannot answer yet (a cluster electing, JetStream still
 * starting) is waited for within the start-up budget instead of failing the process.
 */
describe('retryStartupStep', () => {
  it('retries an unanswered step until it succeeds, and says so once', async () => {
    let calls = 0;
    const told = new Collector<MedagentError>();
    const result = await retryStartupStep(
      'binding durable x',
      () => (++calls < 3 ? Promise.reject(new TimeoutError()) : Promise.resolve('bound')),
      Date.now() + 30_000,
      (e) => told.push(e),
    );
    expect(result).toBe('bound');
    expect(calls).toBe(3);
    expect(told.items).toHaveLength(1);
    expect(told.items[0]).toBeInstanceOf(BusUnavailableError);
    expect(told.items[0]?.message).toMatch(/^binding durable x: the NATS server did not answer/);
  });

  it('waits for JetStream peers while a cluster forms (10005 no suitable peers)', async () => {
    let calls = 0;
    const noPeers = () => new JetStreamApiError({ code: 503, err_code: 10005, description: 'no suitable peers for placement' });
    const result = await retryStartupStep(
      'declaring stream medagent',
      () => (++calls < 3 ? Promise.reject(noPeers()) : Promise.resolve('declared')),
      Date.now() + 30_000,
      () => undefined,
    );
    expect([result, calls]).toEqual(['declared', 3]);
  });

  it('fails at once on an error that waiting cannot fix', async () => {
    let calls = 0;
    const misconfigured = new ConfigError('stream medagent has 1 replicas, configured 3');
    const failed = await retryStartupStep('declaring', () => (calls++, Promise.reject(misconfigured)), Date.now() + 30_000, () => undefined).catch(
      (e: unknown) => e,
    );
    expect(failed).toBe(misconfigured);
    expect(calls).toBe(1);
  });

  it('gives up when the budget is spent, with the mapped error', async () => {
    let calls = 0;
    const failed = await retryStartupStep('declaring', () => (calls++, Promise.reject(new TimeoutError())), Date.now() + 300, () => undefined).catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(BusUnavailableError);
    expect((failed as Error).cause).toBeInstanceOf(TimeoutError);
    expect(calls).toBeGreaterThan(1);
  });

  it('tries once with no budget (CLI clients fail now)', async () => {
    let calls = 0;
    const failed = await retryStartupStep('declaring', () => (calls++, Promise.reject(new TimeoutError())), Date.now(), () => undefined).catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(BusUnavailableError);
    expect(calls).toBe(1);
  });
});

describe('JetStreamBus.connect while JetStream cannot answer yet', () => {
  let server: NatsServerHandle | undefined;
  let bus: JetStreamBus | undefined;
  let storeDir: string | undefined;

  afterEach(async () => {
    await bus?.close();
    bus = undefined;
    await server?.stop();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it('waits within connectWaitMs for the JetStream API, declares the topology, then works', async () => {
    // Reachable, but no JetStream responder: what a client meets while a cluster elects.
    server = await startNatsServer({ private: true, config: '# JetStream comes with the restart\n' });
    storeDir = await mkdtemp(join(tmpdir(), 'medagent-startup-'));
    const retried = new Collector<MedagentError>();
    const connecting = JetStreamBus.connect({
      servers: server.url,
      name: 'startup-retry',
      topologyMode: 'declare',
      connectWaitMs: 60_000,
      reconnectWaitMs: 50,
      watchAdvisories: true,
      onConnection: () => undefined,
      onStartupRetry: (e) => retried.push(e),
    });
    const [first] = await retried.next(1, 10_000, 'start-up retries');
    expect(first).toBeInstanceOf(BusUnavailableError);
    expect(first?.message).toMatch(/^start-up: JetStream API: no JetStream responder/);
    const s = server;
    await s.crash();
    await s.revive({ config: `jetstream { store_dir: "${storeDir}" }\n` });
    bus = await connecting;

    const got = new Collector<Delivery>();
    const handle = await bus.consume({ durable: 'startup_retry', subject: 'medagent.task.started.startup', ackWaitMs: 5000, maxDeliver: 3 }, async (d) => {
      got.push(d);
    });
    const ev = buildEvent({
      type: 'task.started',
      correlation_id: 'req-startup-1',
      producer: 'worker-triage',
      payload: { task_id: 't1', attempt: 1, worker_instance: 'w:1' },
    }) as Envelope;
    await bus.publish('medagent.task.started.startup', ev);
    const [d] = await got.next(1, 10_000, 'deliveries');
    expect(d?.envelope.event_id).toBe(ev.event_id);
    await handle.stop();
  });
});
