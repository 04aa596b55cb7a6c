import { ContractViolationError } from '@medagent/contracts';
import { MAX_JSON_DEPTH, parseStrictJson } from './json';

function ruleOf(text: string): string | undefined {
  try {
    parseStrictJson(text);
    return undefined;
  } catch (e) {
    if (!(e instanceof ContractViolationError)) throw e;
    return e.details[0]?.rule;
  }
}

describe('parseStrictJson', () => {
  it('parses what JSON.parse parses, including keys and strings that look like structure', () => {
    const text = JSON.stringify({ a: '{"a":1,"a":2}', b: ['[', '{', '"\\"'], c: { a: 1 }, 'd\\"': null, e: [{ a: 1 }, { a: 2 }] });
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
    expect(parseStrictJson('"constructor"')).toBe('constructor');
    expect(parseStrictJson('["__proto__", {"x": "prototype"}]')).toEqual(['__proto__', { x: 'prototype' }]);
  });

  it('refuses nesting past the limit, however it is spelled, and accepts the limit itself', () => {
    expect(ruleOf('['.repeat(5000) + ']'.repeat(5000))).toBe('json.depth');
    expect(ruleOf('{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1))).toBe('json.depth');
    expect(ruleOf('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeUndefined();
    expect(ruleOf('['.repeat(5000))).toBe('json.depth'); // unterminated too
  });

  it('refuses duplicate keys in one object, also when one is escaped, but not across objects', () => {
    expect(ruleOf('{"message":"a","message":"b"}')).toBe('json.duplicate_key');
    expect(ruleOf('{"a":1,"\\u0061":2}')).toBe('json.duplicate_key');
    expect(ruleOf('{"x":{"a":1},"a":{"a":2}}')).toBeUndefined();
    expect(ruleOf('{"a" : 1, "b": {"c": [ {"a":1}, {"a":1} ]}}')).toBeUndefined();
  });

  it('refuses prototype keys at any depth, escaped or not', () => {
    expect(ruleOf('{"__proto__":{"admin":true}}')).toBe('json.forbidden_key');
    expect(ruleOf('{"a":[{"constructor":{"prototype":1}}]}')).toBe('json.forbidden_key');
    expect(ruleOf('{"\\u005f_proto__":1}')).toBe('json.forbidden_key');
  });

  it('says json.invalid for everything else JSON.parse refuses', () => {
    for (const t of ['{', '{"a":}', 'nul', '{"a":1,}', '"\\x"', '{"\\ud800\\u":1}']) expect(ruleOf(t)).toBe('json.invalid');
  });
});
