import { busCase, httpCase, rng } from './hostile-cases';
import { runHostile } from './hostile';

describe('bench hostile', () => {
  it('is a function of its seed: the same seed writes the same bytes, another seed others', () => {
    const run = (seed: number) => {
      const r = rng(seed);
      return Array.from({ length: 300 }, (_, i) => (i % 4 === 0 ? busCase(r).text : httpCase(r, 'k').raw.toString('latin1'))).join('\n');
    };
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
  });

  it('against `serve all` as its own process: no crash, no 5xx, every refusal with a stable code', async () => {
    const r = await runHostile({ cases: 400, seed: 3, concurrency: 4 });
    expect(r.findings).toEqual({});
    expect([r.crashes, r.http_5xx, r.uncoded_rejections, r.surfaces.bus_decoder.uncaught]).toEqual([0, 0, 0, 0]);
    // The run reached every surface, and refusals really happened (a fuzzer that only sent
    // valid requests would pass the line above trivially).
    for (const s of ['http_body', 'http_headers', 'http_method_path'] as const) expect(r.surfaces[s].cases).toBeGreaterThan(0);
    expect(Object.keys(r.error_codes).length).toBeGreaterThan(10);
    expect(r.liveness.failed).toBe(0);
  }, 120_000);
});
