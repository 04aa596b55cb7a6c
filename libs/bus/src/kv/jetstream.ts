import { Kvm, type KV } from '@nats-io/kv';
import { JetStreamApiError, PubHeaders } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { ConfigError, ConflictError, ContractViolationError } from '@medagent/contracts';
import { PubAckMux } from '../jetstream/pub-ack';
import { asBusUnavailable, retryStartupStep } from '../jetstream/connection';
import { assertKey, jsonOf, readModifyWrite, type KvEntry, type KvStore } from './port';

/** "wrong last sequence": the server's answer to a stale revision or a create over a live key. */
const WRONG_LAST_SEQUENCE = 10071;
/** The same, when the server cannot tell the subject's last sequence (@nats-io/kv create retries on it too). */
const WRONG_LAST_SEQUENCE_UNKNOWN = 10164;

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
  /** Copies in a JetStream cluster (see TopologyLimits.replicas); default 1. */
  replicas?: number;
  /** How long opening may wait for a broker that cannot answer yet (a cluster electing); default 0. */
  waitMs?: number;
}

/**
 * JetStream KV with revision-checked writes (server 2.9+). Reads, key listing and deletes
 * go through @nats-io/kv; `create` and `update` publish to `$KV.<bucket>.<key>` through
 * the connection's PubAckMux (no `nc.request()` per write), replicating @nats-io/kv 3.4.0's
 * `create`/`update` (see docs/perf/README.md, "Publish-ack mux").
 *
 * Assumes a plain local bucket: default JetStream API prefix (no domain), no mirror or
 * external source, identity key codec, so a key's write subject is `$KV.<bucket>.<key>`.
 * `open` checks that against the library's own subject mapping and refuses anything else.
 */
export class JetStreamKvStore implements KvStore {
  private readonly acks: PubAckMux;
  private readonly subjectPrefix: string;

  private constructor(
    private readonly kv: KV,
    nc: NatsConnection,
    private readonly bucket: string,
  ) {
    this.acks = PubAckMux.for(nc);
    this.subjectPrefix = `$KV.${bucket}.`;
  }

  /** Creates the bucket if missing (idempotent) and binds to it. */
  static async open(nc: NatsConnection, bucket: string, opts: JetStreamKvOptions = {}): Promise<JetStreamKvStore> {
    const kv = await retryStartupStep(
      `opening bucket ${bucket}`,
      () =>
        new Kvm(nc).create(bucket, {
          history: opts.history ?? 5,
          ...(opts.ttlMs ? { ttl: opts.ttlMs } : {}),
          ...(opts.replicas && opts.replicas > 1 ? { replicas: opts.replicas } : {}),
        }),
      Date.now() + (opts.waitMs ?? 0),
    );
    // @nats-io/kv's Bucket.subjectForKey(key, edit) is where a mirror, an API prefix or a
    // domain would show; it is not in the typed KV interface, so probe it defensively.
    const mapping = (kv as { subjectForKey?: (k: string, edit?: boolean) => string }).subjectForKey?.('probe', true);
    if (mapping !== undefined && mapping !== `$KV.${bucket}.probe`) {
      throw new ConfigError(`kv bucket ${bucket} writes to ${mapping}: only plain local buckets are supported`);
    }
    return new JetStreamKvStore(kv, nc, bucket);
  }

  async get<T = unknown>(key: string): Promise<KvEntry<T> | undefined> {
    assertKey(key);
    const e = await this.read(key);
    if (!e || e.operation !== 'PUT') return undefined;
    try {
      return { value: e.json<T>(), revision: e.revision };
    } catch (err) {
      throw new ContractViolationError(`${key}: stored value is not JSON`, { cause: err });
    }
  }

  /**
   * As @nats-io/kv: put expecting last subject sequence 0; when that fails with anything
   * but another API error, read the key and, if its latest entry is a DEL/PURGE marker,
   * put again expecting the marker's revision; otherwise the first error stands.
   */
  async create<T>(key: string, value: T): Promise<number> {
    assertKey(key);
    const json = jsonOf(key, value);
    try {
      let first: unknown;
      try {
        return await this.put(key, json, 0);
      } catch (e) {
        if (e instanceof JetStreamApiError && e.code !== WRONG_LAST_SEQUENCE && e.code !== WRONG_LAST_SEQUENCE_UNKNOWN) throw e;
        first = e;
      }
      const latest = await this.read(key);
      if (latest?.operation === 'DEL' || latest?.operation === 'PURGE') return await this.put(key, json, latest.revision);
      throw first;
    } catch (e) {
      throw mapConflict(e, key, 'already exists');
    }
  }

  async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
    assertKey(key);
    // @nats-io/kv refuses this too (a put expecting 0 would be a create).
    if (!(expectedRevision > 0)) throw new ContractViolationError(`${key}: expected revision must be > 0, got ${expectedRevision}`);
    try {
      return await this.put(key, jsonOf(key, value), expectedRevision);
    } catch (e) {
      throw mapConflict(e, key, `revision ${expectedRevision} is stale`);
    }
  }

  /** One revision-checked write; resolves with the new revision (the stream sequence). */
  private async put(key: string, json: string, expectedLastSubjectSeq: number): Promise<number> {
    const h = natsHeaders();
    h.set(PubHeaders.ExpectedLastSubjectSequenceHdr, `${expectedLastSubjectSeq}`);
    return (await this.acks.publish(this.subjectPrefix + key, json, h)).seq;
  }

  async keys(prefix = ''): Promise<string[]> {
    const out: string[] = [];
    try {
      for await (const k of await this.kv.keys()) if (k.startsWith(prefix)) out.push(k);
    } catch (e) {
      throw asBusUnavailable(e, `kv ${this.bucket} keys`);
    }
    return out.sort();
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.kv.delete(key).catch((e: unknown) => {
      throw asBusUnavailable(e, `kv ${this.bucket} delete ${key}`);
    });
  }

  /**
   * The client's own read: a broker out of reach surfaces as BusUnavailableError (retryable,
   * HTTP 503), never as nats.js's bare TimeoutError, which callers would take for a bug.
   */
  private read(key: string): ReturnType<KV['get']> {
    return this.kv.get(key).catch((e: unknown) => {
      throw asBusUnavailable(e, `kv ${this.bucket} get ${key}`);
    });
  }

  updateWithRetry<T>(key: string, fn: (current: T | undefined) => T, maxAttempts = 5): Promise<KvEntry<T>> {
    return readModifyWrite(this, key, fn, maxAttempts);
  }

  /** The connection belongs to the caller (usually shared with the bus). */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
