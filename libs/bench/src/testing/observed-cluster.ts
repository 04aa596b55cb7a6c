import type { JetStreamBus, JetStreamBusOptions } from '@medagent/bus';
import type { NatsServerHandle } from '@medagent/local-servers';
import type { BusIdentity } from '@medagent/runtime';
import { startSecureNats, type SecureNats } from '../harness/secure-nats';
import { MedagentClient } from '@medagent/runtime';
import { startCluster, type ClusterOptions, type ServiceCluster, type StartSpec } from '../harness/cluster';
import { BusRecorder } from './recorder';

/**
 * A private nats-server (JetStream) running the generated authorization (nkey users and
 * permissions, `medagent secrets init`), services on it as separate processes with their own
 * credentials, and the test's own view of the bus: a connection as the coordinator identity
 * (it may read every event and submit as ingress; no advisory watcher), a recorder of every
 * event and dead letter seen on it, and a client that submits requests through it.
 */
export interface ObservedCluster {
  nats: NatsServerHandle;
  /** The generated credentials the server and the services run with (permissions on). */
  secure: SecureNats;
  /**
   * A further connection as another identity (e.g. a worker's, to publish what only that
   * worker may), closed by stop().
   */
  as(identity: BusIdentity): Promise<JetStreamBus>;
  cluster: ServiceCluster;
  bus: JetStreamBus;
  rec: BusRecorder;
  client: MedagentClient;
  /** Stops the recorder, the connection, every instance, then nats-server. */
  stop(): Promise<void>;
}

/**
 * Starts nats-server, then `specs` with `options` (its `natsUrl` is the new server's), then the
 * observer (connection name `it-<label>`), and prints the cluster's start-up summary on stderr
 * as `[<label>.spec] …`. If any step fails, what was started is stopped before the error is thrown.
 */
export async function startObservedCluster(
  label: string,
  options: Omit<ClusterOptions, 'natsUrl'>,
  specs: StartSpec[],
  /** `privateServer`: never NATS_URL's server (a spec that crashes and revives the broker). */
  extra: Pick<JetStreamBusOptions, 'reconnectWaitMs'> & { privateServer?: boolean } = {},
): Promise<ObservedCluster> {
  // What has been started, each with how to stop it; stopped last-started first.
  const started: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of started.splice(0).reverse()) await stopOne();
  };
  try {
    // Always a private server: the permissions under test are this server's.
    const secure = await startSecureNats();
    const nats = secure.server;
    started.push(() => secure.stop());
    const cluster = await startCluster({ ...options, natsUrl: nats.url, env: { ...secure.env, ...options.env } }, specs);
    started.push(() => cluster.stopAll());
    const reconnect = extra.reconnectWaitMs ? { reconnectWaitMs: extra.reconnectWaitMs } : {};
    const bus = await secure.connect('coordinator', { name: `it-${label}`, ...reconnect });
    started.push(() => bus.close());
    const others: JetStreamBus[] = [];
    started.push(async () => {
      for (const b of others.splice(0)) await b.close();
    });
    const as = async (identity: BusIdentity) => {
      const b = await secure.connect(identity, { name: `it-${label}-${identity}`, ...reconnect });
      others.push(b);
      return b;
    };
    const rec = await BusRecorder.start(bus);
    started.push(() => rec.stop());
    process.stderr.write(`[${label}.spec] ${cluster.summary()}\n`);
    return { nats, secure, as, cluster, bus, rec, client: new MedagentClient(bus), stop };
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}
