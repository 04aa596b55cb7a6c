import { ToolRegistry } from '../registry/tool-registry';
import { allStubSkills } from '../testing/stub-skills';
import { editDistance, nearest } from './edit-distance';
import { ToolCallValidator, argsHashOf } from './tool-call-validator';

const triage = (): ToolRegistry => ToolRegistry.forRole('triage', allStubSkills());
const call = (name: string, args: unknown, id = 'c1') => ({
  id,
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});

describe('edit distance', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('hihg', 'high')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('suggests only plausible typos', () => {
    expect(nearest('hihg', ['low', 'medium', 'high'])).toBe('high');
    expect(nearest('Medum', ['low', 'medium', 'high'])).toBe('medium');
    expect(nearest('catastrophic', ['low', 'medium', 'high'])).toBeUndefined();
  });
});

describe('ToolCallValidator', () => {
  it('accepts a valid call and hashes args independent of key order', () => {
    const v = new ToolCallValidator(triage()).validate(
      call('assess_risk', { text: 'dizzy', severity: 'high' }),
    );
    expect(v.ok).toBe(true);
    expect(v.args_hash).toBe(argsHashOf(JSON.stringify({ severity: 'high', text: 'dizzy' })));
  });

  it('rejects an unknown tool and lists this worker’s tools', () => {
    const v = new ToolCallValidator(triage()).validate(call('search_pubmed', { query: 'x' }));
    expect(v).toMatchObject({ ok: false, outcome: 'rejected', error_code: 'UNKNOWN_TOOL' });
    if (v.ok) throw new Error('unreachable');
    expect(v.observation).toContain('no tool named "search_pubmed"');
    expect(v.observation).toContain('assess_risk');
    expect(v.observation).not.toContain('recommend_lifestyle');
  });

  it('rejects a known skill outside the role as a capability violation', () => {
    const v = new ToolCallValidator(triage()).validate(call('deep_research', { question: 'x' }));
    expect(v).toMatchObject({ ok: false, error_code: 'CAPABILITY_VIOLATION' });
  });

  it('rejects malformed JSON and non-object arguments', () => {
    const val = new ToolCallValidator(triage());
    const bad = val.validate(call('search_knowledge', '{"query": "x",'));
    expect(bad).toMatchObject({ ok: false, outcome: 'rejected', error_code: 'MALFORMED_ARGUMENTS' });
    if (bad.ok) throw new Error('unreachable');
    expect(bad.observation).toContain('not valid JSON');
    expect(val.validate(call('search_knowledge', '["x"]', 'c2'))).toMatchObject({
      ok: false,
      error_code: 'MALFORMED_ARGUMENTS',
    });
  });

  it('suggests the nearest enum value for a typo', () => {
    const v = new ToolCallValidator(triage()).validate(
      call('assess_risk', { text: 'dizzy', severity: 'hihg' }),
    );
    if (v.ok) throw new Error('expected rejection');
    expect(v.error_code).toBe('INVALID_ARGUMENTS');
    expect(v.observation).toContain(
      '/severity: "hihg" is not one of ["low", "medium", "high"] — did you mean "high"?',
    );
  });

  it('reports every schema problem at once, without coercing types', () => {
    const v = new ToolCallValidator(triage()).validate(
      call('assess_risk', { severity: 'high', age: '40', txt: 'x' }),
    );
    if (v.ok) throw new Error('expected rejection');
    expect(v.observation).toContain('missing required property "text"');
    expect(v.observation).toContain('/age: must be integer');
    expect(v.observation).toContain('unexpected property "txt" — did you mean "text"?');
  });

  it('breaks a loop of identical failing calls, and goes fatal after N breaks', () => {
    const val = new ToolCallValidator(triage(), { maxIdenticalFailures: 1, maxLoopBreaks: 2 });
    const same = call('assess_risk', { text: 'x', severity: 'hihg' });
    expect(val.validate(same)).toMatchObject({ ok: false, outcome: 'rejected' });
    expect(val.validate(same)).toMatchObject({
      ok: false,
      outcome: 'loop_broken',
      error_code: 'LOOP_BROKEN',
      fatal: false,
    });
    // A different call is judged on its own merits.
    expect(val.validate(call('assess_risk', { text: 'x', severity: 'high' })).ok).toBe(true);
    expect(val.validate(same)).toMatchObject({ ok: false, outcome: 'loop_broken', fatal: true });
    expect(val.loopBreaks).toBe(2);
  });

  it('counts execution failures reported by the loop', () => {
    const val = new ToolCallValidator(triage());
    const c = call('search_knowledge', { query: 'x' });
    const first = val.validate(c);
    expect(first.ok).toBe(true);
    val.noteFailure('search_knowledge', first.args_hash, 'TOOL_TIMEOUT');
    const again = val.validate(c);
    if (again.ok) throw new Error('expected loop break');
    expect(again.observation).toContain('already failed (TOOL_TIMEOUT)');
  });
});
