import { ConnectionError, NoRespondersError, TimeoutError, connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiError, JetStreamError } from '@nats-io/jetstream';
import { BusUnavailableError, MedagentError } from '@medagent/contracts';
import { fullJitterDelay } from '../catch-up';
import type { BusConnectionState } from '../port';

/** A change of the connection's state, as reported to the process (no message content). */
export interface ConnectionEvent {
  state: BusConnectionState;
  /** The server lost or regained (`host:port`), when the client names it. */
  server?: string;
  /** Why the connection closed for good (only with state `closed` and not after `close()`). */
  error?: Error;
}

/** nats.js's own default wait between reconnect attempts; ours too unless configured. */
export const DEFAULT_RECONNECT_WAIT_MS = 2000;

/**
 * Connect options that keep a service attached through a broker outage of any length:
 * nats.js gives up after 10 attempts (about 20 s) by default and then closes the connection
 * for good, which leaves a live process that can never work again. Services reconnect
 * forever instead; a process whose connection closes anyway is told (`lost`) and exits.
 */
export function reconnectOptions(waitMs = DEFAULT_RECONNECT_WAIT_MS): { maxReconnectAttempts: number; reconnectTimeWait: number } {
  return { maxReconnectAttempts: -1, reconnectTimeWait: waitMs };
}

/**
 * Follows one connection's status: `connected` → `reconnecting` on a disconnect, back on a
 * reconnect, `closed` at the end. Reports each transition once (not each reconnect attempt),
 * so an outage is two log lines, not one per durable per retry.
 */
export class ConnectionMonitor {
  private current: BusConnectionState = 'connected';
  private closing = false;
  private readonly reconnected = new Set<() => void>();
  /** Resolves when the connection closed without `expectClose()`: it will not come back. */
  readonly lost: Promise<Error>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly report: (e: ConnectionEvent) => void,
  ) {
    this.lost = new Promise<Error>((resolve) => {
      void nc.closed().then(
        (err) => this.onClosed(err ?? undefined, resolve),
        (err: unknown) => this.onClosed(err instanceof Error ? err : new Error(String(err)), resolve),
      );
    });
    void this.watch().catch(() => undefined);
  }

  get state(): BusConnectionState {
    return this.current;
  }

  /** `listener` runs after each reconnect, once the transition is reported. */
  onReconnect(listener: () => void): () => void {
    this.reconnected.add(listener);
    return () => this.reconnected.delete(listener);
  }

  /** Our own close: the connection's end is not a loss. */
  expectClose(): void {
    this.closing = true;
  }

  private async watch(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type === 'disconnect' && this.current === 'connected') {
        this.current = 'reconnecting';
        this.report({ state: 'reconnecting', server: s.server });
      } else if (s.type === 'reconnect' && this.current === 'reconnecting') {
        this.current = 'connected';
        this.report({ state: 'connected', server: s.server });
        for (const listener of [...this.reconnected]) {
          try {
            listener();
          } catch {
            // A listener's failure is its own; the others and the status loop go on.
          }
        }
      }
    }
  }

  private onClosed(err: Error | undefined, resolve: (e: Error) => void): void {
    this.current = 'closed';
    if (this.closing) return; // `lost` stays pending: nothing was lost
    const error = new BusUnavailableError(`the NATS connection closed for good${err ? `: ${err.message}` : ''}`, err ? { cause: err } : {});
    this.report({ state: 'closed', error });
    resolve(error);
  }
}

/** The default report: one line on stderr per transition, naming the server only. */
export function logConnectionEvent(name: string): (e: ConnectionEvent) => void {
  return (e) => {
    const where = e.server ? ` (${e.server})` : '';
    const what =
      e.state === 'reconnecting'
        ? `lost the NATS connection${where}; reconnecting`
        : e.state === 'connected'
          ? `NATS connection restored${where}`
          : (e.error?.message ?? 'the NATS connection closed for good');
    process.stderr.write(`[bus:jetstream] ${name}: ${what}\n`);
  };
}

/**
 * The first connection, waiting up to `waitMs` for a broker that is not there yet (a service
 * restarted during a broker outage, or started before it): attempts every `retryMs` while the
 * server cannot be reached. A refusal that is not about reachability (credentials) fails at
 * once; `waitMs` 0 tries once (CLI clients: a wrong URL must fail now, not in a minute).
 */
export async function connectWaiting(opts: ConnectionOptions, waitMs: number, retryMs: number): Promise<NatsConnection> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await connect(opts);
    } catch (e) {
      const unreachable = e instanceof ConnectionError || e instanceof TimeoutError;
      if (!unreachable || Date.now() + retryMs > until) throw e;
      await new Promise((r) => setTimeout(r, retryMs));
    }
  }
}

/**
 * nats.js reports an unreachable or silent broker as its own `TimeoutError` / `ConnectionError`
 * (message: "timeout"), and a JetStream API nobody answers as `JetStreamNotEnabled` caused by
 * `NoRespondersError`: in a cluster, a stream whose leader died has no responder until the
 * next election (measured on 2.9.10, three nodes, eight rounds: 4.4–7.3 s of refusals after
 * the client had reconnected in 52–148 ms; tools/cluster-failover.js). Outside the bus they become
 * `BusUnavailableError` (retryable), with `what` saying which step it interrupted; anything
 * else is returned as it is.
 */
export function asBusUnavailable(e: unknown, what: string): unknown {
  if (e instanceof TimeoutError || e instanceof ConnectionError) {
    return new BusUnavailableError(`${what}: the NATS server did not answer in time (restarting or overloaded?)`, { cause: e });
  }
  if (noResponders(e)) return new BusUnavailableError(`${what}: no JetStream responder (stream leader election or restart?)`, { cause: e });
  // 10005 "no suitable peers for placement": the meta group does not know enough servers yet
  // (a cluster still forming under load) or the cluster is smaller than the replica count; the
  // start-up deadline bounds the wait either way.
  if (e instanceof JetStreamApiError && e.code === 10005) {
    return new BusUnavailableError(`${what}: not enough JetStream peers for the replica count yet (cluster forming?)`, { cause: e });
  }
  return e;
}

/**
 * Runs one idempotent start-up step (declare a stream, bind a durable, open a bucket) until it
 * succeeds, fails for a reason other than reachability, or `untilMs` (epoch ms) has passed;
 * then the last error, mapped by `asBusUnavailable`, is thrown.
 *
 * Why: in a cluster, JetStream API calls time out or meet no responder while the streams' and
 * consumers' groups form and elect. Nine services started at once on three 2.9.10 nodes: one
 * start in four had a worker's `streams.info` time out after 5 s and exit 1, which under a
 * supervisor is a restart with growing backoff (`medagent bench chaos --nats-nodes 3`).
 */
export async function retryStartupStep<T>(
  what: string,
  step: () => Promise<T>,
  untilMs: number,
  onRetry: StartupRetryListener = logStartupRetry,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await step();
    } catch (e) {
      const mapped = asBusUnavailable(e, what);
      const left = untilMs - Date.now();
      if (!(mapped instanceof MedagentError && mapped.retryable) || left <= 0) throw mapped;
      if (n === 0) onRetry(mapped, left);
      await new Promise((r) => setTimeout(r, Math.min(left, fullJitterDelay(n))));
    }
  }
}

/** Told once per start-up step that is retried (a service not ready yet should say why). */
export type StartupRetryListener = (error: MedagentError, waitingMs: number) => void;

const logStartupRetry: StartupRetryListener = (e, ms) => {
  process.stderr.write(`[bus:jetstream] ${e.message}; retrying for up to ${Math.round(ms / 1000)} s\n`);
};

function noResponders(e: unknown): boolean {
  for (let c: unknown = e, depth = 0; c instanceof Error && depth < 4; c = c.cause, depth++) {
    if (c instanceof NoRespondersError) return true;
  }
  return false;
}

/**
 * What a pull, a publish or a JetStream request meets while a cluster moves a leader (or a
 * loaded server is slow): expected, retried by whoever met it, and no sign of a defect. A
 * short reason for such an error; undefined for anything else.
 */
export function transientReason(e: unknown): string | undefined {
  if (e instanceof TimeoutError) return 'a JetStream request timed out';
  if (e instanceof JetStreamError) {
    // A pull's 409 status (JetStreamStatusError, exported only from nats.js's internals).
    if ((e as { code?: unknown }).code === 409) return `pull interrupted (${e.message})`;
    if (e.message === 'heartbeats missed') return 'pull interrupted (heartbeats missed)';
  }
  return noResponders(e) ? 'no JetStream responder' : undefined;
}

/**
 * The bus's default error report. A cluster failover made every consumer of every service
 * print a stack per pull retry (a soak run: 51 "heartbeats missed", 17 "leadership change",
 * each 5–10 lines); now each kind of transient trouble is one line per `quietMs` per process,
 * and anything else is printed in full as before.
 */
export function defaultErrorReport(
  name: string,
  write: (line: string) => void = (l) => process.stderr.write(l),
  now: () => number = Date.now,
  quietMs = 10_000,
): (e: unknown) => void {
  const last = new Map<string, number>();
  return (e) => {
    const why = transientReason(e);
    if (!why) {
      console.error('[bus:jetstream]', e);
      return;
    }
    const t = now();
    const before = last.get(why);
    if (before !== undefined && t - before < quietMs) return;
    last.set(why, t);
    write(`[bus:jetstream] ${name}: ${why}; retrying (a cluster moving a leader, or a slow server)\n`);
  };
}
