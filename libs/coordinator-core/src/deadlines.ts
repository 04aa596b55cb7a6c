import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/**
 * In-process timers for deadlines whose instants live in the durable request record, so a
 * restarted coordinator re-arms them (`resume`) and an instant already past fires at once.
 */
@Injectable()
export class DeadlineScheduler implements OnModuleDestroy {
  /** Per request, its named timers: finishing a request clears its few without a scan. */
  private readonly timers = new Map<string, Map<string, NodeJS.Timeout>>();
  private onError: (key: string, e: unknown) => void = () => undefined;

  setErrorHandler(fn: (key: string, e: unknown) => void): void {
    this.onError = fn;
  }

  schedule(requestId: string, name: string, at: string | number, fn: () => Promise<void>): void {
    this.cancel(requestId, name);
    const delay = Math.max(0, (typeof at === 'number' ? at : Date.parse(at)) - Date.now());
    const timer = setTimeout(() => {
      this.cancel(requestId, name);
      fn().catch((e: unknown) => this.onError(`${requestId}|${name}`, e));
    }, delay);
    let named = this.timers.get(requestId);
    if (!named) this.timers.set(requestId, (named = new Map()));
    named.set(name, timer);
  }

  clearRequest(requestId: string): void {
    const named = this.timers.get(requestId);
    if (!named) return;
    for (const t of named.values()) clearTimeout(t);
    this.timers.delete(requestId);
  }

  onModuleDestroy(): void {
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
