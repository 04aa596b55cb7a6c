import { headers as natsHeaders, type NatsConnection, type Subscription as NatsSub } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, PubHeaders, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import {
  BusUnavailableError,
  ConfigError,
  DLQ_PREFIX,
  MAX_INLINE_PAYLOAD_BYTES,
  decodeEvent,
  dlqSubjectFor,
  type Envelope,
} from '@medagent/contracts';
import { HEADER_DEADLINE, HEADER_TRACEPARENT, encodeEnvelope, makeDeadLetter, parseJson, validateSpec } from '../common';
import type {
  Bus,
  BusConnectionState,
  ConsumerHandle,
  ConsumerSpec,
  DeadLetter,
  DeliveryHandler,
  PublishAck,
  PublishOptions,
  Subscription,
} from '../port';
import { PullLoop, type ConsumerHost } from './consumer';
import { AdvisoryWatcher } from './advisories';
import { PayloadStore } from './payloads';
import { PubAckMux } from './pub-ack';
import { coalesceWrites } from './write-coalescing';
import { AckBatcher } from './ack-batching';
import { ConnectionMonitor, asBusUnavailable, connectWaiting, defaultErrorReport, logConnectionEvent, reconnectOptions, retryStartupStep, type ConnectionEvent, type StartupRetryListener } from './connection';
import { readAudit, storedMsgIds, type AuditEvent, type AuditQuery } from './audit';
import { headersToRecord } from './consumer';
import type { BusSecurity } from '../security/signing';
import { DeadLetterReader } from './dead-letters';
import {
  DEFAULT_LIMITS,
  DEFAULT_TOPOLOGY,
  DEFAULT_TOPOLOGY_WAIT_MS,
  awaitTopology,
  declareTopology,
  ensureDurable,
  type TopologyLimits,
  type TopologyMode,
  type TopologyNames,
} from './topology';

export interface JetStreamBusOptions {
  /** nats://host:port (comma-separated for a cluster). */
  servers: string | string[];
  /** Connection name shown in server monitoring (service id + instance). */
  name?: string;
  topology?: Partial<TopologyNames>;
  limits?: Partial<TopologyLimits>;
  /** Payloads above this many bytes go to the object store (default MAX_INLINE_PAYLOAD_BYTES). */
  maxInlineBytes?: number;
  /**
   * What this process does with the streams at start-up (default `declare`):
   * - `declare`: creates them, or updates them on a real difference (the coordinator's job;
   *   its NATS user holds the stream-admin rights);
   * - `await`: waits until they exist, at most `topologyWaitMs`, changing nothing (the lead and
   *   the workers, whose users may not create or update streams);
   * - `none`: touches no JetStream API at all (clients whose users may only publish and
   *   subscribe, such as `ingress`).
   */
  topologyMode?: TopologyMode;
  /** Longest wait for the streams in `await` mode (default 60 s). */
  topologyWaitMs?: number;
  /** Run the MAX_DELIVERIES advisory watcher in this process (default: only in `declare` mode). */
  watchAdvisories?: boolean;
  onError?: (error: unknown) => void;
  /**
   * Connection state changes (lost, restored, closed for good), one call per transition.
   * Default: one line on stderr. The client reconnects forever (see connection.ts).
   */
  onConnection?: (event: ConnectionEvent) => void;
  /** Wait between reconnect attempts (default 2 s, nats.js's own; jittered by the client). */
  reconnectWaitMs?: number;
  /**
   * How long the first connect keeps trying while the broker cannot be reached (default 0:
   * one attempt). Services wait, so one restarted during a broker outage comes up when the
   * broker does instead of crash-looping.
   */
  connectWaitMs?: number;
  /** How long stop()/close() wait for running handlers before giving up on them (default 10 s). */
  drainTimeoutMs?: number;
  /** Told when a start-up step (declaring, binding a durable) is retried; default one stderr line. */
  onStartupRetry?: StartupRetryListener;
  /**
   * Longest time a positive ack waits for the connection's next write (default 20 ms, or
   * MEDAGENT_NATS_ACK_HOLD_MS; 0 sends each ack at once). Must stay far below ack wait.
   */
  ackHoldMs?: number;
  /**
   * Extra connection options (credentials, TLS) passed to `connect`. With a `user` and no
   * `inboxPrefix`, replies arrive on that user's own inbox, `inboxPrefixFor(user)`.
   */
  connectOptions?: Record<string, unknown>;
  /**
   * Event signatures (security/signing.ts): `signer` signs every event this connection
   * publishes, `verifier` checks every event it consumes, observes or reads back; a failure
   * is dead-lettered (consumers) or dropped (observers). Absent: neither (tests of the bus alone).
   */
  security?: BusSecurity;
  /**
   * Told once per dead letter the dead-letter stream STORED from this connection (not for a
   * copy it dropped as a duplicate: racing paths dead-letter one message under one msg id).
   * The runtime counts `medagent_dead_letters_total` here, so the metric matches the stream.
   */
  onDeadLetterStored?: (dl: DeadLetter) => void;
}

const INBOX_USER = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Where a NATS user's replies arrive (publish acks, JetStream API answers, pulled messages):
 * `_INBOX_<user>`. deploy/nats/permissions.conf lets each user subscribe to its own inbox
 * only, so no identity can read another's replies (a KV read of a request record, a fetched
 * task). Any client with a deploy identity must connect with this prefix.
 */
export function inboxPrefixFor(user: string): string {
  if (!INBOX_USER.test(user)) throw new ConfigError(`NATS user ${JSON.stringify(user)} cannot name an inbox: use letters, digits, '_' or '-' (at most 64)`);
  return `_INBOX_${user}`;
}

const DEFAULT_ACK_HOLD_MS = 20;

function ackHoldFromEnv(): number {
  const raw = process.env['MEDAGENT_NATS_ACK_HOLD_MS'];
  if (raw === undefined || raw === '') return DEFAULT_ACK_HOLD_MS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1000) throw new ConfigError(`MEDAGENT_NATS_ACK_HOLD_MS must be an integer 0–1000, got ${raw}`);
  return n;
}

/** 2.9 is the floor: pull consumers with one filter subject, msg-id dedup, KV, object store. */
export const MIN_SERVER_VERSION = '2.9.0';

function assertServerVersion(version: string | undefined): void {
  const [maj = 0, min = 0] = (version ?? '0.0.0').split('.').map((x) => Number.parseInt(x, 10));
  if (maj < 2 || (maj === 2 && min < 9)) {
    throw new ConfigError(`nats-server ${version ?? 'unknown'} is too old: medagent needs ${MIN_SERVER_VERSION}+ with JetStream`);
  }
}

/**
 * The distributed bus: NATS JetStream (server 2.9+). Topology is declared idempotently on
 * start; see topology.ts for the retention choice and README.md for the subjects.
 */
export class JetStreamBus implements Bus {
  readonly kind = 'jetstream' as const;
  private readonly loops = new Set<PullLoop>();
  private readonly subs = new Set<NatsSub>();
  private watcher?: AdvisoryWatcher;
  private closed = false;
  private drainTimeoutMs = 10_000;
  /** How long binding a durable may wait for a broker that cannot answer yet (`connectWaitMs`). */
  private startupWaitMs = 0;
  private onStartupRetry: StartupRetryListener | undefined;
  /** Publishes with ack without nc.request() (see pub-ack.ts); shared with KV stores on nc. */
  private readonly acks: PubAckMux;

  private constructor(
    readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    readonly names: TopologyNames,
    private readonly payloads: PayloadStore,
    private readonly onError: (e: unknown) => void,
    /** Positive acks ride along with the connection's next write (see ack-batching.ts). */
    private readonly ackBatcher: AckBatcher,
    private readonly monitor: ConnectionMonitor,
    private readonly security: BusSecurity = {},
    private readonly onDeadLetterStored: ((dl: DeadLetter) => void) | undefined = undefined,
  ) {
    this.acks = PubAckMux.for(nc);
  }

  connectionState(): BusConnectionState {
    return this.closed ? 'closed' : this.monitor.state;
  }

  onReconnect(listener: () => void): () => void {
    return this.monitor.onReconnect(listener);
  }

  /**
   * Resolves when the connection ended for good without `close()` (the client reconnects
   * forever, so only a fatal refusal gets here): the process cannot work any more and should
   * exit so its supervisor starts a fresh one.
   */
  lost(): Promise<Error> {
    return this.monitor.lost;
  }

  static async connect(opts: JetStreamBusOptions): Promise<JetStreamBus> {
    const names = { ...DEFAULT_TOPOLOGY, ...opts.topology };
    const limits = { ...DEFAULT_LIMITS, ...opts.limits };
    // Read before connecting: a bad value fails start-up without opening a connection.
    const ackHoldMs = opts.ackHoldMs ?? ackHoldFromEnv();
    const user = opts.connectOptions?.['user'];
    const inbox = typeof user === 'string' && opts.connectOptions?.['inboxPrefix'] === undefined ? { inboxPrefix: inboxPrefixFor(user) } : {};
    let nc: NatsConnection;
    try {
      // Async traces build an Error (stack capture) for every request/publish: ~10 % of a busy
      // coordinator's CPU. Off unless MEDAGENT_NATS_ASYNC_TRACES=1 asks for them while debugging.
      const noAsyncTraces = process.env['MEDAGENT_NATS_ASYNC_TRACES'] !== '1';
      const reconnect = reconnectOptions(opts.reconnectWaitMs);
      nc = await connectWaiting(
        { servers: opts.servers, name: opts.name ?? 'medagent', noAsyncTraces, ...reconnect, ...inbox, ...opts.connectOptions },
        opts.connectWaitMs ?? 0,
        reconnect.reconnectTimeWait,
      );
    } catch (e) {
      throw new BusUnavailableError(`cannot connect to NATS at ${String(opts.servers)}: ${(e as Error).message}`, { cause: e });
    }
    if (process.env['MEDAGENT_NATS_COALESCE_WRITES'] !== '0') coalesceWrites(nc);
    // From the first moment, so a broker lost while waiting for the topology is seen too.
    const monitor = new ConnectionMonitor(nc, opts.onConnection ?? logConnectionEvent(opts.name ?? 'medagent'));
    try {
      assertServerVersion(nc.info?.version);
      const mode = opts.topologyMode ?? 'declare';
      // Start-up steps are idempotent: retried while the broker cannot answer yet, within the
      // same budget as the first connection.
      const startupWaitMs = opts.connectWaitMs ?? 0;
      const until = Date.now() + startupWaitMs;
      // `checkAPI` asks the server for account info ($JS.API.INFO), which `none` users may not.
      const retried = opts.onStartupRetry;
      const jsm = await retryStartupStep('start-up: JetStream API', () => jetstreamManager(nc, { checkAPI: mode !== 'none' }), until, retried);
      if (mode === 'declare') await retryStartupStep('start-up: declaring the streams', () => declareTopology(jsm, names, limits), until, retried);
      else if (mode === 'await') await awaitTopology(jsm, names, Math.max(opts.topologyWaitMs ?? DEFAULT_TOPOLOGY_WAIT_MS, startupWaitMs));
      const js = jetstream(nc);
      const payloads = new PayloadStore(js, names.payloadBucket, opts.maxInlineBytes ?? MAX_INLINE_PAYLOAD_BYTES, limits.maxAgeMs, limits.replicas);
      const onError = opts.onError ?? defaultErrorReport(opts.name ?? 'medagent');
      const bus = new JetStreamBus(nc, js, jsm, names, payloads, onError, new AckBatcher(nc, ackHoldMs), monitor, opts.security, opts.onDeadLetterStored);
      if (opts.drainTimeoutMs !== undefined) bus.drainTimeoutMs = opts.drainTimeoutMs;
      bus.startupWaitMs = startupWaitMs;
      if (retried) bus.onStartupRetry = retried;
      if (opts.watchAdvisories ?? mode === 'declare') {
        bus.watcher = new AdvisoryWatcher(js, jsm, names, (seq, consumer, deliveries) =>
          bus.deadLetterFromAdvisory(seq, consumer, deliveries),
        );
        const watcher = bus.watcher;
        await retryStartupStep('start-up: binding the advisory reader', () => watcher.start(onError), until, retried);
      }
      return bus;
    } catch (e) {
      monitor.expectClose();
      await nc.close();
      throw e;
    }
  }

  /** Pending work per durable (what KEDA scales on): undelivered plus unacknowledged. */
  async consumerLag(): Promise<{ durable: string; pending: number; ack_pending: number }[]> {
    this.assertOpen();
    const out: { durable: string; pending: number; ack_pending: number }[] = [];
    for await (const ci of this.jsm.consumers.list(this.names.stream)) {
      out.push({ durable: ci.name, pending: ci.num_pending, ack_pending: ci.num_ack_pending });
    }
    return out;
  }

  storedMsgIds(subject: string, since: Date, reader: string): Promise<Set<string>> {
    this.assertOpen();
    return storedMsgIds(this.jsm, this.js, this.names.stream, { subject, since, reader });
  }

  async storedEvents(subject: string, since: Date, reader: string): Promise<Envelope[]> {
    return (await this.audit({ since, subject, reader })).map((e) => e.envelope);
  }

  /** Events from the audit stream (replay, rerun); see audit.ts. */
  audit(q: AuditQuery): Promise<AuditEvent[]> {
    this.assertOpen();
    return readAudit(this.jsm, this.js, this.names.stream, this.payloads, q, this.security.verifier).catch((e: unknown) => {
      throw asBusUnavailable(e, `read of ${this.names.stream}`);
    });
  }

  async publish(subject: string, envelope: Envelope<object>, opts?: PublishOptions): Promise<PublishAck> {
    // W3C trace context travels in the NATS headers too, for tools that read only headers.
    const headers = { ...(envelope.traceparent ? { [HEADER_TRACEPARENT]: envelope.traceparent } : {}), ...opts?.headers };
    // Encode once: an envelope within the inline limit cannot hold an over-limit payload.
    const bytes = encodeEnvelope(envelope);
    if (envelope.payload === undefined || bytes.byteLength <= this.payloads.inlineLimit) {
      return this.publishRaw(subject, bytes, { ...opts, headers });
    }
    const wire = await this.payloads.offload(envelope);
    return this.publishRaw(subject, wire === envelope ? bytes : encodeEnvelope(wire), { ...opts, headers });
  }

  async publishRaw(subject: string, data: Uint8Array, opts: PublishOptions = {}): Promise<PublishAck> {
    this.assertOpen();
    const h = natsHeaders();
    const record: Record<string, string> = { ...opts.headers };
    if (opts.deadlineAt !== undefined) record[HEADER_DEADLINE] = opts.deadlineAt;
    this.security.signer?.sign(subject, record, data);
    for (const [k, v] of Object.entries(record)) h.set(k, v);
    if (opts.msgId !== undefined) h.set(PubHeaders.MsgIdHdr, opts.msgId);
    if (opts.confirm === false) {
      // Observer events: stored and deduplicated by the stream all the same, but unawaited.
      this.acks.publishUnconfirmed(subject, data, h);
      return { duplicate: false, seq: 0 };
    }
    const ack = await this.acks.publish(subject, data, h);
    return { duplicate: ack.duplicate, seq: ack.seq };
  }

  async consume(spec: ConsumerSpec, handler: DeliveryHandler): Promise<ConsumerHandle> {
    this.assertOpen();
    validateSpec(spec);
    const consumer = await retryStartupStep(
      `binding durable ${spec.durable}`,
      async () => {
        await ensureDurable(this.jsm, this.names.stream, spec);
        return this.js.consumers.get(this.names.stream, spec.durable);
      },
      Date.now() + this.startupWaitMs,
      this.onStartupRetry,
    );
    const loop = new PullLoop(consumer, { ...spec }, handler, this.host);
    this.loops.add(loop);
    loop.start();
    let stopping: Promise<void> | undefined;
    return {
      stop: () =>
        (stopping ??= loop.stop(this.drainTimeoutMs).finally(() => {
          this.loops.delete(loop);
        })),
    };
  }

  async subscribe(subject: string, handler: (envelope: Envelope, subject: string) => void): Promise<Subscription> {
    this.assertOpen();
    // Keep publish order even though payload_ref resolution is asynchronous.
    let chain = Promise.resolve();
    const sub = this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return this.onError(err);
        chain = chain.then(async () => {
          const env = await this.decodeObserved(msg.data, msg.subject, msg.headers);
          if (env) handler(env, msg.subject);
        }).catch((e: unknown) => this.onError(e));
      },
    });
    return this.track(sub);
  }

  async subscribeDeadLetters(handler: (dl: DeadLetter) => void): Promise<Subscription> {
    this.assertOpen();
    const sub = this.nc.subscribe(`${DLQ_PREFIX}.>`, {
      callback: (err, msg) => {
        if (err) return this.onError(err);
        try {
          handler(parseJson(msg.data) as DeadLetter);
        } catch (e) {
          this.onError(e);
        }
      },
    });
    return this.track(sub);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.monitor.expectClose();
    await Promise.all([...this.loops].map((l) => l.stop(this.drainTimeoutMs)));
    this.ackBatcher.flush();
    await this.watcher?.stop();
    await this.nc.drain().catch(() => this.nc.close());
  }

  private async track(sub: NatsSub): Promise<Subscription> {
    this.subs.add(sub);
    // Flush so the server knows the interest before the caller publishes anything.
    await this.nc.flush();
    return {
      unsubscribe: async () => {
        this.subs.delete(sub);
        if (!sub.isClosed()) await sub.drain();
      },
    };
  }

  private async decodeObserved(data: Uint8Array, subject: string, headers: Parameters<typeof headersToRecord>[0]): Promise<Envelope | undefined> {
    try {
      const raw = parseJson(data);
      if (this.security.verifier?.verify(subject, headersToRecord(headers), data, raw)) return undefined;
      const resolved = await this.payloads.resolve(raw);
      return decodeEvent(raw, resolved === undefined ? { owned: true } : { resolvedPayload: resolved, owned: true });
    } catch {
      return undefined;
    }
  }

  private assertOpen(): void {
    if (this.closed || this.nc.isClosed()) throw new BusUnavailableError('JetStream bus is closed');
  }

  private readonly host: ConsumerHost = {
    resolvePayload: (raw) => this.payloads.resolve(raw),
    deadLetter: (msg, durable, fields) => this.publishDeadLetter(msg.subject, msg.seq, durable, fields),
    // A pull that fails while the broker is out of reach is expected (the outage was logged
    // once, and the loop resumes after reconnect); only failures on a live connection are news.
    onError: (e) => {
      if (this.monitor.state === 'connected') this.onError(e);
    },
    isClosed: () => this.closed || this.nc.isClosed(),
    ack: (msg) => this.ackBatcher.ack(msg),
    verify: (subject, headers, data, raw) => this.security.verifier?.verify(subject, headers, data, raw),
  };

  /**
   * The msg id is derived from (stream seq, durable): the consumer loop, a redelivery after
   * a crash and the advisory watcher may all try to dead-letter one message; one survives.
   * The original Nats-Msg-Id is never reused (that publish would be dropped as a duplicate).
   */
  private async publishDeadLetter(
    subject: string,
    seq: number,
    durable: string,
    fields: Omit<DeadLetter, 'original_subject' | 'dead_lettered_at'>,
  ): Promise<void> {
    const dl = makeDeadLetter(subject, { ...fields, stream_seq: seq });
    const h = natsHeaders();
    h.set('Medagent-Dead-Letter-Code', dl.code);
    const ack = await this.js.publish(dlqSubjectFor(subject), new TextEncoder().encode(JSON.stringify(dl)), {
      msgID: `dl.${this.names.stream}.${seq}.${durable}`,
      headers: h,
    });
    if (!ack.duplicate) this.onDeadLetterStored?.(dl);
  }

  /** The dead-letter stream, read by sequence (`medagent dlq`); see dead-letters.ts. */
  deadLetters(): DeadLetterReader {
    this.assertOpen();
    return new DeadLetterReader(this.jsm, this.names);
  }

  /** Whether this connection checks signatures (a trust map was given). */
  get verifiesEvents(): boolean {
    return this.security.verifier !== undefined;
  }

  /** Checks a stored message as a consumer would (signature, producer); undefined when it passes or nothing checks. */
  verifyStored(subject: string, headers: Record<string, string>, data: Uint8Array): { code: string; reason: string } | undefined {
    let raw: unknown;
    try {
      raw = parseJson(data);
    } catch {
      raw = undefined;
    }
    return this.security.verifier?.verify(subject, headers, data, raw);
  }

  /** A MAX_DELIVERIES advisory: the last attempt expired (worker hung or was killed). */
  private async deadLetterFromAdvisory(seq: number, durable: string, deliveries: number): Promise<void> {
    const stored = await this.jsm.streams.getMessage(this.names.stream, { seq });
    if (!stored) return; // aged out of the stream: nothing left to dead-letter
    const fields: Omit<DeadLetter, 'original_subject' | 'dead_lettered_at'> = {
      code: 'MAX_DELIVERIES',
      reason: `max deliveries (${deliveries}) exhausted; last attempt: ack wait expired (worker hung or died)`,
      deliveries,
    };
    try {
      const raw = parseJson(stored.data);
      const resolved = await this.payloads.resolve(raw);
      fields.envelope = decodeEvent(raw, resolved === undefined ? {} : { resolvedPayload: resolved });
    } catch {
      fields.raw = new TextDecoder().decode(stored.data);
    }
    await this.publishDeadLetter(stored.subject, seq, durable, fields);
  }
}

