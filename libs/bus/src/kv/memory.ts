import { BusUnavailableError, ConflictError } from '@medagent/contracts';
import { assertKey, jsonOf, readModifyWrite, type KvEntry, type KvStore } from './port';

/** Embedded-mode KV: same revision semantics as JetStream KV, values stored as JSON text. */
export class InMemoryKvStore implements KvStore {
  private readonly data = new Map<string, { json: string; revision: number }>();
  private revision = 0;
  private closed = false;

  async get<T = unknown>(key: string): Promise<KvEntry<T> | undefined> {
    this.assertOpen();
    assertKey(key);
    const e = this.data.get(key);
    // Parse on every read: callers get a copy, as they would from the server.
    return e ? { value: JSON.parse(e.json) as T, revision: e.revision } : undefined;
  }

  async create<T>(key: string, value: T): Promise<number> {
    this.assertOpen();
    assertKey(key);
    if (this.data.has(key)) throw new ConflictError(`${key} already exists`);
    return this.write(key, value);
  }

  async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
    this.assertOpen();
    assertKey(key);
    const cur = this.data.get(key);
    if (!cur || cur.revision !== expectedRevision) {
      throw new ConflictError(`${key}: expected revision ${expectedRevision}, found ${cur ? cur.revision : 'none'}`);
    }
    return this.write(key, value);
  }

  async keys(prefix = ''): Promise<string[]> {
    this.assertOpen();
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    assertKey(key);
    this.data.delete(key);
    this.revision += 1;
  }

  updateWithRetry<T>(key: string, fn: (current: T | undefined) => T, maxAttempts = 5): Promise<KvEntry<T>> {
    return readModifyWrite(this, key, fn, maxAttempts);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  private write(key: string, value: unknown): number {
    const json = jsonOf(key, value);
    this.revision += 1;
    this.data.set(key, { json, revision: this.revision });
    return this.revision;
  }

  private assertOpen(): void {
    if (this.closed) throw new BusUnavailableError('kv store is closed');
  }
}
