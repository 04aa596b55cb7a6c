import type { INestMicroservice, LogLevel } from '@nestjs/common';
import { SERVICE_IDS, type ServiceId } from '@medagent/contracts';
import { EventSigner, EventVerifier, InMemoryKvStore, InProcessBus, type Bus, type KvStore } from '@medagent/bus';
import { InMemoryMemoryStore, type MemoryStore } from '@medagent/memory';
import { startTelemetry } from '@medagent/telemetry';
import { MedagentClient } from './client';
import { loadRuntimeConfig, type RuntimeConfig } from './config';
import { startService, type ServiceDeps } from './services';
import { countDeadLetter } from './infra';
import { IDENTITY_PRODUCERS, type BusIdentity } from './bus-identity';

export interface EmbeddedOptions extends Partial<Omit<ServiceDeps, 'bus' | 'kv' | 'memory' | 'runtime'>> {
  runtime?: RuntimeConfig;
  memory?: MemoryStore;
  /** Request state (default: a fresh in-memory store). */
  kv?: KvStore;
  /** The bus (default: a fresh in-process bus); tests wrap one to inject failures. */
  bus?: InProcessBus;
  services?: readonly ServiceId[];
  logLevels?: LogLevel[] | false;
  /**
   * Sign and verify events in process too, each service with an ephemeral key of its own (the
   * distributed code path; off by default: one process is one trust domain, and the cost is
   * measured in libs/bus/README.md). Ignored when `bus` is given.
   */
  signing?: boolean;
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
  const signers = opts.signing && !opts.bus ? ephemeralSigners() : undefined;
  const bus = opts.bus ?? new InProcessBus({ onDeadLetterStored: countDeadLetter, ...(signers ? { security: { verifier: signers.verifier } } : {}) });
  const kv = opts.kv ?? new InMemoryKvStore();
  const memory = opts.memory ?? new InMemoryMemoryStore();
  const deps: ServiceDeps = { ...opts, bus, kv, memory, runtime, logLevels: opts.logLevels ?? false };
  const apps = new Map<ServiceId, INestMicroservice>();
  const busOf = (id: BusIdentity): Bus => (signers ? bus.as(signers.of(id)) : bus);
  for (const name of opts.services ?? SERVICE_IDS) apps.set(name, await startService(name, { ...deps, bus: busOf(name) }));
  const client = new MedagentClient(busOf('ingress'));
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

/** One throwaway key per identity and a verifier trusting exactly those (embedded signing). */
function ephemeralSigners(): { of(id: BusIdentity): EventSigner; verifier: EventVerifier } {
  const ids = Object.keys(IDENTITY_PRODUCERS) as BusIdentity[];
  const keys = new Map(ids.map((id) => [id, EventSigner.ephemeral()] as const));
  const verifier = EventVerifier.trusting(Object.fromEntries(ids.map((id) => [id, { signer: keys.get(id) as EventSigner, producers: IDENTITY_PRODUCERS[id] }])));
  return { of: (id) => keys.get(id) as EventSigner, verifier };
}
