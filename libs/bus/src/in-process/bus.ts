import { BusUnavailableError, ConfigError, type Envelope } from '@medagent/contracts';
import {
  DEFAULT_DEDUP_WINDOW_MS,
  HEADER_DEADLINE,
  decodeBytes,
  dlqSubjectFor,
  encodeEnvelope,
  subjectMatches,
  validateSpec,
} from '../common';
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
import { ConsumerGroup, type GroupHost, type StoredMessage } from './consumer-group';
import type { BusSecurity, EventSigner } from '../security/signing';
import { SignerView } from './signer-view';

export interface InProcessBusOptions {
  /** How long a msgId is remembered for deduplication (default 2 min, like JetStream). */
  dedupWindowMs?: number;
  /** Retained messages (limits retention): the oldest are dropped beyond this. */
  maxMessages?: number;
  /** Where handler crashes that could not even be settled are reported (default console.error). */
  onError?: (error: unknown) => void;
  /**
   * Event signatures, as on JetStream: `signer` signs what this bus publishes (a per-service
   * view, `as(signer)`, signs with that service's key instead), `verifier` checks what is
   * consumed and observed. Embedded mode runs without (one process, one trust domain).
   */
  security?: BusSecurity;
  /** Told once per dead letter (each is stored once here), as on JetStream. */
  onDeadLetterStored?: (dl: DeadLetter) => void;
}

interface FanOut {
  filter: string;
  handler: (envelope: Envelope, subject: string) => void;
}

/**
 * The embedded-mode bus. It deliberately round-trips every message through bytes and
 * `decodeEvent`, so code that passes here cannot lean on shared object references or skip
 * validation, and behaves the same on JetStream (both run one semantics suite).
 */
export class InProcessBus implements Bus {
  readonly kind = 'in-process' as const;
  private readonly log = new Map<number, StoredMessage>();
  private readonly dedup = new Map<string, { seq: number; at: number }>();
  private readonly groups = new Map<string, ConsumerGroup>();
  private readonly fanOut = new Set<FanOut>();
  private readonly dlqHandlers = new Set<(dl: DeadLetter) => void>();
  private readonly dedupWindowMs: number;
  private readonly maxMessages: number;
  private readonly onError: (error: unknown) => void;
  private readonly host: GroupHost;
  private seq = 0;
  private closed = false;
  private readonly security: BusSecurity;
  private readonly onDeadLetterStored: ((dl: DeadLetter) => void) | undefined;

  constructor(opts: InProcessBusOptions = {}) {
    this.dedupWindowMs = opts.dedupWindowMs ?? DEFAULT_DEDUP_WINDOW_MS;
    this.maxMessages = opts.maxMessages ?? 100_000;
    this.onError = opts.onError ?? ((e) => console.error('[bus] unsettled handler failure', e));
    this.security = opts.security ?? {};
    this.onDeadLetterStored = opts.onDeadLetterStored;
    const verifier = this.security.verifier;
    this.host = {
      message: (seq) => this.log.get(seq),
      deadLetter: (subject, dl) => this.emitDeadLetter(subject, dl),
      onHandlerCrash: (e) => this.onError(e),
      ...(verifier ? { verify: (m: StoredMessage) => verifiedOnce(m, () => verifier.verify(m.subject, m.headers, m.data, tryParse(m.data))) } : {}),
    };
  }

  /** This bus seen by one service: the same log and consumers, its publishes signed with `signer`. */
  as(signer: EventSigner): Bus {
    return new SignerView(this, signer);
  }

  publish(subject: string, envelope: Envelope<object>, opts?: PublishOptions): Promise<PublishAck> {
    return this.publishRaw(subject, encodeEnvelope(envelope), opts);
  }

  /** `opts.confirm` changes nothing here: the publish is synchronous, so its real ack is always known. */
  publishRaw(subject: string, data: Uint8Array, opts: PublishOptions = {}): Promise<PublishAck> {
    return this.publishSigned(subject, data, opts, this.security.signer);
  }

  /** @internal publishRaw with the signer of the calling view. */
  publishSigned(subject: string, data: Uint8Array, opts: PublishOptions, signer: EventSigner | undefined): Promise<PublishAck> {
    if (this.closed) return Promise.reject(new BusUnavailableError('in-process bus is closed'));
    if (/[*>\s]/.test(subject) || subject === '') {
      return Promise.reject(new ConfigError(`cannot publish to "${subject}": wildcards and blanks are not subjects`));
    }
    const now = Date.now();
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.deadlineAt !== undefined) headers[HEADER_DEADLINE] = opts.deadlineAt;
    signer?.sign(subject, headers, data);
    if (opts.msgId !== undefined) {
      this.expireDedup(now);
      const seen = this.dedup.get(opts.msgId);
      if (seen) {
        // Not stored again, but seen live: on NATS the stream drops a duplicate after core
        // routing has delivered it to every subscriber.
        this.fanOutMessage({ seq: seen.seq, subject, data: Uint8Array.from(data), headers });
        return Promise.resolve({ duplicate: true, seq: seen.seq });
      }
    }
    // Copy: the publisher may reuse its buffer; a broker would have sent the bytes already.
    const msg: StoredMessage = { seq: ++this.seq, subject, data: Uint8Array.from(data), headers, at: now };
    this.log.set(msg.seq, msg);
    if (opts.msgId !== undefined) this.dedup.set(opts.msgId, { seq: msg.seq, at: now });
    this.trimLog();
    for (const g of this.groups.values()) if (subjectMatches(g.spec.subject, subject)) g.enqueue(msg.seq);
    this.fanOutMessage(msg);
    return Promise.resolve({ duplicate: false, seq: msg.seq });
  }

  /** From the dedup index, so it reaches back as far as the duplicate window. */
  storedMsgIds(subject: string, since: Date, _reader?: string): Promise<Set<string>> {
    const from = since.getTime();
    const out = new Set<string>();
    for (const [id, e] of this.dedup) {
      const msg = this.log.get(e.seq);
      if (e.at >= from && msg && subjectMatches(subject, msg.subject)) out.add(id);
    }
    return Promise.resolve(out);
  }

  storedEvents(subject: string, since: Date, _reader?: string): Promise<Envelope[]> {
    const from = since.getTime();
    const out: Envelope[] = [];
    for (const msg of this.log.values()) {
      if ((msg.at ?? 0) < from || !subjectMatches(subject, msg.subject)) continue;
      try {
        if (this.host.verify?.(msg)) continue;
        out.push(decodeBytes(msg.data));
      } catch {
        // not a valid event (consumers dead-letter it): nothing a reader should see
      }
    }
    return Promise.resolve(out);
  }

  consume(spec: ConsumerSpec, handler: DeliveryHandler): Promise<ConsumerHandle> {
    if (this.closed) return Promise.reject(new BusUnavailableError('in-process bus is closed'));
    validateSpec(spec);
    let group = this.groups.get(spec.durable);
    if (group && group.spec.subject !== spec.subject) {
      return Promise.reject(
        new ConfigError(`durable ${spec.durable} already filters ${group.spec.subject}, not ${spec.subject}`),
      );
    }
    if (!group) {
      group = new ConsumerGroup({ ...spec }, this.host);
      this.groups.set(spec.durable, group);
      // Deliver-all, like a new durable on a limits stream: retained messages come first.
      for (const m of this.log.values()) if (subjectMatches(spec.subject, m.subject)) group.enqueue(m.seq);
    }
    const stop = group.addInstance(handler, spec.concurrency ?? 1);
    let stopped: Promise<void> | undefined;
    return Promise.resolve({ stop: () => (stopped ??= stop()) });
  }

  subscribe(subject: string, handler: (envelope: Envelope, subject: string) => void): Promise<Subscription> {
    if (this.closed) return Promise.reject(new BusUnavailableError('in-process bus is closed'));
    const sub: FanOut = { filter: subject, handler };
    this.fanOut.add(sub);
    return Promise.resolve({
      unsubscribe: () => {
        this.fanOut.delete(sub);
        return Promise.resolve();
      },
    });
  }

  subscribeDeadLetters(handler: (dl: DeadLetter) => void): Promise<Subscription> {
    if (this.closed) return Promise.reject(new BusUnavailableError('in-process bus is closed'));
    this.dlqHandlers.add(handler);
    return Promise.resolve({
      unsubscribe: () => {
        this.dlqHandlers.delete(handler);
        return Promise.resolve();
      },
    });
  }

  connectionState(): BusConnectionState {
    return this.closed ? 'closed' : 'connected';
  }

  /** Never away, so never back: the listener is kept nowhere. */
  onReconnect(_listener: () => void): () => void {
    return () => undefined;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const g of this.groups.values()) g.close();
    this.fanOut.clear();
    this.dlqHandlers.clear();
    return Promise.resolve();
  }

  private expireDedup(now: number): void {
    // Map iteration is insertion order, i.e. oldest first: stop at the first live entry.
    for (const [id, e] of this.dedup) {
      if (now - e.at < this.dedupWindowMs) break;
      this.dedup.delete(id);
    }
  }

  private trimLog(): void {
    while (this.log.size > this.maxMessages) {
      const oldest = this.log.keys().next();
      if (oldest.done) return;
      this.log.delete(oldest.value);
    }
  }

  private fanOutMessage(msg: StoredMessage): void {
    const subs = [...this.fanOut].filter((s) => subjectMatches(s.filter, msg.subject));
    if (subs.length === 0) return;
    // Observers run after publish returns, as they would behind a broker; invalid events
    // are not theirs to report (consumers dead-letter them).
    queueMicrotask(() => {
      let env: Envelope;
      try {
        if (this.host.verify?.(msg)) return; // forged or unsigned: observers see only trusted events
        env = decodeBytes(msg.data);
      } catch {
        return;
      }
      for (const s of subs) {
        if (!this.fanOut.has(s)) continue;
        try {
          s.handler(structuredClone(env), msg.subject);
        } catch (e) {
          this.onError(e);
        }
      }
    });
  }

  private emitDeadLetter(subject: string, dl: DeadLetter): void {
    if (this.closed) return;
    this.onDeadLetterStored?.(dl);
    const handlers = [...this.dlqHandlers];
    const dlqSubject = dlqSubjectFor(subject);
    queueMicrotask(() => {
      for (const h of handlers) {
        try {
          h(structuredClone(dl));
        } catch (e) {
          this.onError(new Error(`dead-letter observer failed on ${dlqSubject}`, { cause: e }));
        }
      }
    });
  }
}

function tryParse(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data)) as unknown;
  } catch {
    return undefined;
  }
}

/** A stored message is checked once, however many consumers and observers read it (its bytes never change). */
const verdicts = new WeakMap<StoredMessage, { code: string; reason: string } | null>();
function verifiedOnce(m: StoredMessage, check: () => { code: string; reason: string } | undefined): { code: string; reason: string } | undefined {
  let v = verdicts.get(m);
  if (v === undefined) {
    v = check() ?? null;
    verdicts.set(m, v);
  }
  return v ?? undefined;
}
