import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { toMedagentError } from '@medagent/contracts';

/**
 * In-process timers for deadlines whose instants live in the durable request record, so a
 * restarted coordinator re-arms them (`resume`) and an instant already past fires at once.
 *
 * A deadline action that fails (the broker or the KV out of reach, a write conflict) runs
 * again after a backoff until it succeeds or the request is cleared: a timer fires once,
 * and a lost deadline would leave its request open until the next coordinator restart.
 * Actions re-read the record, so running one again is harmless. Before a retry, the guard
 * (`setRetryGuard`) may take over: the first run may have finished the request and failed only
 * in delivering its result, and the action itself would now find the request done and stop.
 */
@Injectable()
export class DeadlineScheduler implements OnModuleDestroy {
  /** Per request, its named timers: finishing a request clears its few without a scan. */
  private readonly timers = new Map<string, Map<string, NodeJS.Timeout>>();
  private stopped = false;
  /** Waits before a failed deadline action runs again: 1 s, 2 s, 4 s … at most 30 s. */
  readonly retryMs = { first: 1000, max: 30_000 };
  private onError: (key: string, e: unknown, retryInMs: number) => void = (key, e, retryInMs) => {
    // The key holds ids only (request id, deadline name); never message text.
    const err = toMedagentError(e);
    process.stderr.write(`[coordinator] deadline ${key} failed (${err.code}); again in ${retryInMs} ms\n`);
  };

  /** true: the request needs the action no more (the guard did what was left). */
  private retryGuard: ((requestId: string) => Promise<boolean>) | undefined;

  setErrorHandler(fn: (key: string, e: unknown, retryInMs: number) => void): void {
    this.onError = fn;
  }

  /** Runs before each retry of a failed action (not before its first run). */
  setRetryGuard(fn: (requestId: string) => Promise<boolean>): void {
    this.retryGuard = fn;
  }

  schedule(requestId: string, name: string, at: string | number, fn: () => Promise<void>): void {
    this.arm(requestId, name, typeof at === 'number' ? at : Date.parse(at), fn, 0);
  }

  private arm(requestId: string, name: string, at: number, fn: () => Promise<void>, failures: number): void {
    this.cancel(requestId, name);
    const timer = setTimeout(() => {
      this.cancel(requestId, name);
      const guard = failures > 0 ? this.retryGuard : undefined;
      const run = guard ? guard(requestId).then((handled) => (handled ? undefined : fn())) : fn();
      run.catch((e: unknown) => {
        const wait = Math.min(this.retryMs.max, this.retryMs.first * 2 ** failures);
        this.onError(`${requestId}|${name}`, e, wait);
        // Not if the same deadline was armed anew meanwhile. A request finished meanwhile is
        // re-armed all the same: the action re-reads it, finds it done and stops.
        if (this.stopped || this.timers.get(requestId)?.has(name)) return;
        this.arm(requestId, name, Date.now() + wait, fn, failures + 1);
      });
    }, Math.max(0, at - Date.now()));
    let named = this.timers.get(requestId);
    if (!named) this.timers.set(requestId, (named = new Map()));
    named.set(name, timer);
  }

  /** Timers armed now (deadlines waiting, retries included). */
  get armed(): number {
    let n = 0;
    for (const named of this.timers.values()) n += named.size;
    return n;
  }

  clearRequest(requestId: string): void {
    const named = this.timers.get(requestId);
    if (!named) return;
    for (const t of named.values()) clearTimeout(t);
    this.timers.delete(requestId);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    for (const named of this.timers.values()) for (const t of named.values()) clearTimeout(t);
    this.timers.clear();
  }

  cancel(requestId: string, name: string): void {
    const named = this.timers.get(requestId);
    const t = named?.get(name);
    if (!named || !t) return;
    clearTimeout(t);
    named.delete(name);
    if (named.size === 0) this.timers.delete(requestId);
  }
}
