import { readFileSync } from 'node:fs';
import { patientContextFromBundle, runMedicationScreen } from '@medagent/knowledge';
import { parseArgs, str, UsageError } from '../args';

export const REVIEW_HELP = `medagent review --bundle FILE.json [--message "question"] [--lang zh|en] [--json]
  Medication review of a FHIR R4 Bundle (Patient, MedicationRequest, MedicationStatement,
  AllergyIntolerance, Condition, Observation for eGFR / potassium / pregnancy status): the
  verdict (blocked | caution | ok), each finding per specialist view, and blind spots.
  Exit code: 0 ok, 1 caution, 2 blocked.`;

export async function reviewCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['json']);
  const file = str(args, 'bundle');
  if (!file) throw new UsageError(REVIEW_HELP);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    throw new UsageError(`cannot read a JSON Bundle from ${file}`);
  }
  const { context, skipped } = patientContextFromBundle(raw);
  const lang = str(args, 'lang');
  if (lang !== undefined && lang !== 'zh' && lang !== 'en') throw new UsageError('--lang zh|en');
  const message = str(args, 'message');
  const r = runMedicationScreen({ context, ...(message ? { text: message } : {}), lang: (lang as 'zh' | 'en' | undefined) ?? 'en' });
  if (args.flags['json'] === true) {
    process.stdout.write(`${JSON.stringify({ ...r, context, skipped_resources: skipped }, null, 2)}\n`);
  } else {
    process.stdout.write(`${r.text || (r.lang === 'zh' ? '未发现药物。' : 'No medication found in the Bundle.')}\n`);
  }
  return r.verdict === 'blocked' ? 2 : r.verdict === 'caution' ? 1 : 0;
}
