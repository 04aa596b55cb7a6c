import { currentTraceparent, startTelemetry, traceIdOf, traceparentOf, withSpan } from './tracing';

describe('withSpan with spans exported', () => {
  const handle = startTelemetry({ serviceName: 'tracing-exported-spec', exporter: 'memory' });
  afterAll(() => handle.shutdown());

  it('the active context follows awaits, and names the same span as traceparentOf', async () => {
    const [outer, inner, active] = await withSpan('root', {}, async (root) => {
      await new Promise((r) => setTimeout(r, 1));
      const nested = await withSpan('child', {}, async (child) => traceparentOf(child));
      return [traceparentOf(root), nested, currentTraceparent()];
    });
    expect(active).toBe(outer);
    // The child found its parent through the active context: same trace.
    expect(traceIdOf(inner)).toBe(traceIdOf(outer));
    const spans = handle.memory?.getFinishedSpans() ?? [];
    const child = spans.find((s) => s.name === 'child');
    expect(child?.parentSpanContext?.spanId ?? (child as unknown as { parentSpanId?: string })?.parentSpanId).toBe(outer?.split('-')[2]);
  });
});
