import {
  TASK_TYPE_LABELS,
  byReadingOrder,
  numberSources,
  sectionBody,
  type Contribution,
  type Evidence,
  type Lang,
} from '@medagent/contracts';
import { FENCE_RULE, fencePatientText, type ChatModel } from '@medagent/agent';

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
export { numberSources };

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
  const ordered = byReadingOrder(input.contributions);
  const sources = numberSources(ordered);
  return { text: offlineText(input.lang, ordered, sources), sources, model: 'offline-synthesis' };
}

/** The offline answer's text, from the contributions in reading order and their numbered sources. */
function offlineText(lang: Lang, ordered: readonly Contribution[], sources: readonly Evidence[]): string {
  const index = new Map(sources.map((s, i) => [s.source_id, i + 1]));
  const sections = ordered.map((c) => {
    const refs = c.evidence
      .map((e) => index.get(e.source_id))
      .filter((n): n is number => n !== undefined)
      .filter((n, i, a) => a.indexOf(n) === i)
      .slice(0, 4);
    const cite = refs.length ? ` ${refs.map((n) => `[${n}]`).join('')}` : '';
    const partial = c.completeness < 1 ? (lang === 'zh' ? '（本部分信息不完整）' : ' (this part is incomplete)') : '';
    // The worker's own "## heading" line is replaced by the section heading.
    const body = sectionBody(c.text);
    return `【${TASK_TYPE_LABELS[lang][c.task_type]}】${partial}\n${body}${cite}`;
  });
  const refsTitle = lang === 'zh' ? '参考来源' : 'Sources';
  return [...sections, sources.length ? `${refsTitle}：\n${sources.map(sourceLine).join('\n')}` : '']
    .filter(Boolean)
    .join('\n\n');
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
  const offlineSources = numberSources(ordered);
  const fallback = (note: string): SynthesisOutput => ({
    text: offlineText(input.lang, ordered, offlineSources),
    sources: offlineSources,
    model: 'offline-synthesis',
    note,
  });
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
