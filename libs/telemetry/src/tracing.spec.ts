import { contextFromTraceparent, currentTraceparent, startTelemetry, traceIdOf, withSpan } from './tracing';

const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('withSpan with no exporter (exporter none)', () => {
  const handle = startTelemetry({ serviceName: 'tracing-spec', exporter: 'none' });
  afterAll(() => handle.shutdown());

  it('starts a root trace with valid, sampled W3C ids and keeps it through nested spans', async () => {
    const seen: string[] = [];
    await withSpan('root', {}, async () => {
      seen.push(currentTraceparent() ?? '');
      await withSpan('child', {}, async () => {
        seen.push(currentTraceparent() ?? '');
      });
    });
    const [root, child] = seen.map((tp) => W3C.exec(tp));
    expect(root).not.toBeNull();
    expect(child).not.toBeNull();
    expect(child?.[1]).toBe(root?.[1]);
    expect(child?.[2]).not.toBe(root?.[2]);
    expect(root?.[1]).not.toMatch(/^0+$/);
  });

  it('continues a remote parent: same trace id, a new span id', async () => {
    const remote = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const tp = await withSpan('consumer', {}, async () => currentTraceparent(), { parent: contextFromTraceparent(remote) });
    expect(traceIdOf(tp)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(tp).toMatch(W3C);
    expect(tp).not.toBe(remote);
  });

  it('two roots get two traces, and an error still propagates', async () => {
    const a = await withSpan('a', {}, async () => traceIdOf(currentTraceparent()));
    const b = await withSpan('b', {}, async () => traceIdOf(currentTraceparent()));
    expect(a).not.toBe(b);
    await expect(withSpan('fails', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
