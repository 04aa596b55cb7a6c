import { ContractViolationError, sha256 } from '@medagent/contracts';
import { authForbidden, isVisiblyEmpty, normalizeId, type Principal } from '@medagent/auth';
import type { ConsultationRequestDto } from './dto';

/** A consultation as it will be submitted: identity from the principal, ids normalised. */
export type Submission = Omit<ConsultationRequestDto, 'user_id'> & { tenant: string; user_id: string };

const bad = (path: string, rule: string, message: string) => new ContractViolationError(`consultation request is invalid: ${message}`, { details: [{ path, rule, message }] });

/**
 * Identity and text checks the DTO cannot express, each with a stable rule:
 * `text.empty` (nothing left after removing format/control characters), `id.format`
 * (an id with format or control characters, after NFKC), `user_id.required` (auth off and
 * no user), 403 `user_id.mismatch` (a body user_id that is not the verified user).
 */
export function submissionOf(dto: ConsultationRequestDto, principal: Principal): Submission {
  if (isVisiblyEmpty(dto.message)) throw bad('message', 'text.empty', 'message has no visible characters');
  const session = normalizeId(dto.session_id);
  if (!session) throw bad('session_id', 'id.format', 'session_id must be a visible id without format or control characters');
  let user: string;
  const claimed = dto.user_id === undefined ? undefined : normalizeId(dto.user_id);
  if (dto.user_id !== undefined && !claimed) throw bad('user_id', 'id.format', 'user_id must be a visible id without format or control characters');
  if (principal.method === 'none') {
    if (!claimed) throw bad('user_id', 'user_id.required', 'user_id is required when authentication is off');
    user = claimed;
  } else {
    if (claimed !== undefined && claimed !== principal.user) throw authForbidden('user_id.mismatch', 'user_id names someone other than the authenticated user');
    user = principal.user;
  }
  const { user_id: _ignored, ...rest } = dto;
  return { ...rest, session_id: session, tenant: principal.tenant, user_id: user };
}

/**
 * What makes two submissions "the same request" for Idempotency-Key: every field of the
 * submission (all that can change the answer: text, lang, patient context reference,
 * deadline, session, user, tenant, and any field added later), as canonical JSON.
 */
export function fingerprintOf(s: Submission): string {
  return sha256(canonicalJson(s));
}

function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(',')}}`;
}
