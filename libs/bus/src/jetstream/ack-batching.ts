import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';

/** Most acks held at once; one more flushes them all (bounds the bytes of one flush). */
const MAX_HELD = 256;

interface Flushable {
  flushPending(): void;
}

/**
 * Holds positive acks until the connection writes anything else, so they leave in the
 * same socket write as the next publish, KV write or pull instead of each costing a write
 * of its own and a read at the server (a loopback write is ~50–80 µs of CPU on these VMs,
 * and at one request in flight every service acks each message alone). An ack is held at
 * most `maxDelayMs` (then a timer sends it); nak, term and `working()` are never held.
 *
 * What must stay true: an ack is sent only after its handler finished (it is queued from
 * `Delivery.ack()` as before); a held ack is sent before the connection drains (`flush()`
 * from `JetStreamBus.close`); a process that dies holding acks gets those messages
 * redelivered after ack wait, which at-least-once delivery and our idempotent handlers
 * already cover. Correctness never depends on the hook: when the nats.js internals are not
 * where this expects, acks go out at once (`held` is false).
 */
export class AckBatcher {
  private pending: JsMsg[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** False when acks are sent at once (delay 0, or no hook into the connection). */
  readonly held: boolean;

  constructor(nc: NatsConnection, private readonly maxDelayMs: number) {
    const protocol = protocolOf(nc);
    this.held = maxDelayMs > 0 && protocol !== undefined;
    if (this.held && protocol) {
      // Every outbound write of nats.js goes through flushPending (once per microtask):
      // the held acks join whatever it is about to send.
      const flushPending = protocol.flushPending.bind(protocol);
      protocol.flushPending = () => {
        this.flush();
        flushPending();
      };
    }
  }

  ack(msg: JsMsg): void {
    if (!this.held) {
      msg.ack();
      return;
    }
    this.pending.push(msg);
    if (this.pending.length >= MAX_HELD) this.flush();
    else this.timer ??= setTimeout(this.flush, this.maxDelayMs);
  }

  get size(): number {
    return this.pending.length;
  }

  /** Sends every held ack now (they leave with nats.js's next flush, in this microtask). */
  readonly flush = (): void => {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending.length === 0) return;
    const held = this.pending;
    this.pending = [];
    for (const m of held) m.ack();
  };
}

function protocolOf(nc: NatsConnection): Flushable | undefined {
  const p = (nc as unknown as { protocol?: Partial<Flushable> }).protocol;
  return p && typeof p.flushPending === 'function' ? (p as Flushable) : undefined;
}
