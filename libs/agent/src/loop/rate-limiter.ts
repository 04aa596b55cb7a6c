import { sleep } from './abort';

/**
 * Per-skill sliding one-minute window, shared by every run in the process (the skill's
 * `rate_limit.per_minute` protects the backend, not one task).
 */
export class SlidingWindowRateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes a slot, waiting up to `maxWaitMs`; false when no slot frees in time. */
  async acquire(key: string, perMinute: number, maxWaitMs: number, signal?: AbortSignal): Promise<boolean> {
    if (!(perMinute > 0)) return true;
    const started = this.now();
    for (;;) {
      const t = this.now();
      const recent = (this.windows.get(key) ?? []).filter((s) => t - s < 60_000);
      if (recent.length < perMinute) {
        recent.push(t);
        this.windows.set(key, recent);
        return true;
      }
      this.windows.set(key, recent);
      const wait = (recent[0] ?? t) + 60_000 - t;
      if (t - started + wait > maxWaitMs) return false;
      await sleep(wait, signal);
    }
  }
}
