import type { JetStreamBus } from '@medagent/bus';
import { listDeadLetters, redriveDeadLetter, showDeadLetter } from '@medagent/runtime';
import { num, parseArgs, str, UsageError } from '../args';
import { connectCli } from './nats';

const HELP = `medagent dlq list [--limit N] [--code CODE] [--before SEQ] [--json] --nats URL   (identity: ops)
medagent dlq show <seq> [--json] --nats URL                                        (identity: ops)
medagent dlq redrive <seq> [--force] [--json] --nats URL                           (identity: admin)`;

/** medagent dlq list|show <seq>|redrive <seq> [--json] --nats URL */
export async function dlqCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json', 'force']);
  const [sub, seqArg] = args.positionals;
  const url = str(args, 'nats', process.env['NATS_URL']);
  if (!sub || !['list', 'show', 'redrive'].includes(sub) || !url) throw new UsageError(HELP);
  const seq = seqArg === undefined ? undefined : Number(seqArg);
  if (sub !== 'list' && !(Number.isInteger(seq) && (seq ?? 0) > 0)) throw new UsageError(`medagent dlq ${sub} <seq>: a dead-letter stream sequence\n\n${HELP}`);
  const json = args.flags['json'] === true;
  const bus: JetStreamBus = await connectCli(url, `medagent-dlq-${sub}`, sub === 'redrive' ? 'admin' : 'ops');
  try {
    if (sub === 'list') {
      const before = str(args, 'before');
      const code = str(args, 'code');
      const r = await listDeadLetters(bus, { limit: num(args, 'limit', 50), ...(code ? { code } : {}), ...(before ? { beforeSeq: Number(before) } : {}) });
      if (json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      else {
        process.stdout.write(`${r.stored} stored; newest first\n`);
        for (const l of r.lines) {
          process.stdout.write(`${String(l.seq).padStart(7)}  ${l.time}  ${l.code.padEnd(26)} ${l.original_subject.padEnd(40)} ${(l.correlation_id ?? '').padEnd(28)} x${l.deliveries}\n`);
        }
      }
      return 0;
    }
    if (sub === 'show') {
      const d = await showDeadLetter(bus, seq as number);
      if (json) process.stdout.write(`${JSON.stringify(d, null, 2)}\n`);
      else {
        process.stdout.write(`seq ${d.seq}  ${d.time}  ${d.code}  ${d.original_subject}  deliveries ${d.deliveries}\n`);
        process.stdout.write(`request ${d.correlation_id ?? '-'}  event ${d.event_id ?? '-'}\nreason: ${d.reason}\n`);
        process.stdout.write(d.original ? `original: work stream seq ${d.original.seq}, signature ${d.original.verification}\n` : 'original: no longer stored (cannot be re-driven)\n');
      }
      return 0;
    }
    const r = await redriveDeadLetter(bus, seq as number, { force: args.flags['force'] === true });
    if (json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    else process.stdout.write(`re-drove dead letter ${r.dlq_seq} to ${r.original_subject} (work stream seq ${r.republished_seq}${r.duplicate ? ', already re-driven' : ''})\n`);
    return 0;
  } finally {
    await bus.close();
  }
}
