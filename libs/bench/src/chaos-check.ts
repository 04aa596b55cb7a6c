import { JetStreamKvStore, type JetStreamBus } from '@medagent/bus';
import { BusUnavailableError, isTerminalRequest } from '@medagent/contracts';
import type { StoredRequest } from '@medagent/coordinator-core';
import { REQUEST_BUCKET } from '@medagent/runtime';
import { retrying } from './chaos-faults';

/** What the chaos client saw of each request, to be set against what the deployment stored. */
export interface ClientView {
  /** Every request id the lanes asked for, in order. */
  ids: string[];
  /** Submissions refused for good (BusUnavailableError after the lane's retries). */
  refused: Set<string>;
  /** Asks that resolved with their result. */
  answered: Set<string>;
  /** Why an ask did not resolve, per request id. */
  clientErrors: Map<string, string>;
  /** When the run started: results are read from the stream from just before it. */
  since: Date;
}

/** The run's outcome where it is durable: request records in the KV, results in the stream. */
export interface DurableCheck {
  /**
   * Read from the KV after the run. `refused_at_submit`: the submission itself failed with
   * BusUnavailableError and left no record (the caller was told; nothing to lose).
   * `not_terminal`: a request the deployment accepted and never finished (the failure).
   */
  outcomes: { completed: number; failed: number; partial: number; refused_at_submit: number; not_terminal: number };
  /** Terminal requests whose record says their memory fell back to the in-process store (Redis away). */
  memory_degraded: number;
  /** Up to 5 accepted requests that never finished: their record's status (or none) and whether the submission was stored. */
  not_terminal_examples: { request_id: string; record_status: string | null; submission_stored: boolean; client_error?: string }[];
  /** Up to 5 requests that ended `failed`: why, and each task as `id:status×attempts[:error]`. */
  failed_examples: { request_id: string; error: string | null; plan_source: string | null; tasks: string[]; created_at: string; completed_at: string | null }[];
  /** Up to 5 asks that timed out or failed otherwise, with what the KV says of their request. */
  client_failure_examples: { request_id: string; client_error: string; record_status: string | null; completed_at: string | null }[];
  /** Results stored in the stream per accepted request: exactly one each is the goal. */
  results_stored: { none: number; one: number; more: number };
  /** Up to 5 accepted requests with no stored result or more than one: their record's status and whether the client got a result. */
  result_examples: { request_id: string; stored: number; record_status: string | null; completed_at: string | null; client_got_result: boolean }[];
}

/**
 * Reads every request's record (waiting up to `settleMs` for the deployment to finish what it
 * still holds) and the results stored in the stream, and sets them against the client's view.
 */
export async function checkDurably(bus: JetStreamBus, c: ClientView, settleMs = 60_000): Promise<DurableCheck> {
  const { ids, refused, answered, clientErrors } = c;
  // The last fault may have been an outage: read only once the client is attached again.
  await retrying(async () => {
    if (bus.connectionState() !== 'connected') throw new BusUnavailableError('reconnecting');
  });
  const kv = await retrying(() => JetStreamKvStore.open(bus.nc, REQUEST_BUCKET));
  const read = (id: string) => retrying(async () => (await kv.get<StoredRequest>(`req.${id}`))?.value);
  const outcomes = { completed: 0, failed: 0, partial: 0, refused_at_submit: 0, not_terminal: 0 };
  const stuck: DurableCheck['not_terminal_examples'] = [];
  const failedExamples: DurableCheck['failed_examples'] = [];
  let memoryDegraded = 0;
  const settleBy = Date.now() + settleMs;
  /** Requests whose record is terminal: each must have a result in the stream. */
  const terminal = new Set<string>();
  for (const id of ids) {
    // Let the deployment finish what it still holds (a request the client gave up on).
    let rec = await read(id);
    if (!rec && refused.has(id)) {
      outcomes.refused_at_submit++;
      continue;
    }
    while ((!rec || !isTerminalRequest(rec.status)) && Date.now() < settleBy) {
      await new Promise((r) => setTimeout(r, 500));
      rec = await read(id);
    }
    if (rec && isTerminalRequest(rec.status)) terminal.add(id);
    if (rec?.status === 'completed' || rec?.status === 'partial') outcomes.completed++;
    else if (rec?.status === 'failed') {
      outcomes.failed++;
      if (failedExamples.length < 5) {
        failedExamples.push({
          request_id: id,
          error: rec.error?.code ?? null,
          plan_source: rec.plan?.source ?? null,
          tasks: rec.tasks.map((t) => `${t.task_id}:${t.status}×${t.attempts}${t.error ? `:${t.error.code}` : ''}`),
          created_at: rec.created_at,
          completed_at: rec.completed_at ?? null,
        });
      }
    } else {
      outcomes.not_terminal++;
      const clientError = clientErrors.get(id);
      if (stuck.length < 5) stuck.push({ request_id: id, record_status: rec?.status ?? null, submission_stored: false, ...(clientError ? { client_error: clientError } : {}) });
    }
    if (rec?.status === 'partial') outcomes.partial++;
    if (rec?.memory.degraded) memoryDegraded++;
  }
  const stored = new Map<string, number>();
  const readResults = () =>
    retrying(() => bus.audit({
      since: new Date(c.since.getTime() - 1000),
      filter: (e) => e.event_type === 'request.completed' || e.event_type === 'request.failed' || e.event_type === 'request.submitted',
    }));
  // A result published during the last fault may still be on its way (its publish waits for
  // a new stream leader, or is retried): read again while a terminal request has none. A
  // request that never finished has none to wait for.
  let results = await readResults();
  const missing = () => {
    const have = new Set(results.filter((e) => e.envelope.event_type !== 'request.submitted').map((e) => e.envelope.correlation_id));
    return [...terminal].some((id) => !have.has(id));
  };
  while (missing() && Date.now() < settleBy) {
    await new Promise((r) => setTimeout(r, 1000));
    results = await readResults();
  }
  const submitted = new Set(results.filter((e) => e.envelope.event_type === 'request.submitted').map((e) => e.envelope.correlation_id));
  for (const s of stuck) s.submission_stored = submitted.has(s.request_id);
  for (const e of results) if (e.envelope.event_type !== 'request.submitted') stored.set(e.envelope.correlation_id, (stored.get(e.envelope.correlation_id) ?? 0) + 1);
  const results_stored = { none: 0, one: 0, more: 0 };
  const resultExamples: DurableCheck['result_examples'] = [];
  for (const id of ids) {
    if (refused.has(id) && !stored.has(id)) continue;
    const c = stored.get(id) ?? 0;
    if (c === 0) results_stored.none++;
    else if (c === 1) results_stored.one++;
    else results_stored.more++;
    if (c !== 1 && resultExamples.length < 5) {
      const rec = await read(id);
      resultExamples.push({ request_id: id, stored: c, record_status: rec?.status ?? null, completed_at: rec?.completed_at ?? null, client_got_result: answered.has(id) });
    }
  }
  const failureExamples: DurableCheck['client_failure_examples'] = [];
  for (const [id, clientError] of clientErrors) {
    if (refused.has(id) || failureExamples.length >= 5) continue;
    const rec = await read(id);
    failureExamples.push({ request_id: id, client_error: clientError, record_status: rec?.status ?? null, completed_at: rec?.completed_at ?? null });
  }
  return {
    outcomes,
    memory_degraded: memoryDegraded,
    not_terminal_examples: stuck,
    failed_examples: failedExamples,
    client_failure_examples: failureExamples,
    results_stored,
    result_examples: resultExamples,
  };
}
