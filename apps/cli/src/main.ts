import 'reflect-metadata';
import { MedagentError } from '@medagent/contracts';
import { UsageError } from './args';
import { askCommand, ASK_HELP } from './commands/ask';
import { approveCommand } from './commands/approve';
import { benchCommand } from './commands/bench';
import { evalCommand } from './commands/eval';
import { kbCommand } from './commands/kb';
import { replayCommand, rerunTaskCommand } from './commands/replay';
import { reviewCommand } from './commands/review';
import { serveCommand } from './commands/serve';
import { secretsCommand } from './commands/secrets';
import { dlqCommand } from './commands/dlq';
import { skillsCommand } from './commands/skills';
import { triageCommand } from './commands/triage';

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  ask: askCommand,
  skills: skillsCommand,
  serve: serveCommand,
  eval: evalCommand,
  bench: benchCommand,
  kb: kbCommand,
  approve: approveCommand,
  replay: replayCommand,
  'rerun-task': rerunTaskCommand,
  triage: triageCommand,
  review: reviewCommand,
  secrets: secretsCommand,
  dlq: dlqCommand,
};

const HELP = `medagent — event-driven multi-agent medical Q&A and medication safety

  medagent ask "<question>" [--json] [--user U] [--session S]
  medagent skills [--json]
  medagent triage "<message>" [--json]   (pre-risk decision, concepts, spans, guidance)
  medagent eval prerisk|router|retrieval|medication …
  medagent bench prompts|orchestration|review …
  medagent review --bundle FILE.json [--message Q] [--json]
  medagent kb ingest <file.jsonl|dir> [--target embedded|elasticsearch]
  medagent replay <request_id> [--json] --nats URL
  medagent rerun-task <request_id>/<task_id> --nats URL
  medagent approve <approval_id> --task T --request R --role ROLE [--deny --reason …] --nats URL
  medagent secrets init --out DIR [--rotate]
  medagent dlq list|show <seq>|redrive <seq> [--json] --nats URL
  medagent serve <coordinator|lead|worker-consultation|worker-triage|worker-research|all>

${ASK_HELP}`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === 'help' || cmd === '--help' || cmd === '-h') {
    process.stdout.write(`${HELP}\n`);
    return cmd ? 0 : 2;
  }
  const run = COMMANDS[cmd];
  if (!run) throw new UsageError(`unknown command "${cmd}"\n\n${HELP}`);
  return run(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UsageError) process.stderr.write(`${e.message}\n`);
    else if (e instanceof MedagentError) process.stderr.write(`medagent: ${e.name} (${e.code}): ${e.message}\n`);
    else process.stderr.write(`medagent: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(e instanceof UsageError ? 2 : 1);
  },
);
