import type { INestMicroservice } from '@nestjs/common';
import { warmTokenizer } from '@medagent/agent';
import { SERVICE_IDS, type ServiceId } from '@medagent/contracts';
import { medagentMetrics, startMetrics, startTelemetry } from '@medagent/telemetry';
import { JetStreamBus, asBusUnavailable, type Bus } from '@medagent/bus';
import { loadCoordinatorConfig } from '@medagent/coordinator-core';
import { defaultKnowledgeService } from '@medagent/skills';
import { loadRuntimeConfig, type RuntimeConfig } from './config';
import { connectInfra, type Infra } from './infra';
import { startService, type ModelOverrides } from './services';

export type ServeTarget = ServiceId | 'all';

export interface RunningServices {
  infra: Infra;
  apps: Map<ServiceId, INestMicroservice>;
  stop(): Promise<void>;
}

export function isServeTarget(x: string): x is ServeTarget {
  return x === 'all' || (SERVICE_IDS as readonly string[]).includes(x);
}

/**
 * Starts one service (or all five in one process) with configuration from the environment:
 * fails fast on invalid config, connects JetStream/KV/Redis, and stops gracefully on
 * SIGTERM/SIGINT (in-flight handlers finish or are redelivered elsewhere).
 */
export async function serve(target: ServeTarget, runtime: RuntimeConfig = loadRuntimeConfig(), models: ModelOverrides = {}): Promise<RunningServices> {
  const names: ServiceId[] = target === 'all' ? [...SERVICE_IDS] : [target];
  const telemetry = startTelemetry({ serviceName: target === 'all' ? 'medagent' : target, exporter: runtime.tracesExporter });
  const coordinator = names.includes('coordinator') ? loadCoordinatorConfig() : undefined;
  startMetrics();
  const infra = await connectInfra(runtime, target).catch((e: unknown) => {
    throw startupFailure(e);
  });
  if (infra.bus instanceof JetStreamBus && names.includes('coordinator')) observeConsumerLag(infra.bus);
  if (infra.mode === 'embedded' && names.length > 1) process.stderr.write('medagent: embedded mode (no NATS_URL): one process, one trust domain, no bus credentials or event signatures\n');
  observeConnection(infra.bus);
  const apps = new Map<ServiceId, INestMicroservice>();
  try {
    // Build (or load) the retrieval index and the tokenizer before the consumers start, not on
    // the first request: both block the event loop for a while, which would also starve the
    // pull consumers' idle-heartbeat checks ("heartbeats missed" at every worker start).
    if (names.some((n) => n.startsWith('worker-'))) {
      warmTokenizer();
      await defaultKnowledgeService().search('warm-up', { k: 1 });
    }
    for (const name of names) {
      apps.set(name, await startService(name, { bus: infra.busFor(name), kv: infra.kv, memory: infra.memory, runtime, ...models, ...(coordinator ? { coordinator } : {}) }));
    }
  } catch (e) {
    await infra.close();
    throw startupFailure(e);
  }
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const app of [...apps.values()].reverse()) await app.close();
      await infra.close();
      // Flush batched spans: without it the last seconds of traces are lost on SIGTERM.
      await telemetry.shutdown();
    })());
  return { infra, apps, stop };
}

/** Process entry: serve, then exit cleanly on signals. */
export async function runService(target: ServeTarget, models: ModelOverrides = {}): Promise<RunningServices> {
  const running = await serve(target, loadRuntimeConfig(), models);
  const onSignal = (sig: NodeJS.Signals) => {
    process.stderr.write(`medagent ${target}: ${sig}, stopping\n`);
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // The client reconnects through any outage; a connection that still ends (a fatal refusal)
  // leaves a process that can never work again: exit so the supervisor starts a fresh one.
  for (const bus of running.infra.buses) {
    if (!(bus instanceof JetStreamBus)) continue;
    void bus.lost().then((e) => {
      process.stderr.write(`medagent ${target}: ${e.message}; exiting\n`);
      setTimeout(() => process.exit(1), 5000).unref(); // a stop that hangs on the dead connection
      void running.stop().finally(() => process.exit(1));
    });
  }
  process.stderr.write(`medagent ${target}: ready (${running.infra.mode})\n`);
  return running;
}

/** A start-up step the broker did not answer (it went away half-way): named, exit 1, the supervisor retries. */
const startupFailure = (e: unknown): unknown => asBusUnavailable(e, 'start-up');

/** 1 while the bus reaches the broker, 0 while it reconnects or after it closed. */
function observeConnection(bus: Bus): void {
  const gauge = medagentMetrics().meter.createObservableGauge('medagent_bus_connected', {
    description: 'Whether this process reaches the message broker (1) or is reconnecting / closed (0)',
  });
  gauge.addCallback((result) => result.observe(bus.connectionState() === 'connected' ? 1 : 0));
}

/** Consumer lag per durable as a gauge (one observer per deployment: the coordinator's). */
function observeConsumerLag(bus: JetStreamBus): void {
  const gauge = medagentMetrics().meter.createObservableGauge('medagent_consumer_pending', {
    description: 'JetStream messages pending (undelivered + unacked) per durable consumer',
  });
  gauge.addCallback(async (result) => {
    try {
      for (const c of await bus.consumerLag()) result.observe(c.pending + c.ack_pending, { durable: c.durable });
    } catch {
      // the bus is closing: no sample this round
    }
  });
}
