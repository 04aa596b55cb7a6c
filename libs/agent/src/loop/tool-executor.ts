import { randomBytes } from 'node:crypto';
import {
  DomainError,
  hashOf,
  toMedagentError,
  type SkillContext,
  type SkillDefinition,
  type SkillResult,
  type TaskPackageDto,
  type ToolOutcome,
} from '@medagent/contracts';
import type { CallableSkill } from '../registry/tool-registry';
import { abortReason, withAbort } from './abort';
import type { ApprovalGate } from './approval';
import type { EffectLog } from './effect-log';
import { errorObservation, formatObservation } from './observation';
import type { SlidingWindowRateLimiter } from './rate-limiter';

export interface ExecutionEnv {
  pkg: TaskPackageDto;
  signal: AbortSignal;
  deadlineMs: number;
  limiter: SlidingWindowRateLimiter;
  rateLimitWaitMs: number;
  observationMaxChars: number;
  approvals?: ApprovalGate;
  effects?: EffectLog;
}

export interface ExecutionResult {
  outcome: ToolOutcome;
  observation: string;
  result?: SkillResult;
  error_code?: string;
  detail?: string;
}

/** A skill with an effect outside this task: its call must never happen twice. */
export function isSideEffecting(def: SkillDefinition): boolean {
  return !def.idempotent || def.auth_scope !== 'read_only';
}

/** Stable across retries of the same task and call, so the effect log and the skill can dedupe. */
export function callIdempotencyKey(pkg: TaskPackageDto, tool: string, argsHash: string): string {
  return hashOf([pkg.idempotency_key, tool, argsHash]);
}

/**
 * Runs one validated call: effect-log replay, approval, rate limit, then the skill under
 * its own timeout. Never throws: an abort of the run is reported as an outcome and the
 * loop decides what the abort means.
 */
export async function executeCall(
  skill: CallableSkill,
  args: Record<string, unknown>,
  argsHash: string,
  env: ExecutionEnv,
): Promise<ExecutionResult> {
  const def = skill.definition;
  const key = callIdempotencyKey(env.pkg, def.name, argsHash);
  const sideEffecting = isSideEffecting(def);
  try {
    if (sideEffecting && env.effects) {
      const replay = await withAbort(env.effects.get(key), env.signal);
      if (replay) return ok(replay, env, 'replayed from effect log');
    }

    if (def.auth_scope === 'requires_approval') {
      const denied = await askApproval(def.name, key, argsHash, env);
      if (denied) return denied;
    }

    const waitMs = Math.min(env.rateLimitWaitMs, Math.max(0, env.deadlineMs - Date.now()));
    if (!(await env.limiter.acquire(def.name, def.rate_limit.per_minute, waitMs, env.signal))) {
      return fail(
        'skipped',
        'RATE_LIMITED',
        `${def.name} is rate limited (${def.rate_limit.per_minute}/min); try later or answer without it.`,
      );
    }

    const result = await runWithTimeout(skill, args, key, env);
    if (sideEffecting && env.effects) await env.effects.put(key, result);
    return ok(result, env);
  } catch (e) {
    if (env.signal.aborted) {
      const code = toMedagentError(abortReason(env.signal)).code;
      return fail('timeout', code, `${def.name} was interrupted: the task is ending.`);
    }
    if (e instanceof ToolTimeout)
      return fail('timeout', 'TOOL_TIMEOUT', `${def.name} did not answer within ${e.ms} ms.`);
    const err = toMedagentError(e);
    // The ledger is persisted: keep the skill's own message (which may echo input) out of it.
    return {
      ...fail('error', err.code, `${def.name} failed: ${err.message}`),
      detail: `${def.name} failed (${err.code})`,
    };
  }
}

async function askApproval(
  skill: string,
  key: string,
  argsHash: string,
  env: ExecutionEnv,
): Promise<ExecutionResult | undefined> {
  const decision = env.approvals
    ? await withAbort(
        env.approvals.request(
          {
            // Random (128 bits): an approval id must not be computable from the request.
            approval_id: `appr_${randomBytes(16).toString('hex')}`,
            request_id: env.pkg.request_id,
            task_id: env.pkg.task_id,
            skill,
            reason: `${env.pkg.agent} worker requests ${skill} for a ${env.pkg.task_type} task`,
            args_hash: argsHash,
          },
          env.signal,
        ),
        env.signal,
      )
    : { decision: 'deny' as const, by: 'system', reason: 'no approval gate is configured' };
  if (decision.decision === 'approve') return undefined;
  const why = decision.reason ?? 'no reason given';
  return {
    ...fail('denied', 'APPROVAL_DENIED', `denied by ${decision.by}: ${why}`),
    detail: `denied by ${decision.by}`,
  };
}

/** The abort reason of a timed-out tool call (internal: reported as outcome 'timeout'). */
class ToolTimeout extends DomainError<'TOOL_CALL_TIMED_OUT'> {
  constructor(readonly ms: number) {
    super('TOOL_CALL_TIMED_OUT', `tool timed out after ${ms} ms`);
  }
}

async function runWithTimeout(
  skill: CallableSkill,
  args: Record<string, unknown>,
  key: string,
  env: ExecutionEnv,
): Promise<SkillResult> {
  const ms = Math.max(1, Math.min(skill.definition.timeout_ms, env.deadlineMs - Date.now()));
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new ToolTimeout(ms)), ms);
  const signal = AbortSignal.any([env.signal, timer.signal]);
  const ctx: SkillContext = {
    request_id: env.pkg.request_id,
    task_id: env.pkg.task_id,
    role: env.pkg.agent,
    ...(env.pkg.scope.tenant_id ? { tenant_id: env.pkg.scope.tenant_id } : {}),
    user_id: env.pkg.scope.user_id,
    session_id: env.pkg.scope.session_id,
    lang: env.pkg.scope.lang,
    idempotency_key: key,
    signal,
    ...(env.pkg.context.prerisk_decision !== undefined
      ? {
          prerisk: {
            decision: env.pkg.context.prerisk_decision,
            ...(env.pkg.context.prerisk_category !== undefined ? { category: env.pkg.context.prerisk_category } : {}),
            ...(env.pkg.context.prerisk_rules !== undefined ? { rule_ids: env.pkg.context.prerisk_rules } : {}),
          },
        }
      : {}),
  };
  try {
    // Raced against the signal so a skill that ignores it still cannot hold the loop.
    return await withAbort(skill.execute(args, ctx), signal);
  } finally {
    clearTimeout(handle);
  }
}

function ok(result: SkillResult, env: ExecutionEnv, detail?: string): ExecutionResult {
  return {
    outcome: 'ok',
    observation: formatObservation(result, env.observationMaxChars),
    result,
    ...(detail ? { detail } : {}),
  };
}

function fail(outcome: ToolOutcome, code: string, message: string): ExecutionResult {
  return {
    outcome,
    error_code: code,
    observation: errorObservation(code, message),
    detail: message.slice(0, 500),
  };
}
