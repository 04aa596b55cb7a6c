import { readFileSync } from 'node:fs';
import { evaluateAnswers, parseAnswerCases } from '@medagent/runtime';
import { parseArgs, str, UsageError } from '../args';

export const EVAL_ANSWERS_HELP = `medagent eval answers --cases FILE [--json] [--show] [--full]
  Runs each case through the whole pipeline (embedded, offline model, a fresh session each) and
  reports coverage, violations, off_topic_source_rate, repeated_sentences, language_match and
  escalation_agreement, overall and per kind, plus the failing cases (--full: every case;
  --show: print each answer to stderr).`;

export async function evalAnswersCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json', 'show', 'full']);
  const file = str(args, 'cases');
  if (!file) throw new UsageError(EVAL_ANSWERS_HELP);
  const cases = parseAnswerCases(readFileSync(file, 'utf8'));
  const show = args.flags['show'] === true;
  const report = await evaluateAnswers(cases, {
    ...(show ? { onAnswer: (c, text) => process.stderr.write(`\n===== ${c.id} ${c.text}\n${text}\n`) } : {}),
  });
  const { cases: all, ...rest } = report;
  const out = args.flags['full'] === true ? report : rest;
  if (args.flags['json'] === true) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  else {
    const f = (x: typeof rest) =>
      `n=${x.n} coverage=${x.coverage} violations=${x.violations} off_topic_source_rate=${x.off_topic_source_rate} repeated_sentences=${x.repeated_sentences} language_match=${x.language_match} escalation_agreement=${x.escalation_agreement}`;
    const lines = [f(rest), ...Object.entries(rest.per_kind).map(([k, v]) => `  ${k}: ${f({ ...rest, ...v })}`)];
    process.stdout.write(`${lines.join('\n')}\nfailing: ${rest.failing.map((x) => x.id).join(' ')}\n`);
    void all;
  }
  return 0;
}
