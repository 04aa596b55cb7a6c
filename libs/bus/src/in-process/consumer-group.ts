import { toMedagentError } from '@medagent/contracts';
import {
  backoffFor,
  bytesToString,
  codeFromReason,
  deadlinePassed,
  decodeBytes,
  makeDeadLetter,
  settleOnError,
} from '../common';
import type { ConsumerSpec, DeadLetter, Delivery, DeliveryHandler } from '../port';
import type { Envelope } from '@medagent/contracts';

export interface StoredMessage {
  seq: number;
  subject: string;
  data: Uint8Array;
  headers: Record<string, string>;
  /** When it was stored (ms); absent on a duplicate's live copy. */
  at?: number;
}

/** What a group needs from the bus: the retained log and the dead-letter exit. */
export interface GroupHost {
  message(seq: number): StoredMessage | undefined;
  deadLetter(subject: string, dl: DeadLetter): void;
  onHandlerCrash(error: unknown): void;
  /** Signature and producer check (security/signing.ts); a failure is dead-lettered, never handled. */
  verify?(msg: StoredMessage): { code: string; reason: string } | undefined;
}

interface Instance {
  handler: DeliveryHandler;
  concurrency: number;
  active: number;
  stopped: boolean;
  idle: Array<() => void>;
}

interface Pending {
  count: number;
  /** Identifies the live attempt: settlements from an expired attempt are ignored. */
  attempt?: InProcessDelivery;
  timer?: NodeJS.Timeout;
  lastReason?: string;
}

/**
 * One durable consumer: a cursor over the retained log shared by every instance that
 * consumes with the same durable name, so each message goes to exactly one of them.
 */
export class ConsumerGroup {
  private readonly ready: number[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly instances: Instance[] = [];
  private readonly delayTimers = new Set<NodeJS.Timeout>();
  private rr = 0;
  private closed = false;

  constructor(
    readonly spec: ConsumerSpec,
    private readonly host: GroupHost,
  ) {}

  enqueue(seq: number): void {
    this.ready.push(seq);
    this.pump();
  }

  addInstance(handler: DeliveryHandler, concurrency: number): () => Promise<void> {
    const inst: Instance = { handler, concurrency, active: 0, stopped: false, idle: [] };
    this.instances.push(inst);
    this.pump();
    return async () => {
      inst.stopped = true;
      const i = this.instances.indexOf(inst);
      if (i >= 0) this.instances.splice(i, 1);
      // Graceful drain: handlers already running may still ack what they hold.
      if (inst.active > 0) await new Promise<void>((resolve) => inst.idle.push(resolve));
    };
  }

  close(): void {
    this.closed = true;
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    for (const t of this.delayTimers) clearTimeout(t);
    this.delayTimers.clear();
    this.ready.length = 0;
    for (const inst of this.instances) for (const wake of inst.idle.splice(0)) wake();
  }

  private pick(): Instance | undefined {
    const n = this.instances.length;
    let best: Instance | undefined;
    let bestIdx = 0;
    for (let k = 0; k < n; k++) {
      const idx = (this.rr + k) % n;
      const inst = this.instances[idx];
      if (!inst || inst.stopped || inst.active >= inst.concurrency) continue;
      if (!best || inst.active < best.active) {
        best = inst;
        bestIdx = idx;
      }
    }
    if (best) this.rr = bestIdx + 1;
    return best;
  }

  private pump(): void {
    while (!this.closed && this.ready.length > 0) {
      const inst = this.pick();
      if (!inst) return;
      const seq = this.ready.shift() as number;
      const msg = this.host.message(seq);
      // Aged out of the retained log (limits retention) before anyone took it.
      if (!msg) {
        this.pending.delete(seq);
        continue;
      }
      this.deliver(inst, msg);
    }
  }

  private deliver(inst: Instance, msg: StoredMessage): void {
    const p = this.pending.get(msg.seq) ?? { count: 0 };
    p.count += 1;
    this.pending.set(msg.seq, p);

    const forged = this.host.verify?.(msg);
    if (forged) {
      this.deadLetterAndForget(msg, p, forged.code, forged.reason, undefined, bytesToString(msg.data));
      return;
    }
    const expiredAt = deadlinePassed(msg.headers);
    if (expiredAt !== undefined) {
      const envelope = tryDecode(msg.data);
      this.deadLetterAndForget(msg, p, 'DEADLINE_EXCEEDED', `deadline ${expiredAt} passed before delivery`, envelope);
      return;
    }
    let envelope: Envelope;
    try {
      envelope = decodeBytes(msg.data);
    } catch (e) {
      const err = toMedagentError(e);
      this.deadLetterAndForget(msg, p, 'CONTRACT_VIOLATION', err.message, undefined, bytesToString(msg.data));
      return;
    }

    const d = new InProcessDelivery(this, msg, envelope, p.count);
    p.attempt = d;
    this.armAckWait(msg, p);
    inst.active += 1;
    Promise.resolve()
      .then(() => inst.handler(d))
      .catch((e: unknown) => settleOnError(d, e))
      .catch((e: unknown) => this.host.onHandlerCrash(e))
      .finally(() => {
        inst.active -= 1;
        if (inst.active === 0) for (const wake of inst.idle.splice(0)) wake();
        this.pump();
      });
  }

  private armAckWait(msg: StoredMessage, p: Pending): void {
    if (p.timer) clearTimeout(p.timer);
    p.timer = setTimeout(() => this.onAckWaitExpired(msg, p), this.spec.ackWaitMs);
  }

  private onAckWaitExpired(msg: StoredMessage, p: Pending): void {
    const stale = p.attempt;
    p.attempt = undefined;
    p.timer = undefined;
    stale?.expire();
    if (p.count >= this.spec.maxDeliver) {
      const why = p.lastReason ? `; last: ${p.lastReason}` : '; last attempt: ack wait expired';
      this.deadLetterAndForget(msg, p, 'MAX_DELIVERIES', `max deliveries (${p.count}) exhausted${why}`, stale?.envelope);
      return;
    }
    this.ready.unshift(msg.seq);
    this.pump();
  }

  private deadLetterAndForget(
    msg: StoredMessage,
    p: Pending,
    code: string,
    reason: string,
    envelope?: Envelope,
    raw?: string,
  ): void {
    if (p.timer) clearTimeout(p.timer);
    this.pending.delete(msg.seq);
    const fields: Parameters<typeof makeDeadLetter>[1] = { code, reason, deliveries: p.count, stream_seq: msg.seq };
    if (envelope) fields.envelope = envelope;
    if (raw !== undefined) fields.raw = raw;
    this.host.deadLetter(msg.subject, makeDeadLetter(msg.subject, fields));
  }

  /** @internal settlement entry points, called by the live delivery only. */
  settle(d: InProcessDelivery, how: 'ack' | 'nak' | 'term' | 'working', arg?: number, reason?: string): void {
    const p = this.pending.get(d.seq);
    if (!p || p.attempt !== d || this.closed) return;
    if (how === 'working') {
      this.armAckWait(d.msg, p);
      return;
    }
    if (p.timer) clearTimeout(p.timer);
    p.timer = undefined;
    p.attempt = undefined;
    if (how === 'ack') {
      this.pending.delete(d.seq);
    } else if (how === 'term') {
      const r = reason ?? 'terminated';
      this.deadLetterAndForget(d.msg, p, codeFromReason(r), r, d.envelope);
    } else {
      if (reason) p.lastReason = reason;
      if (p.count >= this.spec.maxDeliver) {
        const why = p.lastReason ? `; last: ${p.lastReason}` : '';
        this.deadLetterAndForget(d.msg, p, 'MAX_DELIVERIES', `max deliveries (${p.count}) exhausted${why}`, d.envelope);
        return;
      }
      const delay = arg ?? backoffFor(this.spec, p.count);
      const t = setTimeout(() => {
        this.delayTimers.delete(t);
        this.ready.push(d.seq);
        this.pump();
      }, delay);
      this.delayTimers.add(t);
    }
  }
}

function tryDecode(data: Uint8Array): Envelope | undefined {
  try {
    return decodeBytes(data);
  } catch {
    return undefined;
  }
}

class InProcessDelivery implements Delivery {
  private done = false;

  constructor(
    private readonly group: ConsumerGroup,
    readonly msg: StoredMessage,
    readonly envelope: Envelope,
    readonly deliveryCount: number,
  ) {}

  get seq(): number {
    return this.msg.seq;
  }
  get subject(): string {
    return this.msg.subject;
  }
  get headers(): Readonly<Record<string, string>> {
    return this.msg.headers;
  }
  get settled(): boolean {
    return this.done;
  }
  get maxDeliver(): number {
    return this.group.spec.maxDeliver;
  }

  /** Ack wait ran out: this attempt can no longer settle the message. */
  expire(): void {
    this.done = true;
  }

  private once(how: 'ack' | 'nak' | 'term', arg?: number, reason?: string): Promise<void> {
    if (this.done) return Promise.resolve();
    this.done = true;
    this.group.settle(this, how, arg, reason);
    return Promise.resolve();
  }

  ack(): Promise<void> {
    return this.once('ack');
  }
  nak(delayMs?: number, reason?: string): Promise<void> {
    return this.once('nak', delayMs, reason);
  }
  term(reason: string): Promise<void> {
    return this.once('term', undefined, reason);
  }
  working(): Promise<void> {
    if (!this.done) this.group.settle(this, 'working');
    return Promise.resolve();
  }
}
