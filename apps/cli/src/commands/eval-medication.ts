import { readFileSync } from 'node:fs';
import { defaultCodeMap, defaultMedicationGraph, evaluateMedication, parseMedicationCases } from '@medagent/knowledge';
import { str, UsageError, type ParsedArgs } from '../args';

/** `medagent eval medication --cases FILE [--json]`: the medication screen against labelled cases. */
export async function evalMedication(args: ParsedArgs, json: boolean): Promise<number> {
  const file = str(args, 'cases');
  if (!file) throw new UsageError('medagent eval medication --cases FILE [--json]');
  const r = evaluateMedication(defaultMedicationGraph(), parseMedicationCases(readFileSync(file, 'utf8')), defaultCodeMap());
  process.stdout.write(
    json
      ? `${JSON.stringify(r, null, 2)}\n`
      : `n=${r.n} verdict_accuracy=${r.verdict_accuracy.toFixed(3)} high_recall=${r.high_recall.toFixed(3)} false_block_rate=${r.false_block_rate.toFixed(3)} blind_spots=${r.blind_spots.total} errors=${r.errors.length}\n`,
  );
  return 0;
}
