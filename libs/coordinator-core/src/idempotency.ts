import { ConflictError, sha256 } from '@medagent/contracts';
import type { KvStore } from '@medagent/bus';

interface Mapping {
  request_id: string;
  /** Fingerprint of the submission that claimed the key (see the ingress's fingerprint). */
  fp: string;
  at: string;
}

export interface IdempotencyClaim {
  request_id: string;
  /** True for the one submission that created the mapping; false for every repeat. */
  fresh: boolean;
}

/**
 * Idempotency-Key → request id, stored and scoped by tenant. The mapping is created
 * atomically (KV `create`: exactly one of any number of racing submissions wins, on the
 * in-process store and on JetStream alike); a repeat with the same fingerprint gets the
 * winner's id, one with any other fingerprint a 409, however the posts interleave.
 */
export class IdempotencyStore {
  constructor(private readonly kv: KvStore) {}

  static keyOf(tenant: string, idempotencyKey: string): string {
    return `idem.${sha256(`${tenant}\u0000${idempotencyKey}`).slice(0, 40)}`;
  }

  async claim(tenant: string, idempotencyKey: string, fp: string, newId: () => string): Promise<IdempotencyClaim> {
    const key = IdempotencyStore.keyOf(tenant, idempotencyKey);
    for (let attempt = 0; attempt < 3; attempt++) {
      const request_id = newId();
      try {
        await this.kv.create<Mapping>(key, { request_id, fp, at: new Date().toISOString() });
        return { request_id, fresh: true };
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
      }
      const cur = await this.kv.get<Mapping>(key);
      if (!cur) continue; // deleted between our create and read: claim again
      if (cur.value.fp !== fp) {
        throw new ConflictError('Idempotency-Key was already used for a different request', {
          retryable: false,
          details: [{ path: 'header:Idempotency-Key', rule: 'idempotency.mismatch', message: 'same key, different submission' }],
        });
      }
      return { request_id: cur.value.request_id, fresh: false };
    }
    throw new ConflictError('Idempotency-Key is being claimed concurrently; retry', { retryAfterMs: 100 });
  }
}
