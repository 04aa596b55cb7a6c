import { CAPABILITY_POLICY, POLICY_VERSION, WORKER_ROLES } from '@medagent/contracts';
import { parseArgs } from '../args';

/** Each worker's visible skills, straight from the capability policy (the single source). */
export async function skillsCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const view = Object.fromEntries(WORKER_ROLES.map((r) => [r, [...CAPABILITY_POLICY[r]]]));
  if (args.flags['json'] === true) process.stdout.write(`${JSON.stringify(view)}\n`);
  else {
    process.stdout.write(`capability policy ${POLICY_VERSION}\n`);
    for (const r of WORKER_ROLES) process.stdout.write(`  ${r.padEnd(13)} ${CAPABILITY_POLICY[r].join(', ')}\n`);
  }
  return 0;
}
