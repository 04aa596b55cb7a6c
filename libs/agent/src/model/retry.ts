import OpenAI from 'openai';
import {
  MedagentError,
  ModelBadResponseError,
  ModelRateLimitedError,
  ModelUnavailableError,
} from '@medagent/contracts';

/**
 * Delay the server asked for: `retry-after-ms` (OpenAI's extension), else `Retry-After` as
 * seconds or an HTTP date. Undefined when absent or unparseable.
 */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const v = Number(ms);
    if (Number.isFinite(v) && v >= 0) return v;
  }
  const ra = headers.get('retry-after');
  if (ra === null || ra.trim() === '') return undefined;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return secs >= 0 ? secs * 1000 : undefined;
  const at = Date.parse(ra);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with jitter in [50%, 100%] of the step, so retries of many workers spread out. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(step * (0.5 + 0.5 * random()));
}

/** Maps what the SDK throws to the contracts errors the runtime retries on (or does not). */
export function mapModelError(
  e: unknown,
  model: string,
  timing?: { elapsedMs: number; timeoutMs: number },
): MedagentError {
  if (e instanceof MedagentError) return e;
  if (e instanceof OpenAI.APIUserAbortError)
    return new ModelUnavailableError(`${model}: request aborted`, { cause: e });
  // The SDK recognises its own timeout by the abort error's name, which is lost when the abort
  // crosses realms (e.g. under jest); the elapsed time tells the same story.
  const timedOut =
    e instanceof OpenAI.APIConnectionTimeoutError ||
    (timing !== undefined && timing.elapsedMs >= timing.timeoutMs * 0.95);
  if (timedOut && e instanceof OpenAI.APIConnectionError)
    return new ModelUnavailableError(`${model}: request timed out after ${timing?.timeoutMs ?? '?'} ms`, {
      cause: e,
    });
  if (e instanceof OpenAI.APIConnectionError)
    return new ModelUnavailableError(`${model}: connection failed`, { cause: e });
  if (e instanceof OpenAI.APIError) {
    const status = e.status ?? 0;
    const retryAfterMs = parseRetryAfter(e.headers);
    const opts = { cause: e, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    if (status === 429) {
      // Out of quota is a billing state, not congestion: retrying cannot help.
      const quota = e.code === 'insufficient_quota';
      return new ModelRateLimitedError(`${model}: rate limited (429${quota ? ', insufficient quota' : ''})`, {
        ...opts,
        retryable: !quota,
      });
    }
    if (status >= 500 || status === 408 || status === 409)
      return new ModelUnavailableError(`${model}: upstream ${status}`, opts);
    return new ModelBadResponseError(
      `${model}: request rejected (${status}${e.code ? ` ${e.code}` : ''})`,
      opts,
    );
  }
  const message = e instanceof Error ? e.message : String(e);
  return new ModelBadResponseError(`${model}: ${message}`, { cause: e });
}
