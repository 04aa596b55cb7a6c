import { randomUUID } from 'node:crypto';
import type { Evidence, Lang } from '@medagent/contracts';
import { InMemoryMemoryStore } from '@medagent/memory';
import { MedagentError } from '@medagent/contracts';
import { startEmbedded, type EmbeddedRuntime } from '../embedded';
import { answerConcepts } from './concepts';

/** One whole-pipeline answer case (../shared/eval/LABELING.md, answers.dev.jsonl). */
export interface AnswerCase {
  id: string;
  lang: Lang;
  text: string;
  escalate: boolean;
  must_mention: string[][];
  must_not_mention: string[];
  topic?: string;
  kind: string;
}

export class AnswerCaseError extends MedagentError {
  constructor(message: string) {
    super('CONTRACT_VIOLATION', message);
  }
}

export function parseAnswerCases(jsonl: string): AnswerCase[] {
  return jsonl
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l, i) => {
      const c = JSON.parse(l) as Partial<AnswerCase>;
      if (!c.id || !c.text || (c.lang !== 'zh' && c.lang !== 'en') || !Array.isArray(c.must_mention)) {
        throw new AnswerCaseError(`answer case on line ${i + 1} lacks id, text, lang or must_mention`);
      }
      return {
        id: c.id,
        lang: c.lang,
        text: c.text,
        escalate: c.escalate === true,
        must_mention: c.must_mention,
        must_not_mention: c.must_not_mention ?? [],
        kind: c.kind ?? 'unknown',
        ...(c.topic ? { topic: c.topic } : {}),
      };
    });
}

/** What one answer scored. */
export interface AnswerCaseResult {
  id: string;
  kind: string;
  lang: Lang;
  groups: number;
  groups_present: number;
  missing: string[][];
  violations: string[];
  sources: number;
  off_topic_sources: string[];
  repeated_sentences: string[];
  language_match: boolean;
  escalated: boolean;
  escalation_agreement: boolean;
  status: string;
  latency_ms: number;
}

export interface AnswerFigures {
  n: number;
  coverage: number;
  violations: number;
  off_topic_source_rate: number;
  repeated_sentences: number;
  language_match: number;
  escalation_agreement: number;
}

export interface AnswerEvalReport extends AnswerFigures {
  per_kind: Record<string, AnswerFigures>;
  failing: (Pick<AnswerCaseResult, 'id' | 'kind' | 'missing' | 'violations' | 'off_topic_sources' | 'repeated_sentences' | 'language_match' | 'escalation_agreement'> & { text: string })[];
  cases: AnswerCaseResult[];
}

const has = (text: string, s: string): boolean => text.toLowerCase().includes(s.toLowerCase());

/** The answer's body: everything before its numbered source list. */
export function answerBody(text: string): string {
  const m = /\n(参考来源|Sources)[：:]\s*\n/.exec(text);
  return m ? text.slice(0, m.index) : text;
}

const CITATION_TAIL = /\s?[（(][^（()）]*(?:[（(][^（()）]*[）)][^（()）]*)*[，,]\s?\d{4}[）)][.。]?\s*$/;

/** Sentences of at least 12 characters that occur more than once in the answer body. */
export function repeatedSentences(text: string): string[] {
  const seen = new Map<string, number>();
  for (const raw of answerBody(text).split('\n').map((l) => l.replace(/\s*\[\d+\]\s*$/, '').replace(CITATION_TAIL, '')).join('\n').split(/(?<=[。！？!?；;])|(?<=\.)\s+|\n+/)) {
    // Citations are not sentences: "[3]" marks and "（source，2020）" tails are left out.
    const s = raw.replace(/^\s*(\d+[.、)]|[-•*])\s*/, '').replace(/\[\d+\]/g, '').replace(CITATION_TAIL, '').trim();
    if (Array.from(s).length < 12) continue;
    seen.set(s, (seen.get(s) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([s]) => s);
}

/** zh: at least a third of the letters are CJK; en: under 5 % are. Source titles excluded. */
export function languageOf(text: string): Lang {
  const body = answerBody(text);
  const cjk = (body.match(/[\u3400-\u9fff]/g) ?? []).length;
  const latin = (body.match(/[A-Za-z]/g) ?? []).length;
  return cjk >= (cjk + latin / 4) / 3 ? 'zh' : 'en';
}

function languageMatches(text: string, lang: Lang): boolean {
  // Publications are cited under their own names ("（中国血脂管理指南，2023）" in an English
  // answer): the citation tails are not the answer's language.
  const body = answerBody(text)
    .split('\n')
    .map((l) => l.replace(/\s*\[\d+\]\s*$/, '').replace(CITATION_TAIL, ''))
    .join('\n');
  const cjk = (body.match(/[\u3400-\u9fff]/g) ?? []).length;
  const latin = (body.match(/[A-Za-z]/g) ?? []).length;
  // A Latin word is ~4 letters, a CJK character ~1 word.
  const words = cjk + latin / 4;
  if (words === 0) return false;
  return lang === 'zh' ? cjk / words >= 0.5 : cjk / words < 0.05;
}

/** Scores one finished answer against its case. */
export function scoreAnswer(c: AnswerCase, text: string, sources: readonly Evidence[], escalated: boolean): Omit<AnswerCaseResult, 'status' | 'latency_ms'> {
  // The answer is what is said: the numbered source list under it does not count.
  const body = answerBody(text);
  const missing = c.must_mention.filter((g) => !g.some((s) => has(body, s)));
  const violations = c.must_not_mention.filter((s) => has(body, s));
  const q = answerConcepts(c.text);
  const off = sources.filter((s) => !q.sharesWith(`${s.title} ${s.snippet ?? ''}`)).map((s) => s.source_id);
  return {
    id: c.id,
    kind: c.kind,
    lang: c.lang,
    groups: c.must_mention.length,
    groups_present: c.must_mention.length - missing.length,
    missing,
    violations,
    sources: sources.length,
    off_topic_sources: off,
    repeated_sentences: repeatedSentences(text),
    language_match: languageMatches(text, c.lang),
    escalated,
    escalation_agreement: escalated === c.escalate,
  };
}

function figures(rs: readonly AnswerCaseResult[]): AnswerFigures {
  const sum = (f: (r: AnswerCaseResult) => number) => rs.reduce((a, r) => a + f(r), 0);
  const groups = sum((r) => r.groups);
  const sources = sum((r) => r.sources);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    n: rs.length,
    coverage: groups ? r3(sum((r) => r.groups_present) / groups) : 1,
    violations: sum((r) => r.violations.length),
    off_topic_source_rate: sources ? r3(sum((r) => r.off_topic_sources.length) / sources) : 0,
    repeated_sentences: sum((r) => r.repeated_sentences.length),
    language_match: rs.length ? r3(sum((r) => Number(r.language_match)) / rs.length) : 1,
    escalation_agreement: rs.length ? r3(sum((r) => Number(r.escalation_agreement)) / rs.length) : 1,
  };
}

export function summariseAnswers(cases: readonly AnswerCase[], results: readonly AnswerCaseResult[]): AnswerEvalReport {
  const kinds = [...new Set(results.map((r) => r.kind))];
  const per_kind = Object.fromEntries(kinds.map((k) => [k, figures(results.filter((r) => r.kind === k))]));
  const text = new Map(cases.map((c) => [c.id, c.text]));
  const failing = results
    .filter((r) => r.missing.length || r.violations.length || r.off_topic_sources.length || r.repeated_sentences.length || !r.language_match || !r.escalation_agreement)
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      text: text.get(r.id) ?? '',
      missing: r.missing,
      violations: r.violations,
      off_topic_sources: r.off_topic_sources,
      repeated_sentences: r.repeated_sentences,
      language_match: r.language_match,
      escalation_agreement: r.escalation_agreement,
    }));
  return { ...figures(results), per_kind, failing, cases: [...results] };
}

export interface AnswerEvalOptions {
  /** An already started runtime (tests); default: a fresh embedded one, offline model. */
  runtime?: EmbeddedRuntime;
  timeoutMs?: number;
  /** Sees each answer as it is scored (the CLI's --show). */
  onAnswer?: (c: AnswerCase, text: string, r: AnswerCaseResult) => void;
}

/**
 * Runs every case through the whole pipeline (coordinator → lead → workers → lead →
 * coordinator), each in a fresh session of its own user, and scores the answers.
 */
export async function evaluateAnswers(cases: readonly AnswerCase[], opts: AnswerEvalOptions = {}): Promise<AnswerEvalReport> {
  const rt = opts.runtime ?? (await startEmbedded({ memory: new InMemoryMemoryStore() }));
  const results: AnswerCaseResult[] = [];
  try {
    for (const c of cases) {
      const started = Date.now();
      const run = randomUUID();
      const r = await rt.client.ask(
        { message: c.text, user_id: `eval-${run}`, session_id: `eval-${c.id}-${run}`, lang: c.lang, channel: 'embedded' },
        { timeoutMs: opts.timeoutMs ?? 60_000 },
      );
      const text = r.record.answer?.text ?? '';
      const scored = scoreAnswer(c, text, r.record.answer?.sources ?? [], r.record.prerisk?.decision === 'ESCALATE');
      const res = { ...scored, status: r.status, latency_ms: Date.now() - started };
      results.push(res);
      opts.onAnswer?.(c, text, res);
    }
  } finally {
    if (!opts.runtime) await rt.close();
  }
  return summariseAnswers(cases, results);
}
