/**
 * Straight-line versions of the class-validator built-ins our DTOs use, for the compiled
 * check (compiled.ts). Through class-validator each of them is three calls deep (constraint
 * instance → decorator closure → validator function), takes a fresh arguments object per
 * value, and `Length` runs two global regex matches that allocate per string: on the
 * workers' hot path that was a sixth of their JavaScript time per task.
 *
 * Each one restates class-validator 0.15.1 / validator.js exactly. Two guards keep it so:
 * a fast check is used only under the decorator's registered name, and only after it agreed
 * with the decorator's own `validate` on a probe set built from its constraints (see
 * `agrees`); otherwise the caller keeps the decorator's own function.
 */
export type FastCheck = (value: unknown) => boolean;

/** validator.js `isLength` only discounts these: without any of them, length is `.length`. */
const LENGTH_SPECIAL = /[\uD800-\uDBFF]|\uFE0E|\uFE0F/;

function build(name: string, constraints: readonly unknown[], slow: FastCheck): FastCheck | undefined {
  const [a, b] = constraints;
  switch (name) {
    case 'isString':
      return (v) => typeof v === 'string' || v instanceof String;
    case 'isInt':
      return (v) => typeof v === 'number' && Number.isInteger(v);
    case 'isBoolean':
      return (v) => typeof v === 'boolean' || v instanceof Boolean;
    case 'isArray':
      return (v) => Array.isArray(v);
    case 'isObject':
      return (v) => v != null && (typeof v === 'object' || typeof v === 'function') && !Array.isArray(v);
    case 'min':
      return typeof a === 'number' ? (v) => typeof v === 'number' && v >= a : undefined;
    case 'max':
      return typeof a === 'number' ? (v) => typeof v === 'number' && v <= a : undefined;
    case 'arrayMaxSize':
      return typeof a === 'number' ? (v) => Array.isArray(v) && v.length <= a : undefined;
    case 'arrayMinSize':
      return typeof a === 'number' ? (v) => Array.isArray(v) && v.length >= a : undefined;
    case 'isIn': {
      // `some(x => x === v)`; a Set agrees with `===` except on NaN, so only plain strings.
      if (!Array.isArray(a) || !a.every((x) => typeof x === 'string')) return undefined;
      const allowed = new Set<unknown>(a);
      return (v) => allowed.has(v);
    }
    case 'isLength': {
      // `Length(min, max)`: validator.js counts a surrogate pair or a presentation
      // sequence as one character; strings holding neither (all our text) skip its scans.
      const min = (a as number | undefined) || 0;
      const max = b as number | undefined;
      if (typeof min !== 'number' || (max !== undefined && typeof max !== 'number')) return undefined;
      return (v) => {
        if (typeof v !== 'string') return false;
        if (LENGTH_SPECIAL.test(v)) return slow(v);
        return v.length >= min && (max === undefined || v.length <= max);
      };
    }
    default:
      return undefined;
  }
}

/** Values both checks must agree on before the fast one is trusted. */
function probes(constraints: readonly unknown[]): unknown[] {
  const out: unknown[] = [undefined, null, '', 'x', 'ab', '😀', 'a\uFE0F', '\uFE0F', 0, -1, 1, 1.5, NaN, Infinity, -Infinity, true, false, [], [1], ['x'], {}, { a: 1 }];
  // The boxed forms are exactly what isString / isBoolean treat specially.
  out.push(new String('x'), new Boolean(true), () => undefined);
  for (const c of constraints) {
    if (typeof c === 'number' && Number.isFinite(c) && c >= 0 && c < 100_000) {
      for (const n of [c - 1, c, c + 1]) {
        out.push(n, n - 0.5, n + 0.5);
        if (n >= 0) out.push('x'.repeat(n), '😀'.repeat(n), Array.from({ length: n }, () => 0));
      }
    }
    if (Array.isArray(c)) out.push(...c, ...c.map((x) => `${String(x)} `));
  }
  return out;
}

function agrees(fast: FastCheck, slow: FastCheck, constraints: readonly unknown[]): boolean {
  return probes(constraints).every((v) => fast(v) === slow(v));
}

/**
 * The fast check for a decorator registered as `name` with `constraints`, or undefined (use
 * the decorator's own `slow` check) when there is none or it disagrees on any probe.
 */
export function fastConstraint(name: string | undefined, constraints: readonly unknown[] | undefined, slow: FastCheck): FastCheck | undefined {
  if (!name) return undefined;
  const fast = build(name, constraints ?? [], slow);
  return fast && agrees(fast, slow, constraints ?? []) ? fast : undefined;
}
