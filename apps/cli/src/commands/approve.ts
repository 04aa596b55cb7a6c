import { buildEvent, isWorkerRole, subjectFor } from '@medagent/contracts';
import { parseArgs, str, UsageError } from '../args';
import { connectCli } from './nats';

const HELP = 'medagent approve <approval_id> --task <task_id> --request <request_id> --role consultation|triage|research [--deny] [--by NAME] [--reason TEXT] --nats URL';

/** Resolves a pending approval.requested (a `requires_approval` skill call) over the bus. */
export async function approveCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['deny']);
  const [approvalId] = args.positionals;
  const role = str(args, 'role');
  const task = str(args, 'task');
  const request = str(args, 'request');
  const nats = str(args, 'nats', process.env['NATS_URL']);
  if (!approvalId || !task || !request || !role || !isWorkerRole(role) || !nats) throw new UsageError(HELP);
  const bus = await connectCli(nats, 'medagent-approve', 'ingress');
  try {
    const reason = str(args, 'reason');
    const decision = args.flags['deny'] === true ? 'deny' : 'approve';
    const env = buildEvent({
      type: 'approval.resolved',
      correlation_id: request,
      task_id: task,
      producer: 'ingress',
      payload: {
        approval_id: approvalId,
        task_id: task,
        decision,
        by: str(args, 'by', process.env['USER'] ?? 'cli') as string,
        ...(reason ? { reason } : {}),
      },
    });
    await bus.publish(subjectFor('approval.resolved', role), env, { msgId: `approval-resolved:${approvalId}` });
    process.stdout.write(`${decision} ${approvalId}\n`);
    return 0;
  } finally {
    await bus.close();
  }
}
