import { MedagentError, type ErrorCode, type MedagentErrorOptions } from '@medagent/contracts';

/**
 * Stable codes for every refusal at the API boundary. `AUTH_MISSING` / `AUTH_INVALID` answer
 * 401, `AUTH_FORBIDDEN` 403. `reason` (a detail rule) says which check failed, e.g.
 * `jwt.expired`, `jwt.issuer`, `jwt.audience`, `jwt.alg`, `apikey.unknown`, `role.missing`.
 * The message never quotes the credential.
 */
export type AuthErrorCode = Extract<ErrorCode, 'AUTH_MISSING' | 'AUTH_INVALID' | 'AUTH_FORBIDDEN'>;

export class AuthError extends MedagentError {
  constructor(
    code: AuthErrorCode,
    readonly reason: string,
    message: string,
    opts: MedagentErrorOptions = {},
  ) {
    super(code, message, { ...opts, retryable: false, details: [{ path: 'header:Authorization', rule: reason, message }] });
  }

  get status(): 401 | 403 {
    return this.code === 'AUTH_FORBIDDEN' ? 403 : 401;
  }
}

export const authMissing = (message = 'credentials required: Authorization: Bearer <JWT> or X-API-Key') =>
  new AuthError('AUTH_MISSING', 'auth.missing', message);
export const authInvalid = (reason: string, message: string, cause?: unknown) =>
  new AuthError('AUTH_INVALID', reason, message, cause === undefined ? {} : { cause });
export const authForbidden = (reason: string, message: string) => new AuthError('AUTH_FORBIDDEN', reason, message);
