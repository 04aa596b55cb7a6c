import { randomUUID } from 'node:crypto';
import type { Evidence } from '@medagent/contracts';
import { MedagentClient, startEmbedded, type AskResult } from '@medagent/runtime';
import { embeddedMemory } from './memory';
import { parseArgs, str, num, UsageError } from '../args';
import { progressPrinter } from './progress';
import { connectCli } from './nats';

export const ASK_HELP = `medagent ask "<question>" [--json] [--user U] [--session S] [--lang zh|en] [--quiet] [--nats URL]
  Runs the question through coordinator → lead → workers → lead → coordinator (embedded mode,
  offline model) and prints progress lines, then the answer with its sources. Each ask is a new
  session unless --session S names one; only asks in the same named session share memory.`;

function render(r: AskResult): string {
  const rec = r.record;
  const a = rec.answer;
  const lines = [`\n${a?.text ?? '(no answer)'}`];
  const sources: Evidence[] = a?.sources ?? [];
  if (sources.length && !(a?.text ?? '').includes(sources[0]?.title ?? '\u0000')) {
    lines.push('\nSources:');
    sources.forEach((s, i) => lines.push(`  [${i + 1}] ${s.title} — ${s.source_name ?? s.source_id}${s.year ? `, ${s.year}` : ''}`));
  }
  const actions = a?.safety_actions ?? [];
  lines.push(
    `\nrequest ${rec.request_id} · ${rec.status}${rec.status === 'partial' ? ` (completeness ${rec.completeness ?? '?'}; missing: ${rec.tasks.filter((t) => t.status !== 'completed').map((t) => t.task_type).join(', ') || '-'})` : ''} · exit ${a?.exit ?? '-'} · ${rec.timings['total_ms'] ?? '?'} ms · trace ${rec.trace_id}` +
      (actions.length ? `\nsafety: ${actions.map((x) => x.kind).join(', ')}` : ''),
  );
  return lines.join('\n');
}

export async function askCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json', 'quiet']);
  const question = args.positionals.join(' ').trim();
  if (!question) throw new UsageError(ASK_HELP);
  const json = args.flags['json'] === true;
  const quiet = args.flags['quiet'] === true;
  const natsUrl = str(args, 'nats');
  // --nats: submit to a running deployment; otherwise run all five services in this process.
  const rt = natsUrl ? await remote(natsUrl) : await startEmbedded({ memory: embeddedMemory() });
  try {
    const log = (l: string) => process.stderr.write(`${l}\n`);
    const onEvent = quiet ? undefined : progressPrinter(log);
    const lang = str(args, 'lang');
    const user = str(args, 'user', 'cli-user') as string;
    // Without --session every ask is a session of its own: earlier questions never reach this
    // answer, its plan or its medication check. Memory is shared only within a named session.
    const session = str(args, 'session') ?? `cli-${randomUUID()}`;
    const r = await rt.client.ask(
      { message: question, user_id: user, session_id: session, channel: natsUrl ? 'nats' : 'cli', ...(lang === 'zh' || lang === 'en' ? { lang } : {}) },
      { ...(onEvent ? { onEvent } : {}), timeoutMs: num(args, 'timeout-ms', 120_000) },
    );
    process.stdout.write(json ? `${JSON.stringify(r.record, null, 2)}\n` : `${render(r)}\n`);
    // A partial answer is an answer (exit 0); the status line says what is missing.
    return r.status === 'failed' ? 1 : 0;
  } finally {
    await rt.close();
  }
}

async function remote(url: string): Promise<{ client: MedagentClient; close(): Promise<void> }> {
  let refusedProgress = false;
  const bus = await connectCli(url, 'medagent-cli', 'ingress', (e) => {
    // The `ingress` identity reads results, not every request's progress events: say so once.
    if (e instanceof Error && e.name === 'PermissionViolationError' && (e as { operation?: unknown }).operation === 'subscription') {
      if (!refusedProgress) process.stderr.write('progress: this NATS user may not read progress events (--quiet hides them); waiting for the result\n');
      refusedProgress = true;
      return;
    }
    process.stderr.write(`[nats] ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}\n`);
  });
  return { client: new MedagentClient(bus), close: () => bus.close() };
}
