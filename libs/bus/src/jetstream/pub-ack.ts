import {
  createInbox,
  PermissionViolationError,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Payload,
  type Subscription,
} from '@nats-io/transport-node';
import { JetStreamApiError, type ApiError } from '@nats-io/jetstream';
import { BusUnavailableError, ConfigError, InternalError } from '@medagent/contracts';

/** What the stream answers to a stored (or deduplicated) publish. */
export interface PubAck {
  stream: string;
  seq: number;
  duplicate: boolean;
}

/** nats.js's JetStream default, so moving off `js.publish` changes no timeout. */
export const DEFAULT_PUB_ACK_TIMEOUT_MS = 5000;
/** Timeouts are enforced by one sweep, so a publish fails between its timeout and this much later. */
export const PUB_ACK_SWEEP_MS = 250;

interface Pending {
  resolve(ack: PubAck): void;
  reject(e: unknown): void;
  subject: string;
  expiresAt: number;
  timeoutMs: number;
}

const muxes = new WeakMap<NatsConnection, PubAckMux>();
const decoder = new TextDecoder();

/**
 * JetStream publish-with-ack without `nc.request()`. nats.js builds, per request, a
 * RequestOne, a timer, a Promise.race and, after every *successful* reply, an Error with a
 * captured stack (`RequestOne.cancel()` → `new RequestError("cancelled")`). Here one
 * connection has ONE wildcard reply subscription (`<inbox>.*`), a map token → pending
 * publish and ONE sweep timer that fails publishes older than their timeout; the success
 * path allocates no timer and no Error.
 *
 * Failures, typed so callers decide by type (never by message):
 * - the stream's API error (e.g. 10071 wrong last sequence) → `JetStreamApiError`, exactly
 *   what `js.publish` threw, so the KV layer maps 10071 to ConflictError as before;
 * - 503 no responders (no stream captures the subject), a timeout, a closed connection or
 *   reply subscription → `BusUnavailableError` (retryable; a retry must reuse the msg id);
 * - the server's permission refusal for the subject → `ConfigError` (not retryable) whose
 *   cause is the `PermissionViolationError`, at once as with `nc.request()`.
 */
export class PubAckMux {
  private readonly pending = new Map<string, Pending>();
  /** `<inbox>.`: every reply subject is this plus a token. */
  private readonly inbox: string;
  private sub: Subscription;
  private readonly sweeper: NodeJS.Timeout;
  private counter = 0;

  /** The mux of this connection (one per connection, shared by the bus and KV stores). */
  static for(nc: NatsConnection): PubAckMux {
    let mux = muxes.get(nc);
    if (!mux) {
      mux = new PubAckMux(nc);
      muxes.set(nc, mux);
    }
    return mux;
  }

  private constructor(private readonly nc: NatsConnection) {
    const prefix = (nc as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
    this.inbox = `${createInbox(prefix)}.`;
    this.sub = this.subscribe();
    this.sweeper = setInterval(() => this.sweep(Date.now()), PUB_ACK_SWEEP_MS);
    this.sweeper.unref();
    void nc.closed().then(
      () => this.shutdown(),
      () => this.shutdown(),
    );
    void this.watchRefusals().catch(() => undefined);
  }

  /** Publishes with a reply subject and resolves with the stream's ack. */
  publish(subject: string, data: Payload, headers?: MsgHdrs, timeoutMs = DEFAULT_PUB_ACK_TIMEOUT_MS): Promise<PubAck> {
    return new Promise<PubAck>((resolve, reject) => {
      const token = (this.counter++).toString(36);
      try {
        if (this.sub.isClosed()) this.resubscribe();
        this.nc.publish(subject, data, headers ? { reply: this.inbox + token, headers } : { reply: this.inbox + token });
      } catch (e) {
        reject(this.nc.isClosed() || this.nc.isDraining() ? unavailable(`cannot publish to ${subject}: connection closing`, e) : e);
        return;
      }
      this.pending.set(token, { resolve, reject, subject, expiresAt: Date.now() + timeoutMs, timeoutMs });
    });
  }

  /** Publishes awaiting nothing: the stream still stores and deduplicates the message. */
  publishUnconfirmed(subject: string, data: Payload, headers?: MsgHdrs): void {
    try {
      this.nc.publish(subject, data, headers ? { headers } : {});
    } catch (e) {
      throw this.nc.isClosed() || this.nc.isDraining() ? unavailable(`cannot publish to ${subject}: connection closing`, e) : e;
    }
  }

  /** Publishes awaiting an ack (for tests and diagnostics). */
  get inFlight(): number {
    return this.pending.size;
  }

  private subscribe(): Subscription {
    const sub = this.nc.subscribe(`${this.inbox}*`, { callback: (err, msg) => this.onReply(err, msg) });
    void sub.closed.then(
      () => this.onSubClosed(sub),
      () => this.onSubClosed(sub),
    );
    return sub;
  }

  /** The reply subscription closed (drain, refused subscription): its pending replies are lost. */
  private resubscribe(): void {
    this.rejectAll(unavailable('the JetStream ack subscription was closed'));
    this.sub = this.subscribe();
  }

  private onSubClosed(sub: Subscription): void {
    if (sub === this.sub) this.rejectAll(unavailable('the JetStream ack subscription was closed'));
  }

  private onReply(err: Error | null, msg: Msg): void {
    if (err) {
      // nats.js reports a refused reply subscription here (msg is then empty).
      this.rejectAll(
        err instanceof PermissionViolationError
          ? new ConfigError(`the server refused the JetStream ack subscription: ${err.message}`, { cause: err })
          : unavailable(`JetStream ack subscription failed: ${err.message}`, err),
      );
      return;
    }
    const token = msg.subject.substring(this.inbox.length);
    const p = this.pending.get(token);
    if (!p) return; // already timed out
    this.pending.delete(token);
    const h = msg.headers;
    if (h?.hasError) {
      p.reject(
        h.code === 503
          ? unavailable(`no JetStream stream captures ${p.subject} (503 no responders)`)
          : unavailable(`JetStream publish to ${p.subject} failed: ${h.status}`),
      );
      return;
    }
    let ack: PubAck;
    try {
      ack = parsePubAck(msg.data, p.subject);
    } catch (e) {
      p.reject(e);
      return;
    }
    p.resolve(ack);
  }

  private sweep(now: number): void {
    for (const [token, p] of this.pending) {
      if (p.expiresAt > now) continue;
      this.pending.delete(token);
      p.reject(unavailable(`no JetStream ack for ${p.subject} within ${p.timeoutMs} ms`));
    }
  }

  /** A refused publish: the server names the subject; the oldest publish to it is the one refused. */
  private async watchRefusals(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type !== 'error' || !(s.error instanceof PermissionViolationError) || s.error.operation !== 'publish') continue;
      const refused = s.error;
      for (const [token, p] of this.pending) {
        if (p.subject !== refused.subject) continue;
        this.pending.delete(token);
        p.reject(new ConfigError(`publish to ${p.subject} refused by the server`, { cause: refused }));
        break;
      }
    }
  }

  private rejectAll(e: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(e);
  }

  private shutdown(): void {
    clearInterval(this.sweeper);
    this.rejectAll(unavailable('the NATS connection closed before the JetStream ack arrived'));
  }
}

function unavailable(message: string, cause?: unknown): BusUnavailableError {
  return new BusUnavailableError(message, cause === undefined ? {} : { cause });
}

/** The ack JSON: `{stream, seq, duplicate?}` or `{error: {code, err_code, description}}`. */
export function parsePubAck(data: Uint8Array, subject: string): PubAck {
  let v: { stream?: unknown; seq?: unknown; duplicate?: unknown; error?: ApiError };
  try {
    v = JSON.parse(decoder.decode(data)) as typeof v;
  } catch (e) {
    throw new InternalError(`JetStream ack for ${subject} is not JSON`, { cause: e });
  }
  if (v.error) throw new JetStreamApiError(v.error);
  if (typeof v.stream !== 'string' || v.stream === '' || typeof v.seq !== 'number') {
    throw new InternalError(`invalid JetStream ack for ${subject}`);
  }
  return { stream: v.stream, seq: v.seq, duplicate: v.duplicate === true };
}
