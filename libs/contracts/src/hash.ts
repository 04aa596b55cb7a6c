import { createHash, randomBytes } from 'node:crypto';

/** JSON with sorted keys, so equal values hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hashOf(value: unknown): string {
  return sha256(canonicalJson(value));
}

/** Same user + idempotency key ⇒ same request id ⇒ the same request, never a second run. */
export function requestIdFor(userId: string, idempotencyKey?: string): string {
  return idempotencyKey
    ? `req_${sha256(`${userId}\u0000${idempotencyKey}`).slice(0, 24)}`
    : // 128 random bits, like the HTTP ingress's ids: an id must not be guessable. (Keyed ids
      // stay derived for the NATS ingress path, whose submitters hold a bus credential.)
      `req_${randomBytes(16).toString('hex')}`;
}
