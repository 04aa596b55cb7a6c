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

  /** False when the request already exists (a duplicate submission). */
  async create(rec: StoredRequest): Promise<boolean> {
    try {
      await this.kv.create(recKey(rec.request_id), rec);
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
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const cur = await this.kv.get<StoredRequest>(recKey(id));
      if (!cur) throw new NotFoundError(`request ${id} not found`);
      const copy = JSON.parse(JSON.stringify(cur.value)) as StoredRequest;
      const { next, result } = fn(copy);
      if (!next) return result;
      try {
        await this.kv.update(recKey(id), next, cur.revision);
        return result;
      } catch (e) {
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
      return true;
    } catch (e) {
      if (e instanceof ConflictError) return false;
      throw e;
    }
  }

  async contributions(id: string, taskIds: string[]): Promise<Contribution[]> {
    const out: Contribution[] = [];
    for (const t of taskIds) {
      const c = await this.kv.get<Contribution>(contribKey(id, t));
      if (c) out.push(c.value);
    }
    return out;
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
