import type { IncomingHttpHeaders } from 'node:http';
import { ApiKeyVerifier, type ApiKeyEntry } from './apikey';
import { authInvalid, authMissing } from './errors';
import { verifyJwt, type JwtAlgorithm, type TrustedIssuer, type VerifiedClaims } from './jwt';
import { DEFAULT_TENANT, DEV_PRINCIPAL, normalizeId, type Principal } from './principal';

export type AuthMode = 'jwt' | 'apikey' | 'none';

/** Which claims carry tenant, user and roles. Each list is tried in order; the first present wins. */
export interface ClaimNames {
  tenant: readonly string[];
  user: readonly string[];
  roles: readonly string[];
}

export const DEFAULT_CLAIMS: ClaimNames = { tenant: ['tenant', 'tid'], user: ['sub'], roles: ['roles', 'realm_access.roles', 'scope'] };

export interface AuthConfig {
  /** `none` may not be combined with the others. */
  modes: readonly AuthMode[];
  jwt?: {
    issuers: readonly TrustedIssuer[];
    audience: string | readonly string[];
    clockToleranceS?: number;
    algorithms?: readonly JwtAlgorithm[];
    claims?: Partial<ClaimNames>;
    /** Tenant of a token that names none (single-tenant deployments); unset ⇒ such a token is refused. */
    defaultTenant?: string;
  };
  apiKeys?: readonly ApiKeyEntry[];
}

export interface Authenticator {
  readonly modes: readonly AuthMode[];
  /** Resolves the verified principal, or rejects with an AuthError (401). */
  authenticate(headers: IncomingHttpHeaders): Promise<Principal>;
}

const MAX_CREDENTIAL_CHARS = 8192;

function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let cur: unknown = claims;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function firstClaim(claims: Record<string, unknown>, names: readonly string[]): unknown {
  for (const n of names) {
    const v = claimAt(claims, n);
    if (v !== undefined) return v;
  }
  return undefined;
}

function rolesOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((r): r is string => typeof r === 'string');
  if (typeof v === 'string') return v.split(/\s+/).filter(Boolean); // OAuth2 `scope`
  return [];
}

/** The principal a verified token stands for; a token naming no usable tenant or user is refused. */
export function principalFromClaims(claims: VerifiedClaims, names: ClaimNames, defaultTenant?: string): Principal {
  const rawTenant = firstClaim(claims, names.tenant) ?? defaultTenant;
  const tenant = normalizeId(rawTenant);
  const user = normalizeId(firstClaim(claims, names.user));
  if (!tenant) throw authInvalid('jwt.tenant', 'JWT names no valid tenant');
  if (!user) throw authInvalid('jwt.subject', 'JWT names no valid user');
  return { tenant, user, roles: rolesOf(firstClaim(claims, names.roles)), method: 'jwt' };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? (v.length === 1 ? v[0] : undefined) : v;
  if (Array.isArray(v) && v.length > 1) throw authInvalid('auth.ambiguous', `more than one ${name} header`);
  return s;
}

/**
 * The API's authenticator. `Authorization: Bearer <JWT>` (mode `jwt`) or `X-API-Key: <key>`
 * (mode `apikey`); with both modes either is accepted, and a request carrying both is refused
 * (ambiguous). Mode `none` answers the development principal for every request.
 */
export function createAuthenticator(cfg: AuthConfig): Authenticator {
  const modes = [...new Set(cfg.modes)];
  if (modes.length === 0) throw new Error('auth: at least one mode');
  if (modes.includes('none') && modes.length > 1) throw new Error('auth: none cannot be combined with jwt or apikey');
  if (modes.includes('none')) return { modes, authenticate: async () => DEV_PRINCIPAL };
  const jwt = modes.includes('jwt') ? cfg.jwt : undefined;
  if (modes.includes('jwt') && (!jwt || jwt.issuers.length === 0)) throw new Error('auth: mode jwt needs at least one trusted issuer with its JWKS');
  if (jwt && (typeof jwt.audience === 'string' ? !jwt.audience : jwt.audience.length === 0)) throw new Error('auth: mode jwt needs an audience');
  const keys = modes.includes('apikey') ? new ApiKeyVerifier(cfg.apiKeys ?? []) : undefined;
  if (keys && keys.size === 0) throw new Error('auth: mode apikey needs at least one key');
  const names: ClaimNames = { ...DEFAULT_CLAIMS, ...(jwt?.claims ?? {}) };
  const defaultTenant = jwt?.defaultTenant;
  return {
    modes,
    async authenticate(headers) {
      const authz = header(headers, 'authorization');
      const apiKey = header(headers, 'x-api-key');
      if (authz !== undefined && apiKey !== undefined) throw authInvalid('auth.ambiguous', 'send either Authorization or X-API-Key, not both');
      if (authz === undefined && apiKey === undefined) throw authMissing();
      const raw = (authz ?? apiKey ?? '').trim();
      if (raw.length > MAX_CREDENTIAL_CHARS) throw authInvalid('auth.too_long', 'credential too long');
      if (apiKey !== undefined) {
        if (!keys) throw authInvalid('apikey.disabled', 'API keys are not accepted here');
        return keys.verify(raw);
      }
      const m = /^Bearer[ \t]+([A-Za-z0-9_.~+/=-]+)$/i.exec(raw);
      if (!m?.[1]) throw authInvalid('auth.scheme', 'Authorization must be "Bearer <token>"');
      if (!jwt) throw authInvalid('jwt.disabled', 'bearer tokens are not accepted here');
      const claims = await verifyJwt(m[1], jwt);
      return principalFromClaims(claims, names, defaultTenant);
    },
  };
}

export { DEFAULT_TENANT };
