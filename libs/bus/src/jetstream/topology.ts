import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { BusUnavailableError, ConfigError, DLQ_PREFIX, MedagentError, SUBJECT_PREFIX } from '@medagent/contracts';
import type { ConsumerSpec } from '../port';
import { asBusUnavailable } from './connection';

export interface TopologyNames {
  /** Work + audit stream over `medagent.>`. */
  stream: string;
  /** Dead letters over `medagent_dlq.>`. */
  dlqStream: string;
  /** Captured MAX_DELIVERIES advisories of the work stream, so none is lost while no watcher runs. */
  advisoryStream: string;
  /** Durable on the advisory stream shared by every bus instance. */
  advisoryConsumer: string;
  /** Object store bucket for payloads over the inline limit. */
  payloadBucket: string;
}

export const DEFAULT_TOPOLOGY: TopologyNames = {
  stream: 'MEDAGENT',
  dlqStream: 'MEDAGENT_DLQ',
  advisoryStream: 'MEDAGENT_ADVISORIES',
  advisoryConsumer: 'medagent_dlq_watcher',
  payloadBucket: 'medagent_payloads',
};

export interface TopologyLimits {
  dedupWindowMs: number;
  /** How long the work stream keeps events for replay and audit. */
  maxAgeMs: number;
  dlqMaxAgeMs: number;
  storage: 'file' | 'memory';
  /**
   * Copies of each stream (and of the KV and payload buckets the runtime opens) in a
   * JetStream cluster: 1 on a single server, 3 for a cluster that survives losing a node.
   * With 1, a cluster still moves clients to a live node, but a stream on the dead node is
   * gone until it returns.
   */
  replicas: number;
}

export const DEFAULT_LIMITS: TopologyLimits = {
  dedupWindowMs: 2 * 60_000,
  maxAgeMs: 7 * 24 * 3600_000,
  dlqMaxAgeMs: 30 * 24 * 3600_000,
  storage: 'file',
  replicas: 1,
};

export function maxDeliveriesAdvisorySubject(stream: string, consumer = '*'): string {
  return `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${consumer}`;
}

/**
 * Retention choice for the work stream: LIMITS, not WORK_QUEUE or INTEREST.
 * - WORK_QUEUE forbids two consumers whose filters overlap (server 2.9 rejects the second),
 *   yet the coordinator, the workers and replay tooling all read overlapping subjects.
 * - INTEREST drops a message at once when no consumer exists yet, which would lose events
 *   published before a worker first starts, and leaves nothing to replay.
 * - LIMITS keeps every event until max age, so the same stream is the audit log that
 *   `medagent replay` reads. Work-queue behaviour comes from durable pull consumers with
 *   explicit acks shared by all instances; acked messages simply stay for audit.
 */
function streamConfigs(n: TopologyNames, l: TopologyLimits): Array<Partial<StreamConfig> & { name: string }> {
  const storage = l.storage === 'memory' ? StorageType.Memory : StorageType.File;
  return [
    {
      name: n.stream,
      subjects: [`${SUBJECT_PREFIX}.>`],
      retention: RetentionPolicy.Limits,
      storage,
      num_replicas: l.replicas,
      max_age: nanos(l.maxAgeMs),
      duplicate_window: nanos(l.dedupWindowMs),
    },
    {
      name: n.dlqStream,
      subjects: [`${DLQ_PREFIX}.>`],
      retention: RetentionPolicy.Limits,
      storage,
      num_replicas: l.replicas,
      max_age: nanos(l.dlqMaxAgeMs),
      duplicate_window: nanos(l.dedupWindowMs),
    },
    {
      // One consumer only, so work-queue retention is allowed and keeps it small.
      name: n.advisoryStream,
      subjects: [maxDeliveriesAdvisorySubject(n.stream, '>')],
      retention: RetentionPolicy.Workqueue,
      storage,
      num_replicas: l.replicas,
      max_age: nanos(l.dlqMaxAgeMs),
    },
  ];
}

/** See `JetStreamBusOptions.topologyMode`. */
export type TopologyMode = 'declare' | 'await' | 'none';

export const DEFAULT_TOPOLOGY_WAIT_MS = 60_000;

function isNotFound(e: unknown): boolean {
  return e instanceof JetStreamApiError && (e.code === 10059 || e.code === 10014);
}

/** 10074: a server running alone refuses more than one copy. Say what to change. */
function notClustered(e: unknown, l: TopologyLimits): ConfigError | undefined {
  if (!(e instanceof JetStreamApiError && e.code === 10074)) return undefined;
  return new ConfigError(`${l.replicas} stream replicas need a JetStream cluster; this server runs alone (use 1)`, { cause: e });
}

/** Creates or updates the streams; safe to run from every owner instance at every start-up. */
export async function declareTopology(jsm: JetStreamManager, n: TopologyNames, l: TopologyLimits): Promise<void> {
  for (const cfg of streamConfigs(n, l)) {
    try {
      const info = await jsm.streams.info(cfg.name);
      const { retention: _r, storage: _s, num_replicas: replicas, ...mutable } = cfg;
      if (info.config.retention !== cfg.retention) {
        throw new ConfigError(`stream ${cfg.name} exists with retention ${info.config.retention}, expected ${cfg.retention}`);
      }
      // Never rescaled from here: one instance started with another setting would move every
      // stream (a scale-down deletes the consumers' state on the dropped peers). An operator
      // rescales with `nats stream edit`, then changes the setting.
      if ((info.config.num_replicas || 1) !== replicas) {
        throw new ConfigError(
          `stream ${cfg.name} has ${info.config.num_replicas || 1} replicas, configured ${replicas ?? 1}: ` +
            `rescale it with \`nats stream edit ${cfg.name} --replicas N\` or change the setting (MEDAGENT_NATS_REPLICAS)`,
        );
      }
      // Update only on a real difference: a no-op update still needs stream-admin permission,
      // which the services' NATS users should not hold.
      const differs = Object.entries(mutable).some(([k, v]) => JSON.stringify((info.config as unknown as Record<string, unknown>)[k]) !== JSON.stringify(v));
      if (differs) await jsm.streams.update(cfg.name, mutable);
    } catch (e) {
      if (!isNotFound(e)) throw notClustered(e, l) ?? e;
      try {
        await jsm.streams.add(cfg);
      } catch (addErr) {
        const misconfigured = notClustered(addErr, l);
        if (misconfigured) throw misconfigured;
        // Another instance created it between our info and add: that is the same outcome.
        if (!(addErr instanceof JetStreamApiError && addErr.code === 10058)) throw addErr;
      }
    }
  }
  await ensureDurable(jsm, n.advisoryStream, {
    durable: n.advisoryConsumer,
    subject: maxDeliveriesAdvisorySubject(n.stream, '>'),
    maxDeliver: 20,
    ackWaitMs: 30_000,
  });
}

/**
 * For a process whose NATS user may not administer streams (the lead, the workers): waits
 * until the owner (the coordinator, `declareTopology`) has created the work and dead-letter
 * streams, so services may start in any order. Only their existence is checked; their
 * configuration is the owner's. Past `timeoutMs` start-up fails, naming the missing stream.
 */
export async function awaitTopology(jsm: JetStreamManager, n: TopologyNames, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const name of [n.stream, n.dlqStream]) {
    for (let delayMs = 50; ; delayMs = Math.min(delayMs * 2, 1000)) {
      try {
        await jsm.streams.info(name);
        break;
      } catch (e) {
        // In a cluster, a stream being created (or electing) times out or has no responder
        // for a while: the same "not there yet" as not found.
        const unanswered = asBusUnavailable(e, `start-up: reading stream ${name}`);
        if (!isNotFound(e) && !(unanswered instanceof MedagentError && unanswered.retryable)) throw unanswered;
        const left = deadline - Date.now();
        if (left <= 0) {
          if (!isNotFound(e)) throw unanswered;
          throw new BusUnavailableError(`stream ${name} does not exist after ${timeoutMs} ms: the coordinator declares the topology, is it running?`, { cause: e });
        }
        await new Promise((r) => setTimeout(r, Math.min(delayMs, left)));
      }
    }
  }
}

/**
 * A durable pull consumer, deliver-all (retained messages reach a consumer created late),
 * explicit ack. Every instance calls this with the same name and so shares the work.
 */
export async function ensureDurable(jsm: JetStreamManager, stream: string, spec: ConsumerSpec): Promise<void> {
  const wanted = {
    ack_wait: nanos(spec.ackWaitMs),
    max_deliver: spec.maxDeliver,
    // The server's own redelivery clock must not outpace the instance concurrency.
    max_ack_pending: Math.max(1000, (spec.concurrency ?? 1) * 50),
  };
  try {
    const info = await jsm.consumers.info(stream, spec.durable);
    if (info.config.filter_subject !== spec.subject) {
      throw new ConfigError(
        `durable ${spec.durable} already filters ${info.config.filter_subject ?? '(none)'}, not ${spec.subject}`,
      );
    }
    const c = info.config;
    if (c.ack_wait !== wanted.ack_wait || c.max_deliver !== wanted.max_deliver) {
      await jsm.consumers.update(stream, spec.durable, wanted);
    }
  } catch (e) {
    if (!isNotFound(e)) throw e;
    await jsm.consumers.add(stream, {
      durable_name: spec.durable,
      filter_subject: spec.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...wanted,
    });
  }
}
