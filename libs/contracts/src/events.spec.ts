import { ContractViolationError, PayloadTooLargeError } from './errors';
import { EVENT_TYPES, assertInlinePayload, dlqSubjectFor, parseSubject, subjectFor } from './events';
import { requestIdFor } from './hash';
import { EVENT_PAYLOADS, buildEvent, decodeEvent } from './payloads';

const submitted = {
  request_id: 'r1',
  user_id: 'u1',
  session_id: 's1',
  message: '我最近餐后血糖偏高',
};

describe('event envelope', () => {
  it('every event type has a payload class', () => {
    for (const t of EVENT_TYPES) expect(EVENT_PAYLOADS[t]).toBeDefined();
  });

  it('builds, serialises and decodes a valid event', () => {
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: submitted });
    const wire = JSON.parse(JSON.stringify(env)) as unknown;
    const back = decodeEvent(wire);
    expect(back).toEqual(env);
    expect(env.schema_version).toBe(1);
    expect(env.event_id).toMatch(/^ev_/);
  });

  it('rejects an invalid payload where it is built', () => {
    expect(() =>
      buildEvent({
        type: 'request.submitted',
        correlation_id: 'r1',
        producer: 'ingress',
        payload: { ...submitted, message: '' },
      }),
    ).toThrow(ContractViolationError);
  });

  it('rejects unknown fields on decode, in the envelope and in the payload', () => {
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: submitted });
    expect(() => decodeEvent({ ...env, extra: 1 })).toThrow(/extra/);
    expect(() => decodeEvent({ ...env, payload: { ...submitted, admin: true } })).toThrow(/admin/);
  });

  it('rejects an unknown producer and a future schema version', () => {
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: submitted });
    expect(() => decodeEvent({ ...env, producer: 'mallory' })).toThrow(ContractViolationError);
    expect(() => decodeEvent({ ...env, schema_version: 99 })).toThrow(/schema_version/);
  });

  it('takes plain data as the payload without a copy, frozen under test so a later change fails loudly', () => {
    const p = { ...submitted };
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: p });
    expect(env.payload).toBe(p);
    expect(Object.isFrozen(p)).toBe(true);
    expect(() => {
      (p as { message: string }).message = 'changed after validation';
    }).toThrow(TypeError);
  });

  it('validates and carries what JSON makes of anything else (undefined members, NaN)', () => {
    const p = { ...submitted, lang: undefined, extra: undefined, deadline_ms: Number.NaN };
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: p as never });
    expect(env.payload).not.toBe(p);
    expect(env.payload).toEqual(JSON.parse(JSON.stringify(p)));
    expect(Object.keys(env.payload ?? {})).not.toContain('extra');
    expect((env.payload as { deadline_ms?: unknown }).deadline_ms).toBeNull();
  });

  it('request ids: random without an idempotency key (req_ + 32 hex: 128 bits), stable with one', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => requestIdFor('u1')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(requestIdFor('u1', 'k1')).toBe(requestIdFor('u1', 'k1'));
    expect(requestIdFor('u1', 'k1')).not.toBe(requestIdFor('u2', 'k1'));
  });

  it('validates nested task packages on task.assigned', () => {
    expect(() =>
      buildEvent({
        type: 'task.assigned',
        correlation_id: 'r1',
        producer: 'coordinator',
        payload: { package: { task_id: 't1' } } as never,
      }),
    ).toThrow(/package\./);
  });

  it('subjects follow medagent.<event>.<role>, dead letters live outside the tree', () => {
    expect(subjectFor('task.assigned', 'triage')).toBe('medagent.task.assigned.triage');
    expect(parseSubject('medagent.artifact.produced.research')).toEqual({
      eventType: 'artifact.produced',
      role: 'research',
    });
    expect(() => parseSubject('medagent.nope.x.y')).toThrow(ContractViolationError);
    expect(dlqSubjectFor('medagent.task.assigned.triage').startsWith('medagent.')).toBe(false);
  });

  it('oversized payloads are refused inline', () => {
    expect(() => assertInlinePayload({ blob: 'x'.repeat(300 * 1024) })).toThrow(PayloadTooLargeError);
    expect(() => assertInlinePayload({ blob: 'x' })).not.toThrow();
  });
});
