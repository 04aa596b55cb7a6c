import {
  BudgetExhaustedError,
  DeadlineExceededError,
  RISK_LEVELS,
  TaskRefusedError,
  type Evidence,
  type MedagentError,
  type MedicationVerdict,
  type ModelUsageDto,
  type RiskLevel,
  type SkillResult,
  type TaskPackageDto,
  type ToolLedgerEntry,
} from '@medagent/contracts';
import { composeFromObservations, firstSentence } from '../compose';
import type { ChatResponse } from '../model/chat-model';

export type AgentOutcome = 'completed' | 'failed' | 'refused' | 'budget_exhausted';
export type BudgetLimit = 'max_steps' | 'max_tokens' | 'deadline';

export interface ModelCallRecord {
  step: number;
  /** Our own count of the prompt before sending (the budget check uses it). */
  estimated_prompt_tokens: number;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  finish_reason: string;
  tools_offered: number;
}

export interface ToolOutputRecord {
  call_id: string;
  tool: string;
  output: unknown;
}

export interface AgentRunResult {
  outcome: AgentOutcome;
  text: string;
  findings: string[];
  /** Deduplicated by source_id, best score kept, best first. */
  evidence: Evidence[];
  ledger: ToolLedgerEntry[];
  usage: ModelUsageDto;
  completeness: number;
  warnings: string[];
  error?: MedagentError;
  refusal_reason?: string;
  steps: number;
  model_calls: ModelCallRecord[];
  tool_outputs: ToolOutputRecord[];
  /** Most severe level any tool reported, for the contribution. */
  risk_level?: RiskLevel;
  medication_verdict?: MedicationVerdict;
}

const VERDICT_ORDER: readonly MedicationVerdict[] = ['blocked', 'caution', 'ok'];

/** Everything one run accumulates, and the four ways it can end. */
export class RunState {
  readonly ledger: ToolLedgerEntry[] = [];
  readonly warnings: string[] = [];
  readonly modelCalls: ModelCallRecord[] = [];
  readonly toolOutputs: ToolOutputRecord[] = [];
  private readonly evidence = new Map<string, Evidence>();
  private readonly summaries: { tool: string; summary: string }[] = [];
  private readonly usage: ModelUsageDto;
  private risk: RiskLevel | undefined;
  private verdict: MedicationVerdict | undefined;
  steps = 0;

  constructor(
    private readonly pkg: TaskPackageDto,
    modelName: string,
    /** Tools a complete answer to this task would rest on (for completeness of partials). */
    private readonly expectedTools: readonly string[],
  ) {
    this.usage = { calls: 0, prompt_tokens: 0, completion_tokens: 0, model: modelName };
  }

  get tokensUsed(): number {
    return this.usage.prompt_tokens + this.usage.completion_tokens;
  }

  get hasObservations(): boolean {
    return this.summaries.length > 0;
  }

  recordModelCall(
    rec: Omit<ModelCallRecord, 'prompt_tokens' | 'completion_tokens'>,
    res: ChatResponse,
  ): void {
    const { prompt_tokens, completion_tokens } = res.usage;
    this.usage.calls += 1;
    this.usage.prompt_tokens += prompt_tokens;
    this.usage.completion_tokens += completion_tokens;
    // Written out rather than spread from `rec` (a copy per call); same fields, same order.
    this.modelCalls.push({
      step: rec.step,
      estimated_prompt_tokens: rec.estimated_prompt_tokens,
      latency_ms: rec.latency_ms,
      finish_reason: rec.finish_reason,
      tools_offered: rec.tools_offered,
      prompt_tokens,
      completion_tokens,
    });
  }

  recordResult(callId: string, tool: string, result: SkillResult): void {
    this.toolOutputs.push({ call_id: callId, tool, output: result.output });
    if (result.summary.trim()) this.summaries.push({ tool, summary: result.summary.trim() });
    for (const e of result.evidence) {
      const prev = this.evidence.get(e.source_id);
      if (!prev || e.score > prev.score) this.evidence.set(e.source_id, { ...e, tool });
    }
    this.noteLevels(result.output);
  }

  warn(w: string): void {
    if (!this.warnings.includes(w)) this.warnings.push(w);
  }

  completed(text: string, truncated: boolean): AgentRunResult {
    if (truncated) this.warn('answer truncated at the completion token limit');
    return this.result('completed', text, truncated ? 0.8 : 1);
  }

  failed(error: MedagentError): AgentRunResult {
    return this.result('failed', '', 0, { error });
  }

  refused(reason: string): AgentRunResult {
    return this.result('refused', reason, 0, { error: new TaskRefusedError(reason), refusal_reason: reason });
  }

  /** A partial answer assembled from the observations gathered before the budget ran out. */
  exhausted(limit: BudgetLimit): AgentRunResult {
    this.warn(`budget exhausted: ${limit}`);
    const error =
      limit === 'deadline'
        ? new DeadlineExceededError(`task deadline ${this.pkg.budget.deadline_at} passed`)
        : new BudgetExhaustedError(`task budget exhausted (${limit})`);
    const text = composeFromObservations({
      lang: this.pkg.scope.lang,
      taskType: this.pkg.task_type,
      summaries: this.summaries.map((s) => s.summary),
      partial: true,
    });
    return this.result('budget_exhausted', text, this.partialCompleteness(), { error });
  }

  /** Share of the expected tools that produced a result, scaled below 1: a partial is never complete. */
  private partialCompleteness(): number {
    if (this.summaries.length === 0) return 0;
    const done = new Set(this.summaries.map((s) => s.tool));
    const expected = this.expectedTools.length > 0 ? this.expectedTools : [...done];
    const covered = expected.filter((t) => done.has(t)).length / expected.length;
    return Math.round(Math.min(0.9, 0.2 + 0.6 * covered) * 100) / 100;
  }

  private noteLevels(output: unknown): void {
    if (!output || typeof output !== 'object') return;
    const o = output as Record<string, unknown>;
    for (const v of [o['risk_level'], o['level']]) {
      if (typeof v === 'string' && (RISK_LEVELS as readonly string[]).includes(v)) {
        const level = v as RiskLevel;
        if (!this.risk || RISK_LEVELS.indexOf(level) < RISK_LEVELS.indexOf(this.risk)) this.risk = level;
      }
    }
    const verdict = o['verdict'];
    if (typeof verdict === 'string' && (VERDICT_ORDER as readonly string[]).includes(verdict)) {
      const v = verdict as MedicationVerdict;
      if (!this.verdict || VERDICT_ORDER.indexOf(v) < VERDICT_ORDER.indexOf(this.verdict)) this.verdict = v;
    }
  }

  private result(
    outcome: AgentOutcome,
    text: string,
    completeness: number,
    extra: { error?: MedagentError; refusal_reason?: string } = {},
  ): AgentRunResult {
    // A run without tool results (a direct answer) has neither findings nor evidence: fresh
    // empty arrays without the map/filter/Set/sort chain.
    return {
      outcome,
      text,
      findings:
        this.summaries.length === 0
          ? []
          : [...new Set(this.summaries.map((s) => firstSentence(s.summary)).filter(Boolean))].slice(0, 50),
      evidence:
        this.evidence.size === 0
          ? []
          : [...this.evidence.values()].sort((a, b) => b.score - a.score).slice(0, 50),
      ledger: this.ledger,
      usage: { ...this.usage },
      completeness,
      warnings: this.warnings,
      steps: this.steps,
      model_calls: this.modelCalls,
      tool_outputs: this.toolOutputs,
      ...(this.risk ? { risk_level: this.risk } : {}),
      ...(this.verdict ? { medication_verdict: this.verdict } : {}),
      ...extra,
    };
  }
}
