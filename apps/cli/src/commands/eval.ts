import { readFileSync } from 'node:fs';
import { compareWithSnapshot, defaultPreRiskGate, evaluatePreRisk, parsePreRiskCases, parseSnapshot } from '@medagent/safety';
import { evaluateRouter, parseRouterCases, planFromMessage } from '@medagent/planner';
import { evaluateRetrieval, type RetrievalMode } from '@medagent/knowledge';
import { evalAnswersCommand } from './eval-answers';
import { num, parseArgs, str, UsageError, type ParsedArgs } from '../args';
import { evalMedication } from './eval-medication';
import { EVAL_BOUNDARY_HELP, evalBoundary } from './eval-boundary';

const HELP = `medagent eval prerisk --cases FILE [--json] [--compare SNAPSHOT.json]  (an earlier version's frozen decisions, eval/snapshots/)
medagent eval router  --cases FILE [--json]
medagent eval medication --cases FILE [--json]
medagent eval answers --cases FILE [--json] [--show] [--full]
medagent eval retrieval --corpus FILE|DIR --queries FILE [--mode bm25|dense|hybrid] [--k 10] [--sample N] [--json]
${EVAL_BOUNDARY_HELP}`;

function need(args: ParsedArgs, key: string): string {
  const v = str(args, key);
  if (!v) throw new UsageError(`--${key} is required\n\n${HELP}`);
  return v;
}

function print(obj: unknown, json: boolean, summary: string): void {
  process.stdout.write(json ? `${JSON.stringify(obj, null, 2)}\n` : `${summary}\n`);
}

async function prerisk(args: ParsedArgs, json: boolean): Promise<number> {
  const cases = parsePreRiskCases(readFileSync(need(args, 'cases'), 'utf8'));
  const compare = str(args, 'compare');
  if (compare) {
    const r = compareWithSnapshot(cases, parseSnapshot(readFileSync(compare, 'utf8')), defaultPreRiskGate());
    print(r, json, JSON.stringify(r, null, 2));
    return 0;
  }
  const r = evaluatePreRisk(cases);
  print(r, json, `n=${r.n} escalate_recall=${r.escalate_recall.toFixed(3)} false_escalation_rate=${r.false_escalation_rate.toFixed(3)} misses=${r.misses.length} false_alarms=${r.false_alarms.length} (${r.rules_version})`);
  return 0;
}

async function router(args: ParsedArgs, json: boolean): Promise<number> {
  const cases = parseRouterCases(readFileSync(need(args, 'cases'), 'utf8'));
  const r = evaluateRouter(cases, (text, opts) => planFromMessage(text, opts));
  print(r, json, `n=${r.n} plan_accuracy=${r.plan_accuracy.toFixed(3)} complexity_accuracy=${r.complexity_accuracy.toFixed(3)} errors=${r.errors.length}`);
  return 0;
}

async function retrieval(args: ParsedArgs, json: boolean): Promise<number> {
  const mode = (str(args, 'mode', 'hybrid') ?? 'hybrid') as RetrievalMode;
  if (!['bm25', 'dense', 'hybrid'].includes(mode)) throw new UsageError('--mode bm25|dense|hybrid');
  const sample = num(args, 'sample', 0);
  // Fusion is calibrated per index at build time; the MedQuAD-only preset is gone.
  if (str(args, 'preset')) throw new UsageError('--preset was removed: hybrid weights are calibrated per index');
  const r = await evaluateRetrieval({
    corpus: need(args, 'corpus'),
    queries: need(args, 'queries'),
    mode,
    k: num(args, 'k', 10),
    ...(sample > 0 ? { sample } : {}),
  });
  print(r, json, JSON.stringify(r));
  return 0;
}

export async function evalCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'answers') return evalAnswersCommand(rest);
  const args = parseArgs(rest, ['json']);
  const json = args.flags['json'] === true;
  if (sub === 'prerisk') return prerisk(args, json);
  if (sub === 'router') return router(args, json);
  if (sub === 'retrieval') return retrieval(args, json);
  if (sub === 'medication') return evalMedication(args, json);
  if (sub === 'boundary') return evalBoundary(args, json);
  throw new UsageError(HELP);
}
