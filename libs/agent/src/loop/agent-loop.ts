import {
  CapabilityViolationError,
  DeadlineExceededError,
  ModelBadResponseError,
  ToolRejectedError,
  toMedagentError,
  type TaskPackageDto,
  type ToolLedgerEntry,
} from '@medagent/contracts';
import type { ChatMessage, ChatModel, ChatResponse, ChatToolCall } from '../model/chat-model';
import { tiktokenCounter, type TokenCounter } from '../model/tokens';
import { buildWorkerPrompt, finalTurnNudge } from '../prompt';
import type { ToolRegistry } from '../registry/tool-registry';
import {
  ToolCallValidator,
  type ValidationVerdict,
  type ValidatorOptions,
} from '../validation/tool-call-validator';
import { abortReason } from './abort';
import type { ApprovalGate } from './approval';
import type { EffectLog } from './effect-log';
import { SlidingWindowRateLimiter } from './rate-limiter';
import { RunState, type AgentRunResult } from './run-state';
import { executeCall, type ExecutionEnv, type ExecutionResult } from './tool-executor';

export interface AgentRunInput {
  pkg: TaskPackageDto;
  model: ChatModel;
  registry: ToolRegistry;
  approvals?: ApprovalGate;
  /** Reuses results of side-effecting calls made by an earlier attempt of the same task. */
  effects?: EffectLog;
  signal?: AbortSignal;
}

export interface AgentLoopOptions {
  validator?: ValidatorOptions;
  /** Cap on the compact JSON part of one observation. */
  observationMaxChars?: number;
  /** Cap on completion tokens requested per model call. */
  maxCompletionTokens?: number;
  /** Shared across runs: skill rate limits are per process, not per task. */
  rateLimiter?: SlidingWindowRateLimiter;
  /** How long a call may wait for a rate-limit slot before it is skipped. */
  rateLimitWaitMs?: number;
  tokens?: TokenCounter;
}

/** Below this many tokens left for the reply, another model call cannot produce anything useful. */
const MIN_COMPLETION_TOKENS = 32;
// setTimeout fires at once for delays beyond 2^31-1 ms; such deadlines are simply not armed.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The execution environment of one task. An AbortSignal is built on the controller's first
 * `.signal` read (an EventTarget: a measurable share of a short task's CPU), so `signal` is
 * a getter: a task whose model and tools never look at it does not build one, and abort()
 * still reaches every signal handed out. A class, because an object literal with a getter
 * costs ~0.25 µs to create (its accessor is defined at run time); nothing copies the env.
 */
class TaskEnv implements ExecutionEnv {
  declare approvals?: ApprovalGate;
  declare effects?: EffectLog;

  constructor(
    readonly pkg: TaskPackageDto,
    private readonly abort: AbortController,
    readonly deadlineMs: number,
    readonly limiter: SlidingWindowRateLimiter,
    readonly rateLimitWaitMs: number,
    readonly observationMaxChars: number,
  ) {}

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

/**
 * The ReAct loop of one task: model → validated tool calls (in parallel) → observations →
 * model, until the model answers, refuses, fails, or the task's budget runs out.
 */
export class AgentLoop {
  private readonly limiter: SlidingWindowRateLimiter;
  private readonly tokens: TokenCounter;

  constructor(private readonly opts: AgentLoopOptions = {}) {
    this.limiter = opts.rateLimiter ?? new SlidingWindowRateLimiter();
    this.tokens = opts.tokens ?? tiktokenCounter;
  }

  async run(input: AgentRunInput): Promise<AgentRunResult> {
    const { pkg, model } = input;
    const registry = input.registry.restrictTo(pkg.allowed_tools);
    // primaryTools(task_type, instruction) that the registry has, shared by every task of a kind.
    const state = new RunState(pkg, model.name, registry.taskView(pkg.task_type, pkg.instruction).expected);
    if (input.registry.role !== pkg.agent) {
      return state.failed(
        new CapabilityViolationError(
          `registry of role ${input.registry.role} cannot run a ${pkg.agent} task`,
        ),
      );
    }

    const deadlineMs = Date.parse(pkg.budget.deadline_at);
    // One controller is the task's signal: aborted by the deadline or by the caller's signal,
    // with the reason of whichever came first — what AbortSignal.any gave, without its
    // per-task weak-reference bookkeeping (a measurable share of a short task's CPU).
    const taskAbort = new AbortController();
    let deadlineFired = false;
    const remaining = deadlineMs - Date.now();
    const timer =
      remaining < MAX_TIMER_MS
        ? setTimeout(
            () => {
              deadlineFired = true;
              taskAbort.abort(new DeadlineExceededError('task deadline passed'));
            },
            Math.max(0, remaining),
          )
        : undefined;
    const outer = input.signal;
    const onOuterAbort = (): void => taskAbort.abort(outer?.reason);
    if (outer?.aborted) taskAbort.abort(outer.reason);
    else outer?.addEventListener('abort', onOuterAbort, { once: true });
    const env = new TaskEnv(
      pkg,
      taskAbort,
      deadlineMs,
      this.limiter,
      this.opts.rateLimitWaitMs ?? 1_000,
      this.opts.observationMaxChars ?? 1_200,
    );
    // Set only when given (as the spread of an optional object did).
    if (input.approvals) env.approvals = input.approvals;
    if (input.effects) env.effects = input.effects;
    try {
      return await this.steps(input, registry, state, env, () => deadlineFired);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  private async steps(
    input: AgentRunInput,
    registry: ToolRegistry,
    state: RunState,
    env: ExecutionEnv,
    deadlinePassed: () => boolean,
  ): Promise<AgentRunResult> {
    const { pkg, model } = input;
    const validator = new ToolCallValidator(registry, this.opts.validator);
    const { messages, tools } = buildWorkerPrompt(pkg, registry);
    const interrupted = (): AgentRunResult | undefined => {
      if (input.signal?.aborted) return state.failed(toMedagentError(abortReason(input.signal)));
      if (deadlinePassed() || Date.now() >= env.deadlineMs) return state.exhausted('deadline');
      return undefined;
    };

    for (let step = 1; ; step++) {
      const stop = interrupted();
      if (stop) return stop;
      if (step > pkg.budget.max_steps) return state.exhausted('max_steps');

      // On the last step, withdraw the tools so the model writes an answer from what it has.
      const finalTurn = step === pkg.budget.max_steps && state.hasObservations;
      const shown = finalTurn ? [] : tools;
      const sent = finalTurn ? [...messages, finalTurnNudge(pkg.scope.lang)] : [...messages];
      const estimate = this.tokens.messages(sent, shown);
      const left = pkg.budget.max_tokens - state.tokensUsed - estimate;
      if (left < MIN_COMPLETION_TOKENS) return state.exhausted('max_tokens');

      state.steps = step;
      const started = Date.now();
      let res: ChatResponse;
      try {
        res = await model.complete({
          messages: sent,
          tools: shown,
          maxTokens: Math.min(this.opts.maxCompletionTokens ?? 1_024, left),
          get signal(): AbortSignal {
            return env.signal;
          },
        });
      } catch (e) {
        return interrupted() ?? state.failed(toMedagentError(e));
      }
      state.recordModelCall(
        {
          step,
          estimated_prompt_tokens: estimate,
          latency_ms: Date.now() - started,
          finish_reason: res.finish_reason,
          tools_offered: shown.length,
        },
        res,
      );

      const refusal = res.message.refusal?.trim();
      if (refusal || res.finish_reason === 'content_filter')
        return state.refused(refusal || 'content_filter');

      const calls = res.message.tool_calls;
      const content = res.message.content?.trim() ?? '';
      if (calls.length === 0 || finalTurn) {
        if (content) return state.completed(content, res.finish_reason === 'length');
        if (state.hasObservations) return state.exhausted('max_steps');
        return state.failed(new ModelBadResponseError('model returned neither an answer nor tool calls'));
      }

      messages.push({ role: 'assistant', content: res.message.content, tool_calls: calls });
      const fatal = await this.runTools(calls, step, validator, state, env, messages);
      if (fatal) {
        return (
          interrupted() ??
          state.failed(
            new ToolRejectedError(
              `loop breaker fired ${validator.loopBreaks} times: the model kept repeating failed calls`,
            ),
          )
        );
      }
    }
  }

  /** Validates every call first (in order), runs the valid ones together, then answers each call id. */
  private async runTools(
    calls: ChatToolCall[],
    step: number,
    validator: ToolCallValidator,
    state: RunState,
    env: ExecutionEnv,
    messages: ChatMessage[],
  ): Promise<boolean> {
    const verdicts = calls.map((c) => validator.validate(c));
    const inFlight = new Map<string, Promise<ExecutionResult>>();
    const timed = await Promise.all(
      verdicts.map(async (v) => {
        const t0 = Date.now();
        if (!v.ok) return { v, r: undefined, ms: Date.now() - t0 };
        // Identical calls in one turn run once: a side effect must not race itself.
        const key = `${v.call.name}#${v.args_hash}`;
        let p = inFlight.get(key);
        if (!p) {
          p = executeCall(v.skill, v.args, v.args_hash, env);
          inFlight.set(key, p);
        }
        const r = await p;
        return { v, r, ms: Date.now() - t0 };
      }),
    );

    let fatal = false;
    for (const { v, r, ms } of timed) {
      const entry = this.ledgerEntry(v, r, step, ms);
      const observation = v.ok ? (r?.observation ?? '') : v.observation;
      entry.tokens = {
        prompt: this.tokens.text(observation),
        completion: this.tokens.text(v.call.name + v.call.arguments),
      };
      state.ledger.push(entry);
      if (!v.ok) {
        fatal ||= v.fatal;
        state.warn(`tool call ${v.outcome}: ${v.call.name} (${v.error_code})`);
      } else if (r?.outcome === 'ok' && r.result) {
        state.recordResult(v.call.id, v.call.name, r.result);
      } else if (r) {
        if (r.outcome !== 'skipped')
          validator.noteFailure(v.call.name, v.args_hash, r.error_code ?? r.outcome);
        state.warn(`tool call ${r.outcome}: ${v.call.name} (${r.error_code ?? 'n/a'})`);
      }
      messages.push({ role: 'tool', tool_call_id: v.call.id, content: observation });
    }
    return fatal;
  }

  private ledgerEntry(
    v: ValidationVerdict,
    r: ExecutionResult | undefined,
    step: number,
    ms: number,
  ): ToolLedgerEntry {
    const base = { call_id: v.call.id, tool: v.call.name, args_hash: v.args_hash, step, latency_ms: ms };
    if (!v.ok) return { ...base, outcome: v.outcome, error_code: v.error_code };
    const out = r ?? { outcome: 'error' as const, error_code: 'INTERNAL' };
    return {
      ...base,
      outcome: out.outcome,
      ...(out.error_code ? { error_code: out.error_code } : {}),
      ...('detail' in out && out.detail ? { detail: out.detail } : {}),
    };
  }
}
