import { readFileSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import { validateApiKeys } from './apikey';
import type { AuthConfig, AuthMode } from './authenticator';
import type { JwksSource } from './jwt';

/** The auth part of a process's configuration, as read from the environment (see AUTH_ENV). */
export interface AuthSettings {
  auth?: string;
  authIssuer?: string;
  authAudience?: string;
  authJwksUrl?: string;
  authJwksFile?: string;
  authClockToleranceS?: number;
  authTenantClaim?: string;
  authUserClaim?: string;
  authRolesClaim?: string;
  authDefaultTenant?: string;
  apiKeysFile?: string;
}

export const AUTH_ENV: Readonly<Record<string, keyof AuthSettings>> = {
  MEDAGENT_AUTH: 'auth',
  MEDAGENT_AUTH_ISSUER: 'authIssuer',
  MEDAGENT_AUTH_AUDIENCE: 'authAudience',
  MEDAGENT_AUTH_JWKS_URL: 'authJwksUrl',
  MEDAGENT_AUTH_JWKS_FILE: 'authJwksFile',
  MEDAGENT_AUTH_CLOCK_TOLERANCE_S: 'authClockToleranceS',
  MEDAGENT_AUTH_TENANT_CLAIM: 'authTenantClaim',
  MEDAGENT_AUTH_USER_CLAIM: 'authUserClaim',
  MEDAGENT_AUTH_ROLES_CLAIM: 'authRolesClaim',
  MEDAGENT_AUTH_DEFAULT_TENANT: 'authDefaultTenant',
  MEDAGENT_API_KEYS_FILE: 'apiKeysFile',
};

/** A setting that cannot work; `variable` names the environment variable to fix. */
export class AuthSettingsError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

const MODES: readonly AuthMode[] = ['jwt', 'apikey', 'none'];

/** `jwt`, `apikey`, `jwt,apikey` or `none`; throws naming MEDAGENT_AUTH otherwise. */
export function parseAuthModes(raw: string): AuthMode[] {
  const modes = raw.split(/[,+\s]+/).filter(Boolean);
  if (!modes.length || !modes.every((m): m is AuthMode => (MODES as readonly string[]).includes(m)))
    throw new AuthSettingsError('MEDAGENT_AUTH', `"${raw}" must be jwt, apikey, jwt,apikey or none`);
  if (modes.includes('none') && modes.length > 1) throw new AuthSettingsError('MEDAGENT_AUTH', 'none cannot be combined with jwt or apikey');
  return [...new Set(modes)];
}

const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

function readJson(variable: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    throw new AuthSettingsError(variable, `cannot read JSON from ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * The authenticator's configuration, every file read and checked now (start-up), not on the
 * first request. `embedded`: an in-process development run (`medagent ask`), the only place
 * where an unset MEDAGENT_AUTH means `none`; anywhere else it is an error naming the choices.
 */
export function authConfigFromSettings(s: AuthSettings, opts: { embedded: boolean }): AuthConfig {
  if (s.auth === undefined || s.auth === '') {
    if (opts.embedded) return { modes: ['none'] };
    throw new AuthSettingsError(
      'MEDAGENT_AUTH',
      'unset: the HTTP API requires credentials. Set jwt (with MEDAGENT_AUTH_ISSUER, MEDAGENT_AUTH_AUDIENCE and MEDAGENT_AUTH_JWKS_URL or _FILE), apikey (with MEDAGENT_API_KEYS_FILE), or none for local development only',
    );
  }
  const modes = parseAuthModes(s.auth);
  if (modes.includes('none')) return { modes };
  const cfg: { modes: AuthMode[]; jwt?: AuthConfig['jwt']; apiKeys?: AuthConfig['apiKeys'] } = { modes };
  if (modes.includes('jwt')) {
    if (!s.authIssuer) throw new AuthSettingsError('MEDAGENT_AUTH_ISSUER', 'required with MEDAGENT_AUTH=jwt');
    const audience = list(s.authAudience);
    if (!audience.length) throw new AuthSettingsError('MEDAGENT_AUTH_AUDIENCE', 'required with MEDAGENT_AUTH=jwt');
    let jwks: JwksSource;
    if (s.authJwksUrl && s.authJwksFile) throw new AuthSettingsError('MEDAGENT_AUTH_JWKS_URL', 'set either it or MEDAGENT_AUTH_JWKS_FILE, not both');
    if (s.authJwksUrl) {
      let url: URL;
      try {
        url = new URL(s.authJwksUrl);
      } catch {
        throw new AuthSettingsError('MEDAGENT_AUTH_JWKS_URL', 'not a URL');
      }
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new AuthSettingsError('MEDAGENT_AUTH_JWKS_URL', 'must be https (http only on loopback)');
      jwks = { url: url.href };
    } else if (s.authJwksFile) {
      const set = readJson('MEDAGENT_AUTH_JWKS_FILE', s.authJwksFile) as JSONWebKeySet;
      if (!set || !Array.isArray(set.keys) || set.keys.length === 0) throw new AuthSettingsError('MEDAGENT_AUTH_JWKS_FILE', 'not a JWKS ({"keys": [...]})');
      jwks = { keys: set };
    } else throw new AuthSettingsError('MEDAGENT_AUTH_JWKS_URL', 'MEDAGENT_AUTH=jwt needs MEDAGENT_AUTH_JWKS_URL or MEDAGENT_AUTH_JWKS_FILE');
    const claims = {
      ...(s.authTenantClaim ? { tenant: list(s.authTenantClaim) } : {}),
      ...(s.authUserClaim ? { user: list(s.authUserClaim) } : {}),
      ...(s.authRolesClaim ? { roles: list(s.authRolesClaim) } : {}),
    };
    cfg.jwt = {
      issuers: [{ iss: s.authIssuer, jwks }],
      audience,
      ...(s.authClockToleranceS !== undefined ? { clockToleranceS: s.authClockToleranceS } : {}),
      claims,
      ...(s.authDefaultTenant ? { defaultTenant: s.authDefaultTenant } : {}),
    };
  }
  if (modes.includes('apikey')) {
    if (!s.apiKeysFile) throw new AuthSettingsError('MEDAGENT_API_KEYS_FILE', 'required with MEDAGENT_AUTH=apikey');
    try {
      cfg.apiKeys = validateApiKeys(readJson('MEDAGENT_API_KEYS_FILE', s.apiKeysFile));
    } catch (e) {
      if (e instanceof AuthSettingsError) throw e;
      throw new AuthSettingsError('MEDAGENT_API_KEYS_FILE', e instanceof Error ? e.message : String(e));
    }
    if (!cfg.apiKeys.length) throw new AuthSettingsError('MEDAGENT_API_KEYS_FILE', 'holds no keys');
  }
  return cfg;
}

/** The start-up line for `none`: loud on purpose, it names the risk. */
export const AUTH_NONE_WARNING =
  'WARN MEDAGENT_AUTH=none: the HTTP API accepts anyone with no credentials; every record, approval and memory is open. Local development only, never with real patients.';
