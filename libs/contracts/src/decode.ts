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
  assertSafeShape(input, what);
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

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Far deeper than any contract; shallow enough that no recursive transformer or validator overflows. */
export const MAX_DECODE_DEPTH = 64;

/**
 * Refuses, before any transformer or validator walks the input, the two shapes that made
 * them throw something other than a ContractViolationError (found by `bench hostile`): a
 * `constructor` / `__proto__` / `prototype` key at any depth (class-transformer reads it as
 * the prototype chain and crashes with a TypeError) and nesting past MAX_DECODE_DEPTH (their
 * recursion). Iterative: the check itself cannot overflow.
 */
export function assertSafeShape(input: unknown, what: string): void {
  const stack: [unknown, number][] = [[input, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DECODE_DEPTH) {
      throw new ContractViolationError(`${what}: nested deeper than ${MAX_DECODE_DEPTH}`, { details: [{ path: '', rule: 'json.depth', message: `nesting deeper than ${MAX_DECODE_DEPTH}` }] });
    }
    for (const k of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(k)) throw new ContractViolationError(`${what}: key "${k}" is not allowed`, { details: [{ path: k, rule: 'json.forbidden_key', message: `key "${k}" is not allowed` }] });
      stack.push([(v as Record<string, unknown>)[k], depth + 1]);
    }
  }
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
