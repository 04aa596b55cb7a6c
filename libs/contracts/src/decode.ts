import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { compiledCheck } from './compiled';
import { ContractViolationError, type ErrorDetail } from './errors';

export const VALIDATION_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
} as const;

export function flattenValidationErrors(errors: ValidationError[], prefix = ''): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    for (const [rule, message] of Object.entries(e.constraints ?? {})) out.push({ path, rule, message });
    if (e.children?.length) out.push(...flattenValidationErrors(e.children, path));
  }
  return out;
}

/**
 * Decodes an untrusted plain object into a validated class instance: unknown fields are
 * rejected (not silently stripped), nested objects validated. Throws ContractViolationError
 * whose details name every failing path.
 */
export function decode<T extends object>(cls: ClassConstructor<T>, input: unknown, what = cls.name): T {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ContractViolationError(`${what}: expected an object`, {
      details: [{ path: '', rule: 'isObject', message: 'expected an object' }],
    });
  }
  const instance = plainToInstance(cls, input, { enableImplicitConversion: false });
  const errors = validateSync(instance, VALIDATION_OPTIONS);
  if (errors.length) {
    const details = flattenValidationErrors(errors);
    throw new ContractViolationError(`${what} is invalid: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, {
      details,
    });
  }
  return instance;
}

/** Validates, then returns a plain JSON-safe copy (what goes on the wire). */
export function toPlain<T extends object>(cls: ClassConstructor<T>, input: unknown, what?: string): T {
  decode(cls, input, what);
  return JSON.parse(JSON.stringify(input)) as T;
}

/**
 * Same verdict as `decode` without building an instance: the compiled check accepts the
 * common (valid) case cheaply; anything it rejects goes through `decode`, which is the
 * authority and produces the error details.
 */
export function assertValid<T extends object>(cls: ClassConstructor<T>, input: unknown, what = cls.name): void {
  const fast = compiledCheck(cls);
  if (fast?.(input)) return;
  decode(cls, input, what);
}
