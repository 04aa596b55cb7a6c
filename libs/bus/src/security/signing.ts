import { sign as edSign, verify as edVerify, type KeyObject } from 'node:crypto';
import { ConfigError, EVENT_TYPES, producerForbidden, type EventType, type Producer } from '@medagent/contracts';
import { HEADER_DEADLINE } from '../common';
import { generateNkey, publicKeyOfSeed, signingKeyFromSeed, verifyingKeyFromPublic } from './keys';

/** Headers carrying an event's signature: the signer's nkey and the Ed25519 signature (base64url). */
export const HEADER_SIGNER = 'Medagent-Signer';
export const HEADER_SIGNATURE = 'Medagent-Sig';
const SIG_CONTEXT = 'medagent-event-sig-v1';

/** Dead-letter codes of events that fail verification (never handled). */
export const EVENT_UNSIGNED = 'EVENT_UNSIGNED';
export const EVENT_SIGNATURE_INVALID = 'EVENT_SIGNATURE_INVALID';
export const EVENT_PRODUCER_FORBIDDEN = 'EVENT_PRODUCER_FORBIDDEN';

/**
 * The signed bytes: a context string, the subject, the deadline header and the exact bytes
 * published. The subject is bound so a signed event cannot be replayed onto another role's
 * subject; the deadline so it cannot be extended. An offloaded payload is covered through
 * the envelope's `payload_ref.sha256`, which the bus checks when it resolves the payload.
 */
function signedBytes(subject: string, deadline: string | undefined, body: Uint8Array): Buffer {
  const head = Buffer.from(`${SIG_CONTEXT}\n${subject}\n${deadline ?? ''}\n`, 'utf8');
  return Buffer.concat([head, body]);
}

/** Signs what one identity publishes (one per connection / per service). */
export class EventSigner {
  readonly publicKey: string;
  private readonly key: KeyObject;

  constructor(seed: string) {
    this.publicKey = publicKeyOfSeed(seed);
    this.key = signingKeyFromSeed(seed);
  }

  /** A throwaway identity (embedded mode, tests). */
  static ephemeral(): EventSigner {
    return new EventSigner(generateNkey().seed);
  }

  /** Adds the signature headers for `body` published on `subject` (the deadline header must already be set). */
  sign(subject: string, headers: Record<string, string>, body: Uint8Array): void {
    headers[HEADER_SIGNER] = this.publicKey;
    headers[HEADER_SIGNATURE] = edSign(null, signedBytes(subject, headers[HEADER_DEADLINE], body), this.key).toString('base64url');
  }
}

/**
 * Identity → public keys, and which envelope producers each identity may sign for (the
 * coordinator's HTTP ingress submits as `ingress`). From `trust.json` written by
 * `medagent secrets init`; more than one key per identity during a key rotation.
 */
export interface TrustIdentity {
  public_keys: string[];
  producers: Producer[];
}
export interface TrustFile {
  version: 1;
  identities: Record<string, TrustIdentity>;
}

export interface VerifyFailure {
  code: typeof EVENT_UNSIGNED | typeof EVENT_SIGNATURE_INVALID | typeof EVENT_PRODUCER_FORBIDDEN;
  reason: string;
}

/** Checks signature, signer ↔ producer and the producer's right to the event (contracts PRODUCER_RULES). */
export class EventVerifier {
  private readonly byKey = new Map<string, { identity: string; key: KeyObject; producers: ReadonlySet<string> }>();

  constructor(trust: TrustFile) {
    if (trust?.version !== 1 || typeof trust.identities !== 'object' || trust.identities === null) {
      throw new ConfigError('trust map: expected { "version": 1, "identities": { … } }');
    }
    for (const [identity, t] of Object.entries(trust.identities)) {
      if (!Array.isArray(t.public_keys) || !Array.isArray(t.producers)) throw new ConfigError(`trust map: ${identity} needs public_keys and producers`);
      for (const pk of t.public_keys) this.byKey.set(pk, { identity, key: verifyingKeyFromPublic(pk), producers: new Set(t.producers) });
    }
  }

  /** Trust exactly these signers (embedded mode, tests). */
  static trusting(signers: Record<string, { signer: EventSigner; producers: Producer[] }>): EventVerifier {
    const identities: Record<string, TrustIdentity> = {};
    for (const [id, s] of Object.entries(signers)) identities[id] = { public_keys: [s.signer.publicKey], producers: s.producers };
    return new EventVerifier({ version: 1, identities });
  }

  /**
   * Why the message must not be handled, or undefined. `raw` is the parsed JSON: a producer
   * or event type that is not even a string is left to the envelope decoder (CONTRACT_VIOLATION).
   */
  verify(subject: string, headers: Readonly<Record<string, string>>, body: Uint8Array, raw: unknown): VerifyFailure | undefined {
    const signer = headers[HEADER_SIGNER];
    const sig = headers[HEADER_SIGNATURE];
    if (!signer || !sig) return { code: EVENT_UNSIGNED, reason: `${EVENT_UNSIGNED}: no event signature` };
    const known = this.byKey.get(signer);
    if (!known) return { code: EVENT_SIGNATURE_INVALID, reason: `${EVENT_SIGNATURE_INVALID}: signer ${signer.slice(0, 8)}… is not in the trust map` };
    let ok = false;
    try {
      ok = edVerify(null, signedBytes(subject, headers[HEADER_DEADLINE], body), known.key, Buffer.from(sig, 'base64url'));
    } catch {
      ok = false;
    }
    if (!ok) return { code: EVENT_SIGNATURE_INVALID, reason: `${EVENT_SIGNATURE_INVALID}: signature does not match ${known.identity}'s key` };
    const o = (typeof raw === 'object' && raw !== null ? raw : {}) as { producer?: unknown; event_type?: unknown };
    if (typeof o.producer !== 'string') return undefined;
    if (!known.producers.has(o.producer)) {
      return { code: EVENT_SIGNATURE_INVALID, reason: `${EVENT_SIGNATURE_INVALID}: producer ${o.producer} is not the signer (${known.identity})` };
    }
    if (typeof o.event_type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(o.event_type)) return undefined;
    const why = producerForbidden(o.producer as Producer, o.event_type as EventType, subject);
    return why ? { code: EVENT_PRODUCER_FORBIDDEN, reason: `${EVENT_PRODUCER_FORBIDDEN}: ${why}` } : undefined;
  }
}

/** What a bus does about signatures: sign what it publishes, verify what it consumes. Either may be absent. */
export interface BusSecurity {
  signer?: EventSigner;
  verifier?: EventVerifier;
}
