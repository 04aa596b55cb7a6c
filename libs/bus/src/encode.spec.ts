import { buildEvent, decodeEvent, payloadJsonOf, type Envelope } from '@medagent/contracts';
import { encodeEnvelope, parseJson } from './common';

const submitted = {
  request_id: 'r1',
  message: '我最近餐后血糖偏高，严重吗？ "quoted" \\ \u2028',
  user_id: 'u1',
  session_id: 's1',
  channel: 'cli' as const,
};

describe('encodeEnvelope', () => {
  it('splices the payload text buildEvent kept: the wire decodes to what a plain stringify gives', () => {
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: submitted, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    expect(payloadJsonOf(env)).toBeDefined();
    const wire = encodeEnvelope(env);
    expect(parseJson(wire)).toEqual(JSON.parse(JSON.stringify(env)));
    expect(decodeEvent(parseJson(wire))).toEqual(env);
  });

  it('stringifies envelopes that were not built here (decoded, copied) as before', () => {
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: submitted });
    const copy = { ...env } as Envelope;
    expect(payloadJsonOf(copy)).toBeUndefined();
    expect(parseJson(encodeEnvelope(copy))).toEqual(JSON.parse(JSON.stringify(env)));
  });

  it('a built event is immutable, so the kept text cannot go stale', () => {
    const env = buildEvent({ type: 'request.submitted', correlation_id: 'r1', producer: 'ingress', payload: submitted });
    expect(() => {
      (env as { payload: unknown }).payload = { ...submitted, message: 'changed' };
    }).toThrow(TypeError);
    expect(() => {
      (env.payload as { message: string }).message = 'changed';
    }).toThrow(TypeError); // deep under test (NODE_ENV=test)
  });
});
