import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import type { ClassConstructor } from 'class-transformer';
import { DomainError } from './errors';
import { fastConstraint } from './fast-constraints';

/**
 * A fast accept/reject check compiled once per DTO class from the class-validator metadata
 * itself, so the decorators stay the single source of truth. It runs each decorator's own
 * `validate` function on the plain object, skipping what makes `plainToInstance` +
 * `validateSync` expensive on a hot path (an instance copy, metadata lookups and error
 * objects per call). Same options as `decode`: unknown properties rejected, IsOptional
 * honoured, nested classes from `@Type`. Only the verdict is fast: a rejected value is
 * re-run through class-validator for its error details (see `assertValid`).
 *
 * A class using anything this compiler does not model (async or promise validation, a
 * nested property without `@Type`) is not compiled: callers fall back to the slow path.
 */
export type CompiledCheck = (value: unknown) => boolean;

interface Meta {
  type: string;
  /** The decorator's registered name (`isString`, `isLength`, …), when it has one. */
  name?: string;
  target: unknown;
  propertyName: string;
  constraints: unknown[];
  constraintCls: unknown;
  each: boolean;
  validateIf?: (object: object, value: unknown) => boolean;
}

interface ConstraintMeta {
  async: boolean;
  instance: { validate(value: unknown, args?: ValidationArguments): unknown };
}

interface TypeMetaStorage {
  findTypeMetadata(target: unknown, propertyName: string): { typeFunction: (opts?: unknown) => unknown } | undefined;
}

/** A validation the compiled check does not model (internal: class-validator runs instead). */
class NotCompilable extends DomainError<'NOT_COMPILABLE'> {
  constructor(what: string) {
    super('NOT_COMPILABLE', what);
  }
}

let typeStorage: TypeMetaStorage | null | undefined;
function nestedTypeStorage(): TypeMetaStorage | null {
  if (typeStorage !== undefined) return typeStorage;
  try {
    // class-transformer does not re-export its metadata store; without it nothing compiles.
    typeStorage = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TypeMetaStorage }).defaultMetadataStorage;
  } catch {
    typeStorage = null;
  }
  return typeStorage;
}

const cache = new Map<unknown, CompiledCheck | null>();

/** The compiled check for `cls`, or undefined when it cannot be compiled faithfully. */
export function compiledCheck(cls: ClassConstructor<object>): CompiledCheck | undefined {
  if (!cache.has(cls)) {
    try {
      cache.set(cls, compileClass(cls, new Map()));
    } catch (e) {
      if (!(e instanceof NotCompilable)) throw e;
      cache.set(cls, null);
    }
  }
  return cache.get(cls) ?? undefined;
}

function isArrayLike(v: unknown): v is unknown[] | Set<unknown> | Map<unknown, unknown> {
  return Array.isArray(v) || v instanceof Set || v instanceof Map;
}

function toArray(v: unknown[] | Set<unknown> | Map<unknown, unknown>): unknown[] {
  return Array.isArray(v) ? v : [...v.values()];
}

function compileClass(cls: ClassConstructor<object>, building: Map<unknown, CompiledCheck>): CompiledCheck {
  const done = building.get(cls);
  if (done) return done;
  const storage = getMetadataStorage();
  const metas = storage.getTargetValidationMetadatas(cls, '', false, false, undefined) as unknown as Meta[];
  // forbidUnknownValues: a class without metadata accepts nothing.
  if (!metas.length) return () => false;
  const grouped = new Map<string, Meta[]>();
  for (const m of metas) grouped.set(m.propertyName, [...(grouped.get(m.propertyName) ?? []), m]);

  // Late-bound so self-referencing classes compile.
  let impl: CompiledCheck = () => false;
  const self: CompiledCheck = (v) => impl(v);
  building.set(cls, self);

  const props = [...grouped].map(([prop, list]) => compileProperty(cls, prop, list, building));
  const allowed = new Set(grouped.keys());
  impl = (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const obj = value as Record<string, unknown>;
    for (const k of Object.keys(obj)) if (!allowed.has(k)) return false; // whitelist + forbidNonWhitelisted
    for (const p of props) if (!p(obj)) return false;
    return true;
  };
  return self;
}

function compileProperty(
  cls: ClassConstructor<object>,
  prop: string,
  list: Meta[],
  building: Map<unknown, CompiledCheck>,
): (obj: Record<string, unknown>) => boolean {
  const storage = getMetadataStorage();
  const conditional = list.filter((m) => m.type === 'conditionalValidation');
  const defined = list.filter((m) => m.type === 'isDefined');
  const custom = list.filter((m) => m.type === 'customValidation');
  const nested = list.filter((m) => m.type === 'nestedValidation');
  const known = new Set(['conditionalValidation', 'isDefined', 'customValidation', 'nestedValidation', 'whitelistValidation']);
  if (list.some((m) => !known.has(m.type))) throw new NotCompilable(`${cls.name}.${prop}: unsupported validation type`);

  const customChecks = [...defined, ...custom].map((m) => {
    const constraints = storage.getTargetValidatorConstraints(m.constraintCls as never) as unknown as ConstraintMeta[];
    if (constraints.some((c) => c.async)) throw new NotCompilable(`${cls.name}.${prop}: async constraint`);
    // `ConstraintMetadata.instance` is a getter that asks the container on every read: the
    // constraint objects are resolved once here instead of once per validated value.
    const validators = constraints.map((c) => c.instance);
    const targetName = cls.name; // a getter on classes: read once, not per value
    const only = validators.length === 1 ? validators[0] : undefined;
    if (only && m.type === 'customValidation' && !m.each && !m.validateIf) {
      const slow = (value: unknown): boolean => !!only.validate(value, { targetName, property: prop, object: {}, value, constraints: m.constraints });
      const fast = fastConstraint(m.name, m.constraints, slow);
      if (fast) return (_obj: Record<string, unknown>, value: unknown): boolean => fast(value);
    }
    return (obj: Record<string, unknown>, value: unknown): boolean => {
      if (m.validateIf && !m.validateIf(obj, value)) return true;
      const args: ValidationArguments = { targetName, property: prop, object: obj, value, constraints: m.constraints };
      for (const v of validators) {
        if (!m.each || !isArrayLike(value)) {
          if (!v.validate(value, args)) return false;
        } else if (!toArray(value).every((x) => v.validate(x, args))) return false;
      }
      return true;
    };
  });

  let nestedCheck: ((value: unknown) => boolean) | undefined;
  if (nested.length) {
    const typeMeta = nestedTypeStorage()?.findTypeMetadata(cls, prop);
    if (!typeMeta) throw new NotCompilable(`${cls.name}.${prop}: nested without @Type`);
    const inner = compileClass(typeMeta.typeFunction() as ClassConstructor<object>, building);
    // class-validator: arrays are walked element by element (undefined elements pass,
    // nested arrays recurse), objects validated as the nested class, anything else fails.
    const walk = (v: unknown): boolean => {
      if (v === undefined) return true;
      if (isArrayLike(v)) return toArray(v).every(walk);
      // Realm-safe `instanceof Object` (a structuredClone'd value comes from another realm under jest).
      if ((typeof v === 'object' && v !== null) || typeof v === 'function') return inner(v);
      return false;
    };
    nestedCheck = (v) => v === undefined || walk(v);
  }

  return (obj) => {
    const value = obj[prop];
    for (const c of conditional) if (!(c.constraints[0] as (o: object, v: unknown) => boolean)(obj, value)) return true;
    for (const check of customChecks) if (!check(obj, value)) return false;
    return nestedCheck ? nestedCheck(value) : true;
  };
}
