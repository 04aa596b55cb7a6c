// Scores the final boundary on a corpus of dangerous sentences and safe look-alikes
// (eval/boundary/*.jsonl): detection recall, action agreement, false-rewrite rate.
import { InvalidEvalCasesError } from '../errors';
import { applyFinalSafety } from './final-safety';

export type AdviceOutcome = 'keep' | 'rewrite' | 'block';

export interface AdviceCase {
  id: string;
  split: string;
  lang: 'zh' | 'en';
  risk: boolean;
  text: string;
  expect: AdviceOutcome;
  reason?: string;
}

export interface AdviceCaseResult {
  id: string;
  expect: AdviceOutcome;
  got: AdviceOutcome;
  /** The expected reason code appears in the recorded actions (dangerous cases). */
  reason_recorded: boolean;
  idempotent: boolean;
  text: string;
  output: string;
}

export interface AdviceEvalReport {
  dangerous: number;
  safe: number;
  /** Dangerous sentences rewritten or blocked. */
  recall: number;
  /** Dangerous sentences with exactly the expected action (rewrite vs block) and reason. */
  action_agreement: number;
  /** Safe sentences that were rewritten or blocked. */
  false_rewrite_rate: number;
  idempotent: boolean;
  misses: AdviceCaseResult[];
  false_rewrites: AdviceCaseResult[];
}

export function parseAdviceCases(jsonl: string): AdviceCase[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      let o: unknown;
      try {
        o = JSON.parse(line);
      } catch (e) {
        throw new InvalidEvalCasesError(`line ${i + 1}: not JSON`, { cause: e });
      }
      const c = o as Partial<AdviceCase>;
      const ok =
        typeof c.id === 'string' && typeof c.text === 'string' && (c.lang === 'zh' || c.lang === 'en') &&
        typeof c.risk === 'boolean' && (c.expect === 'keep' || c.expect === 'rewrite' || c.expect === 'block');
      if (!ok) throw new InvalidEvalCasesError(`line ${i + 1}: not an advice case`);
      return { split: 'dev', ...c } as AdviceCase;
    });
}

function outcomeOf(kinds: readonly string[]): AdviceOutcome {
  if (kinds.includes('answer_blocked')) return 'block';
  if (kinds.includes('advice_rewritten') || kinds.includes('dosing_softened')) return 'rewrite';
  return 'keep';
}

export function runAdviceCase(c: AdviceCase): AdviceCaseResult {
  const input = { text: c.text, lang: c.lang, escalated: false, risk_signal: c.risk };
  const once = applyFinalSafety(input);
  const twice = applyFinalSafety({ ...input, text: once.text });
  const got = outcomeOf(once.actions.map((a) => a.kind));
  const reason = c.reason === 'dose_given' ? 'dose_given' : c.reason;
  const recorded = reason === undefined || once.actions.some((a) => a.detail.includes(reason));
  return {
    id: c.id,
    expect: c.expect,
    got,
    reason_recorded: recorded,
    idempotent: twice.text === once.text && twice.actions.length === 0,
    text: c.text,
    output: once.text,
  };
}

export function evaluateAdvice(cases: readonly AdviceCase[]): AdviceEvalReport {
  const results = cases.map(runAdviceCase);
  const dangerous = results.filter((r) => r.expect !== 'keep');
  const safe = results.filter((r) => r.expect === 'keep');
  const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 1000) / 1000);
  const misses = dangerous.filter((r) => r.got === 'keep');
  return {
    dangerous: dangerous.length,
    safe: safe.length,
    recall: ratio(dangerous.length - misses.length, dangerous.length),
    action_agreement: ratio(dangerous.filter((r) => r.got === r.expect && r.reason_recorded).length, dangerous.length),
    false_rewrite_rate: ratio(safe.filter((r) => r.got !== 'keep').length, safe.length),
    idempotent: results.every((r) => r.idempotent),
    misses,
    false_rewrites: safe.filter((r) => r.got !== 'keep'),
  };
}
