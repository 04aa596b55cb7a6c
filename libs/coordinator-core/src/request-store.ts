import { ConflictError, NotFoundError, type Contribution, type RequestRecord } from '@medagent/contracts';
import type { KvStore } from '@medagent/bus';

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
}

export type StoredRequest = RequestRecord & { question: string; state: CoordinatorState };

const recKey = (id: string) => `req.${id}`;
const contribKey = (id: string, taskId: string) => `contrib.${id}.${taskId}`;

/**
 * Request state on a KvStore (in-memory in embedded mode, JetStream KV when distributed).
 * Every update is revision-checked read-modify-write: concurrent handlers never overwrite
 * each other. Contributions are append-only, one key per task, created once.
 */
export class RequestStore {
  constructor(private readonly kv: KvStore) {}

  /**
   * Last written {value, revision} per in-flight request. Safe with several coordinator
   * replicas: it only feeds revision-checked updates, so a stale entry costs one conflict
   * and a fresh read, never a lost write. Contributions are immutable once created.
   */
  private readonly written = new Map<string, { value: StoredRequest; revision: number }>();
  private readonly contribCache = new Map<string, Contribution>();
  /** One request's updates run in order in this process (fewer self-inflicted conflicts). */
  private readonly queues = new Map<string, Promise<unknown>>();

  private serial<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(id) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return run;
  }

  private remember(id: string, value: StoredRequest, revision: number): void {
    if (value.status === 'completed' || value.status === 'failed') this.written.delete(id);
    else this.written.set(id, { value, revision });
    if (this.written.size > 5000) this.written.delete(this.written.keys().next().value as string);
  }

  /** False when the request already exists (a duplicate submission). */
  async create(rec: StoredRequest): Promise<boolean> {
    try {
      this.remember(rec.request_id, JSON.parse(JSON.stringify(rec)) as StoredRequest, await this.kv.create(recKey(rec.request_id), rec));
      return true;
    } catch (e) {
      if (e instanceof ConflictError) return false;
      throw e;
    }
  }

  async get(id: string): Promise<StoredRequest | undefined> {
    return (await this.kv.get<StoredRequest>(recKey(id)))?.value;
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
   */
  async mutate<T>(
    id: string,
    fn: (cur: StoredRequest) => { next?: StoredRequest; result: T },
    maxAttempts = 20,
  ): Promise<T> {
    return this.serial(id, () => this.mutateNow(id, fn, maxAttempts));
  }

  private async mutateNow<T>(
    id: string,
    fn: (cur: StoredRequest) => { next?: StoredRequest; result: T },
    maxAttempts: number,
  ): Promise<T> {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const cur = this.written.get(id) ?? (await this.kv.get<StoredRequest>(recKey(id)));
      if (!cur) throw new NotFoundError(`request ${id} not found`);
      const copy = JSON.parse(JSON.stringify(cur.value)) as StoredRequest;
      const { next, result } = fn(copy);
      if (!next) return result;
      try {
        this.remember(id, JSON.parse(JSON.stringify(next)) as StoredRequest, await this.kv.update(recKey(id), next, cur.revision));
        return result;
      } catch (e) {
        this.written.delete(id);
        if (!(e instanceof ConflictError) || attempt === maxAttempts) throw e;
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 3 * attempt)));
      }
    }
    throw new ConflictError(`request ${id}: update kept conflicting`);
  }

  /** Append-only: the first contribution for a task wins; a replay is ignored. */
  async addContribution(c: Contribution): Promise<boolean> {
    try {
      await this.kv.create(contribKey(c.request_id, c.task_id), c);
      this.cacheContribution(c);
      return true;
    } catch (e) {
      if (e instanceof ConflictError) return false;
      throw e;
    }
  }

  async contributions(id: string, taskIds: string[]): Promise<Contribution[]> {
    const out: Contribution[] = [];
    for (const t of taskIds) {
      const hit = this.contribCache.get(contribKey(id, t));
      if (hit) {
        out.push(hit);
        continue;
      }
      const c = await this.kv.get<Contribution>(contribKey(id, t));
      if (c) {
        this.cacheContribution(c.value);
        out.push(c.value);
      }
    }
    return out;
  }

  private cacheContribution(c: Contribution): void {
    this.contribCache.set(contribKey(c.request_id, c.task_id), c);
    if (this.contribCache.size > 15_000) this.contribCache.delete(this.contribCache.keys().next().value as string);
  }

  /** Requests not yet terminal (a restarted coordinator resumes them). */
  async inFlight(): Promise<StoredRequest[]> {
    const out: StoredRequest[] = [];
    for (const key of await this.kv.keys('req.')) {
      const r = (await this.kv.get<StoredRequest>(key))?.value;
      if (r && r.status !== 'completed' && r.status !== 'failed') out.push(r);
    }
    return out;
  }
}
