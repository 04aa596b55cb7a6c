import { HEADER_DEADLINE, HEADER_SIGNER, type JetStreamBus, type StoredDeadLetter } from '@medagent/bus';
import { ConflictError, NotFoundError } from '@medagent/contracts';

/**
 * `medagent dlq list|show|redrive` over the dead-letter stream (MEDAGENT_DLQ), next to
 * `replay`. Reading needs the `ops` identity; a re-drive needs `admin`, which may publish to
 * the work subjects but signs nothing: it republishes the stored original byte for byte with
 * its original headers, so the producer's signature still holds and no event can be forged
 * through it. A forged original (its signature or producer fails) is never re-driven.
 */
export interface DeadLetterLine {
  seq: number;
  time: string;
  code: string;
  original_subject: string;
  deliveries: number;
  correlation_id?: string;
  event_id?: string;
  reason: string;
}

export function lineOf(d: StoredDeadLetter): DeadLetterLine {
  return {
    seq: d.seq,
    time: d.time,
    code: d.dl.code,
    original_subject: d.dl.original_subject,
    deliveries: d.dl.deliveries,
    ...(d.dl.correlation_id ? { correlation_id: d.dl.correlation_id } : {}),
    ...(d.dl.event_id ? { event_id: d.dl.event_id } : {}),
    // The reason names codes and counts, never message content (it may be quoted by on-call).
    reason: d.dl.reason.slice(0, 300),
  };
}

export async function listDeadLetters(bus: JetStreamBus, opts: { limit?: number; code?: string; beforeSeq?: number } = {}): Promise<{ stored: number; lines: DeadLetterLine[] }> {
  const reader = bus.deadLetters();
  const { messages } = await reader.state();
  const list = await reader.list(opts.limit ?? 50, { ...(opts.code ? { code: opts.code } : {}), ...(opts.beforeSeq ? { beforeSeq: opts.beforeSeq } : {}) });
  return { stored: messages, lines: list.map(lineOf) };
}

export interface DeadLetterDetail extends DeadLetterLine {
  /** The whole dead letter as stored (envelope or raw bytes included: patient text, handle with care). */
  dead_letter: StoredDeadLetter['dl'];
  /** Whether the work stream still holds the original (a re-drive needs it), and its signer. */
  original?: { seq: number; signer?: string; verification: 'valid' | 'unchecked' | string };
}

export async function showDeadLetter(bus: JetStreamBus, seq: number): Promise<DeadLetterDetail> {
  const reader = bus.deadLetters();
  const d = await reader.get(seq);
  if (!d) throw new NotFoundError(`no dead letter at sequence ${seq}`);
  const orig = await reader.original(d.dl);
  const out: DeadLetterDetail = { ...lineOf(d), dead_letter: d.dl };
  if (orig) {
    const failure = bus.verifyStored(orig.subject, orig.headers, orig.data);
    const signer = orig.headers[HEADER_SIGNER];
    out.original = { seq: orig.seq, ...(signer ? { signer } : {}), verification: failure ? failure.code : bus.verifiesEvents ? 'valid' : 'unchecked' };
  }
  return out;
}

export interface RedriveResult {
  dlq_seq: number;
  original_subject: string;
  original_seq: number;
  /** Sequence of the republished copy in the work stream. */
  republished_seq: number;
  duplicate: boolean;
}

/** Republishes the original of dead letter `seq` to its subject (msg id `redrive.<seq>`: once per dead letter). */
export async function redriveDeadLetter(bus: JetStreamBus, seq: number, opts: { force?: boolean } = {}): Promise<RedriveResult> {
  const reader = bus.deadLetters();
  const d = await reader.get(seq);
  if (!d) throw new NotFoundError(`no dead letter at sequence ${seq}`);
  const orig = await reader.original(d.dl);
  if (!orig) throw new NotFoundError(`the original of dead letter ${seq} (work stream seq ${d.dl.stream_seq ?? '?'}) is no longer stored`);
  const forged = bus.verifyStored(orig.subject, orig.headers, orig.data);
  if (forged) throw new ConflictError(`dead letter ${seq} is not re-driven: its original fails verification (${forged.code})`, { retryable: false });
  const deadline = orig.headers[HEADER_DEADLINE];
  if (deadline && Date.parse(deadline) < Date.now() && !opts.force) {
    throw new ConflictError(`dead letter ${seq}: its deadline ${deadline} has passed; a re-drive would be dead-lettered again (--force to try anyway)`, { retryable: false });
  }
  const { 'Nats-Msg-Id': _id, ...headers } = orig.headers;
  const ack = await bus.publishRaw(orig.subject, orig.data, { headers, msgId: `redrive.${seq}` });
  return { dlq_seq: seq, original_subject: orig.subject, original_seq: orig.seq, republished_seq: ack.seq, duplicate: ack.duplicate };
}
