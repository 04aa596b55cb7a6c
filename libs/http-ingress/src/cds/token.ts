// CDS Hooks authentication: the EHR sends `Authorization: Bearer <JWT>` signed with an
// asymmetric key; the service accepts it only from an allow-listed issuer, verified against
// that issuer's JWKS, with `aud` = the URL of the service being called, `exp` at most five
// minutes ahead, `iat` and a `jti` never seen before. Behind a small interface so the
// platform's API verifier (libs/auth) can replace this one without touching the routes.
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { CdsError } from './errors';

export interface CdsCaller {
  iss: string;
  sub?: string;
  jti?: string;
}

export interface CdsTokenVerifier {
  /** Resolves with the caller, or rejects with a CdsError (401). `audience`: the called service's URL. */
  verify(authorization: string | undefined, audience: string): Promise<CdsCaller>;
}

export interface CdsIssuer {
  iss: string;
  /** Where the issuer publishes its JWKS; a token's `jku` header must equal it. */
  jwks_url?: string;
  /** Or the key set itself (tests, air-gapped sites). */
  jwks?: JSONWebKeySet;
}

/** Asymmetric JWS algorithms only: never `none`, never HMAC. */
export const CDS_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const MAX_LIFETIME_S = 300;
const CLOCK_TOLERANCE_S = 30;

const unauthorized = (message: string): CdsError => new CdsError(401, 'UNAUTHENTICATED', message);

/** jose 5 verifier over allow-listed issuers, with a replay cache for `jti`. */
export class JoseCdsTokenVerifier implements CdsTokenVerifier {
  private readonly keys = new Map<string, JWTVerifyGetKey>();
  private readonly seen = new Map<string, number>();

  constructor(private readonly issuers: readonly CdsIssuer[], private readonly now: () => number = Date.now) {
    for (const i of issuers) {
      if (i.jwks) this.keys.set(i.iss, createLocalJWKSet(i.jwks));
      else if (i.jwks_url) this.keys.set(i.iss, createRemoteJWKSet(new URL(i.jwks_url), { timeoutDuration: 3000, cooldownDuration: 30_000 }));
    }
  }

  async verify(authorization: string | undefined, audience: string): Promise<CdsCaller> {
    const m = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!m) throw unauthorized('a Bearer JWT is required');
    const token = m[1] as string;
    let iss: string | undefined;
    let jku: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (typeof header.alg !== 'string' || !CDS_ALGORITHMS.includes(header.alg)) throw unauthorized('the token must use an asymmetric algorithm');
      jku = header.jku;
      iss = decodeJwt(token).iss;
    } catch (e) {
      if (e instanceof CdsError) throw e;
      throw unauthorized('the token cannot be decoded');
    }
    const issuer = this.issuers.find((i) => i.iss === iss);
    const keys = iss === undefined ? undefined : this.keys.get(iss);
    if (!issuer || !keys) throw unauthorized('the issuer is not allow-listed');
    if (jku !== undefined && jku !== issuer.jwks_url) throw unauthorized('the jku header is not the issuer’s registered JWKS');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: issuer.iss,
        audience,
        algorithms: CDS_ALGORITHMS,
        requiredClaims: ['iss', 'aud', 'exp', 'iat', 'jti'],
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: new Date(this.now()),
      }));
    } catch (e) {
      const why = e instanceof joseErrors.JWTExpired ? 'the token has expired' : e instanceof joseErrors.JWTClaimValidationFailed ? `claim check failed (${e.claim})` : 'the token signature or claims are invalid';
      throw unauthorized(why);
    }
    const nowS = Math.floor(this.now() / 1000);
    const exp = payload.exp as number;
    if (exp - nowS > MAX_LIFETIME_S + CLOCK_TOLERANCE_S) throw unauthorized('exp must be at most five minutes ahead');
    const jti = payload.jti as string;
    const key = `${issuer.iss} ${jti}`;
    this.prune(nowS);
    if (this.seen.has(key)) throw unauthorized('the token was already used (jti)');
    this.seen.set(key, exp + CLOCK_TOLERANCE_S);
    return { iss: issuer.iss, ...(payload.sub ? { sub: payload.sub } : {}), jti };
  }

  private prune(nowS: number): void {
    if (this.seen.size < 1000) return;
    for (const [k, until] of this.seen) if (until < nowS) this.seen.delete(k);
  }
}

/** Development only, and only when configured explicitly (MEDAGENT_CDS_AUTH=none or MEDAGENT_AUTH=none). */
export class NoAuthCdsVerifier implements CdsTokenVerifier {
  verify(): Promise<CdsCaller> {
    return Promise.resolve({ iss: 'none' });
  }
}

/**
 * From the environment: `MEDAGENT_CDS_ISSUERS` is a JSON array of {iss, jwks_url | jwks};
 * `MEDAGENT_CDS_AUTH=none` (or `MEDAGENT_AUTH=none`) turns authentication off for development.
 * With neither, every call is refused: secure by default.
 */
export function cdsVerifierFromEnv(env: NodeJS.ProcessEnv = process.env): CdsTokenVerifier {
  if (env['MEDAGENT_CDS_AUTH'] === 'none' || env['MEDAGENT_AUTH'] === 'none') return new NoAuthCdsVerifier();
  const raw = env['MEDAGENT_CDS_ISSUERS'];
  if (!raw) return new JoseCdsTokenVerifier([]);
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new CdsError(500, 'CONFIG_INVALID', 'MEDAGENT_CDS_ISSUERS must be a JSON array of {iss, jwks_url|jwks}');
  }
  if (!Array.isArray(list) || !list.every((i) => typeof i === 'object' && i !== null && typeof (i as CdsIssuer).iss === 'string' && (typeof (i as CdsIssuer).jwks_url === 'string' || typeof (i as CdsIssuer).jwks === 'object'))) {
    throw new CdsError(500, 'CONFIG_INVALID', 'MEDAGENT_CDS_ISSUERS must be a JSON array of {iss, jwks_url|jwks}');
  }
  return new JoseCdsTokenVerifier(list as CdsIssuer[]);
}
