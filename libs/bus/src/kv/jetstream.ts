import { Kvm, type KV } from '@nats-io/kv';
import { JetStreamApiError } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { ConflictError, ContractViolationError } from '@medagent/contracts';
import { assertKey, readModifyWrite, type KvEntry, type KvStore } from './port';

/** "wrong last sequence": the server's answer to a stale revision or a create over a live key. */
const WRONG_LAST_SEQUENCE = 10071;

function mapConflict(e: unknown, key: string, what: string): unknown {
  if (e instanceof JetStreamApiError && e.code === WRONG_LAST_SEQUENCE) {
    return new ConflictError(`${key}: ${what} (${e.message})`, { cause: e });
  }
  return e;
}

export interface JetStreamKvOptions {
  /** Revisions kept per key (history); 1 suffices for optimistic concurrency. */
  history?: number;
  /** Entries expire after this long (ms); 0 keeps them. */
  ttlMs?: number;
}

/** JetStream KV with revision-checked writes (server 2.9+). */
export class JetStreamKvStore implements KvStore {
  private constructor(private readonly kv: KV) {}

  /** Creates the bucket if missing (idempotent) and binds to it. */
  static async open(nc: NatsConnection, bucket: string, opts: JetStreamKvOptions = {}): Promise<JetStreamKvStore> {
    const kv = await new Kvm(nc).create(bucket, {
      history: opts.history ?? 5,
      ...(opts.ttlMs ? { ttl: opts.ttlMs } : {}),
    });
    return new JetStreamKvStore(kv);
  }

  async get<T = unknown>(key: string): Promise<KvEntry<T> | undefined> {
    assertKey(key);
    const e = await this.kv.get(key);
    if (!e || e.operation !== 'PUT') return undefined;
    try {
      return { value: e.json<T>(), revision: e.revision };
    } catch (err) {
      throw new ContractViolationError(`${key}: stored value is not JSON`, { cause: err });
    }
  }

  async create<T>(key: string, value: T): Promise<number> {
    assertKey(key);
    try {
      return await this.kv.create(key, encode(key, value));
    } catch (e) {
      throw mapConflict(e, key, 'already exists');
    }
  }

  async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
    assertKey(key);
    try {
      return await this.kv.update(key, encode(key, value), expectedRevision);
    } catch (e) {
      throw mapConflict(e, key, `revision ${expectedRevision} is stale`);
    }
  }

  async keys(prefix = ''): Promise<string[]> {
    const out: string[] = [];
    for await (const k of await this.kv.keys()) if (k.startsWith(prefix)) out.push(k);
    return out.sort();
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.kv.delete(key);
  }

  updateWithRetry<T>(key: string, fn: (current: T | undefined) => T, maxAttempts = 5): Promise<KvEntry<T>> {
    return readModifyWrite(this, key, fn, maxAttempts);
  }

  /** The connection belongs to the caller (usually shared with the bus). */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

function encode(key: string, value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new ContractViolationError(`${key}: value is not JSON-serialisable`);
  return json;
}
