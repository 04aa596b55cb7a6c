import { buildEvent, type Envelope } from '@medagent/contracts';
import type { Delivery } from '../port';
import { Collector } from '../testing/collector';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { JetStreamBus } from './bus';
import { JetStreamKvStore } from '../kv/jetstream';
import { NoRespondersError, RequestError, TimeoutError } from '@nats-io/transport-node';
import { JetStreamError } from '@nats-io/jetstream';
import { asBusUnavailable, defaultErrorReport, transientReason, type ConnectionEvent } from './connection';

/**
 * A broker outage longer than nats.js's default patience (10 reconnect attempts, then the
 * connection closes for good): the bus must keep trying, say so once, and work again after.
 */
describe('JetStreamBus through a broker outage', () => {
  let server: NatsServerHandle;
  let bus: JetStreamBus | undefined;

  beforeEach(async () => {
    server = await startNatsServer({ jetstream: true, private: true });
  });
  afterEach(async () => {
    await bus?.close();
    bus = undefined;
    await server.stop();
  });

  const ev = (n: number): Envelope =>
    buildEvent({
      type: 'task.started',
      correlation_id: `req-outage-${n}`,
      producer: 'worker-triage',
      payload: { task_id: `t${n}`, attempt: 1, worker_instance: 'w:1' },
    }) as Envelope;

  it('reconnects after more attempts than the client default allows; the consumer resumes and nothing stored is lost', async () => {
    const events = new Collector<ConnectionEvent>();
    bus = await JetStreamBus.connect({ servers: server.url, name: 'outage', reconnectWaitMs: 20, onConnection: (e) => events.push(e) });
    const back = new Collector<string>();
    const watched = bus;
    const stopWatching = watched.onReconnect(() => back.push(watched.connectionState()));
    const got = new Collector<Delivery>();
    await bus.consume({ durable: 'outage', subject: 'medagent.task.started.triage', maxDeliver: 3, ackWaitMs: 5000 }, async (d) => {
      got.push(d);
      await d.ack();
    });
    const subject = 'medagent.task.started.triage';
    await bus.publish(subject, ev(1), { msgId: 'outage-1' });
    expect((await got.next(1, 10_000))[0]?.envelope.correlation_id).toBe('req-outage-1');

    // Count the client's reconnect attempts on its own status stream: well past the default 10.
    const attempts = new Collector<number>();
    let n = 0;
    void (async () => {
      for await (const s of bus.nc.status()) if (s.type === 'reconnecting') attempts.push(++n);
    })();
    await server.crash();
    expect((await events.next(1, 10_000))[0]).toMatchObject({ state: 'reconnecting' });
    expect(bus.connectionState()).toBe('reconnecting');
    await attempts.where((k) => k >= 15, 1, 30_000, 'reconnect attempts');
    expect(bus.connectionState()).toBe('reconnecting');
    // Exactly one report for the whole outage, not one per attempt.
    expect(events.items).toHaveLength(1);

    await server.revive();
    expect((await events.next(2, 15_000))[1]).toMatchObject({ state: 'connected' });
    expect(bus.connectionState()).toBe('connected');
    await bus.publish(subject, ev(2), { msgId: 'outage-2' });
    expect((await got.next(2, 15_000))[1]?.envelope.correlation_id).toBe('req-outage-2');
    // The message stored before the crash is still deduplicated (file store kept): no redelivery of it.
    expect((await bus.publish(subject, ev(1), { msgId: 'outage-1' })).duplicate).toBe(true);
    expect(events.items.map((e) => e.state)).toEqual(['reconnecting', 'connected']);
    // Reconnect listeners ran once for the outage, once the bus was connected again.
    expect(back.items).toEqual(['connected']);
    stopWatching();
  }, 90_000);

  it('a bus started while the broker is down waits for it (connectWaitMs) and works once it is up', async () => {
    await server.crash();
    // Called while nothing listens: it can only succeed by retrying after revive() below.
    const connecting = JetStreamBus.connect({ servers: server.url, name: 'late', connectWaitMs: 60_000, reconnectWaitMs: 20, limits: { storage: 'memory' } });
    await server.revive();
    bus = await connecting;
    expect(bus.connectionState()).toBe('connected');
    expect((await bus.publish('medagent.task.started.triage', ev(3), { msgId: 'late-3' })).duplicate).toBe(false);
  }, 90_000);

  it('without connectWaitMs, or past it, an unreachable broker fails the connect with BUS_UNAVAILABLE', async () => {
    await server.crash();
    await expect(JetStreamBus.connect({ servers: server.url })).rejects.toMatchObject({ code: 'BUS_UNAVAILABLE' });
    const t0 = Date.now();
    await expect(JetStreamBus.connect({ servers: server.url, connectWaitMs: 300, reconnectWaitMs: 50 })).rejects.toMatchObject({ code: 'BUS_UNAVAILABLE' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });

  it('a KV read or write while the broker is away fails as BUS_UNAVAILABLE (retryable), not as a raw client error', async () => {
    bus = await JetStreamBus.connect({ servers: server.url, name: 'kv-outage', reconnectWaitMs: 50, limits: { storage: 'memory' } });
    const kv = await JetStreamKvStore.open(bus.nc, 'outage_kv');
    const rev = await kv.create('k', { v: 1 });
    await server.crash();
    // Side by side: each waits out the client's request timeout (5 s).
    const unavailable = { name: 'BusUnavailableError', code: 'BUS_UNAVAILABLE', retryable: true };
    await Promise.all([
      expect(kv.get('k')).rejects.toMatchObject(unavailable),
      expect(kv.update('k', { v: 2 }, rev)).rejects.toMatchObject(unavailable),
      expect(kv.create('k2', { v: 1 })).rejects.toMatchObject(unavailable),
      expect(kv.keys()).rejects.toMatchObject(unavailable),
      expect(kv.delete('k')).rejects.toMatchObject(unavailable),
    ]);
  }, 60_000);

  it('close() is not a loss: lost() stays pending and the state reads closed', async () => {
    const events = new Collector<ConnectionEvent>();
    bus = await JetStreamBus.connect({ servers: server.url, name: 'closing', onConnection: (e) => events.push(e) });
    const lost = jest.fn();
    void bus.lost().then(lost);
    await bus.close();
    expect(bus.connectionState()).toBe('closed');
    await new Promise((r) => setImmediate(r));
    expect(lost).not.toHaveBeenCalled();
    expect(events.items).toEqual([]);
  });
});

describe('asBusUnavailable', () => {
  it("names nats.js's bare timeout as a retryable BusUnavailableError and passes anything else through", () => {
    const timeout = new TimeoutError();
    const mapped = asBusUnavailable(timeout, 'start-up') as Error & { code?: string; retryable?: boolean; cause?: unknown };
    expect(mapped).toMatchObject({ name: 'BusUnavailableError', code: 'BUS_UNAVAILABLE', retryable: true });
    expect(mapped.message).toMatch(/^start-up: the NATS server did not answer/);
    expect(mapped.cause).toBe(timeout);
    const other = new RangeError('bad config');
    expect(asBusUnavailable(other, 'start-up')).toBe(other);
  });

  it('names a JetStream API nobody answers (a stream leader being elected) as retryable, by its cause', () => {
    // As @nats-io/jetstream reports it: JetStreamNotEnabled ← RequestError ← NoRespondersError.
    const request = new RequestError('no responders', { cause: new NoRespondersError('$JS.API.DIRECT.GET.KV_medagent_requests') });
    const notEnabled = Object.assign(new Error('jetstream is not enabled', { cause: request }), { name: 'JetStreamNotEnabled' });
    const mapped = asBusUnavailable(notEnabled, 'kv get') as Error & { code?: string; retryable?: boolean; cause?: unknown };
    expect(mapped).toMatchObject({ name: 'BusUnavailableError', code: 'BUS_UNAVAILABLE', retryable: true });
    expect(mapped.message).toMatch(/^kv get: no JetStream responder/);
    expect(mapped.cause).toBe(notEnabled);
    const refused = new RequestError('permissions violation');
    expect(asBusUnavailable(refused, 'kv get')).toBe(refused);
  });
});

describe('the default error report', () => {
  // As nats.js raises them during a cluster failover (JetStreamStatusError is a JetStreamError with a code).
  const leadership = Object.assign(new JetStreamError('leadership change'), { code: 409 });
  const heartbeats = new JetStreamError('heartbeats missed');

  it('names what a failover raises as transient, and nothing else', () => {
    expect(transientReason(new TimeoutError())).toBe('a JetStream request timed out');
    expect(transientReason(leadership)).toBe('pull interrupted (leadership change)');
    expect(transientReason(heartbeats)).toBe('pull interrupted (heartbeats missed)');
    expect(transientReason(new RequestError('no responders', { cause: new NoRespondersError('$JS.API.CONSUMER.INFO.x.y') }))).toBe('no JetStream responder');
    expect(transientReason(new JetStreamError('bad request'))).toBeUndefined();
    expect(transientReason(new RangeError('x'))).toBeUndefined();
  });

  it('prints each kind of transient trouble once per quiet period, without a stack; anything else in full', () => {
    const lines: string[] = [];
    let t = 0;
    const report = defaultErrorReport('worker-triage:1', (l) => lines.push(l), () => t, 10_000);
    const full = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 5; i++) report(heartbeats);
      report(leadership);
      t = 9_999;
      report(heartbeats);
      t = 10_000;
      report(heartbeats);
      expect(lines).toEqual([
        '[bus:jetstream] worker-triage:1: pull interrupted (heartbeats missed); retrying (a cluster moving a leader, or a slow server)\n',
        '[bus:jetstream] worker-triage:1: pull interrupted (leadership change); retrying (a cluster moving a leader, or a slow server)\n',
        '[bus:jetstream] worker-triage:1: pull interrupted (heartbeats missed); retrying (a cluster moving a leader, or a slow server)\n',
      ]);
      const defect = new TypeError('handler bug');
      report(defect);
      expect(full).toHaveBeenCalledWith('[bus:jetstream]', defect);
      expect(lines).toHaveLength(3);
    } finally {
      full.mockRestore();
    }
  });
});
