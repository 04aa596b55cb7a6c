import { createCdsApp, JoseCdsTokenVerifier } from '@medagent/http-ingress';
import { benchReview } from '@medagent/bench';
import { num, type ParsedArgs } from '../args';

/** `medagent bench review [--requests N] [--concurrency C] [--warmup W] [--json]`: CDS Hooks order-sign latency over HTTP. */
export async function benchReviewCommand(args: ParsedArgs, json: boolean): Promise<number> {
  const r = await benchReview({
    requests: num(args, 'requests', 500),
    concurrency: num(args, 'concurrency', 4),
    warmup: num(args, 'warmup', 30),
    start: async (iss, jwk) => {
      const { app, url } = await createCdsApp({ verifier: new JoseCdsTokenVerifier([{ iss, jwks: { keys: [jwk] } }]) }, 0);
      return { url, close: () => app.close() };
    },
  });
  process.stdout.write(
    json
      ? `${JSON.stringify(r, null, 2)}\n`
      : `order-sign over HTTP: n=${r.requests} c=${r.concurrency} p50=${r.p50_ms}ms p95=${r.p95_ms}ms p99=${r.p99_ms}ms ${r.throughput_rps} req/s errors=${r.errors} (goal p95 ≤ ${r.goal_p95_ms} ms: ${r.goal_met ? 'met' : 'missed'})\n`,
  );
  return r.goal_met ? 0 : 1;
}
