import { contextFromTraceparent, currentTraceparent, startTelemetry, traceIdOf, traceparentOf, withSpan } from './tracing';

const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('withSpan with no exporter (exporter none)', () => {
  const handle = startTelemetry({ serviceName: 'tracing-spec', exporter: 'none' });
  afterAll(() => handle.shutdown());

  it('starts a root trace with valid, sampled W3C ids; a child given its parent keeps the trace', async () => {
    const seen: (string | undefined)[] = [];
    await withSpan('root', {}, async (root) => {
      const tp = traceparentOf(root);
      seen.push(tp);
      await withSpan('child', {}, async (child) => void seen.push(traceparentOf(child)), { parent: contextFromTraceparent(tp) });
    });
    const [root, child] = seen.map((tp) => W3C.exec(tp ?? ''));
    expect(root).not.toBeNull();
    expect(child).not.toBeNull();
    expect(child?.[1]).toBe(root?.[1]);
    expect(child?.[2]).not.toBe(root?.[2]);
    expect(root?.[1]).not.toMatch(/^0+$/);
  });

  it('continues a remote parent: same trace id, a new span id', async () => {
    const remote = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const tp = await withSpan('consumer', {}, async (span) => traceparentOf(span), { parent: contextFromTraceparent(remote) });
    expect(traceIdOf(tp)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(tp).toMatch(W3C);
    expect(tp).not.toBe(remote);
  });

  it('two roots get two traces, and an error still propagates', async () => {
    const a = await withSpan('a', {}, async (span) => traceIdOf(traceparentOf(span)));
    const b = await withSpan('b', {}, async (span) => traceIdOf(traceparentOf(span)));
    expect(a).not.toBe(b);
    await expect(withSpan('fails', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('tracks no active context across awaits (no async hook on every promise): callers name their span', async () => {
    const inside = await withSpan('quiet', {}, async () => {
      await Promise.resolve();
      return currentTraceparent();
    });
    expect(inside).toBeUndefined();
  });
});
