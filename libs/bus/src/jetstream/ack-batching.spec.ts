import type { JsMsg } from '@nats-io/jetstream';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { buildEvent, type Envelope } from '@medagent/contracts';
import type { Delivery } from '../port';
import { Collector } from '../testing/collector';
import { AckBatcher } from './ack-batching';
import { JetStreamBus } from './bus';

/** nats.js's protocol stand-in: records the order of acks and flushes. */
function fakeConnection(log: string[]): NatsConnection {
  return { protocol: { flushPending: () => log.push('flush') } } as unknown as NatsConnection;
}
const fakeMsg = (log: string[], id: string): JsMsg => ({ ack: () => log.push(`ack ${id}`) }) as unknown as JsMsg;
const flushOf = (nc: NatsConnection) => (nc as unknown as { protocol: { flushPending(): void } }).protocol.flushPending();

describe('AckBatcher', () => {
  afterEach(() => jest.useRealTimers());

  it('holds acks until the connection next flushes, then sends them first, in order', () => {
    const log: string[] = [];
    const nc = fakeConnection(log);
    const b = new AckBatcher(nc, 60_000);
    expect(b.held).toBe(true);
    b.ack(fakeMsg(log, 'a'));
    b.ack(fakeMsg(log, 'b'));
    expect(log).toEqual([]);
    expect(b.size).toBe(2);
    flushOf(nc); // what a publish, KV write or pull does a microtask later
    expect(log).toEqual(['ack a', 'ack b', 'flush']);
    expect(b.size).toBe(0);
    flushOf(nc);
    expect(log).toEqual(['ack a', 'ack b', 'flush', 'flush']);
    b.flush(); // nothing held: a no-op
    expect(log).toHaveLength(4);
  });

  it('sends a held ack after at most the hold time when nothing else is written', () => {
    jest.useFakeTimers();
    const log: string[] = [];
    const nc = fakeConnection(log);
    const b = new AckBatcher(nc, 20);
    b.ack(fakeMsg(log, 'a'));
    jest.advanceTimersByTime(19);
    expect(log).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(log).toEqual(['ack a']);
    // A flush by the connection clears the timer: the ack is not sent twice.
    b.ack(fakeMsg(log, 'b'));
    flushOf(nc);
    jest.advanceTimersByTime(100);
    expect(log).toEqual(['ack a', 'ack b', 'flush']);
  });

  it('bounds how many acks it holds', () => {
    const log: string[] = [];
    const b = new AckBatcher(fakeConnection(log), 60_000);
    for (let i = 0; i < 255; i++) b.ack(fakeMsg(log, String(i)));
    expect(log).toEqual([]);
    b.ack(fakeMsg(log, '255'));
    expect(log).toHaveLength(256);
    expect(b.size).toBe(0);
  });

  it('acks at once with a hold of 0 or when the connection has no hook', () => {
    const log: string[] = [];
    const zero = new AckBatcher(fakeConnection(log), 0);
    expect(zero.held).toBe(false);
    zero.ack(fakeMsg(log, 'a'));
    const bare = new AckBatcher({} as NatsConnection, 20);
    expect(bare.held).toBe(false);
    bare.ack(fakeMsg(log, 'b'));
    expect(log).toEqual(['ack a', 'ack b']);
  });
});

describe('AckBatcher on a real nats-server', () => {
  let server: NatsServerHandle;
  const conns: NatsConnection[] = [];
  beforeAll(async () => {
    server = await startNatsServer({ jetstream: true });
  });
  afterAll(async () => {
    await Promise.all(conns.map((c) => c.close()));
    await server.stop();
  });

  it('hooks the nats.js connection: a held ack leaves with its next write', async () => {
    const nc = await connect({ servers: server.url });
    const observer = await connect({ servers: server.url });
    conns.push(nc, observer);
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'ACKHOLD', subjects: ['ackhold.>'], storage: 'memory' as never });
    await jsm.consumers.add('ACKHOLD', { durable_name: 'd', ack_policy: AckPolicy.Explicit, filter_subject: 'ackhold.x' });
    const js = jetstream(nc);
    await js.publish('ackhold.x', 'one');
    const consumer = await js.consumers.get('ACKHOLD', 'd');
    let got: JsMsg | undefined;
    for await (const m of await consumer.fetch({ max_messages: 1, expires: 5000 })) got = m;
    await nc.flush(); // nothing of the fetch is left to write
    const b = new AckBatcher(nc, 60_000);
    expect(b.held).toBe(true);
    b.ack(got as JsMsg);
    const pending = async () => (await (await jetstreamManager(observer)).consumers.info('ACKHOLD', 'd')).num_ack_pending;
    expect(await pending()).toBe(1); // held: the connection has written nothing since
    nc.publish('unrelated.subject', 'any write'); // e.g. the next publish of the service
    await nc.flush();
    expect(b.size).toBe(0);
    expect(await pending()).toBe(0);
  });

  it('acks held when the bus closes are not lost: nothing handled stays pending', async () => {
    const bus = await JetStreamBus.connect({ servers: server.url, limits: { storage: 'memory' }, ackHoldMs: 60_000, watchAdvisories: false });
    const observer = await connect({ servers: server.url });
    conns.push(observer);
    const subject = 'medagent.task.started.ackhold';
    const handled = new Collector<Delivery>();
    await bus.consume({ durable: 'ackhold_close', subject, maxDeliver: 3, ackWaitMs: 30_000, concurrency: 4 }, async (d) => {
      await d.ack();
      handled.push(d);
    });
    const env = buildEvent({ type: 'task.started', correlation_id: 'req-ack', producer: 'worker-research', payload: { task_id: 't', attempt: 1, worker_instance: 'i' } }) as Envelope;
    await bus.publish(subject, env, { msgId: 'ackhold-close-1' });
    await handled.next(1);
    await bus.close();
    const info = await (await jetstreamManager(observer)).consumers.info(bus.names.stream, 'ackhold_close');
    expect(info.num_ack_pending).toBe(0);
    expect(info.delivered.consumer_seq).toBe(1);
  });
});
