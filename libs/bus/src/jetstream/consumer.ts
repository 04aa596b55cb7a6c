import type { Consumer, ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { MedagentError, decodeEvent, type Envelope } from '@medagent/contracts';
import {
  backoffFor,
  bytesToString,
  codeFromReason,
  deadlinePassed,
  parseJson,
  settleOnError,
  type Deferred,
  deferred,
} from '../common';
import type { ConsumerSpec, DeadLetter, Delivery, DeliveryHandler } from '../port';

/** What the loop needs from the bus: payload resolution and the dead-letter exit. */
export interface ConsumerHost {
  resolvePayload(raw: unknown): Promise<unknown>;
  /** Publishes the dead letter (idempotently per stream sequence and durable). */
  deadLetter(msg: JsMsg, durable: string, fields: Omit<DeadLetter, 'original_subject' | 'dead_lettered_at'>): Promise<void>;
  onError(e: unknown): void;
  isClosed(): boolean;
  /** Sends (or holds, see ack-batching.ts) the positive ack of a handled message. */
  ack(msg: JsMsg): void;
  /** Signature and producer check (security/signing.ts); a failure is dead-lettered, never handled. */
  verify?(subject: string, headers: Readonly<Record<string, string>>, data: Uint8Array, raw: unknown): { code: string; reason: string } | undefined;
}

export function headersToRecord(h: MsgHdrs | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  for (const k of h.keys()) out[k] = h.get(k);
  return out;
}

function hasPayloadRef(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { payload_ref?: unknown }).payload_ref !== undefined;
}

class JetStreamDelivery implements Delivery {
  private done = false;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    private readonly msg: JsMsg,
    readonly envelope: Envelope,
    private readonly spec: ConsumerSpec,
    private readonly host: ConsumerHost,
    headers: Record<string, string>,
  ) {
    this.headers = headers;
  }

  get subject(): string {
    return this.msg.subject;
  }
  get deliveryCount(): number {
    return this.msg.info.deliveryCount;
  }
  get settled(): boolean {
    return this.done;
  }
  get maxDeliver(): number {
    return this.spec.maxDeliver;
  }

  ack(): Promise<void> {
    if (this.claim()) this.host.ack(this.msg);
    return Promise.resolve();
  }

  async nak(delayMs?: number, reason?: string): Promise<void> {
    if (!this.claim()) return;
    // On the last attempt the server would only emit an advisory; dead-letter here with the
    // reason we still know, then term so the advisory path does not fire as well.
    if (this.deliveryCount >= this.spec.maxDeliver) {
      const why = reason ? `; last: ${reason}` : '';
      await this.host.deadLetter(this.msg, this.spec.durable, {
        code: 'MAX_DELIVERIES',
        reason: `max deliveries (${this.deliveryCount}) exhausted${why}`,
        deliveries: this.deliveryCount,
        envelope: this.envelope,
      });
      this.msg.term(`MAX_DELIVERIES${why}`);
      return;
    }
    this.msg.nak(delayMs ?? backoffFor(this.spec, this.deliveryCount));
  }

  async term(reason: string): Promise<void> {
    if (!this.claim()) return;
    // Dead letter first: if we die between the two, redelivery repeats it, deduplicated.
    await this.host.deadLetter(this.msg, this.spec.durable, {
      code: codeFromReason(reason),
      reason,
      deliveries: this.deliveryCount,
      envelope: this.envelope,
    });
    this.msg.term(reason);
  }

  working(): Promise<void> {
    if (!this.done) this.msg.working();
    return Promise.resolve();
  }

  private claim(): boolean {
    if (this.done) return false;
    this.done = true;
    return true;
  }
}

/**
 * One instance's pull loop on a shared durable. It fetches exactly as many messages as it
 * has free slots, so no message waits in a client buffer while its ack wait runs.
 */
export class PullLoop {
  private active = 0;
  private stopped = false;
  private current?: ConsumerMessages;
  private slot?: Deferred<void>;
  private idle?: Deferred<void>;
  private loop?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly consumer: Consumer,
    private readonly spec: ConsumerSpec,
    private readonly handler: DeliveryHandler,
    private readonly host: ConsumerHost,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  /**
   * Stops pulling and waits (at most `drainTimeoutMs`) for in-flight handlers: a handler
   * that never returns must not block shutdown, its message is redelivered after ack wait.
   */
  async stop(drainTimeoutMs: number): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.slot?.resolve();
    // Not awaited: an open pull ends at its expiry; anything it still yields is handed back.
    this.current?.close().catch(() => undefined);
    if (this.active === 0) return;
    this.idle = deferred<void>();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle.promise, new Promise<void>((r) => (timer = setTimeout(r, drainTimeoutMs)))]);
    clearTimeout(timer);
  }

  /** Resolves when the pull loop itself has exited (after stop or a closed connection). */
  finished(): Promise<void> {
    return this.loop ?? Promise.resolve();
  }

  private get concurrency(): number {
    return this.spec.concurrency ?? 1;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.active >= this.concurrency) {
        this.slot = deferred<void>();
        await this.slot.promise;
        continue;
      }
      try {
        const batch = await this.consumer.fetch({ max_messages: this.concurrency - this.active, expires: 2000 });
        this.current = batch;
        for await (const m of batch) this.dispatch(m);
      } catch (e) {
        if (this.stopped || this.host.isClosed()) return;
        this.host.onError(e);
        // Server restart or consumer churn: back off briefly instead of spinning.
        await new Promise<void>((resolve) => {
          this.retryTimer = setTimeout(resolve, 500);
        });
      } finally {
        this.current = undefined;
      }
    }
  }

  private dispatch(m: JsMsg): void {
    if (this.stopped) {
      m.nak(0); // pulled after stop(): let another instance have it now, not after ack wait
      return;
    }
    this.active += 1;
    this.process(m)
      .catch((e: unknown) => this.host.onError(e))
      .finally(() => {
        this.active -= 1;
        this.slot?.resolve();
        if (this.active === 0) this.idle?.resolve();
      });
  }

  private async process(m: JsMsg): Promise<void> {
    const headers = headersToRecord(m.headers);
    const deliveries = m.info.deliveryCount;
    let envelope: Envelope;
    try {
      const raw = parseJson(m.data);
      const forged = this.host.verify?.(m.subject, headers, m.data, raw);
      if (forged) {
        await this.poison(m, forged.code, forged.reason, undefined, bytesToString(m.data));
        return;
      }
      const expiredAt = deadlinePassed(headers);
      if (expiredAt !== undefined) {
        await this.poison(m, 'DEADLINE_EXCEEDED', `deadline ${expiredAt} passed before delivery`, raw);
        return;
      }
      // Only an offloaded payload (payload_ref) needs the object store: the common inline
      // case decodes without an extra await per message.
      const resolved = hasPayloadRef(raw) ? await this.host.resolvePayload(raw) : undefined;
      envelope = decodeEvent(raw, resolved === undefined ? { owned: true } : { resolvedPayload: resolved, owned: true });
    } catch (e) {
      if (e instanceof MedagentError && !e.retryable) {
        await this.poison(m, e.code, e.message, undefined, bytesToString(m.data));
      } else {
        // The object store was unreachable, not the message at fault: try again later.
        this.host.onError(e);
        m.nak(backoffFor(this.spec, deliveries));
      }
      return;
    }
    const d = new JetStreamDelivery(m, envelope, this.spec, this.host, headers);
    try {
      await this.handler(d);
    } catch (e) {
      await settleOnError(d, e);
    }
  }

  private async poison(m: JsMsg, code: string, reason: string, raw?: unknown, rawText?: string): Promise<void> {
    const fields: Omit<DeadLetter, 'original_subject' | 'dead_lettered_at'> = {
      code,
      reason,
      deliveries: m.info.deliveryCount,
    };
    if (raw !== undefined) {
      try {
        fields.envelope = decodeEvent(raw);
      } catch {
        fields.raw = bytesToString(m.data);
      }
    }
    if (rawText !== undefined) fields.raw = rawText;
    await this.host.deadLetter(m, this.spec.durable, fields);
    m.term(reason);
  }
}
