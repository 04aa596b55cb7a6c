import type { Envelope } from '@medagent/contracts';

export interface PublishOptions {
  /** Idempotency key: a second publish with the same id inside the window is a no-op. */
  msgId?: string;
  /** Extra headers (W3C `traceparent` travels here on NATS). */
  headers?: Record<string, string>;
  /** A message consumed after this instant is dead-lettered with DEADLINE_EXCEEDED, not handled. */
  deadlineAt?: string;
  /**
   * false: observer events only (task.started, task.completed). The event is still stored in
   * the stream and deduplicated by `msgId`, but the publisher does not wait for the stream's
   * ack, so a broker failure can lose it. Never for an event that settles or assigns work.
   */
  confirm?: boolean;
}

export interface PublishAck {
  duplicate: boolean;
  /** Stream sequence (JetStream) or a monotonically increasing counter (in-process). */
  seq: number;
}

export interface ConsumerSpec {
  /** Durable consumer name: every instance using the same name shares one work queue. */
  durable: string;
  /** One filter subject (NATS 2.9 allows one per consumer); `*` and `>` wildcards allowed. */
  subject: string;
  /** Total delivery attempts before the message is dead-lettered. */
  maxDeliver: number;
  /** Redelivery happens when a delivery is neither settled nor `working()` within this window. */
  ackWaitMs: number;
  /** nak delays by attempt (1-based index = delivery count); the last value repeats. */
  backoffMs?: number[];
  /** Messages this instance handles at once (default 1). */
  concurrency?: number;
}

export interface Delivery {
  readonly envelope: Envelope;
  readonly subject: string;
  /** 1 on first delivery. */
  readonly deliveryCount: number;
  readonly headers: Readonly<Record<string, string>>;
  /** True once ack / nak / term has been called (later settlements are no-ops). */
  readonly settled?: boolean;
  /** The consumer's maxDeliver, so a handler can tell its last attempt. */
  readonly maxDeliver?: number;
  ack(): Promise<void>;
  /**
   * Redeliver after `delayMs` (default: the consumer's backoff for this attempt). `reason` is
   * remembered and quoted in the MAX_DELIVERIES dead letter if this was the last attempt.
   */
  nak(delayMs?: number, reason?: string): Promise<void>;
  /** Poison: never redeliver; dead-letter now with this reason. */
  term(reason: string): Promise<void>;
  /** Extends the ack deadline of a long-running handler. */
  working(): Promise<void>;
}

export type DeliveryHandler = (delivery: Delivery) => Promise<void>;

export interface ConsumerHandle {
  stop(): Promise<void>;
}

export interface Subscription {
  unsubscribe(): Promise<void>;
}

/** What a dead-letter subject carries. */
export interface DeadLetter {
  original_subject: string;
  reason: string;
  /** Machine-readable: MAX_DELIVERIES, TERMINATED, CONTRACT_VIOLATION, DEADLINE_EXCEEDED, or an error code. */
  code: string;
  deliveries: number;
  event_id?: string;
  correlation_id?: string;
  /** The original bytes (UTF-8) when they were not a valid envelope. */
  raw?: string;
  envelope?: Envelope;
  stream_seq?: number;
  dead_lettered_at: string;
}

/**
 * The bus seam every service talks through. Implementations (in-process, JetStream) must
 * pass the same semantics suite: decode-and-validate on receive (invalid → dead letter),
 * ack / nak(delay) / term, bounded redelivery then dead letter with the reason, ack-wait
 * redelivery, deadline expiry, idempotent publish by msgId, and a shared durable consumer.
 */
/**
 * `connected`: publishes and pulls reach the broker. `reconnecting`: the broker is out of
 * reach and the client keeps trying (publishes fail after their ack timeout, pulls resume by
 * themselves on reconnect). `closed`: `close()` was called, or the connection ended for good.
 */
export type BusConnectionState = 'connected' | 'reconnecting' | 'closed';

export interface Bus {
  readonly kind: 'in-process' | 'jetstream';
  /** Where the bus stands now (readiness probes read it; it never blocks). */
  connectionState(): BusConnectionState;
  /**
   * Calls `listener` each time the connection is back after being away. Core subscriptions
   * (`subscribe`) resume then but never replay what was published meanwhile, so a caller
   * waiting for a live event asks again here. Returns the unsubscribe.
   */
  onReconnect(listener: () => void): () => void;
  /** Accepts any payload type (e.g. buildEvent's TypedEnvelope, whose payload classes have no index signature). */
  publish(subject: string, envelope: Envelope<object>, opts?: PublishOptions): Promise<PublishAck>;
  /** Publishes raw bytes without validation (tests and poison-message tooling only). */
  publishRaw(subject: string, data: Uint8Array, opts?: PublishOptions): Promise<PublishAck>;
  consume(spec: ConsumerSpec, handler: DeliveryHandler): Promise<ConsumerHandle>;
  /** Fan-out observation (progress, SSE, CLI): every subscriber sees every event; no acks. */
  subscribe(subject: string, handler: (envelope: Envelope, subject: string) => void): Promise<Subscription>;
  subscribeDeadLetters(handler: (dl: DeadLetter) => void): Promise<Subscription>;
  /**
   * The msg ids of the events stored on `subject` (wildcards allowed) since `since`, as far
   * back as the duplicate window reaches at least: "was this published already?" after a
   * restart, where publishing again would reach subscribers twice (only the stream drops it).
   * `reader` names the scan's consumer on JetStream, so permissions can pin it.
   */
  storedMsgIds(subject: string, since: Date, reader: string): Promise<Set<string>>;
  /**
   * The valid events stored on `subject` since `since`, in stream order, through the consumer
   * `reader` (as `storedMsgIds`): what a core subscriber may have missed while its connection
   * was away. In process: as far back as the retained log reaches.
   */
  storedEvents(subject: string, since: Date, reader: string): Promise<Envelope[]>;
  close(): Promise<void>;
}
