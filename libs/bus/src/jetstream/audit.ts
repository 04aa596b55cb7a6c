import { randomInt } from 'node:crypto';
import { nanos } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, JetStreamApiError, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { ConflictError, decodeEvent, type Envelope } from '@medagent/contracts';
import { parseJson } from '../common';
import type { PayloadStore } from './payloads';
import type { EventVerifier } from '../security/signing';
import { headersToRecord } from './consumer';

export interface AuditEvent {
  seq: number;
  subject: string;
  /** Server time the event was stored. */
  time: string;
  envelope: Envelope;
}

export interface AuditQuery {
  /** Start reading at this instant (e.g. the request's created_at minus a margin). */
  since: Date;
  /** Stop once events are newer than this (default: now). */
  until?: Date;
  filter?: (env: Envelope) => boolean;
  /** Safety bound on events scanned. */
  maxScanned?: number;
  /** Only this subject (one filter: server 2.9), read on the server. */
  subject?: string;
  /** The consumer's name (default AUDIT_READER), for permissions to pin it. */
  reader?: string;
}

/** The audit reader's consumer: deploy/nats/permissions.conf lets `ops` create, pull and delete it by this name only. */
export const AUDIT_READER = 'ops_audit';

/**
 * Reads the audit stream (every event is kept there) from a time, so replaying one request
 * reads minutes of history, not days. Invalid entries are skipped: the audit reader must not
 * fail on what the bus rejected. Through `AUDIT_READER` (see `readOnce`), so the read-only
 * `ops` identity can be allowed exactly that consumer and no service's durable.
 */
export async function readAudit(
  jsm: JetStreamManager,
  js: JetStreamClient,
  stream: string,
  payloads: PayloadStore,
  q: AuditQuery,
  verifier?: EventVerifier,
): Promise<AuditEvent[]> {
  const until = (q.until ?? new Date()).getTime();
  const max = q.maxScanned ?? 100_000;
  const out: AuditEvent[] = [];
  let scanned = 0;
  // Without a subject no filter: the stream holds only medagent.> events, and array filters need server 2.10.
  const read = { name: q.reader ?? AUDIT_READER, since: q.since, ...(q.subject ? { filter: q.subject } : {}) };
  await readOnce(jsm, js, stream, read, async (m) => {
    scanned++;
    const time = new Date(Math.floor(m.info.timestampNanos / 1_000_000)).toISOString();
    try {
      const raw = parseJson(m.data);
      // A forged or unsigned event is no part of a timeline (nor an approval decision read back).
      if (verifier?.verify(m.subject, headersToRecord(m.headers), m.data, raw)) return Date.parse(time) <= until && scanned < max;
      const resolved = await payloads.resolve(raw);
      const env = decodeEvent(raw, resolved === undefined ? {} : { resolvedPayload: resolved });
      if (!q.filter || q.filter(env)) out.push({ seq: m.seq, subject: m.subject, time, envelope: env });
    } catch {
      // not a valid event (it was dead-lettered when consumed): not part of a timeline
    }
    return Date.parse(time) <= until && scanned < max;
  });
  return out;
}

/**
 * The `Nats-Msg-Id`s of the events stored on `subject` (one filter, wildcards allowed: server
 * 2.9) since `since`, read headers-only: payloads never leave the server. For "was this
 * already published?" across a restart, where a core subscriber would see a republished copy
 * even though the stream drops it as a duplicate. Through the consumer `reader` (see
 * `readOnce`), so a deployment's permissions can pin it by name and filter; the caller
 * decides what a failed scan means.
 */
export async function storedMsgIds(
  jsm: JetStreamManager,
  js: JetStreamClient,
  stream: string,
  q: { subject: string; since: Date; reader: string },
): Promise<Set<string>> {
  const out = new Set<string>();
  await readOnce(jsm, js, stream, { name: q.reader, since: q.since, filter: q.subject, headersOnly: true }, (m) => {
    const id = m.headers?.get('Nats-Msg-Id');
    if (id) out.add(id);
    return true;
  });
  return out;
}

/**
 * One pass over what `stream` holds from `since`, through a consumer named `name` (not an
 * ordered one, whose name is random and changes on every reset, so no permission could pin
 * it): no acks, deleted afterwards, gone by itself 30 s after a crash. It pulls exactly the
 * count stored, so it never waits out a fetch expiry. `onMessage` returns false to stop after
 * the batch in hand (at most 500).
 *
 * Two reads under one name at once: the second is refused with a ConflictError (retry),
 * never handed half of the first one's messages (see `uniqueStartTime`).
 */
async function readOnce(
  jsm: JetStreamManager,
  js: JetStreamClient,
  stream: string,
  r: { name: string; since: Date; filter?: string; headersOnly?: boolean },
  onMessage: (m: JsMsg) => boolean | Promise<boolean>,
): Promise<void> {
  try {
    await jsm.consumers.add(stream, {
      name: r.name,
      ...(r.filter ? { filter_subject: r.filter } : {}),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: uniqueStartTime(r.since),
      ack_policy: AckPolicy.None,
      ...(r.headersOnly ? { headers_only: true } : {}),
      inactive_threshold: nanos(30_000),
    });
  } catch (e) {
    // 10012: 2.9 treats a create of an existing name as an update, and refuses the new start
    // time; 10148 / 10013 / 10105: newer servers refuse the name outright.
    if (e instanceof JetStreamApiError && [10012, 10148, 10013, 10105].includes(e.code)) {
      throw new ConflictError(`consumer ${r.name} is in use by another read (${e.message}); retry when it is done`, { cause: e });
    }
    throw e;
  }
  try {
    const consumer = await js.consumers.get(stream, r.name);
    for (let pending = (await consumer.info(true)).num_pending; pending > 0; ) {
      const batch = await consumer.fetch({ max_messages: Math.min(500, pending), expires: 5000 });
      let got = 0;
      let stop = false;
      for await (const m of batch) {
        got++;
        pending = m.info.pending;
        if (!(await onMessage(m))) stop = true;
      }
      if (got === 0 || stop) return;
    }
  } finally {
    await jsm.consumers.delete(stream, r.name).catch(() => undefined);
  }
}

/**
 * The millisecond before `since`, with random nanoseconds below it. A start time cannot be
 * changed, so a second read at the same moment (even of the same request, with the same
 * `since`) is refused instead of being handed the first one's consumer, and so half of its
 * messages: server 2.9 treats the create of an existing name as an update, which would change
 * any other field. Starting up to 1 ms early may take in a message stored just before `since`,
 * never miss one stored in its millisecond (random nanoseconds on `since` itself did: a message
 * stored within them was skipped).
 */
function uniqueStartTime(since: Date): string {
  const nanosBelowMs = randomInt(1, 1_000_000).toString().padStart(6, '0');
  return new Date(since.getTime() - 1).toISOString().replace(/Z$/, `${nanosBelowMs}Z`);
}
