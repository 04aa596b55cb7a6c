import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  assertRequestTransition,
  assertTaskTransition,
  buildEvent,
  numberSources,
  isTerminalRequest,
  subjectFor,
  type Contribution,
  type Evidence,
  type RequestRecord,
  type TaskType,
} from '@medagent/contracts';
import { BUS, type Bus } from '@medagent/bus';
import { MEMORY, memoryOwner, type MemoryStore, type Turn } from '@medagent/memory';
import { currentTraceparent, medagentMetrics, withSpan } from '@medagent/telemetry';
import { emergencyConcepts, firedRuleIds, withEmergencyOpening } from '@medagent/safety';
import { SafetyBoundary } from './boundary';
import { composePartial, errorText, medicationVerdictOf } from './compose';
import { CoordinatorConfig, REDELIVER_WINDOW_MS } from './config';
import { DeadlineScheduler } from './deadlines';
import { RequestStore, type StoredRequest } from './request-store';
import { strictestVerdict, withMedicationSection } from './medication/section';
import type { AnswerRecord } from '@medagent/contracts';

type Exit = AnswerRecord['exit'];
const OPEN = new Set(['created', 'scheduled', 'running', 'awaiting_approval']);

/** The result event's msg id: the stream keeps one result per request inside its duplicate window. */
export const resultMsgId = (requestId: string): string => `result:${requestId}`;

/** Where a request's result (completed or failed) is published. */
export const RESULT_SUBJECTS = 'medagent.request.*.coordinator';
/** The consumer that scans them at start-up (named in deploy/nats/permissions.conf). */
export const RESULT_SCAN_READER = 'coordinator_result_scan';

export function publicRecord(s: StoredRequest, contributions: Contribution[]): RequestRecord & { question: string } {
  const { state: _state, ...rest } = s;
  return { ...rest, contributions };
}

/** Everything after dispatch: when to synthesise, and the one exit every answer leaves by. */
@Injectable()
export class Finisher {
  /** Synthesis requests published ahead of their claim write, per request: true once sent. */
  private readonly ahead = new Map<string, Promise<boolean>>();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    private readonly store: RequestStore,
    @Inject(MEMORY) private readonly memory: MemoryStore,
    private readonly boundary: SafetyBoundary,
    private readonly config: CoordinatorConfig,
    private readonly deadlines: DeadlineScheduler,
  ) {
    // A deadline action that finished its request and then failed to publish the result (the
    // broker refused it, e.g. a cluster electing a stream leader, while live subscribers may
    // have got it) would, run again, find the request done and stop: the result would never be
    // stored. Its retry delivers the finished request again instead (msg id per request).
    deadlines.setRetryGuard(async (requestId) => {
      const rec = await this.store.get(requestId, { fresh: true });
      if (!(rec && isTerminalRequest(rec.status))) return false;
      await this.redeliver(rec);
      return true;
    });
  }

  /** Called after any task reached a terminal state; acts only once all have. */
  async onTasksSettled(requestId: string): Promise<void> {
    const rec = await this.store.require(requestId);
    if (rec.status === 'synthesising') return this.sendSynthesis(rec);
    if (rec.status !== 'dispatched' || rec.tasks.some((t) => OPEN.has(t.status))) return;
    const cs = await this.store.contributions(rec);
    if (rec.plan?.complexity === 'complex' && cs.length >= 2) return this.requestSynthesis(rec, cs.length);
    if (cs.length === 0) return this.finalize(requestId, 'error', errorText(rec.lang), []);
    const only = cs[0] as Contribution;
    if (rec.plan?.complexity === 'complex') {
      const missing = rec.tasks.filter((t) => t.status !== 'completed').map((t) => t.task_type);
      return this.finalize(requestId, 'partial', composePartial(cs, missing, rec.lang), numberSources(cs));
    }
    const exit: Exit = rec.state.escalated ? 'escalation' : rec.plan?.source === 'fallback' ? 'fallback' : 'single';
    return this.finalize(requestId, exit, only.text, numberSources(cs));
  }

  /** The deadline a synthesis claimed now must meet (see `claimSynthesis`). */
  synthesisDeadline(): string {
    return new Date(Date.now() + this.config.synthesisDeadlineMs).toISOString();
  }

  private async requestSynthesis(rec: StoredRequest, contributed: number): Promise<void> {
    const at = this.synthesisDeadline();
    const claimed = await this.store.mutate(rec.request_id, (cur) =>
      claimSynthesis(cur, at, contributed) ? { next: cur, result: true } : { result: false },
    );
    if (claimed) await this.sendSynthesis(await this.store.require(rec.request_id));
  }

  /**
   * Arms the synthesis deadline and publishes the request to the lead. Idempotent (the msg id
   * is per request), so a restarted coordinator or a redelivered artifact may call it again
   * for a request already synthesising: the lead sees one request inside the dedup window.
   */
  async sendSynthesis(rec: StoredRequest): Promise<void> {
    if (rec.status !== 'synthesising') return;
    const at = rec.state.synthesis_deadline_at ?? this.synthesisDeadline();
    this.deadlines.schedule(rec.request_id, 'synthesis', at, () => this.onSynthesisDeadline(rec.request_id));
    // Already published alongside the write that claimed it (see sendSynthesisAhead).
    const ahead = this.ahead.get(rec.request_id);
    this.ahead.delete(rec.request_id);
    if (ahead && (await ahead)) return;
    await this.publishSynthesis(rec, await this.store.contributions(rec));
  }

  /**
   * Publishes the synthesis request while the write that claims it is still in flight (called
   * from that write's `beforeWrite`), so the lead starts one KV round trip earlier. Safe because
   * the request is idempotent (msg id per request) and its answer is only taken once the stored
   * record shows the claim (onSynthesisProduced). Needs every contribution inside the record.
   */
  sendSynthesisAhead(next: StoredRequest): void {
    if (this.ahead.has(next.request_id) || next.status !== 'synthesising') return;
    const done = new Set(next.tasks.filter((t) => t.status === 'completed').map((t) => t.task_id));
    const cs = next.contributions.filter((c) => done.has(c.task_id));
    if (cs.length !== done.size) return; // a pre-upgrade contribution kept under its own key
    const sent = this.publishSynthesis(next, cs).then(
      () => true,
      () => false,
    );
    this.ahead.set(next.request_id, sent);
    // Entries leave with the claim's follow-up or the exit; one whose request another replica
    // finished would stay, so the map is bounded like the store's cache.
    if (this.ahead.size > 5000) this.ahead.delete(this.ahead.keys().next().value as string);
  }

  private async publishSynthesis(rec: StoredRequest, cs: Contribution[]): Promise<void> {
    const env = buildEvent({
      type: 'synthesis.requested',
      correlation_id: rec.request_id,
      producer: 'coordinator',
      payload: { request_id: rec.request_id, message: rec.question, lang: rec.lang, plan: { ...rec.plan }, contributions: [...cs] },
      ...traceOpt(rec),
    });
    await this.bus.publish(subjectFor('synthesis.requested', 'coordinator'), env, { msgId: `synth:${rec.request_id}` });
  }

  async onSynthesisProduced(requestId: string, text: string, sources: Evidence[]): Promise<void> {
    let rec = await this.store.get(requestId);
    // The request went out ahead of the write claiming it: the answer can beat that write.
    if (rec?.status === 'dispatched') rec = await this.store.get(requestId, { fresh: true });
    if (rec?.status === 'dispatched') throw new ConflictError(`synthesis for ${requestId} arrived before its claim`, { retryAfterMs: 50 });
    if ((rec && isTerminalRequest(rec.status))) return this.redeliver(rec);
    if (!rec || rec.status !== 'synthesising') return;
    await this.finalize(requestId, 'synthesis', text, sources);
  }

  async onSynthesisDeadline(requestId: string): Promise<void> {
    const rec = await this.store.get(requestId);
    if (!rec || rec.status !== 'synthesising') return;
    await this.finalizePartial(rec);
  }

  /** The request deadline: cancel what is still open and answer with what arrived. */
  async onRequestDeadline(requestId: string): Promise<void> {
    const rec = await this.store.get(requestId);
    if (!rec || isTerminalRequest(rec.status) || rec.state.exit_claimed) return;
    await this.store.mutate(requestId, (cur) => {
      for (const t of cur.tasks) if (OPEN.has(t.status)) t.status = assertTaskTransition(t.status, 'canceled');
      return { next: cur, result: undefined };
    });
    await this.finalizePartial(await this.store.require(requestId));
  }

  private async finalizePartial(rec: StoredRequest): Promise<void> {
    const cs = await this.store.contributions(rec);
    if (cs.length === 0) return this.finalize(rec.request_id, 'error', errorText(rec.lang), []);
    const missing: TaskType[] = rec.tasks.filter((t) => t.status !== 'completed').map((t) => t.task_type);
    return this.finalize(rec.request_id, 'partial', composePartial(cs, missing, rec.lang), numberSources(cs));
  }

  /**
   * The single exit: final safety boundary once, host recheck, persist, memory, result
   * event. Error exits pass the same boundary. Claiming the exit and persisting the answer
   * are one revision-checked write: a concurrent exit (deadline vs synthesis) sees the
   * claim and stops, so exactly one answer is stored and published.
   *
   * The memory turn is written while the claim is in flight (one Redis round trip less on the
   * answer's path) and the result is published only once both landed, so a follow-up in the
   * same session always sees it. That is safe because an append replaces the turn of the same
   * request: an exit that loses the claim rewrites the turn from the stored answer.
   */
  async finalize(requestId: string, exit: Exit, text: string, sources: Evidence[]): Promise<void> {
    const rec = await this.store.require(requestId);
    if (rec.state.exit_claimed || isTerminalRequest(rec.status)) return;
    const taskIds = rec.tasks.filter((t) => t.status === 'completed').map((t) => t.task_id);
    const cs = await this.store.contributions(rec, taskIds);
    await withSpan('coordinator.final_safety', { 'medagent.request_id': requestId, 'medagent.exit': exit }, async () => {
      let checked: ReturnType<SafetyBoundary['apply']> | undefined;
      let appending: Promise<{ degraded: boolean }> | undefined;
      const final = await this.store.mutate<StoredRequest | 'stale' | undefined>(requestId, (cur) => {
        if (cur.state.exit_claimed || isTerminalRequest(cur.status)) return { result: undefined };
        // A task that completed after our read would be missing from the answer: re-read.
        const nowDone = cur.tasks.filter((t) => t.status === 'completed').map((t) => t.task_id);
        if (nowDone.join() !== taskIds.join()) return { result: 'stale' as const };
        checked ??= this.applyBoundary(cur, text, cs);
        const failed = exit === 'error';
        cur.state.exit_claimed = exit;
        cur.state.marks['exit'] = Date.now();
        if (cur.status === 'dispatched' || cur.status === 'synthesising') cur.status = assertRequestTransition(cur.status, 'safety');
        cur.answer = { text: checked.text, sources, safety_actions: checked.actions, exit };
        cur.completeness = completenessOf(cur, cs);
        // Answered with less than every planned contribution in full: `partial`, not `completed`.
        cur.status = failed ? 'failed' : assertRequestTransition(cur.status, cur.completeness < 1 ? 'partial' : 'completed');
        if (failed) cur.error = { code: 'NO_CONTRIBUTIONS', message: 'no task produced a contribution' };
        cur.completed_at = new Date().toISOString();
        cur.timings = timingsOf(cur);
        return { next: cur, result: cur };
      }, {
        // Again on a retry after a conflict: appends run in order, the last one is this claim's.
        beforeWrite: (next, result) => {
          if (typeof result === 'object' && result) appending = this.appendAfter(appending, next);
        },
      });
      if (final === 'stale' || !final || !checked) {
        // A turn written ahead of a claim that did not land is rewritten below (lost to another
        // exit: from its stored answer) or by the next attempt (stale: that attempt's turn).
        if (appending) await appending.catch(() => undefined);
        if (final === 'stale') return this.finalizeAgain(requestId, exit, text, sources);
        if (appending) await this.redeliver(await this.store.get(requestId, { fresh: true }));
        return;
      }
      this.deadlines.clearRequest(requestId);
      this.ahead.delete(requestId);
      await this.deliver(final, cs, appending);
      recordRequestMetrics(final, cs);
    });
  }

  /**
   * Delivers a finished request again: its memory turn (an append replaces the request's own
   * turn) and its result (msg id per request, so the stream drops the copy inside its
   * duplicate window). For a handler that meets a finished request: its message may be the
   * redelivery of one whose handler claimed the exit and died before publishing. Outside the
   * window a copy could reach subscribers twice, so a request finished longer ago is left alone.
   */
  async redeliver(rec: StoredRequest | undefined): Promise<void> {
    if (!rec?.answer || !rec.completed_at || !isTerminalRequest(rec.status)) return;
    if (Date.now() - Date.parse(rec.completed_at) > REDELIVER_WINDOW_MS) return;
    await this.deliver(rec, await this.completedContributions(rec));
  }

  /**
   * A submission of a request that exists already (same request id: an integrator asking
   * again, or a client whose connection was away when the result went out). Never a second
   * run: a finished request's result is announced again, with the msg id of the first, so
   * the stream keeps one copy inside its duplicate window while live subscribers, the asker
   * among them, get it; past the window the stream stores it again (result consumers are
   * idempotent on request_id, as for any redelivery). A running request will announce its
   * result when it finishes. A submission naming another user gets nothing. False when no
   * such request exists (its first submission never arrived): the caller runs it.
   */
  async answerResubmission(requestId: string, userId: string): Promise<boolean> {
    const rec = await this.store.get(requestId, { fresh: true });
    // Marked repeats of a request that does not exist (its first submission was lost) run.
    if (!rec) return false;
    const finished = rec.answer && (isTerminalRequest(rec.status));
    const outcome = rec.user_id !== userId ? 'other_user' : finished ? 'announced' : 'running';
    medagentMetrics().resubmissions.add(1, { outcome });
    if (outcome !== 'announced') return true;
    await this.publishResult(rec, await this.completedContributions(rec));
    return true;
  }

  /** A finished record's contributions as its result carries them: completed tasks only. */
  private completedContributions(rec: StoredRequest): Promise<Contribution[]> {
    return this.store.contributions(rec, rec.tasks.filter((t) => t.status === 'completed').map((t) => t.task_id));
  }

  /** After the claim: the memory turn (started ahead or now), then the result event. */
  private async deliver(rec: StoredRequest, cs: Contribution[], appending?: Promise<{ degraded: boolean }>): Promise<void> {
    // A failed append ahead of the claim (a store without its own fallback) is tried once more.
    const again = () => this.memory.append(memoryOwner(rec.tenant_id, rec.user_id), rec.session_id, turnOf(rec));
    const r = await (appending ? appending.catch(again) : again());
    if (r.degraded && !rec.memory.degraded) {
      await this.store.mutate(rec.request_id, (cur) => {
        cur.memory.degraded = true;
        return { next: cur, result: undefined };
      });
      rec.memory.degraded = true;
    }
    await this.publishResult(rec, cs);
  }

  /** Appends `next`'s turn once the previous append of this exit settled (they must not reorder). */
  private appendAfter(prev: Promise<unknown> | undefined, next: StoredRequest): Promise<{ degraded: boolean }> {
    const turn = turnOf(next); // taken now: `next` is the store's working copy
    const run = () => this.memory.append(memoryOwner(next.tenant_id, next.user_id), next.session_id, turn);
    const p = prev ? prev.then(run, run) : run();
    p.catch(() => undefined); // awaited by the exit; not an unhandled rejection meanwhile
    return p;
  }

  /** A task settled between our read and our write: the partial answer is recomposed. */
  private async finalizeAgain(requestId: string, exit: Exit, text: string, sources: Evidence[]): Promise<void> {
    if (exit !== 'partial') return this.finalize(requestId, exit, text, sources);
    return this.finalizePartial(await this.store.require(requestId));
  }

  private applyBoundary(rec: StoredRequest, text: string, cs: Contribution[]): ReturnType<SafetyBoundary['apply']> {
    // An escalated answer opens with the guidance of the concepts the gate matched (libs/safety
    // data/guidance); the category handed to the boundary is that concept, so no other
    // family's hint precedes it.
    const escalated = rec.prerisk?.decision === 'ESCALATE' ? rec.prerisk : undefined;
    const input = {
      // The medication screen's section opens the answer on every exit; an escalated answer opens with its emergency guidance.
      text: escalated
        ? withEmergencyOpening(withMedicationSection(text, rec.medication_screen, rec.state.escalated, rec.lang), escalated, rec.lang)
        : withMedicationSection(text, rec.medication_screen, rec.state.escalated, rec.lang),
      lang: rec.lang,
      escalated: rec.state.escalated,
      ...(escalated ? { escalation_category: emergencyConcepts(firedRuleIds(escalated))[0] ?? escalated.category } : {}),
      ...withVerdict(strictestVerdict(rec.medication_screen?.verdict, medicationVerdictOf(cs))),
      ...(cs.some((c) => c.risk_level === 'emergency' || c.risk_level === 'urgent') ? { risk_signal: true } : {}),
    };
    return this.boundary.recheck(input, this.boundary.apply(input));
  }

  private async publishResult(rec: StoredRequest, cs: Contribution[]): Promise<void> {
    const record = publicRecord(rec, cs) as unknown as Record<string, unknown>;
    const env =
      rec.status === 'failed'
        ? buildEvent({
            type: 'request.failed',
            correlation_id: rec.request_id,
            producer: 'coordinator',
            payload: { request_id: rec.request_id, code: rec.error?.code ?? 'INTERNAL', message: rec.error?.message ?? '', record },
            ...traceOpt(rec),
          })
        : buildEvent({
            type: 'request.completed',
            correlation_id: rec.request_id,
            producer: 'coordinator',
            payload: { request_id: rec.request_id, status: rec.status === 'partial' ? 'partial' : 'completed', record },
            ...traceOpt(rec),
          });
    const subject = subjectFor(env.event_type, 'coordinator');
    await this.bus.publish(subject, env, { msgId: resultMsgId(rec.request_id) });
  }
}

/**
 * Claims the synthesis step on `cur` (inside a `mutate`): all tasks settled, a complex plan
 * and at least two contributions. True when this write moves the request to synthesising,
 * so exactly one handler publishes the synthesis request.
 */
export function claimSynthesis(cur: StoredRequest, deadlineAt: string, contributed = 0): boolean {
  if (cur.status !== 'dispatched' || cur.plan?.complexity !== 'complex' || cur.tasks.some((t) => OPEN.has(t.status))) return false;
  const done = new Set(cur.tasks.filter((t) => t.status === 'completed').map((t) => t.task_id));
  // `contributed`: a count the caller read, including contributions kept outside the record.
  if (Math.max(contributed, cur.contributions.filter((c) => done.has(c.task_id)).length) < 2) return false;
  cur.status = assertRequestTransition(cur.status, 'synthesising');
  cur.state.synthesis_deadline_at = deadlineAt;
  cur.state.marks['synthesis_requested'] = Date.now();
  return true;
}

/** The memory turn of a finished record (the same for every exit that delivers it). */
function turnOf(rec: StoredRequest): Turn {
  return {
    request_id: rec.request_id,
    at: rec.completed_at ?? new Date().toISOString(),
    question: rec.question,
    answer_digest: (rec.answer?.text ?? '').replace(/\s+/g, ' ').slice(0, 240),
    task_types: rec.plan?.tasks.map((t) => t.task_type) ?? [],
    ...(rec.prerisk ? { risk: rec.prerisk.decision } : {}),
  };
}

function withVerdict(v: ReturnType<typeof medicationVerdictOf>): { medication_verdict?: NonNullable<typeof v> } {
  return v ? { medication_verdict: v } : {};
}

export function traceOpt(rec: StoredRequest): { traceparent?: string } {
  const tp = currentTraceparent() ?? rec.state.traceparent;
  return tp ? { traceparent: tp } : {};
}

function completenessOf(rec: StoredRequest, cs: Contribution[]): number {
  const n = rec.plan?.tasks.length ?? 1;
  const sum = cs.reduce((a, c) => a + c.completeness, 0);
  return Math.round((sum / Math.max(1, n)) * 100) / 100;
}

function timingsOf(rec: StoredRequest): Record<string, number> {
  const m = rec.state.marks;
  const d = (a: string, b: string) => (m[a] !== undefined && m[b] !== undefined ? (m[b] as number) - (m[a] as number) : undefined);
  const out: Record<string, number | undefined> = {
    prerisk_ms: d('received', 'prerisk_done'),
    planning_ms: d('prerisk_done', 'dispatched'),
    tasks_ms: d('dispatched', 'tasks_done'),
    synthesis_ms: d('synthesis_requested', 'exit'),
    total_ms: Date.now() - (m['received'] ?? Date.now()),
  };
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, number] => e[1] !== undefined));
}


function recordRequestMetrics(rec: StoredRequest, cs: Contribution[]): void {
  const m = medagentMetrics();
  m.requestDuration.record(rec.timings['total_ms'] ?? 0, { status: rec.status, exit: rec.answer?.exit ?? 'none' });
  for (const c of cs) {
    const attrs = { role: c.agent, task_type: c.task_type };
    m.tokens.add(c.model_usage.prompt_tokens, { ...attrs, kind: 'prompt' });
    m.tokens.add(c.model_usage.completion_tokens, { ...attrs, kind: 'completion' });
  }
}
