import { ContractViolationError } from '@medagent/contracts';

/** Deeper than any body we accept needs; deep enough that no decoder recursion can overflow. */
export const MAX_JSON_DEPTH = 400;
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const reject = (rule: string, path: string, message: string) =>
  new ContractViolationError(`request body refused: ${message}`, { details: [{ path, rule, message }] });

/**
 * JSON.parse with three refusals it does not make itself, each a 400 with a stable rule:
 * nesting deeper than `maxDepth` (`json.depth`), a duplicate key in one object
 * (`json.duplicate_key`: parsers disagree on which one wins), and the keys `__proto__`,
 * `constructor`, `prototype` (`json.forbidden_key`). One linear scan before JSON.parse, which
 * then does the validation and building; invalid JSON is `json.invalid`.
 *
 * The scan walks structure only: brackets outside strings, and object keys (a string
 * followed by `:`). Keys with escapes are decoded (JSON.parse of the key alone) so "\u0061"
 * and "a" are the same key.
 */
export function parseStrictJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  // One Set of keys per open object; null for an open array.
  const stack: (Set<string> | null)[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (!top) continue; // a value in an array, or outside any container
      let j = i + 1;
      while (j < n && isWs(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== 0x3a /* : */) continue; // a value, not a key
      let key = text.slice(start + 1, i);
      if (escaped) {
        try {
          key = JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          throw reject('json.invalid', '', 'invalid JSON');
        }
      }
      if (FORBIDDEN_KEYS.has(key)) throw reject('json.forbidden_key', key, `key "${key}" is not allowed`);
      if (top.has(key)) throw reject('json.duplicate_key', key, `key "${key}" appears twice in one object`);
      top.add(key);
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= maxDepth) throw reject('json.depth', '', `nesting deeper than ${maxDepth}`);
      stack.push(c === 0x7b ? new Set<string>() : null);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw reject('json.invalid', '', 'invalid JSON');
  }
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
