import { InMemoryKvStore, InProcessBus, JetStreamBus, JetStreamKvStore, type Bus, type KvStore } from '@medagent/bus';
import { InMemoryMemoryStore, RedisMemoryStore, type MemoryStore } from '@medagent/memory';
import type { RuntimeConfig } from './config';

export interface Infra {
  mode: 'embedded' | 'distributed';
  bus: Bus;
  kv: KvStore;
  memory: MemoryStore;
  close(): Promise<void>;
}

export const REQUEST_BUCKET = 'medagent_requests';

/** Memory-degraded events are counted here (exported as a metric by the health endpoint). */
export const memoryDegradations = { count: 0 };

/**
 * Distributed infrastructure from configuration: JetStream bus and KV (durable request
 * state, revision-checked), Redis memory with its explicit fallback. Without NATS_URL the
 * process runs in-process infrastructure (one-process embedded use only).
 */
export async function connectInfra(cfg: RuntimeConfig, serviceName: string): Promise<Infra> {
  const memory: MemoryStore = cfg.redisUrl
    ? new RedisMemoryStore({ url: cfg.redisUrl, ttlSeconds: cfg.memoryTtlSeconds, onDegraded: () => void memoryDegradations.count++ })
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
  const bus = await JetStreamBus.connect({ servers: cfg.natsUrl, name: `${serviceName}:${process.pid}` });
  const kv = await JetStreamKvStore.open(bus.nc, REQUEST_BUCKET, { history: 5 });
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
