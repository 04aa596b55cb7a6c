import { buildEvent, newId, requestIdFor, subjectFor, type Envelope, type Lang, type RequestRecord } from '@medagent/contracts';
import { retryWhileWanted, type Bus, type CatchUpBackoff, type Subscription } from '@medagent/bus';
import { traceparentOf, withSpan, SpanKind } from '@medagent/telemetry';

export interface AskInput {
  message: string;
  user_id: string;
  session_id: string;
  lang?: Lang;
  /** Same key ⇒ same request id ⇒ the same request, never a second run. */
  idempotency_key?: string;
  deadline_ms?: number;
  channel?: 'cli' | 'nats' | 'http' | 'embedded';
  /** Patient context: a FHIR R4 Bundle, or a reference to one stored with the coordinator. */
  patient_context?: Record<string, unknown>;
  patient_context_ref?: string;
}

export type AskRecord = RequestRecord & { question?: string };

export interface AskResult {
  /** `partial`: answered with completeness below 1 (the result event is still request.completed). */
  status: 'completed' | 'partial' | 'failed';
  record: AskRecord;
}


/**
 * Ingress over the bus: publishes request.submitted and resolves with the result event.
 * `onEvent` sees every event of this request as it happens (progress lines, SSE).
 *
 * Results arrive on a core subscription, which misses what is published while this client's
 * connection is away, and a repeated submission is dropped by the stream (same msg id), so in
 * both cases the result would never come. The client then submits again under a fresh msg id:
 * the coordinator recognises the request (same request id), never runs it twice, and announces
 * the result again if it is already finished (see the coordinator's `answerResubmission`).
 */
export class MedagentClient {
  constructor(
    private readonly bus: Bus,
    /** Between resubmissions after a reconnect that the broker refused (default: the bus's). */
    private readonly resubmitBackoff?: CatchUpBackoff,
  ) {}

  // One result subscription per client, demultiplexed by request id: with many requests in
  // flight, a subscription per request would deliver and decode every result N times.
  private readonly waiters = new Map<string, Waiter>();
  /** Fails the asks still waiting: a closed client will never see their results. */
  private readonly aborts = new Set<(e: Error) => void>();
  private shared?: Promise<Subscription>;
  private stopWatching?: () => void;
  private results(): Promise<Subscription> {
    this.shared ??= this.bus.subscribe('medagent.request.*.coordinator', (env) => this.waiters.get(env.correlation_id)?.settle(env));
    this.stopWatching ??= this.bus.onReconnect(() => this.resubmitWaiting());
    return this.shared;
  }

  async close(): Promise<void> {
    for (const abort of this.aborts) abort(new Error('the client closed before the result arrived'));
    this.stopWatching?.();
    this.stopWatching = undefined;
    if (this.shared) await (await this.shared).unsubscribe();
    this.shared = undefined;
  }

  async ask(input: AskInput, opts: { onEvent?: (env: Envelope, subject: string) => void; timeoutMs?: number } = {}): Promise<AskResult> {
    const requestId = requestIdFor(input.user_id, input.idempotency_key);
    return withSpan('medagent.ask', { 'medagent.request_id': requestId }, async (span) => {
      let settle!: (r: AskResult) => void;
      let fail!: (e: Error) => void;
      const done = new Promise<AskResult>((res, rej) => ((settle = res), (fail = rej)));
      const subs: Subscription[] = [];
      const tp = traceparentOf(span);
      const submission = (resubmitted: boolean) => submissionOf(requestId, input, tp, resubmitted);
      this.waiters.set(requestId, {
        settle: (env) => {
          const p = env.payload as { record?: AskRecord };
          if (p.record) settle({ status: env.event_type === 'request.completed' ? (p.record.status === 'partial' ? 'partial' : 'completed') : 'failed', record: p.record });
        },
        submission,
        round: 0,
      });
      await this.results();
      if (opts.onEvent) {
        const onEvent = opts.onEvent;
        subs.push(await this.bus.subscribe('medagent.>', (env, subject) => env.correlation_id === requestId && onEvent(env, subject)));
      }
      this.aborts.add(fail);
      const timer = setTimeout(() => fail(new Error(`no result for ${requestId} within ${opts.timeoutMs ?? 120_000} ms`)), opts.timeoutMs ?? 120_000);
      try {
        const ack = await this.bus.publish(SUBMITTED, submission(false), { msgId: requestId });
        // Submitted before, inside the stream's duplicate window: the stream kept the first
        // copy only, so the coordinator never sees this one. Ask under a fresh msg id.
        if (ack.duplicate) await this.resubmit(requestId, submission);
        return await done;
      } finally {
        clearTimeout(timer);
        this.aborts.delete(fail);
        this.waiters.delete(requestId);
        await Promise.all(subs.map((s) => s.unsubscribe()));
      }
    }, { kind: SpanKind.PRODUCER });
  }

  /**
   * The connection is back: every result published while it was away is lost to us. A
   * resubmission the broker refuses (retryable) is tried again until the ask ends or a later
   * reconnect starts a new round; one it rejects outright is left to the ask's timeout.
   */
  private resubmitWaiting(): void {
    for (const [requestId, w] of this.waiters) {
      const round = ++w.round;
      const wanted = () => this.waiters.get(requestId) === w && w.round === round;
      retryWhileWanted(() => this.resubmit(requestId, w.submission), wanted, this.resubmitBackoff).catch(() => undefined);
    }
  }

  private async resubmit(requestId: string, submission: Waiter['submission']): Promise<void> {
    await this.bus.publish(SUBMITTED, submission(true), { msgId: `${requestId}:again:${newId()}` });
  }
}

const SUBMITTED = subjectFor('request.submitted', 'ingress');

interface Waiter {
  settle: (env: Envelope) => void;
  /** A fresh request.submitted envelope for this ask (same request id, new event id). */
  submission: (resubmitted: boolean) => Envelope<object>;
  /** Reconnects seen while waiting; only the latest round's resubmission keeps retrying. */
  round: number;
}

function submissionOf(requestId: string, input: AskInput, traceparent: string | undefined, resubmitted: boolean): Envelope<object> {
  return buildEvent({
    type: 'request.submitted',
    correlation_id: requestId,
    producer: 'ingress',
    payload: {
      request_id: requestId,
      user_id: input.user_id,
      session_id: input.session_id,
      message: input.message,
      channel: input.channel ?? 'embedded',
      ...(input.lang ? { lang: input.lang } : {}),
      ...(input.idempotency_key ? { idempotency_key: input.idempotency_key } : {}),
      ...(input.deadline_ms ? { deadline_ms: input.deadline_ms } : {}),
      ...(input.patient_context ? { patient_context: input.patient_context } : {}),
      ...(input.patient_context_ref ? { patient_context_ref: input.patient_context_ref } : {}),
      ...(resubmitted ? { resubmitted } : {}),
    },
    ...(traceparent ? { traceparent } : {}),
  });
}
