import { readFileSync } from 'node:fs';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { authInvalid, type AuthError } from './errors';

/** Asymmetric only: an HS256 token signed with a public key, or `alg: none`, never verifies. */
export const JWT_ALGORITHMS = ['RS256', 'ES256'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** Where an issuer's keys come from: an HTTPS (or loopback HTTP) JWKS URL, a file, or the set itself. */
export type JwksSource = { url: string } | { file: string } | { keys: JSONWebKeySet };

export interface TrustedIssuer {
  iss: string;
  jwks: JwksSource;
}

export interface VerifyJwtOptions {
  /** The allow-list: a token from any other `iss` is refused before any key is fetched. */
  issuers: readonly TrustedIssuer[];
  /** Accepted `aud` value(s); the token must name at least one. */
  audience: string | readonly string[];
  /** Seconds of clock skew tolerated on `exp` / `nbf` / `iat` (default 30). */
  clockToleranceS?: number;
  algorithms?: readonly JwtAlgorithm[];
  /** Claims that must be present besides `exp` (e.g. `jti` for CDS Hooks). */
  requiredClaims?: readonly string[];
}

export type VerifiedClaims = JWTPayload & { iss: string };

/**
 * One verifier per issuer, kept across calls: the remote set caches keys and refetches on an
 * unknown `kid` (rate-limited by jose), the local one is read once.
 */
const keySets = new WeakMap<JwksSource, JWTVerifyGetKey>();

function keySetOf(src: JwksSource): JWTVerifyGetKey {
  let ks = keySets.get(src);
  if (ks) return ks;
  if ('url' in src) ks = createRemoteJWKSet(new URL(src.url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  else if ('file' in src) ks = createLocalJWKSet(JSON.parse(readFileSync(src.file, 'utf8')) as JSONWebKeySet);
  else ks = createLocalJWKSet(src.keys);
  keySets.set(src, ks);
  return ks;
}

/**
 * Verifies a compact JWS: issuer on the allow-list, signature by that issuer's JWKS with an
 * allowed algorithm, `aud`, `exp` (required), `nbf`. Every refusal is an AuthError
 * `AUTH_INVALID` whose reason names the check (`jwt.malformed`, `jwt.alg`, `jwt.issuer`,
 * `jwt.signature`, `jwt.expired`, `jwt.not_yet_valid`, `jwt.audience`, `jwt.claim`,
 * `jwt.keys_unavailable`). Reusable by any boundary that takes JWTs (the CDS Hooks endpoint).
 */
export async function verifyJwt(token: string, opts: VerifyJwtOptions): Promise<VerifiedClaims> {
  const algorithms = [...(opts.algorithms ?? JWT_ALGORITHMS)];
  let alg: unknown;
  let iss: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
    iss = decodeJwt(token).iss;
  } catch (e) {
    throw authInvalid('jwt.malformed', 'bearer token is not a JWT', e);
  }
  if (typeof alg !== 'string' || !(algorithms as string[]).includes(alg)) throw authInvalid('jwt.alg', `JWT algorithm must be one of ${algorithms.join(', ')}`);
  const issuer = opts.issuers.find((i) => i.iss === iss);
  if (!issuer) throw authInvalid('jwt.issuer', 'JWT issuer is not trusted');
  try {
    const { payload } = await jwtVerify(token, keySetOf(issuer.jwks), {
      issuer: issuer.iss,
      audience: typeof opts.audience === 'string' ? opts.audience : [...opts.audience],
      algorithms,
      clockTolerance: opts.clockToleranceS ?? 30,
      requiredClaims: ['exp', ...(opts.requiredClaims ?? [])],
    });
    return payload as VerifiedClaims;
  } catch (e) {
    throw joseRefusal(e);
  }
}

function joseRefusal(e: unknown): AuthError {
  if (e instanceof joseErrors.JWTExpired) return authInvalid('jwt.expired', 'JWT has expired', e);
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    const reason = e.claim === 'aud' ? 'jwt.audience' : e.claim === 'iss' ? 'jwt.issuer' : e.claim === 'nbf' ? 'jwt.not_yet_valid' : 'jwt.claim';
    return authInvalid(reason, `JWT claim ${e.claim} is invalid`, e);
  }
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return authInvalid('jwt.alg', 'JWT algorithm not allowed', e);
  if (e instanceof joseErrors.JWSSignatureVerificationFailed || e instanceof joseErrors.JWKSNoMatchingKey || e instanceof joseErrors.JWKSMultipleMatchingKeys)
    return authInvalid('jwt.signature', 'JWT signature does not verify', e);
  if (e instanceof joseErrors.JWKSTimeout || e instanceof joseErrors.JWKSInvalid || (e instanceof Error && /fetch|ECONNREFUSED|network/i.test(e.message)))
    return authInvalid('jwt.keys_unavailable', 'the issuer keys could not be read', e);
  return authInvalid('jwt.malformed', 'bearer token is not a valid JWT', e);
}
