import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CONTRIBUTION_SCHEMA_ID,
  CapabilityViolationError,
  ConflictError,
  ContractViolationError,
  assertRequestTransition,
  assertTaskTransition,
  buildEvent,
  payloadOf,
  requestLang,
  skillsFor,
  subjectFor,
  validateTaskPlan,
  workerServiceId,
  type Envelope,
  type PlanSource,
  type PlannedTask,
  type TaskPackage,
  type TaskPlan,
} from '@medagent/contracts';
import { BUS, type Bus } from '@medagent/bus';
import { MEMORY, memoryOwner, summarizeTurns, type MemoryStore } from '@medagent/memory';
import { escalationPlan } from '@medagent/planner';
import { currentTraceparent, medagentMetrics, traceIdOf, withSpan } from '@medagent/telemetry';
import { applyApprovalEvent } from './approvals';
import { CoordinatorConfig } from './config';
import { DeadlineScheduler } from './deadlines';
import { Finisher, RESULT_SCAN_READER, RESULT_SUBJECTS, claimSynthesis, resultMsgId, traceOpt } from './finisher';
import { PreRiskService } from './prerisk.service';
import { MedicationScreenService } from './medication/screen.service';
import { screenForTask } from './medication/section';
import { RequestStore, appendContribution, type StoredRequest } from './request-store';

const iso = (ms: number) => new Date(ms).toISOString();
const OPEN_TASK: ReadonlySet<string> = new Set(['scheduled', 'running', 'awaiting_approval']);

/**
 * The request state machine up to "all tasks settled": ingress, memory, pre-risk gate,
 * plan request and validation (with a controlled fallback), dispatch, task events,
 * retries and deadlines. No clinical reasoning happens here.
 */
@Injectable()
export class Orchestrator {
  /** Per request, the tasks whose artifact waits in a held write (see onArtifact). */
  private readonly heldArtifacts = new Map<string, Set<string>>();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    private readonly store: RequestStore,
    @Inject(MEMORY) private readonly memory: MemoryStore,
    private readonly prerisk: PreRiskService,
    private readonly config: CoordinatorConfig,
    private readonly deadlines: DeadlineScheduler,
    private readonly finisher: Finisher,
    private readonly medscreen: MedicationScreenService,
  ) {}

  /** `spanTraceparent`: the handler span's, the trace's root when the submitter sent none. */
  async onSubmitted(env: Envelope, spanTraceparent?: string): Promise<void> {
    const p = payloadOf(env, 'request.submitted');
    // A marked repeat is looked up first: when the request exists, nothing else runs.
    if (p.resubmitted && (await this.finisher.answerResubmission(p.request_id, p.user_id))) return;
    const now = Date.now();
    const lang = p.lang ?? requestLang(p.message);
    const traceparent = env.traceparent ?? spanTraceparent ?? currentTraceparent();
    const deadline = iso(now + (p.deadline_ms ?? this.config.requestDeadlineMs));
    // Memory and the gate first (read-only, deterministic), so the record is created once,
    // already past the gate: one KV write instead of three before the plan request. A
    // duplicate submission only repeats this read-only work, then stops at the create.
    // The gate runs while the memory read (a Redis round trip) is in flight: neither needs the other.
    const loading = this.memory.load(memoryOwner(p.tenant_id, p.user_id), p.session_id, this.config.memoryTurns);
    loading.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const verdict = await withSpan('coordinator.prerisk', { 'medagent.request_id': p.request_id }, async (span) => {
      const r = this.prerisk.evaluate(p.message);
      span.setAttributes({ 'medagent.prerisk.decision': r.decision, 'medagent.prerisk.category': r.category });
      return r;
    });
    // The medication screen, like the gate, runs whatever the plan: message and patient context only.
    const medication = withSpan('coordinator.medication_screen', { 'medagent.request_id': p.request_id }, async (span) => {
      const m = this.medscreen.screen({ message: p.message, lang, tenant: p.tenant_id ?? 'default', ...(p.patient_context ? { patient_context: p.patient_context } : {}), ...(p.patient_context_ref ? { patient_context_ref: p.patient_context_ref } : {}) });
      span.setAttributes({ 'medagent.medication.verdict': m?.verdict ?? 'none', 'medagent.medication.findings': m?.findings.length ?? 0 });
      return m;
    });
    const [mem, screen] = await Promise.all([loading, medication]);
    const summary = summarizeTurns(mem.turns);
    const escalate = verdict.decision === 'ESCALATE';
    const planAt = iso(Date.now() + this.config.planDeadlineMs);
    let status = assertRequestTransition('received', 'pre_risk');
    if (!escalate) status = assertRequestTransition(status, 'planning');
    const rec: StoredRequest = {
      request_id: p.request_id,
      trace_id: traceIdOf(traceparent) ?? randomBytes(16).toString('hex'),
      ...(p.tenant_id ? { tenant_id: p.tenant_id } : {}),
      user_id: p.user_id,
      session_id: p.session_id,
      lang,
      status,
      created_at: iso(now),
      question: p.message,
      tasks: [],
      contributions: [],
      memory: { backend: mem.backend, degraded: mem.degraded, turns_loaded: mem.turns.length },
      prerisk: verdict,
      ...(screen ? { medication_screen: screen } : {}),
      timings: {},
      completeness: 0,
      state: {
        escalated: escalate,
        deadline_at: deadline,
        marks: { received: now, prerisk_done: Date.now() },
        ...(summary ? { memory_summary: summary } : {}),
        ...(escalate ? {} : { plan_deadline_at: planAt }),
        ...(traceparent ? { traceparent } : {}),
      },
    };
    if (escalate) {
      // A duplicate: the first submission runs it; this one only gets its result if it is out.
      if (!(await this.store.create(rec))) {
        await this.finisher.answerResubmission(rec.request_id, rec.user_id);
        return;
      }
      this.deadlines.schedule(rec.request_id, 'request', deadline, () => this.finisher.onRequestDeadline(rec.request_id));
      return this.dispatch(rec.request_id, escalationPlan(p.message, { lang }), 'escalation');
    }
    // The plan request goes out alongside the create instead of after it: one round trip
    // less per request. It is idempotent (msg id per request), a duplicate submission may
    // repeat it harmlessly, and a plan that arrives before the create is visible is retried
    // (see onPlanProduced). If the create fails, the submission is redelivered and both repeat.
    // The deadlines are armed as soon as the record exists, even if the publish fails: the
    // redelivered submission then stops at the create (a duplicate), so this is the only place
    // that arms them, and a plan request that never gets through still ends in the fallback.
    const created = this.store.create(rec).then((ok) => {
      if (ok) {
        this.deadlines.schedule(rec.request_id, 'request', deadline, () => this.finisher.onRequestDeadline(rec.request_id));
        this.deadlines.schedule(rec.request_id, 'plan', planAt, () => this.onPlanDeadline(rec.request_id));
      }
      return ok;
    });
    const [isNew] = await Promise.all([created, this.requestPlan(rec, summary)]);
    if (!isNew) await this.finisher.answerResubmission(rec.request_id, rec.user_id);
  }

  private async requestPlan(rec: StoredRequest, summary: string | undefined): Promise<void> {
    const out = buildEvent({
      type: 'plan.requested',
      correlation_id: rec.request_id,
      producer: 'coordinator',
      payload: { request_id: rec.request_id, message: rec.question, lang: rec.lang, ...(summary ? { memory_summary: summary } : {}) },
      ...traceOpt(rec),
    });
    await this.bus.publish(subjectFor('plan.requested', 'coordinator'), out, { msgId: `plan:${rec.request_id}` });
  }

  /** A plan that fails validation never reaches a worker: the controlled fallback does, with the reason. */
  async onPlanProduced(env: Envelope): Promise<void> {
    const p = payloadOf(env, 'plan.produced');
    const rec = await this.store.get(p.request_id); // the cached record, else the stored one
    // The plan request is published alongside the record's create: a plan can overtake it.
    if (!rec) throw new ConflictError(`plan for ${p.request_id} arrived before its record`, { retryAfterMs: 50 });
    if (rec.status !== 'planning') return;
    const v = validateTaskPlan(p.plan);
    if (v.ok) return this.dispatch(rec.request_id, v.plan, p.source);
    const reason = v.violations.map((x) => `${x.rule}: ${x.message}`).join('; ').slice(0, 500);
    return this.dispatch(rec.request_id, fallbackPlan(rec), 'fallback', reason);
  }

  async onPlanDeadline(requestId: string): Promise<void> {
    const rec = await this.store.get(requestId);
    if (!rec || rec.status !== 'planning') return;
    await this.dispatch(requestId, fallbackPlan(rec), 'fallback', 'PLAN_DEADLINE: the lead did not answer in time');
  }

  private async dispatch(requestId: string, plan: TaskPlan, source: PlanSource, fallbackReason?: string): Promise<void> {
    const now = Date.now();
    const deadline = iso(now + this.config.taskDeadlineMs);
    // The assignments go out alongside the write that records them (one KV round trip less).
    // An artifact that beats that write reads it fresh (onArtifact). Should the write lose to
    // another replica's dispatch, these assignments carry this plan's source in their msg ids
    // and their artifacts fail the task-type check, so they can never settle the winner's tasks.
    let assigned: Promise<void> | undefined;
    const assignAll = (rec: StoredRequest) => Promise.all(plan.tasks.map((t) => this.assign(rec, t, 1, deadline))).then(() => undefined);
    const rec = await this.store.mutate(requestId, (cur) => {
      if (cur.status !== 'planning' && cur.status !== 'pre_risk') return { result: undefined };
      cur.status = assertRequestTransition(cur.status, 'dispatched');
      cur.plan = { ...plan, source, version: 1, ...(fallbackReason ? { fallback_reason: fallbackReason } : {}) };
      cur.tasks = plan.tasks.map((t) => ({
        task_id: t.task_id,
        task_type: t.task_type,
        agent: t.agent,
        status: assertTaskTransition('created', 'scheduled'),
        attempts: 1,
        deadline_at: deadline,
      }));
      cur.state.marks['dispatched'] = now;
      return { next: cur, result: cur };
    }, {
      beforeWrite: (next, result) => {
        if (result && !assigned) {
          assigned = assignAll(next);
          // Awaited below only if the write succeeds: a failed write must not leave it unhandled.
          assigned.catch(() => undefined);
        }
      },
    });
    if (!rec) return;
    this.deadlines.cancel(requestId, 'plan');
    await (assigned ?? assignAll(rec));
  }

  private async assign(rec: StoredRequest, task: PlannedTask, attempt: number, deadlineAt: string): Promise<void> {
    const pkg: TaskPackage = {
      task_id: task.task_id,
      request_id: rec.request_id,
      plan_version: rec.plan?.version ?? 1,
      task_type: task.task_type,
      agent: task.agent,
      instruction: task.instruction,
      scope: { ...(rec.tenant_id ? { tenant_id: rec.tenant_id } : {}), user_id: rec.user_id, session_id: rec.session_id, lang: rec.lang },
      context: {
        ...(rec.state.memory_summary ? { memory_summary: rec.state.memory_summary } : {}),
        ...(rec.prerisk ? { prerisk_category: rec.prerisk.category, prerisk_decision: rec.prerisk.decision } : {}),
        ...(rec.prerisk?.decision === 'ESCALATE' ? { prerisk_rules: [...new Set(rec.prerisk.evidence.map((e) => e.rule_id))].slice(0, 32) } : {}),
        ...(rec.medication_screen ? { medication_verdict: rec.medication_screen.verdict, medication_screen: screenForTask(rec.medication_screen) } : {}),
      },
      input_refs: (rec.medication_screen?.findings ?? []).slice(0, 32).map((f) => `medgraph:${f.edge_id}`),
      expected_output: CONTRIBUTION_SCHEMA_ID,
      allowed_tools: [...skillsFor(task.agent)],
      budget: { max_steps: this.config.taskMaxSteps, max_tokens: this.config.taskMaxTokens, deadline_at: deadlineAt },
      idempotency_key: `${rec.request_id}:${task.task_id}`,
      attempt,
    };
    const env = buildEvent({
      type: 'task.assigned',
      correlation_id: rec.request_id,
      task_id: task.task_id,
      producer: 'coordinator',
      consumer: workerServiceId(task.agent),
      payload: { package: pkg },
      ...traceOpt(rec),
    });
    this.deadlines.schedule(rec.request_id, `task:${task.task_id}`, deadlineAt, () =>
      this.onTaskDeadline(rec.request_id, task.task_id, attempt),
    );
    await this.bus.publish(subjectFor('task.assigned', task.agent), env, {
      msgId: `assign:${rec.request_id}:${task.task_id}:${attempt}:${rec.plan?.source ?? 'plan'}`,
      deadlineAt,
    });
  }

  /**
   * The artifact settles its task: stored append-only (first write per task wins), then the
   * task completes. Each role writes only its own namespace: a worker may not deliver
   * another role's task. A stale attempt (the task was retried meanwhile) is ignored.
   */
  async onArtifact(env: Envelope, subjectRole: string): Promise<void> {
    const p = payloadOf(env, 'artifact.produced');
    const c = p.contribution;
    let rec = await this.store.get(env.correlation_id);
    let task = rec?.tasks.find((t) => t.task_id === c.task_id);
    // The cached record may be behind another coordinator replica's write: decide on the
    // stored one before dropping or refusing anything.
    if (!task || task.attempts !== c.attempt || !OPEN_TASK.has(task.status)) {
      rec = await this.store.get(env.correlation_id, { fresh: true });
      task = rec?.tasks.find((t) => t.task_id === c.task_id);
    }
    if (!rec) return;
    if (!task) {
      // Dispatched ahead of its write, and that write has not landed (or failed and will be
      // redone by the plan's redelivery): try again shortly instead of dropping the work.
      if (rec.status === 'planning') throw new ConflictError(`artifact for ${c.task_id} before its dispatch was recorded`, { retryAfterMs: 100 });
      throw new ContractViolationError(`artifact for unknown task ${c.task_id}`);
    }
    if (
      c.request_id !== rec.request_id ||
      c.agent !== task.agent ||
      c.task_type !== task.task_type ||
      subjectRole !== task.agent ||
      env.producer !== workerServiceId(task.agent)
    ) {
      throw new CapabilityViolationError(`${env.producer} may not write ${task.agent}'s contribution for ${c.task_id}`);
    }
    // An attempt newer than the record knows: the retry's dispatch is not visible yet.
    if (c.attempt > task.attempts) throw new ConflictError(`${c.task_id}: attempt ${c.attempt} not recorded yet`, { retryAfterMs: 50 });
    if (task.attempts !== c.attempt || !OPEN_TASK.has(task.status)) {
      // A redelivery after a crash between claiming the synthesis and publishing it: publish
      // again (idempotent by msg id) instead of leaving the request to its synthesis deadline.
      if (rec.status === 'synthesising') await this.finisher.sendSynthesis(rec);
      // Or after a crash between claiming the exit and publishing the result.
      else await this.finisher.redeliver(rec);
      return;
    }
    // One write stores the contribution (append-only, first per task wins), settles the task
    // and, when it was the last one of a complex plan, claims the synthesis step. While other
    // tasks of the request are still open, the write waits briefly for their artifacts so they
    // settle together: the artifact of the last open task writes the group at once.
    const synthesisAt = this.finisher.synthesisDeadline();
    const held = this.heldArtifacts.get(rec.request_id) ?? new Set<string>();
    const othersOpen = rec.tasks.some((t) => t.task_id !== c.task_id && OPEN_TASK.has(t.status) && !held.has(t.task_id));
    const holdMs = othersOpen ? this.config.settleHoldMs : 0;
    if (holdMs > 0) {
      held.add(c.task_id);
      this.heldArtifacts.set(rec.request_id, held);
    }
    const outcome = await this.store.mutate(env.correlation_id, (cur) => {
      const t = cur.tasks.find((x) => x.task_id === c.task_id);
      if (!t || t.attempts !== c.attempt || !OPEN_TASK.has(t.status)) return { result: 'stale' as const };
      appendContribution(cur, c);
      if (t.status !== 'running') t.status = assertTaskTransition(t.status, 'running');
      t.status = assertTaskTransition(t.status, 'completed');
      t.completed_at = env.occurred_at;
      if (p.duration_ms !== undefined) {
        t.duration_ms = p.duration_ms;
        t.started_at = new Date(Date.parse(env.occurred_at) - p.duration_ms).toISOString();
      }
      markSettled(cur);
      if (claimSynthesis(cur, synthesisAt)) return { next: cur, result: 'synthesis' as const };
      return { next: cur, result: cur.tasks.some((x) => OPEN_TASK.has(x.status)) ? ('open' as const) : ('settled' as const) };
    }, {
      holdMs,
      // The write that claims the synthesis sends its request ahead of itself (idempotent).
      beforeWrite: (next, result) => {
        if (result === 'synthesis') this.finisher.sendSynthesisAhead(next);
      },
    }).finally(() => {
      if (holdMs > 0 && held.delete(c.task_id) && held.size === 0) this.heldArtifacts.delete(rec.request_id);
    });
    if (outcome === 'stale') return;
    if (p.duration_ms !== undefined) medagentMetrics().taskDuration.record(p.duration_ms, { role: task.agent, task_type: task.task_type, status: 'completed' });
    this.deadlines.cancel(env.correlation_id, `task:${c.task_id}`);
    if (outcome === 'synthesis') await this.finisher.sendSynthesis(await this.store.require(env.correlation_id));
    else if (outcome === 'settled') await this.finisher.onTasksSettled(env.correlation_id);
  }

  async onTaskFailed(env: Envelope): Promise<void> {
    const p = payloadOf(env, 'task.failed');
    await this.failTask(env.correlation_id, p.task_id, p.attempt, p.code, p.message, p.retryable);
  }

  async onTaskRefused(env: Envelope): Promise<void> {
    const p = payloadOf(env, 'task.refused');
    await this.failTask(env.correlation_id, p.task_id, p.attempt, 'TASK_REFUSED', p.reason, false);
  }

  async onTaskDeadline(requestId: string, taskId: string, attempt: number): Promise<void> {
    await this.failTask(requestId, taskId, attempt, 'DEADLINE_EXCEEDED', 'task deadline passed', true);
  }

  async onApproval(env: Envelope, kind: 'requested' | 'resolved'): Promise<void> {
    await this.store.mutate(env.correlation_id, (cur) => {
      const t = cur.tasks.find((x) => x.task_id === env.task_id);
      // No durable on task.started: a task asking for approval is running by definition.
      const from = kind === 'requested' ? ['scheduled', 'running'] : ['awaiting_approval'];
      const open = !!t && from.includes(t.status);
      // Kept so the API can refuse a decision on an approval nobody requested (approvals.ts).
      const recorded = (open || kind === 'resolved') && applyApprovalEvent(cur, env, kind);
      if (!t || !open) return recorded ? { next: cur, result: undefined } : { result: undefined };
      if (t.status === 'scheduled') t.status = assertTaskTransition(t.status, 'running');
      t.status = assertTaskTransition(t.status, kind === 'requested' ? 'awaiting_approval' : 'running');
      return { next: cur, result: undefined };
    });
  }

  /** Retry with the same idempotency key while retryable and in budget; else final failure. */
  private async failTask(requestId: string, taskId: string, attempt: number, code: string, message: string, retryable: boolean): Promise<void> {
    const deadline = iso(Date.now() + this.config.taskDeadlineMs);
    const outcome = await this.store.mutate(requestId, (cur) => {
      const t = cur.tasks.find((x) => x.task_id === taskId);
      if (!t || t.attempts !== attempt || !OPEN_TASK.has(t.status))
        return { result: 'ignored' as const };
      t.status = assertTaskTransition(t.status, 'failed');
      t.error = { code, message: message.slice(0, 300), retryable };
      const requestLeft = Date.parse(cur.state.deadline_at) - Date.now();
      if (retryable && t.attempts < this.config.maxTaskAttempts && requestLeft > 500) {
        t.status = assertTaskTransition(t.status, 'scheduled');
        t.attempts += 1;
        t.deadline_at = deadline;
        return { next: cur, result: 'retry' as const };
      }
      if (t.started_at) medagentMetrics().taskDuration.record(Date.now() - Date.parse(t.started_at), { role: t.agent, task_type: t.task_type, status: 'failed' });
      return { next: markSettled(cur), result: 'final' as const };
    });
    // A redelivered failure may be the one whose handler claimed the exit and died before the result.
    if (outcome === 'ignored') return this.finisher.redeliver(await this.store.get(requestId));
    this.deadlines.cancel(requestId, `task:${taskId}`);
    if (outcome === 'retry') {
      const rec = await this.store.require(requestId);
      const planned = rec.plan?.tasks.find((x) => x.task_id === taskId);
      if (planned) await this.assign(rec, planned, attempt + 1, deadline);
      return;
    }
    await this.finisher.onTasksSettled(requestId);
  }

  /**
   * Re-arms every deadline of in-flight requests after a restart, and delivers again the
   * requests that finished just before it: a crash between the exit's claim and its result
   * leaves a finished record whose result nobody published (deduplicated if it was).
   */
  async resume(): Promise<number> {
    const { live, finished } = await this.store.resumable(this.config.resumeRedeliverMs);
    if (finished.length) {
      // Only those whose result the stream does not hold: a copy of one it holds would still
      // reach every core subscriber (the stream alone drops it as a duplicate).
      const oldest = Math.min(...finished.map((r) => Date.parse(r.completed_at ?? '') || Date.now()));
      // Unreadable: deliver them all; a copy to subscribers beats a result never published.
      const published = await this.bus.storedMsgIds(RESULT_SUBJECTS, new Date(oldest - 1_000), RESULT_SCAN_READER).catch(() => new Set<string>());
      const missing = finished.filter((r) => !published.has(resultMsgId(r.request_id)));
      for (let i = 0; i < missing.length; i += 16) await Promise.all(missing.slice(i, i + 16).map((r) => this.finisher.redeliver(r)));
    }
    for (const r of live) {
      this.deadlines.schedule(r.request_id, 'request', r.state.deadline_at, () => this.finisher.onRequestDeadline(r.request_id));
      if (r.status === 'planning' && r.state.plan_deadline_at)
        this.deadlines.schedule(r.request_id, 'plan', r.state.plan_deadline_at, () => this.onPlanDeadline(r.request_id));
      // Re-sent (idempotent by msg id): the claim may have been written just before a crash.
      if (r.status === 'synthesising') await this.finisher.sendSynthesis(r);
      for (const t of r.tasks)
        if (OPEN_TASK.has(t.status) && t.deadline_at)
          this.deadlines.schedule(r.request_id, `task:${t.task_id}`, t.deadline_at, () =>
            this.onTaskDeadline(r.request_id, t.task_id, t.attempts),
          );
      if (r.status === 'dispatched') await this.finisher.onTasksSettled(r.request_id);
    }
    return live.length;
  }
}

function markSettled(cur: StoredRequest): StoredRequest {
  if (!cur.tasks.some((t) => ['created', 'scheduled', 'running', 'awaiting_approval'].includes(t.status)))
    cur.state.marks['tasks_done'] = Date.now();
  return cur;
}

/** Controlled fallback: one consultation task quoting the whole question (structure, not content). */
export function fallbackPlan(rec: StoredRequest): TaskPlan {
  const q = rec.question.slice(0, 1500);
  return {
    complexity: 'simple',
    tasks: [
      {
        task_id: 't1',
        task_type: 'general_consultation',
        agent: 'consultation',
        instruction: rec.lang === 'zh' ? `回答用户的问题：「${q}」` : `Answer the user's question: "${q}"`,
      },
    ],
  };
}
