import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  BARE_KV_BUCKET,
  BARE_KV_HISTORY,
  BARE_WORKER_ROLES,
  bareRecord,
  bareRecordKey,
  type BareRecord,
  type BareWorkerRole,
} from './bare-protocol';

/**
 * The bare coordinator's request records (durable pattern): one JSON record per request in a
 * KV bucket, written at the points our coordinator writes its own, each write checked against
 * the revision held in memory (no KV read on the hot path, as ours).
 *
 * Writes of one request are serialized on a promise chain: a revision-checked write must carry
 * the previous write's revision. Artifacts that arrive while a write of their request is in
 * flight wait together and go out as one write (our group commit), so a request costs four
 * to six writes, depending on how its artifacts' arrivals overlap its writes.
 */

interface Group {
  texts: Map<BareWorkerRole, string>;
  /** Resolves true when this group's write is the one that holds all three artifacts. */
  written: Promise<boolean>;
}

interface Entry {
  key: string;
  record: BareRecord;
  revision: number;
  /** The create's outcome: a redelivered `submitted` awaits it instead of creating twice. */
  created: Promise<void>;
  /** The last write queued; never rejects, so one failed write does not poison the next. */
  tail: Promise<void>;
  /** Artifacts queued behind the write in flight, not yet written. */
  queued?: Group;
}

export class BareRequestRecords {
  private readonly entries = new Map<string, Entry>();

  private constructor(private readonly kv: KV) {}

  /** Declares the bucket as ours is declared (Kvm defaults: file storage, one replica). */
  static async open(nc: NatsConnection): Promise<BareRequestRecords> {
    return new BareRequestRecords(await new Kvm(nc).create(BARE_KV_BUCKET, { history: BARE_KV_HISTORY }));
  }

  create(request_id: string): Promise<void> {
    const known = this.entries.get(request_id);
    if (known) return known.created;
    const key = bareRecordKey(request_id);
    const record = bareRecord(request_id);
    const entry: Entry = { key, record, revision: 0, created: Promise.resolve(), tail: Promise.resolve() };
    entry.created = this.kv.create(key, JSON.stringify(record)).then(
      (revision) => {
        entry.revision = revision;
      },
      (e: unknown) => {
        this.entries.delete(request_id);
        throw e;
      },
    );
    entry.tail = entry.created.catch(() => undefined);
    this.entries.set(request_id, entry);
    return entry.created;
  }

  /** Before the three task.assigned are published. */
  async dispatch(request_id: string): Promise<void> {
    const entry = this.entry(request_id);
    await this.write(entry, (r) => ({
      ...r,
      status: 'dispatched',
      tasks: BARE_WORKER_ROLES.map((role) => ({
        role,
        task_id: `${request_id}:${role}`,
        status: 'assigned' as const,
      })),
    }));
  }

  /**
   * Stores one artifact's text; true for the caller whose write completed the set (it
   * publishes synthesis.requested). A redelivered artifact already stored changes nothing.
   */
  async settle(request_id: string, role: BareWorkerRole, text: string): Promise<boolean> {
    const entry = this.entry(request_id);
    if (entry.record.artifacts[role] !== undefined) return false;
    const group = entry.queued ?? this.queueGroup(entry);
    if (group.texts.has(role)) {
      await group.written;
      return false;
    }
    group.texts.set(role, text);
    const complete = await group.written;
    // One claimant per group: the last artifact to join it.
    return complete && [...group.texts.keys()].pop() === role;
  }

  /** Before completed is published; the request leaves memory with it. */
  async complete(request_id: string, answer: string): Promise<void> {
    const entry = this.entry(request_id);
    await this.write(entry, (r) => ({ ...r, status: 'completed', answer }));
    this.entries.delete(request_id);
  }

  private entry(request_id: string): Entry {
    const entry = this.entries.get(request_id);
    if (!entry) throw new Error(`bare record ${request_id}: not created by this coordinator`);
    return entry;
  }

  private queueGroup(entry: Entry): Group {
    const group: Group = { texts: new Map(), written: Promise.resolve(false) };
    entry.queued = group;
    let completes = false;
    group.written = this.write(entry, (r) => {
      // The write starts: later artifacts queue behind it in a new group.
      if (entry.queued === group) entry.queued = undefined;
      const artifacts = { ...r.artifacts, ...Object.fromEntries(group.texts) };
      const tasks = r.tasks.map((t) =>
        artifacts[t.role] !== undefined ? { ...t, status: 'settled' as const } : t,
      );
      completes =
        r.status !== 'synthesizing' && BARE_WORKER_ROLES.every((role) => artifacts[role] !== undefined);
      return { ...r, artifacts, tasks, ...(completes ? { status: 'synthesizing' as const } : {}) };
    }).then(() => completes);
    return group;
  }

  /** Queues a revision-checked write of `change(record)` behind the request's previous write. */
  private write(entry: Entry, change: (r: BareRecord) => BareRecord): Promise<BareRecord> {
    const run = async (): Promise<BareRecord> => {
      const before = entry.record;
      const next = { ...change(before), writes: before.writes + 1, updated_at: Date.now() };
      entry.revision = await this.kv.update(entry.key, JSON.stringify(next), entry.revision);
      entry.record = next;
      return next;
    };
    const done = entry.tail.then(run);
    entry.tail = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }
}
