import { MedagentError } from '@medagent/contracts';

/** Backoff for a catch-up read or publish after a reconnect: full jitter, doubling, capped. */
export interface CatchUpBackoff {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_CATCH_UP_BACKOFF: CatchUpBackoff = { baseMs: 200, maxMs: 5_000 };

/**
 * Runs `attempt` until it succeeds, throws an error that is not retryable, or `wanted()` turns
 * false (the caller got its answer, gave up, or a newer catch-up took over). Returns undefined
 * in the last two cases.
 *
 * Why: a catch-up runs when the connection has just come back, which is when the broker may
 * still refuse (a restarted cluster node whose stream leader is not elected yet answers 503 or
 * times out) while the connection itself stays up. Left to "the next reconnect", such a failure
 * is never retried, and the asker waits out its own timeout. Every instance that reconnected
 * at once retries at a random point of the window (full jitter), not in step.
 */
export async function retryWhileWanted<T>(
  attempt: () => Promise<T>,
  wanted: () => boolean,
  backoff: CatchUpBackoff = DEFAULT_CATCH_UP_BACKOFF,
): Promise<T | undefined> {
  for (let n = 0; wanted(); n++) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof MedagentError && e.retryable)) throw e;
    }
    await new Promise((r) => setTimeout(r, fullJitterDelay(n, backoff)));
  }
  return undefined;
}

/** The pause before retry `n + 1`: random below a cap that doubles from `baseMs` up to `maxMs`. */
export function fullJitterDelay(n: number, backoff: CatchUpBackoff = DEFAULT_CATCH_UP_BACKOFF): number {
  return Math.random() * Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(n, 20));
}
