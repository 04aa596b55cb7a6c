/**
 * Every error that crosses a boundary carries a machine-readable `code` and a `retryable`
 * flag. Retry decisions (JetStream nak(delay) vs term) read these fields, never the message.
 */
export type ErrorCode =
  | 'CONTRACT_VIOLATION'
  | 'PLAN_INVALID'
  | 'ILLEGAL_TRANSITION'
  | 'CAPABILITY_VIOLATION'
  | 'TOOL_REJECTED'
  | 'TOOL_FAILED'
  | 'TOOL_TIMEOUT'
  | 'BUDGET_EXHAUSTED'
  | 'DEADLINE_EXCEEDED'
  | 'TASK_REFUSED'
  | 'MODEL_UNAVAILABLE'
  | 'MODEL_RATE_LIMITED'
  | 'MODEL_BAD_RESPONSE'
  | 'PAYLOAD_TOO_LARGE'
  | 'BUS_UNAVAILABLE'
  | 'CONFLICT'
  | 'NOT_FOUND'
  | 'CONFIG_INVALID'
  | 'APPROVAL_DENIED'
  | 'UNAUTHENTICATED'
  | 'PRECONDITION_FAILED'
  | 'AUTH_MISSING'
  | 'AUTH_INVALID'
  | 'AUTH_FORBIDDEN'
  | 'INTERNAL';

export interface ErrorDetail {
  path?: string;
  rule?: string;
  message: string;
}

export interface MedagentErrorOptions {
  cause?: unknown;
  retryable?: boolean;
  details?: ErrorDetail[];
  /** For retryable errors: the earliest useful retry, e.g. from Retry-After. */
  retryAfterMs?: number;
}

/**
 * The one error base. `C` is the code family: the boundary codes above by default; a lib's
 * own failures use their own codes through `DomainError`.
 */
export class MedagentError<C extends string = ErrorCode> extends Error {
  readonly code: C;
  readonly retryable: boolean;
  readonly details: ErrorDetail[];
  readonly retryAfterMs: number | undefined;

  constructor(code: C, message: string, opts: MedagentErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = opts.retryable ?? false;
    this.details = opts.details ?? [];
    this.retryAfterMs = opts.retryAfterMs;
  }

  toJSON(): { name: string; code: C; retryable: boolean; message: string; details: ErrorDetail[] } {
    return { name: this.name, code: this.code, retryable: this.retryable, message: this.message, details: this.details };
  }
}

/**
 * A lib's own failure (data unreadable, schema, bad input) with a lib-specific `code` such
 * as `ICD_SCHEMA`. Not retryable. At a boundary it reads as INTERNAL: `toMedagentError`
 * wraps it (the original stays the `cause`), so only boundary codes cross services.
 */
export class DomainError<C extends string> extends MedagentError<C> {
  constructor(code: C, message: string, opts: Omit<MedagentErrorOptions, 'retryable'> = {}) {
    super(code, message, { ...opts, retryable: false });
  }
}

const define = (code: ErrorCode, retryable: boolean) =>
  class extends MedagentError {
    constructor(message: string, opts: MedagentErrorOptions = {}) {
      super(code, message, { retryable, ...opts });
    }
  };

export class ContractViolationError extends define('CONTRACT_VIOLATION', false) {}
export class PlanValidationError extends define('PLAN_INVALID', false) {}
export class IllegalTransitionError extends define('ILLEGAL_TRANSITION', false) {}
export class CapabilityViolationError extends define('CAPABILITY_VIOLATION', false) {}
export class ToolRejectedError extends define('TOOL_REJECTED', false) {}
export class ToolFailedError extends define('TOOL_FAILED', false) {}
export class ToolTimeoutError extends define('TOOL_TIMEOUT', true) {}
export class BudgetExhaustedError extends define('BUDGET_EXHAUSTED', false) {}
export class DeadlineExceededError extends define('DEADLINE_EXCEEDED', true) {}
export class TaskRefusedError extends define('TASK_REFUSED', false) {}
export class ModelUnavailableError extends define('MODEL_UNAVAILABLE', true) {}
export class ModelRateLimitedError extends define('MODEL_RATE_LIMITED', true) {}
export class ModelBadResponseError extends define('MODEL_BAD_RESPONSE', false) {}
export class PayloadTooLargeError extends define('PAYLOAD_TOO_LARGE', false) {}
export class BusUnavailableError extends define('BUS_UNAVAILABLE', true) {}
export class ConflictError extends define('CONFLICT', true) {}
export class NotFoundError extends define('NOT_FOUND', false) {}
export class ConfigError extends define('CONFIG_INVALID', false) {}
export class ApprovalDeniedError extends define('APPROVAL_DENIED', false) {}
export class InternalError extends define('INTERNAL', false) {}

/** Normalises anything thrown into a MedagentError; unknown errors are not retryable. */
export function toMedagentError(e: unknown): MedagentError {
  if (e instanceof MedagentError && !(e instanceof DomainError)) return e as MedagentError;
  const message = e instanceof Error ? e.message : String(e);
  return new InternalError(message, { cause: e });
}

export function isRetryable(e: unknown): boolean {
  return e instanceof MedagentError && e.retryable;
}
