import { SERVICE_IDS } from '@medagent/contracts';
import { isServeTarget, runServiceWithHttp } from '@medagent/runtime';
import { parseArgs, UsageError } from '../args';

export async function serveCommand(argv: string[]): Promise<number> {
  const target = parseArgs(argv).positionals[0] ?? '';
  if (!isServeTarget(target)) throw new UsageError(`medagent serve <${[...SERVICE_IDS, 'all'].join('|')}>`);
  await runServiceWithHttp(target);
  // Keep the process alive; runService exits on SIGTERM/SIGINT.
  return new Promise<number>(() => undefined);
}
