import { runHostile } from '@medagent/bench';
import { num, parseArgs } from '../args';

export const HOSTILE_HELP = `medagent bench hostile [--cases 10000] [--seed 1] [--concurrency 8] [--json]

  hostile: a seeded, deterministic fuzzer. \`serve all\` runs as its own process on a private
  nats-server with API-key authentication; the fuzzer writes raw HTTP requests (mutated bodies:
  depth bombs, duplicate and prototype keys, invisible text, oversized strings; auth header
  garbage, content types, huge headers, bad lengths; methods and paths) and feeds mutated
  envelopes of every event type to the bus decoders, publishing some on the services'
  subjects. Prints cases, crashes (the process died or stopped answering /healthz), http_5xx,
  uncoded_rejections, error_codes (status + stable code:rule) and per-surface counts.
  Exit 1 unless crashes, http_5xx and uncoded_rejections are all 0.`;

export async function benchHostileCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const r = await runHostile({
    cases: num(args, 'cases', 10_000),
    seed: num(args, 'seed', 1),
    concurrency: num(args, 'concurrency', 8),
    log: (l) => process.stderr.write(`${l}\n`),
  });
  process.stdout.write(`${JSON.stringify(r, null, args.flags['json'] === true ? 2 : 0)}\n`);
  return r.crashes === 0 && r.http_5xx === 0 && r.uncoded_rejections === 0 ? 0 : 1;
}
