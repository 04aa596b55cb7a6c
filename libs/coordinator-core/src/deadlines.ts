import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/**
 * In-process timers for deadlines whose instants live in the durable request record, so a
 * restarted coordinator re-arms them (`resume`) and an instant already past fires at once.
 */
@Injectable()
export class DeadlineScheduler implements OnModuleDestroy {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private onError: (key: string, e: unknown) => void = () => undefined;

  setErrorHandler(fn: (key: string, e: unknown) => void): void {
    this.onError = fn;
  }

  schedule(requestId: string, name: string, at: string | number, fn: () => Promise<void>): void {
    const key = `${requestId}|${name}`;
    this.cancel(key);
    const delay = Math.max(0, (typeof at === 'number' ? at : Date.parse(at)) - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(key);
      fn().catch((e: unknown) => this.onError(key, e));
    }, delay);
    this.timers.set(key, timer);
  }

  cancel(key: string): void {
    const t = this.timers.get(key);
    if (t) clearTimeout(t);
    this.timers.delete(key);
  }

  clearRequest(requestId: string): void {
    for (const key of [...this.timers.keys()]) if (key.startsWith(`${requestId}|`)) this.cancel(key);
  }

  get pending(): number {
    return this.timers.size;
  }

  onModuleDestroy(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
