import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  BusUnavailableError,
  ContractViolationError,
  MedagentError,
  NotFoundError,
  buildEvent,
  subjectFor,
  type Envelope,
  type RequestRecord,
  type RequestState,
} from '@medagent/contracts';
import { HEADER_TRACEPARENT, retryWhileWanted, type CatchUpBackoff, type PublishAck, type PublishOptions, type Subscription } from '@medagent/bus';
import { newRequestId, publicRecord, type StoredRequest } from '@medagent/coordinator-core';
import { canRead, type Principal } from '@medagent/auth';
import { validateBundle } from '@medagent/knowledge';
import { SpanKind, contextFromTraceparent, traceparentOf, withSpan } from '@medagent/telemetry';
import { fingerprintOf, type Submission } from './submission';
import { IngressMetrics } from './metrics';
import { INGRESS_OPTIONS, MAX_WAIT_SECONDS, type IngressOptions } from './options';
import { isTerminal } from './progress';

export interface SubmitResult {
  request_id: string;
  duplicate: boolean;
}

export interface ConsultationStatus {
  request_id: string;
  status: RequestState;
  /** Null between acceptance and the coordinator picking the request up. */
  record: (RequestRecord & { question: string }) | null;
}

const TRACEPARENT = /^[0-9a-f]{2}-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
/** How long this instance remembers an accepted id the coordinator has not stored yet. */
const PENDING_TTL_MS = 10 * 60_000;
const PENDING_MAX = 10_000;

export function validTraceparent(h: string | undefined): string | undefined {
  const v = h?.trim().toLowerCase();
  return v && TRACEPARENT.test(v) && !v.startsWith('ff') ? v : undefined;
}

interface Owner {
  tenant: string;
  user: string;
}

@Injectable()
export class ConsultationsService implements BeforeApplicationShutdown {
  /** Accepted here but possibly not yet stored by the coordinator: GET must not 404 on them. */
  private readonly pending = new Map<string, { at: number; owner: Owner }>();
  private readonly stopping = new AbortController();
  /** Aborted on shutdown: long polls answer now and streams end, so the server can close. */
  readonly shutdown: AbortSignal = this.stopping.signal;

  constructor(
    @Inject(INGRESS_OPTIONS) private readonly opts: IngressOptions,
    @Inject(IngressMetrics) private readonly metrics: IngressMetrics,
  ) {}

  /**
   * Ids are random (128 bits). With an Idempotency-Key the id comes from the tenant's stored
   * key → id mapping (created atomically: one winner among racing posts; a different body is
   * 409). A repeat whose request is stored or accepted here answers at once; otherwise (the
   * first post's publish failed, or it is in flight elsewhere) it publishes the same
   * submission again, deduplicated by the request id.
   */
  async submit(body: Submission, idempotencyKey: string | undefined, traceparent: string | undefined): Promise<SubmitResult> {
    const owner = { tenant: body.tenant, user: body.user_id };
    let requestId: string;
    let replay = false;
    if (idempotencyKey) {
      const claim = await this.kvCall(() => this.opts.store.idempotency.claim(body.tenant, idempotencyKey, fingerprintOf(body), newRequestId));
      requestId = claim.request_id;
      replay = !claim.fresh;
      if (replay && (this.livePending(requestId) || (await this.kvCall(() => this.opts.store.get(requestId))))) {
        this.metrics.duplicates++;
        return { request_id: requestId, duplicate: true };
      }
    } else requestId = newRequestId();
    const parent = validTraceparent(traceparent);
    const ack = await withSpan(
      'ingress.submit',
      { 'medagent.request_id': requestId, 'medagent.channel': 'http' },
      async (span) => {
        // Keep the caller's trace: our span is its child, or the caller's own parent when telemetry is off.
        const tp = traceparentOf(span) ?? parent;
        const env = buildEvent({
          type: 'request.submitted',
          correlation_id: requestId,
          producer: 'ingress',
          payload: {
            request_id: requestId,
            tenant_id: body.tenant,
            user_id: body.user_id,
            session_id: body.session_id,
            message: body.message,
            channel: 'http',
            ...(body.lang ? { lang: body.lang } : {}),
            ...(body.patient_context_ref ? { patient_context_ref: body.patient_context_ref } : {}),
            ...(body.patient_context ? { patient_context: checkedBundle(body.patient_context) } : {}),
            ...(body.deadline_ms !== undefined ? { deadline_ms: body.deadline_ms } : {}),
            ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
            ...(replay ? { resubmitted: true } : {}),
          },
          ...(tp ? { traceparent: tp } : {}),
        });
        // msgId is the (random, or mapped) request id, never the raw key.
        return this.publish(subjectFor('request.submitted', 'ingress'), env, {
          msgId: requestId,
          ...(tp ? { headers: { [HEADER_TRACEPARENT]: tp } } : {}),
        });
      },
      { kind: SpanKind.SERVER, ...(parent ? { parent: contextFromTraceparent(parent) } : {}) },
    );
    if (ack.duplicate || replay) this.metrics.duplicates++;
    else this.metrics.accepted++;
    this.remember(requestId, owner);
    return { request_id: requestId, duplicate: ack.duplicate || replay };
  }

  /** A KV call the broker could not answer is a retryable 503, like a refused publish. */
  private async kvCall<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof MedagentError && e.code !== 'INTERNAL') throw e;
      throw new BusUnavailableError('request store unavailable', { cause: e });
    }
  }

  private livePending(id: string): { at: number; owner: Owner } | undefined {
    const p = this.pending.get(id);
    if (p && Date.now() - p.at > PENDING_TTL_MS) {
      this.pending.delete(id);
      return undefined;
    }
    return p;
  }

  private remember(id: string, owner: Owner): void {
    const now = Date.now();
    for (const [k, v] of this.pending) {
      if (now - v.at <= PENDING_TTL_MS && this.pending.size < PENDING_MAX) break;
      this.pending.delete(k); // Map iterates oldest first
    }
    this.pending.set(id, { at: now, owner });
  }

  async stored(id: string): Promise<StoredRequest | undefined> {
    const rec = await this.opts.store.get(id);
    if (rec) this.pending.delete(id);
    return rec;
  }

  /**
   * The request as `who` may see it. Another tenant's record, or another user's without a
   * reader role, is "not found" exactly like an unknown id: ids leak nothing.
   */
  async snapshot(id: string, who: Principal): Promise<ConsultationStatus> {
    const rec = await this.stored(id);
    if (!rec) {
      const p = this.livePending(id);
      if (p && canRead(who, p.owner)) return { request_id: id, status: 'received', record: null };
      throw new NotFoundError(`request ${id} not found`);
    }
    if (!canRead(who, { tenant: rec.tenant_id, user: rec.user_id })) throw new NotFoundError(`request ${id} not found`);
    return { request_id: id, status: rec.status, record: await this.publicOf(rec) };
  }

  async publicOf(rec: StoredRequest): Promise<RequestRecord & { question: string }> {
    // Completed tasks only, as in the coordinator's result event, so GET and the event agree.
    return publicRecord(rec, await this.opts.store.contributions(rec));
  }

  /**
   * Long poll. The subscription is opened before the first read: a result published between
   * the read and the subscribe would otherwise be missed and the caller would wait it out.
   * For the same reason the record is read again whenever the bus connection comes back: a
   * result published while it was away never reaches the subscription.
   */
  async waitFor(id: string, waitSeconds: number, gone: AbortSignal, who: Principal): Promise<ConsultationStatus> {
    const ms = Math.min(Math.max(waitSeconds, 0), MAX_WAIT_SECONDS) * 1000;
    if (ms === 0) return this.snapshot(id, who);
    let wake!: () => void;
    let woken!: Promise<void>;
    const arm = (): void => {
      woken = new Promise<void>((r) => (wake = r));
    };
    arm();
    let finishing = false; // the result went out, the wait is over, or the caller left
    const finish = () => {
      finishing = true;
      wake();
    };
    const sub = await this.subscribe('medagent.request.*.coordinator', (env) => env.correlation_id === id && finish());
    const stopWatching = this.onReconnect(() => wake());
    let expired = false;
    const timer = setTimeout(() => ((expired = true), finish()), ms);
    // A read refused just after a reconnect (the broker not ready, the connection up) is tried
    // again while the wait lasts; once it is over, one last read answers or fails with a 503.
    const wanted = () => !expired && !gone.aborted && !this.shutdown.aborted;
    const read = async () => (await retryWhileWanted(() => this.snapshot(id, who), wanted, this.catchUpBackoff)) ?? this.snapshot(id, who);
    gone.addEventListener('abort', finish, { once: true });
    this.shutdown.addEventListener('abort', finish, { once: true });
    try {
      const first = await this.snapshot(id, who);
      if (isTerminal(first.status)) return first;
      for (;;) {
        await woken;
        const last = finishing;
        if (!last) arm(); // before the read: a wake during it is not lost
        const snap = await read();
        if (last || isTerminal(snap.status)) return snap;
      }
    } finally {
      clearTimeout(timer);
      stopWatching();
      gone.removeEventListener('abort', finish);
      this.shutdown.removeEventListener('abort', finish);
      await sub.unsubscribe();
    }
  }

  /** Any transport failure is a retryable 503 for the caller, whatever the bus threw. */
  async publish(subject: string, env: Envelope<object>, opts: PublishOptions): Promise<PublishAck> {
    try {
      return await this.opts.bus.publish(subject, env, opts);
    } catch (e) {
      if (e instanceof MedagentError && e.code !== 'INTERNAL') throw e;
      throw new BusUnavailableError('event bus unavailable', { cause: e });
    }
  }

  get catchUpBackoff(): CatchUpBackoff | undefined {
    return this.opts.catchUpBackoff;
  }

  /** See Bus.onReconnect: what was published while the connection was away is not replayed. */
  onReconnect(listener: () => void): () => void {
    return this.opts.bus.onReconnect(listener);
  }

  beforeApplicationShutdown(): void {
    this.stopping.abort();
  }

  async subscribe(subject: string, handler: (env: Envelope, subject: string) => void): Promise<Subscription> {
    try {
      return await this.opts.bus.subscribe(subject, handler);
    } catch (e) {
      throw new BusUnavailableError('event bus unavailable', { cause: e });
    }
  }
}

/** A patient context must be a FHIR R4 Bundle whose resources we read are well formed (else 400). */
function checkedBundle(raw: Record<string, unknown>): Record<string, unknown> {
  const issues = validateBundle(raw);
  if (issues.length > 0) throw new ContractViolationError('patient_context is not a valid FHIR R4 Bundle', { details: issues.slice(0, 20) });
  return raw;
}
