import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { createUser, fromPublic, fromSeed } from '@nats-io/nkeys';
import { nkeyAuthenticator } from '@nats-io/transport-node';
import { Codec } from '@nats-io/nkeys/lib/codec';
import { ConfigError } from '@medagent/contracts';

/**
 * NATS nkeys (Ed25519) as node:crypto keys. One seed per service does both jobs: it
 * authenticates the connection (nats.js signs the server's nonce with it) and signs the
 * events the service publishes. The nkeys library (tweetnacl, pure JS) takes 5–9 ms per
 * signature on these machines; node:crypto's native Ed25519 takes ~26 µs to sign and
 * ~66 µs to verify (tools/sign-cost.js), so signatures go through node:crypto with keys
 * derived from the same seed (Ed25519 is deterministic: both give the same bytes).
 */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

export interface NkeyIdentity {
  /** `SU…`: the secret, as `nsc` and nats.js's nkeyAuthenticator take it. */
  seed: string;
  /** `U…`: what the server config and the trust map name. */
  publicKey: string;
}

/** A fresh user nkey (random Ed25519 seed). */
export function generateNkey(): NkeyIdentity {
  const kp = createUser();
  return { seed: new TextDecoder().decode(kp.getSeed()), publicKey: kp.getPublicKey() };
}

/** The public key of a seed; a malformed seed is a ConfigError (never echoed). */
export function publicKeyOfSeed(seed: string): string {
  try {
    return fromSeed(new TextEncoder().encode(seed.trim())).getPublicKey();
  } catch (e) {
    throw new ConfigError('not a valid nkey seed (expected SU…)', { cause: e });
  }
}

export function signingKeyFromSeed(seed: string): KeyObject {
  let raw: Uint8Array;
  try {
    const decoded = Codec.decodeSeed(new TextEncoder().encode(seed.trim()));
    raw = decoded.buf;
  } catch (e) {
    throw new ConfigError('not a valid nkey seed (expected SU…)', { cause: e });
  }
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, Buffer.from(raw)]), format: 'der', type: 'pkcs8' });
}

export function verifyingKeyFromPublic(publicKey: string): KeyObject {
  let raw: Uint8Array;
  try {
    fromPublic(publicKey); // checks the prefix and the checksum
    raw = Codec.decode(160 /* Prefix.User */, new TextEncoder().encode(publicKey));
  } catch (e) {
    throw new ConfigError(`not a valid nkey user public key: ${publicKey.slice(0, 8)}…`, { cause: e });
  }
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519, Buffer.from(raw)]), format: 'der', type: 'spki' });
}

/** Connect options that authenticate as the seed's nkey user (the server signs a nonce challenge). */
export function nkeyConnectOptions(seed: string): { authenticator: ReturnType<typeof nkeyAuthenticator> } {
  publicKeyOfSeed(seed); // a malformed seed fails here, as a ConfigError, not inside the client
  return { authenticator: nkeyAuthenticator(new TextEncoder().encode(seed.trim())) };
}
