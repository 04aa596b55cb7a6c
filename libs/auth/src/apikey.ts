import { createHash, timingSafeEqual } from 'node:crypto';
import { authInvalid } from './errors';
import { normalizeId, type Principal } from './principal';

/** One configured key: only its SHA-256 is stored, with the principal it stands for. */
export interface ApiKeyEntry {
  /** A name for logs and rotation (never the key). */
  id: string;
  /** Hex SHA-256 of the key's UTF-8 bytes (`printf %s "$KEY" | sha256sum`). */
  sha256: string;
  tenant: string;
  /** The user or service principal the key acts as. */
  user: string;
  roles: string[];
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Checks a key list as loaded from configuration; throws a plain Error naming the bad entry. */
export function validateApiKeys(raw: unknown): ApiKeyEntry[] {
  if (!Array.isArray(raw)) throw new Error('API keys must be a JSON array of {id, sha256, tenant, user, roles}');
  return raw.map((e: unknown, i) => {
    const o = (e ?? {}) as Record<string, unknown>;
    const sha = typeof o['sha256'] === 'string' ? o['sha256'].toLowerCase() : '';
    const tenant = normalizeId(o['tenant']);
    const user = normalizeId(o['user']);
    const roles = o['roles'] ?? [];
    if (typeof o['id'] !== 'string' || !o['id']) throw new Error(`API key #${i}: id is required`);
    if (!HEX64.test(sha)) throw new Error(`API key ${o['id']}: sha256 must be 64 hex digits (the hash, never the key)`);
    if (!tenant || !user) throw new Error(`API key ${o['id']}: tenant and user must be non-empty ids without format or control characters`);
    if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) throw new Error(`API key ${o['id']}: roles must be an array of strings`);
    return { id: o['id'], sha256: sha, tenant, user, roles: roles as string[] };
  });
}

/**
 * Looks a presented key up by its hash. Every entry is compared (timingSafeEqual on the
 * 32-byte digests) whatever matched, so the time taken says nothing about which entry or
 * how many bytes were right.
 */
export class ApiKeyVerifier {
  private readonly entries: { digest: Buffer; entry: ApiKeyEntry }[];

  constructor(entries: readonly ApiKeyEntry[]) {
    this.entries = entries.map((entry) => ({ digest: Buffer.from(entry.sha256, 'hex'), entry }));
  }

  get size(): number {
    return this.entries.length;
  }

  verify(key: string): Principal {
    if (key.length < 16 || key.length > 512) throw authInvalid('apikey.unknown', 'API key is not valid');
    const digest = createHash('sha256').update(key, 'utf8').digest();
    let found: ApiKeyEntry | undefined;
    for (const e of this.entries) if (timingSafeEqual(e.digest, digest) && !found) found = e.entry;
    if (!found) throw authInvalid('apikey.unknown', 'API key is not valid');
    return { tenant: found.tenant, user: found.user, roles: [...found.roles], method: 'apikey' };
  }
}
