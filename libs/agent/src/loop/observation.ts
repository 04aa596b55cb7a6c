import type { SkillResult } from '@medagent/contracts';

/** Marks where the skill's summary ends and the compact data begins in an observation. */
export const DATA_MARKER = '\ndata: ';
export const ERROR_PREFIX = 'ERROR ';

export function compactJson(value: unknown, maxChars: number): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.length <= maxChars
    ? json
    : `${json.slice(0, Math.max(0, maxChars))}…[truncated ${json.length - maxChars} chars]`;
}

/** What the model reads after a successful call: the summary written for this role, then the data. */
export function formatObservation(result: SkillResult, maxChars: number): string {
  return `${result.summary.trim()}${DATA_MARKER}${compactJson(result.output, maxChars)}`;
}

export function errorObservation(code: string, message: string): string {
  return `${ERROR_PREFIX}${code}: ${message}`;
}

export function isErrorObservation(content: string): boolean {
  return content.startsWith(ERROR_PREFIX);
}

/** The summary part of a successful observation; undefined for errors. */
export function observationSummary(content: string): string | undefined {
  if (isErrorObservation(content)) return undefined;
  const i = content.indexOf(DATA_MARKER);
  return (i >= 0 ? content.slice(0, i) : content).trim();
}
