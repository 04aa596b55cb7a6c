import { readFileSync } from 'node:fs';
import { benchPrompts } from '@medagent/runtime';
import { parseArgs, str, UsageError } from '../args';

const HELP = `medagent bench prompts --cases FILE [--json]
medagent bench orchestration --mode embedded|distributed --model-latency-ms N --concurrency C --requests R [--json]`;

export async function benchCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const args = parseArgs(rest, ['json']);
  if (sub === 'prompts') {
    const file = str(args, 'cases');
    if (!file) throw new UsageError(HELP);
    const cases = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { id: string; text: string });
    const r = await benchPrompts(cases);
    process.stdout.write(`${JSON.stringify(r, null, args.flags['json'] === true ? 2 : 0)}\n`);
    return 0;
  }
  throw new UsageError(HELP);
}
