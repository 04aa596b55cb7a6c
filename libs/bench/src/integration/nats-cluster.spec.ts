import { jetstreamManager } from '@nats-io/jetstream';
import { DEFAULT_TOPOLOGY, JetStreamBus } from '@medagent/bus';
import { startNatsCluster, type NatsClusterHandle } from '@medagent/local-servers';
import { MedagentClient, REQUEST_BUCKET } from '@medagent/runtime';
import { startCluster, type ServiceCluster } from '../harness/cluster';
import { BusRecorder } from '../testing/recorder';
import { generateCredentials, type GeneratedCredentials } from '../harness/secure-nats';
import { askSeed } from '../testing/seed';

/**
 * The five services as separate processes on a three-node JetStream cluster (NATS_URL lists
 * the nodes, MEDAGENT_NATS_REPLICAS=3). The node leading the work stream is SIGKILLed while
 * the workers are mid-task: the services move to live nodes, the cluster elects new leaders,
 * and the request in flight completes exactly once, as does a new one, without the dead node.
 */
const WORKER_LATENCY_MS = 1500;

describe('the deployment on a three-node NATS cluster losing a node', () => {
  let nats: NatsClusterHandle | undefined;
  let services: ServiceCluster | undefined;
  let bus: JetStreamBus | undefined;
  let creds: GeneratedCredentials | undefined;
  let rec: BusRecorder | undefined;
  const diag = () => services?.diagnostics() ?? '';

  beforeAll(async () => {
    // Permissions on: the generated nkey authorization on every node.
    creds = generateCredentials();
    nats = await startNatsCluster(3, 30_000, creds.config, creds.probe);
    const slow = { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: String(WORKER_LATENCY_MS) };
    services = await startCluster(
      {
        natsUrl: nats.urls.join(','),
        env: {
          MEDAGENT_NATS_CREDENTIALS_DIR: creds.credentialsDir,
          MEDAGENT_NATS_REPLICAS: '3',
          MEDAGENT_NATS_RECONNECT_WAIT_MS: '100',
          // Redelivery, not a retry or a partial exit, must finish the request in flight.
          MEDAGENT_WORKER_ACK_WAIT_MS: '3000',
          MEDAGENT_TASK_DEADLINE_MS: '60000',
          MEDAGENT_REQUEST_DEADLINE_MS: '120000',
        },
      },
      [
        { name: 'coordinator' },
        { name: 'lead', env: { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: '0' } },
        { name: 'worker-consultation', env: slow },
        { name: 'worker-triage', env: slow },
        { name: 'worker-research', env: slow },
      ],
    );
    // `await`: the coordinator declares the streams; an observer declaring them too would have
    // to be configured with the same replicas.
    bus = await creds.connect('coordinator', nats.urls, { name: 'it-nats-cluster', reconnectWaitMs: 100, onConnection: () => undefined });
    rec = await BusRecorder.start(bus);
  }, 240_000);

  afterAll(async () => {
    await rec?.stop();
    await bus?.close();
    await services?.stopAll();
    await nats?.stop();
    creds?.remove();
  }, 60_000);

  it('the streams and the request bucket hold three copies; the request in flight and a new one complete exactly once', async () => {
    const jsm = await jetstreamManager(bus!.nc);
    for (const name of [DEFAULT_TOPOLOGY.stream, DEFAULT_TOPOLOGY.dlqStream, `KV_${REQUEST_BUCKET}`]) {
      expect([name, (await jsm.streams.info(name)).config.num_replicas]).toEqual([name, 3]);
    }
    const client = new MedagentClient(bus!);
    const pids = services!.live().map((i) => i.pid);
    const { requestId, result } = askSeed(client, 'u-cluster', { timeoutMs: 120_000, diag });
    await rec!.until(() => rec!.of(requestId, 'task.started').length >= 3, 60_000, 'three task.started', diag);

    const leader = (await jsm.streams.info(DEFAULT_TOPOLOGY.stream)).cluster?.leader ?? '';
    await nats!.node(leader).crash();

    const r = await result;
    expect(r.status).toBe('completed');
    expect(r.record.request_id).toBe(requestId);
    expect(r.record.contributions).toHaveLength(3);
    expect(r.record.answer?.exit).toBe('synthesis');
    await rec!.waitFor((e) => e.env.correlation_id === requestId && e.env.event_type === 'request.completed', 10_000, 'request.completed recorded', diag);
    expect(rec!.of(requestId, 'request.completed')).toHaveLength(1);

    const next = askSeed(client, 'u-cluster-after', { timeoutMs: 60_000, diag });
    const r2 = await next.result;
    expect(r2.status).toBe('completed');
    expect(r2.record.contributions).toHaveLength(3);
    expect(services!.live().map((i) => i.pid)).toEqual(pids);
  }, 240_000);
});
