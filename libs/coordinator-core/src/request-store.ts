import { ConflictError, NotFoundError, isTerminalRequest, type Contribution, type RequestRecord } from '@medagent/contracts';
import { JsonText, type KvStore } from '@medagent/bus';
import type { ApprovalState } from './approvals';
import { IdempotencyStore } from './idempotency';

/** What the coordinator keeps per request beyond the public record (never logged). */
export interface CoordinatorState {
  escalated: boolean;
  memory_summary?: string;
  deadline_at: string;
  plan_deadline_at?: string;
  synthesis_deadline_at?: string;
  marks: Record<string, number>;
  /** Set once by whichever handler won the race to finish; later finishers stop. */
  exit_claimed?: string;
  traceparent?: string;
  /** Approvals requested by this request's workers, by approval id (see approvals.ts). */
  approvals?: Record<string, ApprovalState>;
}

export type StoredRequest = RequestRecord & { question: string; state: CoordinatorState };

const recKey = (id: string) => `req.${id}`;
/** Where contributions were kept before they moved into the record (read-only fallback). */
const legacyContribKey = (id: string, taskId: string) => `contrib.${id}.${taskId}`;

/**
 * Request state on a KvStore (in-memory in embedded mode, JetStream KV when distributed).
 * Every update is revision-checked read-modify-write: concurrent handlers never overwrite
 * each other. Contributions are append-only inside the record: the first one per task is
 * kept (see `appendContribution`), written by the coordinator only after checking that the
 * producing worker owns the task.
 */
export class RequestStore {
  /** Idempotency-Key mappings, in the same bucket (keys `idem.*`, never `req.*`). */
  readonly idempotency: IdempotencyStore;

  constructor(private readonly kv: KvStore) {
    this.idempotency = new IdempotencyStore(kv);
  }

  /**
   * Last written {value, revision} per in-flight request. Safe with several coordinator
   * replicas: it only feeds revision-checked updates, so a stale entry costs one conflict
   * and a fresh read, never a lost write. Contributions are immutable once created.
   */
  private readonly written = new Map<string, Written>();
  /** Updates waiting for the next write of their request (group commit, see `mutate`). */
  private readonly pending = new Map<string, PendingUpdate[]>();
  /** Held updates waiting for the next update that is not held, or for their hold to end. */
  private readonly held = new Map<string, NodeJS.Timeout>();
  /** Writes in flight per request in this process: its create, the flush of its group commits. */
  private readonly creating = new Map<string, Promise<void>>();
  private readonly flushing = new Map<string, Promise<void>>();

  private remember(id: string, value: StoredRequest, json: string, revision: number): void {
    if (isTerminalRequest(value.status)) this.written.delete(id);
    else this.written.set(id, { value, json, revision });
    if (this.written.size > 5000) this.written.delete(this.written.keys().next().value as string);
  }

  /** False when the request already exists (a duplicate submission). */
  create(rec: StoredRequest): Promise<boolean> {
    const done = this.createOnce(rec);
    this.creating.set(
      rec.request_id,
      done.then(
        () => undefined,
        () => undefined,
      ),
    );
    return done;
  }

  private async createOnce(rec: StoredRequest): Promise<boolean> {
    const json = JSON.stringify(rec);
    try {
      const revision = await this.kv.create(recKey(rec.request_id), new JsonText(json));
      // Parsed from the text written, so the cache never shares objects with the caller.
      this.remember(rec.request_id, JSON.parse(json) as StoredRequest, json, revision);
      return true;
    } catch (e) {
      if (e instanceof ConflictError) return false;
      throw e;
    } finally {
      this.creating.delete(rec.request_id);
    }
  }

  /**
   * The request as this process last wrote it, else as stored. Read-only: every decision
   * that changes state is re-checked inside `mutate` against the revision it writes over,
   * so a stale cached read (another replica wrote since) can cost a retry, never a lost
   * or doubled transition.
   */
  async get(id: string, opts: { fresh?: boolean } = {}): Promise<StoredRequest | undefined> {
    // Read your own writes where it matters: a reply can overtake the write it follows (the
    // plan overtakes the record's create it was published alongside). A fresh read waits
    // for every write of this request in flight here; a cached one only for the create, so
    // concurrent updates keep forming one group commit.
    if (opts.fresh) await this.settled(id);
    else if (!this.written.has(id)) await this.creating.get(id);
    const hit = opts.fresh ? undefined : this.written.get(id);
    if (hit) return hit.value;
    return (await this.kv.get<StoredRequest>(recKey(id)))?.value;
  }

  /** Resolves once no write of `id` is in flight in this process. */
  private async settled(id: string): Promise<void> {
    for (let w = this.creating.get(id) ?? this.flushing.get(id); w; w = this.creating.get(id) ?? this.flushing.get(id)) await w;
  }

  async require(id: string): Promise<StoredRequest> {
    const r = await this.get(id);
    if (!r) throw new NotFoundError(`request ${id} not found`);
    return r;
  }

  /**
   * Applies `fn` under optimistic concurrency. `fn` returns the next record, or undefined
   * to leave it untouched; the result reports what the *successful* attempt saw, so a
   * decision like "I completed the last task" is made exactly once.
   *
   * Group commit: updates of one request that arrive while its previous write is in
   * flight are applied in arrival order to one copy and written together (one revision-
   * checked write instead of several round trips). Each caller resolves only after the
   * write that contains its update succeeded. On a conflict the whole group is re-applied
   * to the fresh value, so every `fn` must stay a pure function of the record it is given,
   * and one that returns no `next` must leave the record it was given untouched (the group
   * shares one working copy).
   */
  mutate<T>(id: string, fn: (cur: StoredRequest) => { next?: StoredRequest; result: T }, opts: MutateOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const list = this.pending.get(id) ?? [];
      list.push({
        fn: fn as PendingUpdate['fn'],
        resolve: resolve as (v: unknown) => void,
        reject,
        maxAttempts: opts.maxAttempts ?? 20,
        ...(opts.beforeWrite ? { beforeWrite: opts.beforeWrite as PendingUpdate['beforeWrite'] } : {}),
      });
      this.pending.set(id, list);
      if (this.flushing.has(id)) return; // joins the next write of the group in flight
      if (opts.holdMs !== undefined && opts.holdMs > 0) {
        if (!this.held.has(id)) this.held.set(id, setTimeout(() => this.startFlush(id), opts.holdMs));
        return;
      }
      this.startFlush(id);
    });
  }

  private startFlush(id: string): void {
    const timer = this.held.get(id);
    if (timer) clearTimeout(timer);
    this.held.delete(id);
    if (!this.flushing.has(id) && this.pending.get(id)?.length) this.flushing.set(id, this.flush(id));
  }

  private async flush(id: string): Promise<void> {
    // A create of this request still in flight: its updates follow it.
    const creating = this.creating.get(id);
    if (creating) await creating;
    try {
      for (let batch = this.pending.get(id); batch?.length; batch = this.pending.get(id)) {
        this.pending.delete(id);
        await this.commit(id, batch);
      }
    } finally {
      this.flushing.delete(id);
    }
  }

  private async commit(id: string, batch: PendingUpdate[]): Promise<void> {
    const maxAttempts = Math.max(...batch.map((u) => u.maxAttempts));
    for (let attempt = 1; ; attempt++) {
      let cur: { value: StoredRequest; revision: number; json?: string } | undefined;
      try {
        cur = this.written.get(id) ?? (await this.kv.get<StoredRequest>(recKey(id)));
      } catch (e) {
        for (const u of batch) u.reject(e);
        return;
      }
      if (!cur) {
        for (const u of batch) u.reject(new NotFoundError(`request ${id} not found`));
        return;
      }
      const { working, changed, outcomes } = applyBatch(cur.json ?? JSON.stringify(cur.value), batch);
      const settle = () => batch.forEach((u, i) => (outcomes[i]?.ok ? u.resolve(outcomes[i]?.value) : u.reject(outcomes[i]?.value)));
      if (!changed) return settle();
      for (const [i, u] of batch.entries()) {
        const o = outcomes[i];
        if (u.beforeWrite && o?.ok) {
          try {
            u.beforeWrite(working, o.value);
          } catch {
            // Work started ahead of the write is an optimisation: its failure changes nothing here.
          }
        }
      }
      try {
        const json = JSON.stringify(working);
        const revision = await this.kv.update(recKey(id), new JsonText(json), cur.revision);
        this.remember(id, working, json, revision);
        return settle();
      } catch (e) {
        this.written.delete(id);
        if (!(e instanceof ConflictError) || attempt >= maxAttempts) {
          const err = e instanceof ConflictError ? new ConflictError(`request ${id}: update kept conflicting`, { cause: e }) : e;
          for (const u of batch) u.reject(err);
          return;
        }
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 3 * attempt)));
      }
    }
  }

  /**
   * The stored contributions of `taskIds` (default: every completed task), in task order.
   * Contributions live in the record itself (appended by `appendContribution` inside the
   * write that settles the task). Records written before that change kept them under
   * `contrib.<request>.<task>` keys: a task missing from the record is looked up there, so a
   * request in flight across the upgrade still finishes with all its contributions.
   */
  async contributions(rec: StoredRequest, taskIds?: string[]): Promise<Contribution[]> {
    const ids = taskIds ?? rec.tasks.filter((t) => t.status === 'completed').map((t) => t.task_id);
    const out: Contribution[] = [];
    for (const t of ids) {
      const c = rec.contributions.find((x) => x.task_id === t) ?? (await this.kv.get<Contribution>(legacyContribKey(rec.request_id, t)))?.value;
      if (c) out.push(c);
    }
    return out;
  }

  /**
   * What a restarted coordinator picks up: requests not yet terminal, and those that finished
   * within the last `finishedWithinMs` (their result may not have been published).
   */
  async resumable(finishedWithinMs: number): Promise<{ live: StoredRequest[]; finished: StoredRequest[] }> {
    const live: StoredRequest[] = [];
    const finished: StoredRequest[] = [];
    const since = Date.now() - finishedWithinMs;
    for (const key of await this.kv.keys('req.')) {
      const r = (await this.kv.get<StoredRequest>(key))?.value;
      if (!r) continue;
      if (!isTerminalRequest(r.status)) live.push(r);
      else if (r.completed_at && Date.parse(r.completed_at) >= since) finished.push(r);
    }
    return { live, finished };
  }
}

/**
 * Append-only: the first contribution stored for a task wins; a replay (redelivery, a late
 * duplicate) returns false and changes nothing. Call inside a `mutate` function.
 */
export function appendContribution(cur: StoredRequest, c: Contribution): boolean {
  if (cur.contributions.some((x) => x.task_id === c.task_id)) return false;
  cur.contributions.push(c);
  return true;
}

export interface MutateOptions {
  /** Attempts on revision conflicts before the update fails (default 20). */
  maxAttempts?: number;
  /**
   * Hold the write up to this long for the request's next update, so both go out as one
   * write: for a change nobody waits on yet (an artifact while other tasks of its request
   * are still open). The next update that is not held writes the whole group at once.
   */
  holdMs?: number;
  /**
   * Called with the record about to be written and this update's result, just before the write
   * is sent (again on a retry after a conflict): for work that may start ahead of the write
   * because it is idempotent and its outcome is checked against the stored record later. It
   * must not change the record.
   */
  beforeWrite?: (next: StoredRequest, result: unknown) => void;
}

interface Written {
  value: StoredRequest;
  /** The exact text stored at `revision`: the next update parses its working copy from it. */
  json: string;
  revision: number;
}

interface PendingUpdate {
  fn: (cur: StoredRequest) => { next?: StoredRequest; result: unknown };
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  maxAttempts: number;
  beforeWrite?: (next: StoredRequest, result: unknown) => void;
}

/**
 * Applies a group's updates in arrival order to one private copy parsed from `text` (the
 * record as stored): one parse for the whole group, however many updates it holds. An
 * update that throws may have left that copy half-changed, so the group is re-applied to a
 * fresh copy without it (updates are pure functions of the record they get, so the others
 * decide the same again); the thrower's caller gets its error.
 */
function applyBatch(
  text: string,
  batch: PendingUpdate[],
): { working: StoredRequest; changed: boolean; outcomes: { ok: boolean; value: unknown }[] } {
  const failed = new Map<number, unknown>();
  for (;;) {
    let working = JSON.parse(text) as StoredRequest;
    let changed = false;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    let threw = false;
    for (const [i, u] of batch.entries()) {
      if (failed.has(i)) {
        outcomes.push({ ok: false, value: failed.get(i) });
        continue;
      }
      try {
        const { next, result } = u.fn(working);
        if (next) {
          working = next;
          changed = true;
        }
        outcomes.push({ ok: true, value: result });
      } catch (e) {
        failed.set(i, e);
        threw = true;
        break;
      }
    }
    if (!threw) return { working, changed, outcomes };
  }
}
