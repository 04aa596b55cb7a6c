// Process-wide default graph, loaded lazily from the shipped data on first use.
import { checkMedicationSafety as checkWith } from './check';
import { extractEntities as extractWith } from './extract';
import { MedicationGraph } from './graph';
import type { ExtractedEntities, Role, SafetyInput, SafetyResult } from './types';
import { loadCodeMap, type CodeMap } from './codes';
import { screenMedication, type ScreenInput, type ScreenResult } from './screen';

let cached: MedicationGraph | undefined;

export function defaultMedicationGraph(): MedicationGraph {
  cached ??= MedicationGraph.load();
  return cached;
}

/** Role-scoped medication safety check against the shipped graph (or `graph` when given). */
export function checkMedicationSafety(
  input: SafetyInput,
  role: Role,
  graph: MedicationGraph = defaultMedicationGraph(),
): SafetyResult {
  return checkWith(graph, input, role);
}

/** Drugs, conditions, foods and allergies mentioned in free text, resolved against the graph. */
export function extractEntities(text: string, graph: MedicationGraph = defaultMedicationGraph()): ExtractedEntities {
  return extractWith(graph, text);
}

let cachedCodes: CodeMap | undefined;

export function defaultCodeMap(): CodeMap {
  cachedCodes ??= loadCodeMap();
  return cachedCodes;
}

/** The medication screen against the shipped graph and code map. */
export function runMedicationScreen(input: ScreenInput, graph: MedicationGraph = defaultMedicationGraph()): ScreenResult {
  return screenMedication(graph, input, defaultCodeMap());
}
