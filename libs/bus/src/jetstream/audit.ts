import { randomInt } from 'node:crypto';
import { nanos } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, JetStreamApiError, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { ConflictError, decodeEvent, type Envelope } from '@medagent/contracts';
import { parseJson } from '../common';
import type { PayloadStore } from './payloads';

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
  /** Name of the reading consumer (default AUDIT_READER, the one the `ops` identity may create). */
  reader?: string;
}

/** The audit reader's consumer: deploy/nats/permissions.conf lets `ops` create, pull and delete it by this name only. */
export const AUDIT_READER = 'ops_audit';

/**
 * Reads the audit stream (every event is kept there) from a time, so replaying one request
 * reads minutes of history, not days. Invalid entries are skipped: the audit reader must not
 * fail on what the bus rejected.
 *
 * Through a consumer named `reader`, not an ordered one (whose name is random and changes on
 * every reset), so the read-only `ops` identity can be allowed exactly this consumer and no
 * service's durable; no acks, deleted afterwards, and gone by itself 30 s after a crash. Two
 * reads under one name at once: the second is refused with a ConflictError (retry), never
 * handed half of the first one's events (see `uniqueStartTime`).
 */
export async function readAudit(
  jsm: JetStreamManager,
  js: JetStreamClient,
  stream: string,
  payloads: PayloadStore,
  q: AuditQuery,
): Promise<AuditEvent[]> {
  const until = (q.until ?? new Date()).getTime();
  const reader = q.reader ?? AUDIT_READER;
  try {
    // No filter: the stream holds only medagent.> events, and array filters need server 2.10.
    await jsm.consumers.add(stream, {
      name: reader,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: uniqueStartTime(q.since),
      ack_policy: AckPolicy.None,
      inactive_threshold: nanos(30_000),
    });
  } catch (e) {
    // 10012: 2.9 treats a create of an existing name as an update, and refuses the new start
    // time; 10148 / 10013 / 10105: newer servers refuse the name outright.
    if (e instanceof JetStreamApiError && [10012, 10148, 10013, 10105].includes(e.code)) {
      throw new ConflictError(`another audit read is using consumer ${reader}; retry when it is done`, { cause: e });
    }
    throw e;
  }
  try {
    const consumer = await js.consumers.get(stream, reader);
    const out: AuditEvent[] = [];
    let scanned = 0;
    const max = q.maxScanned ?? 100_000;
    // Ask for exactly what is stored (a pull for more would wait out its expiry, 1 s).
    for (let pending = (await consumer.info(true)).num_pending; pending > 0 && scanned < max; ) {
      const batch = await consumer.fetch({ max_messages: Math.min(500, pending), expires: 5000 });
      let got = 0;
      let past = false;
      for await (const m of batch) {
        got++;
        scanned++;
        pending = m.info.pending;
        const time = new Date(Math.floor(m.info.timestampNanos / 1_000_000)).toISOString();
        if (Date.parse(time) > until) past = true;
        try {
          const raw = parseJson(m.data);
          const resolved = await payloads.resolve(raw);
          const env = decodeEvent(raw, resolved === undefined ? {} : { resolvedPayload: resolved });
          if (!q.filter || q.filter(env)) out.push({ seq: m.seq, subject: m.subject, time, envelope: env });
        } catch {
          // not a valid event (it was dead-lettered when consumed): not part of a timeline
        }
      }
      if (got === 0 || past) break;
    }
    return out;
  } finally {
    await jsm.consumers.delete(stream, reader).catch(() => undefined);
  }
}

/**
 * `since` with random nanoseconds below its millisecond. A start time cannot be changed, so a
 * second read at the same moment (even of the same request, with the same `since`) is refused
 * instead of being handed the first one's consumer, and so half of its events: server 2.9
 * treats the create of an existing name as an update, which would change any other field.
 */
function uniqueStartTime(since: Date): string {
  const nanosBelowMs = randomInt(1, 1_000_000).toString().padStart(6, '0');
  return since.toISOString().replace(/Z$/, `${nanosBelowMs}Z`);
}

/**
 * The `Nats-Msg-Id`s of the events stored on `subject` (one filter, wildcards allowed: server
 * 2.9) since `since`, read headers-only: payloads never leave the server. For "was this
 * already published?" across a restart, where a core subscriber would see a republished copy
 * even though the stream drops it as a duplicate.
 *
 * Through a consumer named `reader` (not an ordered consumer, whose name changes on every
 * reset), so a deployment's permissions can pin it by name and filter; deleted afterwards.
 * Two scans under one name at the same moment fail (the server refuses the second create: its
 * start time differs, see `uniqueStartTime`), and the caller decides what a failed scan means.
 */
export async function storedMsgIds(
  jsm: JetStreamManager,
  js: JetStreamClient,
  stream: string,
  q: { subject: string; since: Date; reader: string },
): Promise<Set<string>> {
  await jsm.consumers.add(stream, {
    name: q.reader,
    filter_subject: q.subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: uniqueStartTime(q.since),
    ack_policy: AckPolicy.None,
    headers_only: true,
    // A scan cut short by a crash cleans itself up.
    inactive_threshold: nanos(30_000),
  });
  try {
    const consumer = await js.consumers.get(stream, q.reader);
    const out = new Set<string>();
    for (;;) {
      // `pending` ends the loop as soon as the last stored one arrived; the expiry (1 s, the
      // client's minimum) only when none matched.
      const batch = await consumer.fetch({ max_messages: 1000, expires: 1000 });
      let got = 0;
      let pending = 0;
      for await (const m of batch) {
        got++;
        pending = m.info.pending;
        const id = m.headers?.get('Nats-Msg-Id');
        if (id) out.add(id);
      }
      if (got === 0 || pending === 0) return out;
    }
  } finally {
    await jsm.consumers.delete(stream, q.reader).catch(() => undefined);
  }
}
