import {
  ConfigError,
  ContractViolationError,
  MedagentError,
  decodeEvent,
  dlqSubjectFor,
  payloadJsonOf,
  toMedagentError,
  type Envelope,
} from '@medagent/contracts';
import type { ConsumerSpec, DeadLetter, Delivery } from './port';

/** Used when a consumer declares no backoff: quick first retry, then back off to seconds. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [100, 500, 2000, 5000];
export const DEFAULT_DEDUP_WINDOW_MS = 2 * 60_000;

/**
 * Header names shared by both implementations. The deadline travels as a header (not in
 * the envelope) so an expired message is recognised before its payload is even decoded.
 */
export const HEADER_DEADLINE = 'Medagent-Deadline-At';
export const HEADER_TRACEPARENT = 'traceparent';

export function backoffFor(spec: Pick<ConsumerSpec, 'backoffMs'>, deliveryCount: number): number {
  const table = spec.backoffMs && spec.backoffMs.length > 0 ? spec.backoffMs : DEFAULT_BACKOFF_MS;
  const i = Math.min(Math.max(deliveryCount, 1), table.length) - 1;
  return Math.max(0, table[i] ?? 0);
}

/**
 * What a handler error means for the message: a retryable MedagentError is redelivered
 * (after its Retry-After when it has one), anything else is poison and is terminated with
 * its code first, so the dead letter can carry that code. Shared by the bus consume loop
 * and the Nest transport so both retry the same way.
 */
export async function settleOnError(delivery: Delivery, error: unknown): Promise<void> {
  if (delivery.settled) return;
  const e = toMedagentError(error);
  const reason = `${e.code}: ${e.message}`;
  if (e instanceof MedagentError && e.retryable) {
    await delivery.nak(e.retryAfterMs, reason);
  } else {
    await delivery.term(reason);
  }
}

/** `term("TOOL_FAILED: boom")` dead-letters with code TOOL_FAILED; a free-text reason with TERMINATED. */
export function codeFromReason(reason: string): string {
  const m = /^([A-Z][A-Z0-9_]{2,}):/.exec(reason);
  return m?.[1] ?? 'TERMINATED';
}

export function validateSpec(spec: ConsumerSpec): void {
  const bad: string[] = [];
  if (!/^[A-Za-z0-9_-]+$/.test(spec.durable)) bad.push(`durable "${spec.durable}" must be [A-Za-z0-9_-]+`);
  if (!spec.subject || /\s/.test(spec.subject)) bad.push('subject must be a non-empty token list');
  if (!Number.isInteger(spec.maxDeliver) || spec.maxDeliver < 1) bad.push('maxDeliver must be an integer >= 1');
  if (!(spec.ackWaitMs > 0)) bad.push('ackWaitMs must be > 0');
  if (spec.concurrency !== undefined && !(Number.isInteger(spec.concurrency) && spec.concurrency >= 1)) {
    bad.push('concurrency must be an integer >= 1');
  }
  if (bad.length) throw new ConfigError(`consumer ${spec.durable}: ${bad.join('; ')}`);
}

/** NATS subject matching: `*` is one token, a trailing `>` is one or more tokens. */
export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    const tok = f[i];
    if (tok === '>') return s.length > i;
    if (i >= s.length) return false;
    if (tok !== '*' && tok !== s[i]) return false;
  }
  return f.length === s.length;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

export function encodeEnvelope(envelope: Envelope<object>): Uint8Array {
  const payloadJson = envelope.payload === undefined ? undefined : payloadJsonOf(envelope);
  if (payloadJson === undefined) return encoder.encode(JSON.stringify(envelope));
  // Built by buildEvent: splice its payload text in instead of stringifying it again.
  const { payload: _payload, ...head } = envelope;
  const h = JSON.stringify(head);
  return encoder.encode(h.length > 2 ? `${h.slice(0, -1)},"payload":${payloadJson}}` : `{"payload":${payloadJson}}`);
}

export function bytesToString(data: Uint8Array): string {
  return decoder.decode(data);
}

/** Untrusted bytes → JSON; a parse failure is a contract violation like any invalid field. */
export function parseJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(bytesToString(data)) as unknown;
  } catch (e) {
    throw new ContractViolationError(`message is not JSON: ${(e as Error).message}`, { cause: e });
  }
}

export function decodeBytes(data: Uint8Array): Envelope {
  return decodeEvent(parseJson(data), { owned: true });
}

/** True when the deadline header names an instant already in the past. */
export function deadlinePassed(headers: Readonly<Record<string, string>>, now = Date.now()): string | undefined {
  const at = headers[HEADER_DEADLINE];
  if (at === undefined) return undefined;
  const t = Date.parse(at);
  return Number.isFinite(t) && now > t ? at : undefined;
}

export function makeDeadLetter(
  subject: string,
  fields: Omit<DeadLetter, 'original_subject' | 'dead_lettered_at' | 'event_id' | 'correlation_id'>,
): DeadLetter {
  const dl: DeadLetter = { original_subject: subject, dead_lettered_at: new Date().toISOString(), ...fields };
  if (fields.envelope) {
    dl.event_id = fields.envelope.event_id;
    dl.correlation_id = fields.envelope.correlation_id;
  } else if (fields.raw !== undefined) {
    // Best effort: a poison message often still names its request, which on-call needs.
    try {
      const o = JSON.parse(fields.raw) as Record<string, unknown>;
      if (typeof o['event_id'] === 'string') dl.event_id = o['event_id'];
      if (typeof o['correlation_id'] === 'string') dl.correlation_id = o['correlation_id'];
    } catch {
      /* not JSON: nothing to extract */
    }
  }
  return dl;
}

export { dlqSubjectFor };

/** A deferred promise: tests and stop() await events, never sleeps. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
