import { randomBytes } from 'node:crypto';

/**
 * Request ids are 128 random bits from the kernel's CSPRNG: an id names a record but proves
 * nothing, and nobody can compute another user's. Idempotency no longer derives ids (see
 * idempotency.ts: a stored key → id mapping).
 */
export function newRequestId(): string {
  return `req_${randomBytes(16).toString('hex')}`;
}
