import { triageReport, type TriageReport } from '@medagent/safety';
import { parseArgs, str, UsageError } from '../args';

export const TRIAGE_HELP = `medagent triage "<message>" [--json] [--lang zh|en]
  The pre-risk gate's decision on one message, for audit: the matched emergency concepts with
  their rule ids and text spans, suppressed rules, the NEWS2 score when vital signs are given,
  and the guidance an escalated answer opens with (in the message's language unless --lang).`;

function human(r: TriageReport): string {
  const lines = [`${r.decision}${r.urgency ? ` (${r.urgency})` : ''}  category=${r.category}  ${r.rules_version}`];
  for (const c of r.concepts) {
    lines.push(`  concept ${c.id} [${c.family}]  rules: ${c.rules.join(', ')}`);
    for (const s of c.spans) lines.push(`    ${s.start}-${s.end} "${s.text}"`);
  }
  if (r.news2 !== undefined) lines.push(`  NEWS2 ${r.news2}`);
  for (const s of r.suppressed) lines.push(`  suppressed ${s.rule_id}: ${s.reason}`);
  if (r.guidance.length > 0) lines.push('', ...r.guidance.map((g) => g.text));
  return lines.join('\n');
}

export async function triageCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const text = args.positionals.join(' ').trim();
  if (text === '') throw new UsageError(TRIAGE_HELP);
  const lang = str(args, 'lang');
  if (lang !== undefined && lang !== 'zh' && lang !== 'en') throw new UsageError(`--lang zh|en\n\n${TRIAGE_HELP}`);
  const r = triageReport(text, lang ? { lang } : {});
  process.stdout.write(args.flags['json'] === true ? `${JSON.stringify(r, null, 2)}\n` : `${human(r)}\n`);
  return 0;
}
