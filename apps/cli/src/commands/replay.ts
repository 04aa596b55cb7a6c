import type { JetStreamBus } from '@medagent/bus';
import { loadRuntimeConfig, replayRequest, rerunTask } from '@medagent/runtime';
import { parseArgs, str, UsageError } from '../args';
import { connectCli } from './nats';

async function connect(args: ReturnType<typeof parseArgs>): Promise<JetStreamBus> {
  const url = str(args, 'nats', process.env['NATS_URL']);
  if (!url) throw new UsageError('needs --nats URL or NATS_URL (the audit stream lives in JetStream)');
  return connectCli(url, 'medagent-ops', 'ops');
}

/** medagent replay <request_id> [--json] [--nats URL] */
export async function replayCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const [id] = args.positionals;
  if (!id) throw new UsageError('medagent replay <request_id> [--json] [--nats URL]');
  const bus = await connect(args);
  try {
    const lines = await replayRequest(bus, id);
    if (args.flags['json'] === true) process.stdout.write(`${JSON.stringify(lines, null, 2)}\n`);
    else for (const l of lines) process.stdout.write(`${String(l.at_ms).padStart(6)} ms  ${l.event.padEnd(20)} ${l.producer.padEnd(20)} ${(l.task_id ?? '').padEnd(4)} ${l.detail}\n`);
    return lines.length ? 0 : 1;
  } finally {
    await bus.close();
  }
}

/** medagent rerun-task <request_id>/<task_id> [--nats URL] */
export async function rerunTaskCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const [ref] = args.positionals;
  const [requestId, taskId] = (ref ?? '').split('/');
  if (!requestId || !taskId) throw new UsageError('medagent rerun-task <request_id>/<task_id> [--nats URL]');
  const bus = await connect(args);
  try {
    const r = await rerunTask(bus, requestId, taskId, loadRuntimeConfig());
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    return r.input_hash_matches ? 0 : 1;
  } finally {
    await bus.close();
  }
}
