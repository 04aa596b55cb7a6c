// `medagent eval boundary --cases F[,F…] [--split S] [--json]`: the final boundary's
// dangerous-advice figures over a corpus such as eval/boundary/{dangerous,safe}.jsonl.
import { readFileSync } from 'node:fs';
import { evaluateAdvice, parseAdviceCases, type AdviceCase } from '@medagent/safety';
import { str, UsageError, type ParsedArgs } from '../args';

export const EVAL_BOUNDARY_HELP = 'medagent eval boundary --cases FILE[,FILE…] [--split dev|unseen|unseen2] [--json]';

export function evalBoundary(args: ParsedArgs, json: boolean): number {
  const files = (str(args, 'cases') ?? '').split(',').filter(Boolean);
  if (files.length === 0) throw new UsageError(`--cases is required\n\n${EVAL_BOUNDARY_HELP}`);
  const all: AdviceCase[] = files.flatMap((f) => parseAdviceCases(readFileSync(f, 'utf8')));
  const only = str(args, 'split');
  const splits = only ? [only] : [...new Set(all.map((c) => c.split))];
  const per = Object.fromEntries(
    splits.map((s) => {
      const r = evaluateAdvice(all.filter((c) => c.split === s));
      return [s, { ...r, misses: r.misses.map((m) => m.id), false_rewrites: r.false_rewrites.map((m) => m.id) }];
    }),
  );
  const summary = Object.entries(per)
    .map(([s, r]) => `${s}: dangerous=${r.dangerous} safe=${r.safe} recall=${r.recall.toFixed(3)} action_agreement=${r.action_agreement.toFixed(3)} false_rewrite_rate=${r.false_rewrite_rate.toFixed(3)} idempotent=${r.idempotent}`)
    .join('\n');
  process.stdout.write(json ? `${JSON.stringify(per, null, 2)}\n` : `${summary}\n`);
  return 0;
}
