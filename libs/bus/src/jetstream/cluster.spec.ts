import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { buildEvent, type Envelope } from '@medagent/contracts';
import { retryWhileWanted } from '../catch-up';
import { JetStreamKvStore } from '../kv/jetstream';
import { startNatsCluster, type NatsClusterHandle } from '@medagent/local-servers';
import { JetStreamBus } from './bus';
import { DEFAULT_TOPOLOGY } from './topology';

// A hospital runs NATS as a three-node cluster so that losing a node loses nothing. That holds
// only if every stream and bucket has three copies: with one, the clients move to a live node
// but a stream whose only copy was on the dead node is gone until that node returns.

const SUBJECT = 'medagent.task.started.cluster';
const BUCKET = 'cluster_requests';

function started(n: number): Envelope {
  return buildEvent({
    type: 'task.started',
    correlation_id: `req-cluster-${n}`,
    task_id: 't1',
    producer: 'worker-triage',
    payload: { task_id: 't1', attempt: n, worker_instance: 'cluster-spec' },
  }) as Envelope;
}

describe('a three-node JetStream cluster with replicas 3', () => {
  let cluster: NatsClusterHandle;
  let bus: JetStreamBus;
  let kv: JetStreamKvStore;
  let jsm: JetStreamManager;
  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    bus = await JetStreamBus.connect({
      servers: cluster.urls,
      limits: { replicas: 3 },
      watchAdvisories: false,
      reconnectWaitMs: 50,
      onConnection: () => undefined,
    });
    kv = await JetStreamKvStore.open(bus.nc, BUCKET, { replicas: 3 });
    jsm = await jetstreamManager(bus.nc);
  }, 60_000);
  afterAll(async () => {
    await bus?.close();
    await cluster?.stop();
  });

  it('declares every stream and bucket with three copies', async () => {
    const names = [DEFAULT_TOPOLOGY.stream, DEFAULT_TOPOLOGY.dlqStream, DEFAULT_TOPOLOGY.advisoryStream, `KV_${BUCKET}`];
    for (const name of names) expect([name, (await jsm.streams.info(name)).config.num_replicas]).toEqual([name, 3]);
  });

  it('a start-up configured with another number of copies is refused, and the streams stay as they are', async () => {
    const other = JetStreamBus.connect({ servers: cluster.urls, watchAdvisories: false, onConnection: () => undefined });
    await expect(other).rejects.toMatchObject({ name: 'ConfigError', code: 'CONFIG_INVALID' });
    await expect(other).rejects.toThrow(/stream MEDAGENT has 3 replicas, configured 1/);
    expect((await jsm.streams.info(DEFAULT_TOPOLOGY.stream)).config.num_replicas).toBe(3);
  });

  it('loses nothing, and takes writes again, when the node leading the work stream dies', async () => {
    const since = new Date(Date.now() - 1000);
    await bus.publish(SUBJECT, started(1), { msgId: 'cluster-1' });
    const rev = await kv.create('req-cluster', { status: 'dispatched' });
    const leader = (await jsm.streams.info(DEFAULT_TOPOLOGY.stream)).cluster?.leader;
    expect(leader).toMatch(/^n\d$/);
    await cluster.node(leader ?? '').crash();

    // Refused (no responder, timeouts) until a new leader is elected; bounded by 30 s.
    const until = Date.now() + 30_000;
    const wanted = () => Date.now() < until;
    const backoff = { baseMs: 50, maxMs: 500 };
    const ack = await retryWhileWanted(() => bus.publish(SUBJECT, started(2), { msgId: 'cluster-2' }), wanted, backoff);
    expect(ack?.duplicate).toBe(false);
    // A fresh reader name per attempt: a read cut off by the election leaves its reader behind
    // until the server drops it (30 s inactive), and a read under that name is refused meanwhile.
    let reads = 0;
    const stored = await retryWhileWanted(() => bus.storedEvents(SUBJECT, since, `cluster_spec_reader_${reads++}`), wanted, backoff);
    expect(stored?.map((e) => (e.payload as { attempt: number }).attempt)).toEqual([1, 2]);
    const record = await retryWhileWanted(() => kv.get<{ status: string }>('req-cluster'), wanted, backoff);
    expect(record).toEqual({ value: { status: 'dispatched' }, revision: rev });
    expect(await retryWhileWanted(() => kv.update('req-cluster', { status: 'completed' }, rev), wanted, backoff)).toBeGreaterThan(rev);
  }, 60_000);
});
