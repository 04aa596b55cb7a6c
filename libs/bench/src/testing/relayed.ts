import type { JetStreamBus } from '@medagent/bus';
import { Collector, TcpProxy } from '@medagent/bus/testing';
import type { NatsServerHandle } from '@medagent/local-servers';
import type { Envelope } from '@medagent/contracts';
import { loadRuntimeConfig, serve, type RunningServices } from '@medagent/runtime';
import { startSecureNats } from '../harness/secure-nats';
import { fakeModels } from '../fake-model';

/**
 * The five services over a real nats-server, plus one client connection that reaches the
 * broker through a TCP relay (`proxy.cut()` / `restore()` take only that client's network
 * away) and a watcher connection that records every event as the broker carried it.
 */
export interface RelayedDeployment {
  nats: NatsServerHandle;
  running: RunningServices;
  proxy: TcpProxy;
  /** The connection behind the relay (reconnects every 100 ms while cut). */
  relayed: JetStreamBus;
  /** A connection that stays up; it records every event in `events`. */
  watcher: JetStreamBus;
  events: Collector<Envelope>;
  /** Resolves once `n` events of `type` for `requestId` were seen (bounded at 20 s). */
  seen(requestId: string, type: string, n?: number): Promise<Envelope[]>;
  count(requestId: string, type: string): number;
  close(): Promise<void>;
}

/** `modelLatencyMs`: per fake model call; three sequential steps leave time to cut and restore. */
export async function startRelayedDeployment(name: string, modelLatencyMs: number): Promise<RelayedDeployment> {
  // Permissions on: the services, the relayed client and the watcher each connect with their identity.
  const secure = await startSecureNats();
  const nats = secure.server;
  const running = await serve('all', loadRuntimeConfig({}, { natsUrl: nats.url, natsCredentialsDir: secure.credentialsDir }), fakeModels(modelLatencyMs));
  const target = new URL(nats.url);
  const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port) });
  // The coordinator identity: it may submit (as ingress), read every event and the request bucket.
  const relayed = await secure.connect('coordinator', { servers: proxy.url, name, reconnectWaitMs: 100, onConnection: () => undefined });
  const watcher = await secure.connect('ops', { name: `${name}-watcher` });
  const events = new Collector<Envelope>();
  await watcher.subscribe('medagent.>', events.push);
  const of = (requestId: string, type: string) => (e: Envelope) => e.correlation_id === requestId && e.event_type === type;
  return {
    nats,
    running,
    proxy,
    relayed,
    watcher,
    events,
    seen: (requestId, type, n = 1) => events.where(of(requestId, type), n, 20_000, type),
    count: (requestId, type) => events.items.filter(of(requestId, type)).length,
    close: async () => {
      await relayed.close();
      await watcher.close();
      await proxy.stop();
      await running.stop();
      await secure.stop();
    },
  };
}
