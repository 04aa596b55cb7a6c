import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestMicroservice, LogLevel } from '@nestjs/common';
import { isWorkerRole, type ServiceId, type WorkerRole } from '@medagent/contracts';
import { BusTransportServer, type Bus, type KvStore } from '@medagent/bus';
import type { ChatModel } from '@medagent/agent';
import type { MemoryStore } from '@medagent/memory';
import { CoordinatorModule, loadCoordinatorConfig, type CoordinatorConfig, type SafetyBoundary } from '@medagent/coordinator-core';
import { LeadModule } from '@medagent/lead-core';
import { WorkerModule } from '@medagent/worker-core';
import { defaultKnowledgeService, type KnowledgeService } from '@medagent/skills';
import { ElasticsearchRetriever } from '@medagent/knowledge';
import { chatModelFor } from './models';
import type { RuntimeConfig } from './config';

export interface ServiceDeps {
  bus: Bus;
  kv: KvStore;
  memory: MemoryStore;
  runtime: RuntimeConfig;
  coordinator?: CoordinatorConfig;
  /** Overrides for tests and benchmarks. */
  workerModel?: ChatModel;
  leadModel?: ChatModel;
  boundary?: SafetyBoundary;
  knowledge?: KnowledgeService;
  logLevels?: LogLevel[] | false;
}

/** Models injected instead of the configured ones (the benchmarks' fake model). */
export type ModelOverrides = Pick<ServiceDeps, 'workerModel' | 'leadModel'>;

export function serviceModule(name: ServiceId, deps: ServiceDeps): DynamicModule {
  if (name === 'coordinator') {
    return CoordinatorModule.register({
      bus: deps.bus,
      kv: deps.kv,
      memory: deps.memory,
      config: deps.coordinator ?? loadCoordinatorConfig(),
      ...(deps.boundary ? { boundary: deps.boundary } : {}),
    });
  }
  if (name === 'lead') {
    // With a model configured (openai, or one injected such as the benchmark's fake) the lead plans and synthesises
    // through it too: three sequential model steps per complex request.
    const model = deps.leadModel ?? (deps.runtime.model === 'offline' ? undefined : chatModelFor('lead', deps.runtime));
    return LeadModule.register({ bus: deps.bus, ...(model ? { planModel: model, synthModel: model } : {}) });
  }
  const role = name.slice('worker-'.length);
  const knowledge = deps.knowledge ?? knowledgeFor(deps.runtime);
  if (!isWorkerRole(role)) throw new Error(`unknown service ${name}`);
  return WorkerModule.forRole({
    role: role as WorkerRole,
    bus: deps.bus,
    memory: deps.memory,
    model: deps.workerModel ?? chatModelFor('worker', deps.runtime),
    concurrency: deps.runtime.workerConcurrency,
    ackWaitMs: deps.runtime.workerAckWaitMs,
    ...(knowledge ? { skills: { knowledge } } : {}),
  });
}

/** One service as a Nest microservice whose transport is the bus (in-process or JetStream). */
export async function startService(name: ServiceId, deps: ServiceDeps): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(serviceModule(name, deps), {
    strategy: new BusTransportServer(deps.bus, {
      maxDeliver: 5,
      ackWaitMs: 30_000,
      ...(name === 'lead' ? { concurrency: deps.runtime.leadConcurrency } : {}),
    }),
    logger: deps.logLevels ?? ['error', 'warn'],
    abortOnError: false,
  });
  await app.listen();
  return app;
}

/**
 * ELASTICSEARCH_URL switches retrieval to the cluster (index `medagent-kb`, filled with
 * `medagent kb ingest --target elasticsearch`). Without an embeddings endpoint the cluster
 * serves BM25 (the `cjk`/`english` multi-fields); the embedded retriever stays the default.
 */
function knowledgeFor(runtime: RuntimeConfig): KnowledgeService | undefined {
  if (!runtime.elasticsearchUrl) return undefined;
  return defaultKnowledgeService({
    retriever: new ElasticsearchRetriever({ node: runtime.elasticsearchUrl, index: 'medagent-kb', embedder: null }),
  });
}
