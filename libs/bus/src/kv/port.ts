import { ConflictError, ContractViolationError } from '@medagent/contracts';

export interface KvEntry<T> {
  value: T;
  /** Changes on every write; pass it back to `update` to write only over what you read. */
  revision: number;
}

/**
 * Small JSON state with optimistic concurrency (request state, blackboard indexes).
 * There is deliberately no blind `put`: every write names the revision it read, or creates.
 */
export interface KvStore {
  get<T = unknown>(key: string): Promise<KvEntry<T> | undefined>;
  /** Fails with ConflictError (code CONFLICT) when the key exists. Returns the revision. */
  create<T>(key: string, value: T): Promise<number>;
  /** Fails with ConflictError (code CONFLICT) when the key changed since `expectedRevision`. */
  update<T>(key: string, value: T, expectedRevision: number): Promise<number>;
  keys(prefix?: string): Promise<string[]>;
  delete(key: string): Promise<void>;
  /**
   * Read-modify-write with revision checks, retried on conflict. `fn` may run several
   * times and must be pure; it receives undefined when the key does not exist yet.
   */
  updateWithRetry<T>(key: string, fn: (current: T | undefined) => T, maxAttempts?: number): Promise<KvEntry<T>>;
  close(): Promise<void>;
}

/**
 * A value the caller already serialised (it keeps the text, e.g. as its cache of what it
 * wrote): `create` / `update` store the text as is instead of stringifying the value again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The text a store writes for `value`: a JsonText's own, else its JSON. */
export function jsonOf(key: string, value: unknown): string {
  if (value instanceof JsonText) return value.text;
  const json = JSON.stringify(value);
  if (json === undefined) throw new ContractViolationError(`${key}: value is not JSON-serialisable`);
  return json;
}

/** The JetStream KV key alphabet; the in-memory store enforces it too so both fail alike. */
const KEY = /^[-/_=.a-zA-Z0-9]+$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.startsWith('.') || key.endsWith('.')) {
    throw new ContractViolationError(`invalid kv key "${key}": use [-/_=.a-zA-Z0-9], no leading or trailing dot`);
  }
}

/** Shared by both stores: the retry loop is the contract, not an implementation detail. */
export async function readModifyWrite<T>(
  kv: Pick<KvStore, 'get' | 'create' | 'update'>,
  key: string,
  fn: (current: T | undefined) => T,
  maxAttempts: number,
): Promise<KvEntry<T>> {
  let last: unknown;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const cur = await kv.get<T>(key);
    const next = fn(cur?.value);
    try {
      const revision = cur ? await kv.update(key, next, cur.revision) : await kv.create(key, next);
      return { value: next, revision };
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e;
      last = e;
      // Jittered pause so contending writers stop colliding in lockstep.
      if (attempt < maxAttempts) await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * attempt)));
    }
  }
  throw new ConflictError(`${key}: still conflicting after ${maxAttempts} attempts`, { cause: last });
}
