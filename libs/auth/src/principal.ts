/** How the caller proved who it is. `none`: the development switch, no proof at all. */
export type AuthMethod = 'jwt' | 'apikey' | 'none';

/**
 * Who is calling, built only from verified claims (a token's or an API key's entry), never
 * from the request body. `tenant` scopes every read, idempotency key and memory key.
 */
export interface Principal {
  tenant: string;
  user: string;
  roles: readonly string[];
  method: AuthMethod;
}

/** Roles that may read any record of their own tenant (not only their own). */
export const READER_ROLES: readonly string[] = ['clinician', 'ops'];
export const DEFAULT_TENANT = 'default';

/** The principal of `MEDAGENT_AUTH=none`: development only, may do everything in one tenant. */
export const DEV_PRINCIPAL: Principal = Object.freeze({ tenant: DEFAULT_TENANT, user: 'anonymous', roles: Object.freeze(['clinician', 'ops']), method: 'none' });

/** May `p` read a record owned by (`tenant`, `user`)? Callers answer 404 when not, so ids leak nothing. */
export function canRead(p: Principal, owner: { tenant?: string | undefined; user: string }): boolean {
  if ((owner.tenant ?? DEFAULT_TENANT) !== p.tenant) return false;
  if (p.method === 'none') return true;
  return owner.user === p.user || p.roles.some((r) => READER_ROLES.includes(r));
}

export function hasRole(p: Principal, role: string): boolean {
  return p.roles.includes(role);
}

// Unicode format (Cf) and control (Cc) characters: invisible, so two ids that look alike differ.
const FORMAT_OR_CONTROL = /[\p{Cf}\p{Cc}]/u;
const FORMAT_OR_CONTROL_G = /[\p{Cf}\p{Cc}]/gu;
const ID_MAX = 128;

/**
 * An identifier (user, tenant, session) as stored: NFKC-normalised (full-width and
 * compatibility forms fold to one spelling); `undefined` when it holds format or control
 * characters, is blank, or is too long — callers reject it with their own stable code.
 */
export function normalizeId(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const v = raw.normalize('NFKC');
  if (FORMAT_OR_CONTROL.test(v) || v.trim() === '' || v !== v.trim() || v.length > ID_MAX) return undefined;
  return v;
}

/** True when nothing is left of `text` after removing format, control and white-space characters. */
export function isVisiblyEmpty(text: string): boolean {
  return text.replace(FORMAT_OR_CONTROL_G, '').trim() === '';
}
