/**
 * The measurement loop every orchestration-style benchmark shares (embedded, distributed,
 * bare): a warm-up, then R requests with at most C in flight, bounded in count and in time,
 * reported as nearest-rank latency percentiles and completed requests per second.
 */

import { cpuPerRequest, snapshotCpu, type MeasuredProcess } from './cpu';

/** One request `i` of a phase; resolves to undefined when it completed as expected, else why not. */
export type BenchCall = (i: number, prefix: string) => Promise<string | undefined>;

/** What a benchmark mode starts: the per-request call and how to tear everything down. */
export interface BenchTarget {
  call: BenchCall;
  /** The processes doing the work (services, broker, this client), for CPU per request. */
  processes?(): MeasuredProcess[];
  close(): Promise<void>;
}

export interface DriveResult {
  latencies: number[];
  errors: number;
  elapsedMs: number;
  firstError?: string;
}

export interface MeasuredRun {
  latency_ms: { p50: number; p99: number; mean: number };
  requests_per_s: number;
  errors: number;
  /**
   * CPU ms per completed request during the measured phase, per process name and `total`
   * (Linux only). Unlike wall time it hardly moves with other load on the machine, so two
   * trees compare on it even when the machine is noisy.
   */
  cpu_ms_per_request?: Record<string, number>;
}

export interface MeasureOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Measured requests (after the warm-up). */
  requests: number;
  /** Warm-up requests, not measured (default: the concurrency, between 5 and 50). */
  warmup?: number;
  /** Bound on the measured phase: requests not yet issued by then count as errors (default 10 min). */
  maxDurationMs?: number;
  /** The target's processes: their CPU over the measured phase is reported per request. */
  processes?: () => MeasuredProcess[];
  log: (line: string) => void;
}

export const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Throws RangeError unless every value is a positive integer (`nonNegative`: zero allowed too). */
export function assertCounts(values: Record<string, number>, nonNegative: readonly string[] = []): void {
  for (const [k, v] of Object.entries(values)) {
    const zeroOk = nonNegative.includes(k);
    if (!Number.isInteger(v) || v < (zeroOk ? 0 : 1)) throw new RangeError(`${k} must be a ${zeroOk ? 'non-negative' : 'positive'} integer, got ${v}`);
  }
}

/** Runs `n` calls with at most `concurrency` in flight; bounded in count and in time. */
export async function drive(call: BenchCall, n: number, concurrency: number, prefix: string, deadlineAt: number): Promise<DriveResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  const lane = async () => {
    for (;;) {
      const i = next++;
      if (i >= n) return;
      if (Date.now() > deadlineAt) {
        errors += 1; // not issued in time
        continue;
      }
      const started = performance.now();
      try {
        const failure = await call(i, prefix);
        if (failure === undefined) latencies.push(performance.now() - started);
        else {
          errors += 1;
          firstError ??= failure;
        }
      } catch (e) {
        errors += 1;
        firstError ??= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, n)) }, lane));
  return { latencies, errors, elapsedMs: performance.now() - t0, ...(firstError ? { firstError } : {}) };
}

/** Warm-up (not measured), then the measured phase, summarised. */
export async function warmAndMeasure(call: BenchCall, o: MeasureOptions): Promise<MeasuredRun> {
  const warmup = o.warmup ?? Math.min(50, Math.max(5, o.concurrency));
  const run = Date.now().toString(36);
  const w = await drive(call, warmup, o.concurrency, `w${run}`, Date.now() + 5 * 60_000);
  o.log(`warm-up: ${warmup} requests in ${Math.round(w.elapsedMs)} ms, ${w.errors} errors${w.firstError ? ` (${w.firstError})` : ''}`);
  const cpuBefore = o.processes ? snapshotCpu(o.processes()) : undefined;
  const m = await drive(call, o.requests, o.concurrency, `m${run}`, Date.now() + (o.maxDurationMs ?? 10 * 60_000));
  const cpuAfter = cpuBefore && o.processes ? snapshotCpu(o.processes()) : undefined;
  if (m.firstError) o.log(`first error: ${m.firstError}`);
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    latency_ms: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), mean: round(mean) },
    requests_per_s: round(sorted.length / (m.elapsedMs / 1000)),
    errors: m.errors,
    ...(cpuBefore && cpuAfter ? { cpu_ms_per_request: cpuPerRequest(cpuBefore, cpuAfter, sorted.length) } : {}),
  };
}
