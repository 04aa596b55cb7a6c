import type { JetStreamManager, StoredMsg } from '@nats-io/jetstream';
import type { DeadLetter } from '../port';
import { bytesToString } from '../common';
import { headersToRecord } from './consumer';
import type { TopologyNames } from './topology';

/** One dead letter as the dead-letter stream stored it. */
export interface StoredDeadLetter {
  /** Sequence in the dead-letter stream (what `medagent dlq show|redrive` take). */
  seq: number;
  /** When the stream stored it. */
  time: string;
  subject: string;
  dl: DeadLetter;
}

/** A message of the work stream, byte for byte, with its headers (signature included). */
export interface StoredOriginal {
  seq: number;
  subject: string;
  data: Uint8Array;
  headers: Record<string, string>;
}

/**
 * Reads the dead-letter stream by sequence (STREAM.INFO + STREAM.MSG.GET only: what the
 * read-only `ops` identity may), newest first, and the work-stream message a dead letter
 * points at (`stream_seq`) for a re-drive. Sequences with nothing stored (aged out, or a
 * non-dead-letter) are skipped.
 */
export class DeadLetterReader {
  constructor(
    private readonly jsm: JetStreamManager,
    private readonly names: TopologyNames,
  ) {}

  async state(): Promise<{ messages: number; first_seq: number; last_seq: number }> {
    const si = await this.jsm.streams.info(this.names.dlqStream);
    return { messages: si.state.messages, first_seq: si.state.first_seq, last_seq: si.state.last_seq };
  }

  async get(seq: number): Promise<StoredDeadLetter | undefined> {
    const m = await this.jsm.streams.getMessage(this.names.dlqStream, { seq }).catch((e: unknown) => {
      if (isNoMessage(e)) return null;
      throw e;
    });
    return m ? toStored(m) : undefined;
  }

  /** Up to `limit` dead letters, newest first, at or below `beforeSeq` (default: the last). */
  async list(limit: number, opts: { beforeSeq?: number; code?: string } = {}): Promise<StoredDeadLetter[]> {
    const { first_seq, last_seq, messages } = await this.state();
    const out: StoredDeadLetter[] = [];
    if (messages === 0) return out;
    for (let seq = Math.min(opts.beforeSeq ?? last_seq, last_seq); seq >= first_seq && out.length < limit; seq--) {
      const d = await this.get(seq);
      if (d && (!opts.code || d.dl.code === opts.code)) out.push(d);
    }
    return out;
  }

  async original(dl: DeadLetter): Promise<StoredOriginal | undefined> {
    if (dl.stream_seq === undefined) return undefined;
    const m = await this.jsm.streams.getMessage(this.names.stream, { seq: dl.stream_seq }).catch((e: unknown) => {
      if (isNoMessage(e)) return null;
      throw e;
    });
    if (!m || m.subject !== dl.original_subject) return undefined;
    return { seq: m.seq, subject: m.subject, data: m.data, headers: headersToRecord(m.header) };
  }
}

function toStored(m: StoredMsg): StoredDeadLetter | undefined {
  try {
    const dl = JSON.parse(bytesToString(m.data)) as DeadLetter;
    if (typeof dl?.original_subject !== 'string' || typeof dl.code !== 'string') return undefined;
    return { seq: m.seq, time: m.time.toISOString(), subject: m.subject, dl };
  } catch {
    return undefined;
  }
}

/** JetStream 10037 "no message found". */
function isNoMessage(e: unknown): boolean {
  const code = (e as { api_error?: { err_code?: number }; code?: unknown })?.api_error?.err_code;
  return code === 10037 || /no message found/i.test(String((e as Error)?.message));
}
