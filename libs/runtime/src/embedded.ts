import type { INestMicroservice, LogLevel } from '@nestjs/common';
import { SERVICE_IDS, type ServiceId } from '@medagent/contracts';
import { InMemoryKvStore, InProcessBus, type Bus, type KvStore } from '@medagent/bus';
import { InMemoryMemoryStore, type MemoryStore } from '@medagent/memory';
import { startTelemetry } from '@medagent/telemetry';
import { MedagentClient } from './client';
import { loadRuntimeConfig, type RuntimeConfig } from './config';
import { startService, type ServiceDeps } from './services';
import { countDeadLetter } from './infra';

export interface EmbeddedOptions extends Partial<Omit<ServiceDeps, 'bus' | 'kv' | 'memory' | 'runtime'>> {
  runtime?: RuntimeConfig;
  memory?: MemoryStore;
  /** Request state (default: a fresh in-memory store). */
  kv?: KvStore;
  /** The bus (default: a fresh in-process bus); tests wrap one to inject failures. */
  bus?: InProcessBus;
  services?: readonly ServiceId[];
  logLevels?: LogLevel[] | false;
}

export interface EmbeddedRuntime {
  bus: Bus;
  kv: KvStore;
  memory: MemoryStore;
  client: MedagentClient;
  apps: Map<ServiceId, INestMicroservice>;
  close(): Promise<void>;
}

/**
 * All five services in one process over the in-process bus: the same modules, contracts
 * and event flow as the distributed deployment, with in-memory state and memory.
 */
export async function startEmbedded(opts: EmbeddedOptions = {}): Promise<EmbeddedRuntime> {
  startTelemetry({ serviceName: 'medagent-embedded' });
  const runtime = opts.runtime ?? loadRuntimeConfig(process.env, { natsUrl: undefined });
  const bus = opts.bus ?? new InProcessBus({ onDeadLetterStored: countDeadLetter });
  const kv = opts.kv ?? new InMemoryKvStore();
  const memory = opts.memory ?? new InMemoryMemoryStore();
  const deps: ServiceDeps = { ...opts, bus, kv, memory, runtime, logLevels: opts.logLevels ?? false };
  const apps = new Map<ServiceId, INestMicroservice>();
  for (const name of opts.services ?? SERVICE_IDS) apps.set(name, await startService(name, deps));
  const client = new MedagentClient(bus);
  return {
    bus,
    kv,
    memory,
    client,
    apps,
    close: async () => {
      await client.close();
      for (const app of [...apps.values()].reverse()) await app.close();
      await bus.close();
      await memory.close();
    },
  };
}
