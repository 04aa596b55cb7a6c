import {
  TASK_TYPE_LABELS,
  byReadingOrder,
  type Contribution,
  type Evidence,
  type Lang,
} from '@medagent/contracts';
import { FENCE_RULE, fencePatientText, type ChatModel } from '@medagent/agent';
import { composeAnswer } from './compose-answer';

export interface SynthesisInput {
  message: string;
  lang: Lang;
  contributions: Contribution[];
}

export interface SynthesisOutput {
  text: string;
  sources: Evidence[];
  model: string;
  note?: string;
}

// Sources are numbered by the one rule of @medagent/contracts (numberSources, SOURCE_LIMIT).
export { numberSources } from '@medagent/contracts';

function sourceLine(e: Evidence, i: number): string {
  const by = [e.source_name, e.year].filter((x) => x !== undefined && x !== '').join(', ');
  return `[${i + 1}] ${e.title}${by ? ` — ${by}` : ''}`;
}

/**
 * The offline synthesis: risk section first, then advice, then evidence, each under its
 * heading, with every cited source listed once. It adds no clinical content of its own:
 * every sentence comes from a worker's contribution.
 */
export function synthesiseOffline(input: SynthesisInput): SynthesisOutput {
  const { text, sources } = composeAnswer(input.lang, input.contributions);
  return { text, sources, model: 'offline-synthesis' };
}

export const SYNTHESIS_SYSTEM_PROMPT = [
  'You merge specialist contributions into one answer for a patient or clinician.',
  'Keep the risk / when-to-seek-care section first. Use only facts from the contributions; add none.',
  'Cite sources as [n] using the numbered source list. Answer in the language of the question.',
  'No definitive diagnosis and no prescription dosing.',
  FENCE_RULE,
].join(' ');

/** With a chat model: the model writes, the offline synthesis is the fallback on any failure. */
export async function synthesise(input: SynthesisInput, model?: ChatModel, signal?: AbortSignal): Promise<SynthesisOutput> {
  if (!model) return synthesiseOffline(input);
  // The offline text is only the fallback: it is composed when the model's answer is not used.
  const ordered = byReadingOrder(input.contributions);
  const offline = composeAnswer(input.lang, input.contributions);
  const offlineSources = offline.sources;
  const fallback = (note: string): SynthesisOutput => ({ text: offline.text, sources: offlineSources, model: 'offline-synthesis', note });
  const sources = offlineSources.map(sourceLine).join('\n');
  const body = ordered.map((c) => `## ${TASK_TYPE_LABELS[input.lang][c.task_type]}\n${c.text}`).join('\n\n');
  try {
    const res = await model.complete({
      messages: [
        { role: 'system', content: SYNTHESIS_SYSTEM_PROMPT },
        { role: 'user', content: `Question:\n${fencePatientText(input.message)}\n\nContributions:\n${body}\n\nSources:\n${sources}` },
      ],
      tools: [],
      maxTokens: 1200,
      ...(signal ? { signal } : {}),
    });
    const text = res.message.content?.trim();
    if (!text) return fallback('model returned no text; offline synthesis used');
    return { text, sources: offlineSources, model: model.name };
  } catch (e) {
    return fallback(`model failed (${e instanceof Error ? e.name : 'error'}); offline synthesis used`);
  }
}
