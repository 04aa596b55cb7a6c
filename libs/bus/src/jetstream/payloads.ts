import { Objm, type ObjectStore } from '@nats-io/obj';
import type { JetStreamClient } from '@nats-io/jetstream';
import {
  ContractViolationError,
  NotFoundError,
  payloadSize,
  sha256,
  withPayloadRef,
  type Envelope,
  type PayloadRef,
} from '@medagent/contracts';
import { bytesToString } from '../common';

/**
 * Large payloads live in the JetStream object store; the event carries a `payload_ref`
 * (sha256-checked on the way back), keeping stream messages under the server's max payload.
 */
export class PayloadStore {
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly js: JetStreamClient,
    private readonly bucket: string,
    private readonly maxInlineBytes: number,
    private readonly ttlMs: number,
    private readonly replicas = 1,
  ) {}

  /** Payloads above this many bytes are offloaded. */
  get inlineLimit(): number {
    return this.maxInlineBytes;
  }

  private open(): Promise<ObjectStore> {
    this.store ??= new Objm(this.js).create(this.bucket, { ttl: this.ttlMs * 1_000_000, ...(this.replicas > 1 ? { replicas: this.replicas } : {}) }).catch((e: unknown) => {
      this.store = undefined;
      throw e;
    });
    return this.store;
  }

  /** Returns the envelope to put on the wire: unchanged, or with its payload offloaded. */
  async offload<P extends object>(env: Envelope<P>): Promise<Envelope<P>> {
    if (env.payload === undefined || payloadSize(env.payload) <= this.maxInlineBytes) return env;
    const text = JSON.stringify(env.payload);
    const digest = sha256(text);
    const key = `${env.event_id}.${digest.slice(0, 16)}`;
    const os = await this.open();
    const data = new TextEncoder().encode(text);
    await os.putBlob({ name: key }, data);
    const ref: PayloadRef = { store: this.bucket, key, size: data.byteLength, sha256: digest };
    return withPayloadRef(env, ref);
  }

  /** The payload a `payload_ref` points to; a missing or altered object is a contract violation. */
  async resolve(raw: unknown): Promise<unknown> {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const r = raw as { payload?: unknown; payload_ref?: Partial<PayloadRef> };
    if (r.payload !== undefined || !r.payload_ref) return undefined;
    const ref = r.payload_ref;
    if (typeof ref.key !== 'string' || ref.store !== this.bucket) {
      throw new ContractViolationError(`payload_ref names unknown store ${String(ref.store)}`);
    }
    const os = await this.open();
    const data = await os.getBlob(ref.key);
    if (!data) throw new NotFoundError(`payload ${ref.key} is not in ${this.bucket} (expired or never stored)`);
    const text = bytesToString(data);
    if (sha256(text) !== ref.sha256) throw new ContractViolationError(`payload ${ref.key} does not match its sha256`);
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw new ContractViolationError(`payload ${ref.key} is not JSON`, { cause: e });
    }
  }
}
