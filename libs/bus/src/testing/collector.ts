/**
 * Event-driven waiting for tests: `next(n)` resolves the moment the n-th item arrives and
 * fails after a bound, so suites never sleep for a fixed time hoping something happened.
 */
export class Collector<T> {
  readonly items: T[] = [];
  private waiters: Array<{ n: number; pred: (item: T) => boolean; resolve: (items: T[]) => void }> = [];

  push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => {
      const matching = this.items.filter(w.pred);
      if (matching.length < w.n) return true;
      w.resolve(matching);
      return false;
    });
  };

  /** Resolves with all items once at least `n` arrived. */
  next(n = this.items.length + 1, timeoutMs = 5000, what = 'items'): Promise<T[]> {
    return this.where(() => true, n, timeoutMs, what);
  }

  /** Resolves with the matching items once at least `n` of them arrived. */
  async where(pred: (item: T) => boolean, n = 1, timeoutMs = 5000, what = 'items'): Promise<T[]> {
    const now = this.items.filter(pred);
    if (now.length >= n) return now;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<T[]>((resolve, reject) => {
        this.waiters.push({ n, pred, resolve });
        timer = setTimeout(
          () =>
            reject(new Error(`timed out after ${timeoutMs} ms waiting for ${n} ${what} (got ${this.items.filter(pred).length})`)),
          timeoutMs,
        );
      });
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /**
   * A negative check ("nothing more arrives") can only be bounded by time; keep `ms` tied
   * to the window in which the event would have happened (e.g. two ack waits).
   */
  async none(ms: number, what = 'items'): Promise<void> {
    const before = this.items.length;
    const arrived = await this.next(before + 1, ms).then(
      () => true,
      () => false,
    );
    if (arrived) throw new Error(`expected no more ${what}, got ${this.items.length - before} more`);
  }
}

/** Resolves `fn()` after `ms`: for simulated slow work inside handlers, never for waiting on results. */
export function after<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    setTimeout(() => {
      Promise.resolve()
        .then(fn)
        .then(resolve, reject);
    }, ms);
  });
}
