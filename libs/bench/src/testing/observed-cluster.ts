import { JetStreamBus, type JetStreamBusOptions } from '@medagent/bus';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { MedagentClient } from '@medagent/runtime';
import { startCluster, type ClusterOptions, type ServiceCluster, type StartSpec } from '../harness/cluster';
import { BusRecorder } from './recorder';

/**
 * A private nats-server (JetStream), services on it as separate processes, and the test's own
 * view of the bus: a connection of its own (no advisory watcher), a recorder of every event and
 * dead letter seen on it, and a client that submits requests through it.
 */
export interface ObservedCluster {
  nats: NatsServerHandle;
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
    const nats = await startNatsServer({ jetstream: true, private: extra.privateServer ?? false });
    started.push(() => nats.stop());
    const cluster = await startCluster({ ...options, natsUrl: nats.url }, specs);
    started.push(() => cluster.stopAll());
    const bus = await JetStreamBus.connect({ servers: nats.url, name: `it-${label}`, watchAdvisories: false, ...(extra.reconnectWaitMs ? { reconnectWaitMs: extra.reconnectWaitMs } : {}) });
    started.push(() => bus.close());
    const rec = await BusRecorder.start(bus);
    started.push(() => rec.stop());
    process.stderr.write(`[${label}.spec] ${cluster.summary()}\n`);
    return { nats, cluster, bus, rec, client: new MedagentClient(bus), stop };
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}
