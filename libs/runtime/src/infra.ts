import { InMemoryKvStore, InProcessBus, JetStreamBus, JetStreamKvStore, type Bus, type KvStore } from '@medagent/bus';
import { InMemoryMemoryStore, RedisMemoryStore, type MemoryStore } from '@medagent/memory';
import { medagentMetrics } from '@medagent/telemetry';
import type { RuntimeConfig } from './config';

export interface Infra {
  mode: 'embedded' | 'distributed';
  bus: Bus;
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
    const bus = new InProcessBus();
    return {
      mode: 'embedded',
      bus,
      kv: new InMemoryKvStore(),
      memory,
      close: async () => {
        await bus.close();
        await memory.close();
      },
    };
  }
  const nats = natsConnectParts(cfg.natsUrl);
  const ownsState = serviceName === 'coordinator' || serviceName === 'all';
  const bus = await JetStreamBus.connect({
    ...nats,
    name: `${serviceName}:${process.pid}`,
    // The coordinator declares the streams and, with them, runs the dead-letter watcher (it
    // owns request outcomes); the others wait for the streams (their NATS users may not
    // administer them, deploy/nats/permissions.conf), so services start in any order.
    topologyMode: ownsState ? 'declare' : 'await',
    topologyWaitMs: cfg.topologyWaitMs,
    reconnectWaitMs: cfg.natsReconnectWaitMs,
    connectWaitMs: cfg.natsConnectWaitMs,
    limits: { replicas: cfg.natsReplicas },
  });
  // Only the coordinator holds request state; other services' users cannot open the bucket.
  const kv = ownsState ? await JetStreamKvStore.open(bus.nc, REQUEST_BUCKET, { history: 5, replicas: cfg.natsReplicas, waitMs: cfg.natsConnectWaitMs }) : new InMemoryKvStore();
  return {
    mode: 'distributed',
    bus,
    kv,
    memory,
    close: async () => {
      await bus.close();
      await memory.close();
    },
  };
}
