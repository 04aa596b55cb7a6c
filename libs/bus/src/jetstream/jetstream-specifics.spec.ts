import { BusUnavailableError, ConflictError, buildEvent, type Envelope } from '@medagent/contracts';
import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { DeadLetter, Delivery } from '../port';
import { Collector } from '../testing/collector';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { JetStreamBus, type JetStreamBusOptions } from './bus';
import { AUDIT_READER } from './audit';
import { maxDeliveriesAdvisorySubject } from './topology';

let server: NatsServerHandle;
const buses: JetStreamBus[] = [];
const open = async (o: Partial<JetStreamBusOptions> = {}): Promise<JetStreamBus> => {
  const bus = await JetStreamBus.connect({ servers: server.url, limits: { storage: 'memory' }, ...o });
  buses.push(bus);
  return bus;
};

beforeAll(async () => {
  server = await startNatsServer({ jetstream: true });
});
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  await server.stop();
});

const ev = (text: string): Envelope =>
  buildEvent({
    type: 'task.started',
    correlation_id: 'req-js',
    producer: 'worker-research',
    payload: { task_id: 't', attempt: 1, worker_instance: text },
  }) as Envelope;

describe('JetStreamBus specifics', () => {
  it('asked for three copies on a server running alone, fails at start-up with a ConfigError that says so', async () => {
    const failed = open({ limits: { storage: 'memory', replicas: 3 }, watchAdvisories: false });
    await expect(failed).rejects.toMatchObject({ name: 'ConfigError', code: 'CONFIG_INVALID' });
    // Which of the two depends on whether the streams exist already (NATS_URL's server).
    await expect(failed).rejects.toThrow(/3 stream replicas need a JetStream cluster; this server runs alone|has 1 replicas, configured 3/);
  });

  it('declares streams idempotently, with limits retention on the work stream', async () => {
    const a = await open();
    await open();
    const jsm = await jetstreamManager(a.nc);
    const info = await jsm.streams.info(a.names.stream);
    expect(info.config.retention).toBe('limits');
    expect(info.config.subjects).toEqual(['medagent.>']);
    expect((await jsm.streams.info(a.names.dlqStream)).config.subjects).toEqual(['medagent_dlq.>']);
  });

  it('moves an oversized payload to the object store and resolves it on consume and subscribe', async () => {
    const bus = await open({ maxInlineBytes: 64 });
    const subject = 'medagent.task.started.big';
    const big = ev('x'.repeat(500));
    const seen = new Collector<Envelope>();
    const raw = new Collector<string>();
    bus.nc.subscribe(subject, { callback: (_e, m) => raw.push(m.string()) });
    await bus.subscribe(subject, (e) => seen.push(e));
    const got = new Collector<Delivery>();
    await bus.consume({ durable: 'big', subject, maxDeliver: 2, ackWaitMs: 5000 }, async (d) => {
      got.push(d);
      await d.ack();
    });
    await bus.publish(subject, big);
    const [d] = await got.next(1);
    expect(d?.envelope.payload).toEqual(big.payload);
    expect(d?.envelope.payload_ref).toMatchObject({ store: 'medagent_payloads', size: expect.any(Number) as number });
    expect((await seen.next(1))[0]?.payload).toEqual(big.payload);
    const wire = JSON.parse((await raw.next(1))[0] ?? '{}') as Record<string, unknown>;
    expect(wire['payload']).toBeUndefined();
    expect(wire['payload_ref']).toBeDefined();
  });

  it('dead-letters the message of a worker killed on its last attempt, even if no watcher ran then', async () => {
    const subject = 'medagent.task.started.killed';
    const spec = { durable: 'killed', subject, maxDeliver: 1, ackWaitMs: 300 };
    // Neither the dying worker nor its surviving peer runs a watcher: only the advisory
    // captured in the advisory stream can still turn the message into a dead letter.
    const victim = await open({ watchAdvisories: false, drainTimeoutMs: 50 });
    const peer = await open({ watchAdvisories: false });
    const advisory = new Collector<string>();
    peer.nc.subscribe(maxDeliveriesAdvisorySubject(peer.names.stream, 'killed'), {
      callback: (_e, m) => advisory.push(m.string()),
    });
    await peer.nc.flush();
    const got = new Collector<number>();
    await victim.consume(spec, (d) => {
      got.push(d.deliveryCount);
      return new Promise<void>(() => undefined); // never settles
    });
    const env = ev('doomed');
    await victim.publish(subject, env, { msgId: `orig-${env.event_id}` });
    await got.next(1);
    await victim.nc.close(); // SIGKILL as far as the server can tell: no ack, no nak, gone
    // The server notices the exhausted message when a live instance pulls again.
    await peer.consume(spec, (d) => d.ack());
    await advisory.next(1, 5000, 'MAX_DELIVERIES advisories');

    const survivor = await open();
    const dead = new Collector<DeadLetter>();
    await survivor.subscribeDeadLetters(dead.push);
    // The new watcher may have drained the advisory before we subscribed: read the DLQ stream too.
    const jsm = await jetstreamManager(survivor.nc);
    const stored = await jsm.streams
      .getMessage(survivor.names.dlqStream, { last_by_subj: `medagent_dlq.${subject}` })
      .catch(() => null);
    const dl = stored ? (JSON.parse(stored.string()) as DeadLetter) : (await dead.next(1))[0];
    expect(dl).toMatchObject({ code: 'MAX_DELIVERIES', deliveries: 1, event_id: env.event_id, original_subject: subject });
    expect(dl?.reason).toMatch(/ack wait expired/);
  });

  it('term publishes the dead letter even when the original carried a msg id', async () => {
    const bus = await open();
    const subject = 'medagent.task.started.termid';
    const dead = new Collector<DeadLetter>();
    await bus.subscribeDeadLetters(dead.push);
    await bus.consume({ durable: 'termid', subject, maxDeliver: 3, ackWaitMs: 5000 }, (d) => d.term('TASK_REFUSED: no'));
    const env = ev('t');
    await bus.publish(subject, env, { msgId: env.event_id });
    const [dl] = await dead.where((d) => d.original_subject === subject);
    expect(dl).toMatchObject({ code: 'TASK_REFUSED', event_id: env.event_id });
  });

  it('updates an existing durable when its ack wait changes, and refuses another filter', async () => {
    const bus = await open();
    const spec = { durable: 'upd', subject: 'medagent.task.started.upd', maxDeliver: 2, ackWaitMs: 1000 };
    await (await bus.consume(spec, (d) => d.ack())).stop();
    await (await bus.consume({ ...spec, ackWaitMs: 2000 }, (d) => d.ack())).stop();
    const jsm = await jetstreamManager(bus.nc);
    expect((await jsm.consumers.info(bus.names.stream, 'upd')).config.ack_wait).toBe(2000 * 1_000_000);
    await expect(bus.consume({ ...spec, subject: 'medagent.>' }, (d) => d.ack())).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
  });

  it('stores, delivers and deduplicates an unconfirmed publish (confirm: false)', async () => {
    const bus = await open();
    const subject = 'medagent.task.started.unconfirmed';
    const got = new Collector<string>();
    await bus.consume({ durable: 'unconfirmed', subject, maxDeliver: 2, ackWaitMs: 5000 }, async (d) => {
      got.push(d.envelope.event_id);
      await d.ack();
    });
    const first = ev('first');
    const other = ev('other');
    expect(await bus.publish(subject, first, { msgId: first.event_id, confirm: false })).toEqual({ duplicate: false, seq: 0 });
    await bus.publish(subject, other, { msgId: first.event_id, confirm: false });
    // A confirmed publish on the same connection is acked after the two above were stored.
    const confirmed = await bus.publish(subject, first, { msgId: first.event_id });
    expect(confirmed.duplicate).toBe(true);
    const sentinel = ev('sentinel');
    const last = await bus.publish(subject, sentinel);
    // Stream order: the sentinel comes right after the one stored copy.
    expect(await got.next(2)).toEqual([first.event_id, sentinel.event_id]);
    const jsm = await jetstreamManager(bus.nc);
    const stored = await jsm.streams.getMessage(bus.names.stream, { seq: confirmed.seq });
    expect(stored?.subject).toBe(subject);
    expect((JSON.parse(stored?.string() ?? '{}') as Envelope).event_id).toBe(first.event_id);
    expect(last.seq).toBeGreaterThan(confirmed.seq);
  });

  describe('topologyMode await (a server of its own, with no streams yet)', () => {
    let fresh: NatsServerHandle;
    beforeEach(async () => {
      fresh = await startNatsServer({ jetstream: true });
    });
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((b) => b.close()));
      await fresh.stop();
    });

    it('a service waits for the streams the owner declares, and creates nothing itself', async () => {
      const waiting = open({ servers: fresh.url, topologyMode: 'await', topologyWaitMs: 30_000 });
      const owner = await open({ servers: fresh.url, topologyMode: 'declare' });
      const waiter = await waiting;
      const jsm = await jetstreamManager(owner.nc);
      expect((await jsm.streams.info(owner.names.stream)).config.subjects).toEqual(['medagent.>']);
      expect((await waiter.publish('medagent.task.started.awaited', ev('after-wait'))).seq).toBeGreaterThan(0);
    });

    it('it gives up after topologyWaitMs, naming the missing stream, having created nothing', async () => {
      const err = await open({ servers: fresh.url, topologyMode: 'await', topologyWaitMs: 200 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusUnavailableError);
      expect((err as Error).message).toMatch(/stream MEDAGENT does not exist after 200 ms: the coordinator declares the topology/);
      const probe = await open({ servers: fresh.url, topologyMode: 'none' });
      const jsm = await jetstreamManager(probe.nc);
      expect(await jsm.streams.names().next()).toEqual([]);
    });
  });

  it('the audit reader uses one named consumer per read, deletes it, and refuses a concurrent read instead of sharing it', async () => {
    const bus = await open();
    const since = new Date(Date.now() - 1000);
    await bus.publish('medagent.task.started.audit', ev('audit-1'));
    await bus.publish('medagent.task.started.audit', ev('audit-2'));
    const read = await bus.audit({ since, filter: (e) => (e.payload as { worker_instance?: string }).worker_instance?.startsWith('audit-') === true });
    expect(read.map((a) => (a.envelope.payload as { worker_instance: string }).worker_instance)).toEqual(['audit-1', 'audit-2']);
    const jsm = await jetstreamManager(bus.nc);
    await expect(jsm.consumers.info(bus.names.stream, AUDIT_READER)).rejects.toThrow(/consumer not found/);
    // A read in progress from the same instant (its consumer as readAudit makes it, but for the
    // start time's nanoseconds): the second read is refused.
    await jsm.consumers.add(bus.names.stream, {
      name: AUDIT_READER,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
      ack_policy: AckPolicy.None,
      inactive_threshold: nanos(30_000),
    });
    const err = await bus.audit({ since }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
  });

  it('a second result scan under the same reader at the same moment fails instead of sharing the first one’s consumer', async () => {
    const bus = await open();
    const since = new Date(Date.now() - 1000);
    const jsm = await jetstreamManager(bus.nc);
    // The first scan's consumer, exactly as storedMsgIds creates it but for the start time's nanoseconds.
    await jsm.consumers.add(bus.names.stream, {
      name: 'scan_busy',
      filter_subject: 'medagent.request.*.coordinator',
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
      ack_policy: AckPolicy.None,
      headers_only: true,
      inactive_threshold: nanos(30_000),
    });
    await expect(bus.storedMsgIds('medagent.request.*.coordinator', since, 'scan_busy')).rejects.toThrow(/start time can not be updated|already/);
  });

  it('a result scan includes what was stored in the very millisecond of its `since`', async () => {
    // Random nanoseconds on top of `since` used to skip such a message now and then (a scan
    // that misses a stored result makes the coordinator publish it again).
    const bus = await open();
    const subject = 'medagent.task.started.same-ms';
    for (let i = 0; i < 25; i++) {
      const since = new Date();
      await bus.publish(subject, ev(`m${i}`), { msgId: `same-ms-${i}` });
      expect(await bus.storedMsgIds(subject, since, `scan_same_ms_${i}`)).toContain(`same-ms-${i}`);
    }
  });

  it('fails, not skips, when the server is unreachable', async () => {
    await expect(JetStreamBus.connect({ servers: 'nats://127.0.0.1:1' })).rejects.toMatchObject({ code: 'BUS_UNAVAILABLE' });
  });
});
