import { InMemoryKvStore, InProcessBus, JetStreamBus, JetStreamKvStore, type Bus, type KvStore } from '@medagent/bus';
import { SERVICE_IDS, type ServiceId } from '@medagent/contracts';
import { busIdentity, type BusIdentity } from './bus-identity';
import { InMemoryMemoryStore, RedisMemoryStore, type MemoryStore } from '@medagent/memory';
import { medagentMetrics } from '@medagent/telemetry';
import type { RuntimeConfig } from './config';

export interface Infra {
  mode: 'embedded' | 'distributed';
  /** The first service's bus (the coordinator's under `serve all`): readiness, lag, metrics. */
  bus: Bus;
  /**
   * Each service's own bus: in distributed mode its own connection, NATS user and signing key
   * (`serve all` opens five); in embedded mode all share the in-process bus.
   */
  busFor(service: ServiceId): Bus;
  /** Every connection this process holds (one per service in distributed mode). */
  buses: Bus[];
  kv: KvStore;
  memory: MemoryStore;
  close(): Promise<void>;
}

export const REQUEST_BUCKET = 'medagent_requests';

/**
 * Distributed infrastructure from configuration: JetStream bus and KV (durable request
 * state, revision-checked), Redis memory with its explicit fallback. Without NATS_URL the
 * process runs in-process infrastructure (one-process embedded use only).
 */
/**
 * Credentials embedded in NATS_URL (nats://user:pass@host) are passed as connect options:
 * the client ignores them in the URL, and the URL without them is what errors may show.
 */
export function natsConnectParts(url: string): { servers: string | string[]; connectOptions?: { user: string; pass?: string } } {
  // A comma-separated list names the nodes of a cluster (as the nats CLI takes it); the
  // credentials ride on the first URL that has them and hold for every node.
  const parts = url.split(',').map((p) => p.trim()).filter(Boolean).map(oneNatsUrl);
  const servers = parts.map((p) => p.server);
  const creds = parts.find((p) => p.connectOptions)?.connectOptions;
  return { servers: servers.length === 1 ? (servers[0] ?? url) : servers, ...(creds ? { connectOptions: creds } : {}) };
}

function oneNatsUrl(url: string): { server: string; connectOptions?: { user: string; pass?: string } } {
  try {
    const u = new URL(url);
    if (!u.username) return { server: url };
    const user = decodeURIComponent(u.username);
    const pass = decodeURIComponent(u.password);
    u.username = '';
    u.password = '';
    return { server: u.toString().replace(/\/$/, ''), connectOptions: { user, ...(pass ? { pass } : {}) } };
  } catch {
    return { server: url };
  }
}

export async function connectInfra(cfg: RuntimeConfig, serviceName: string): Promise<Infra> {
  const memory: MemoryStore = cfg.redisUrl
    ? new RedisMemoryStore({ url: cfg.redisUrl, ttlSeconds: cfg.memoryTtlSeconds, onDegraded: () => medagentMetrics().memoryDegraded.add(1) })
    : new InMemoryMemoryStore();
  if (!cfg.natsUrl) {
    const bus = new InProcessBus({ onDeadLetterStored: countDeadLetter });
    return {
      mode: 'embedded',
      bus,
      busFor: () => bus,
      buses: [bus],
      kv: new InMemoryKvStore(),
      memory,
      close: async () => {
        await bus.close();
        await memory.close();
      },
    };
  }
  const names: ServiceId[] = serviceName === 'all' ? [...SERVICE_IDS] : (SERVICE_IDS as readonly string[]).includes(serviceName) ? [serviceName as ServiceId] : [];
  if (names.length === 0) throw new Error(`connectInfra: unknown service ${serviceName}`);
  // Resolve every identity before opening any connection: a missing secret fails start-up at once.
  const identities = names.map((n) => busIdentity(cfg, n as BusIdentity, { singleIdentity: names.length === 1 }));
  const buses = new Map<ServiceId, JetStreamBus>();
  const closeAll = () => Promise.all([...buses.values()].map((b) => b.close()));
  try {
    // The coordinator first (SERVICE_IDS order): it declares the streams the others wait for.
    for (const [i, name] of names.entries()) buses.set(name, await connectService(cfg, name, identities[i] as ReturnType<typeof busIdentity>));
  } catch (e) {
    await closeAll();
    throw e;
  }
  const first = buses.get(names[0] as ServiceId) as JetStreamBus;
  const coordinatorBus = buses.get('coordinator');
  // Only the coordinator holds request state; other services' users cannot open the bucket.
  const kv = coordinatorBus ? await JetStreamKvStore.open(coordinatorBus.nc, REQUEST_BUCKET, { history: 5, replicas: cfg.natsReplicas, waitMs: cfg.natsConnectWaitMs }) : new InMemoryKvStore();
  return {
    mode: 'distributed',
    bus: first,
    busFor: (n) => {
      const b = buses.get(n);
      if (!b) throw new Error(`no bus for ${n} in this process`);
      return b;
    },
    buses: [...buses.values()],
    kv,
    memory,
    close: async () => {
      await closeAll();
      await memory.close();
    },
  };
}

async function connectService(cfg: RuntimeConfig, name: ServiceId, id: ReturnType<typeof busIdentity>): Promise<JetStreamBus> {
  const nats = natsConnectParts(cfg.natsUrl ?? '');
  const ownsState = name === 'coordinator';
  return JetStreamBus.connect({
    ...nats,
    // URL credentials (user/password, MEDAGENT_BUS_AUTH=none only) give way to the identity's nkey.
    connectOptions: { ...(id.auth === 'none' ? nats.connectOptions : {}), ...id.connectOptions },
    security: id.security,
    onDeadLetterStored: countDeadLetter,
    name: `${name}:${process.pid}`,
    // The coordinator declares the streams and, with them, runs the dead-letter watcher (it
    // owns request outcomes); the others wait for the streams (their NATS users may not
    // administer them, deploy/nats/permissions.conf), so services start in any order.
    topologyMode: ownsState ? 'declare' : 'await',
    topologyWaitMs: cfg.topologyWaitMs,
    reconnectWaitMs: cfg.natsReconnectWaitMs,
    connectWaitMs: cfg.natsConnectWaitMs,
    limits: { replicas: cfg.natsReplicas },
  });
}

/** `medagent_dead_letters_total{code}`: what the dead-letter stream stored from this process (not every attempt). */
export function countDeadLetter(dl: { code: string }): void {
  medagentMetrics().deadLetters.add(1, { code: dl.code });
}
