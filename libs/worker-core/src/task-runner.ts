import { hash } from 'node:crypto';
import { hostname } from 'node:os';
import {
  CapabilityViolationError,
  buildEvent,
  canonicalJson,
  hashOf,
  payloadOf,
  subjectFor,
  workerServiceId,
  type ContributionDto,
  type Envelope,
  type Skill,
  type TaskPackage,
  type WorkerRole,
} from '@medagent/contracts';
import type { Bus, Delivery } from '@medagent/bus';
import { AgentLoop, InMemoryEffectLog, RecentLists, ToolRegistry, type ApprovalGate, type ChatModel, type EffectLog } from '@medagent/agent';
import { currentTraceparent, withSpan } from '@medagent/telemetry';

export interface TaskRunnerDeps {
  role: WorkerRole;
  bus: Bus;
  skills: Skill[];
  model: ChatModel;
  approvals?: ApprovalGate;
  effects?: EffectLog;
  /**
   * How often a running task tells the broker it is alive (must be < the consumer's ack wait).
   * A task's first heartbeat comes between half of this and this after it started (tasks
   * shorter than half of it send none), then one every `heartbeatMs`.
   */
  heartbeatMs?: number;
}

/** The fields that determine a task's output: equal hashes mean a rerun saw the same input. */
export function inputHashOf(pkg: TaskPackage): string {
  const { task_type, agent, instruction, context, allowed_tools, input_refs } = pkg;
  const lang = pkg.scope.lang;
  // A decoded package has these as strings and string arrays: then the sorted-key JSON that
  // `hashOf` would build is written directly (same text, same SHA-256, a third of the CPU).
  // Anything else goes through `hashOf` itself.
  if (
    typeof task_type === 'string' &&
    typeof agent === 'string' &&
    typeof instruction === 'string' &&
    typeof lang === 'string' &&
    isStringArray(allowed_tools) &&
    isStringArray(input_refs)
  ) {
    const text =
      `{"agent":${JSON.stringify(agent)},"allowed_tools":${sortedListJson(allowed_tools)},` +
      (context === undefined ? '' : `"context":${contextJson(context)},`) +
      `"input_refs":${input_refs.length === 0 ? '[]' : JSON.stringify(input_refs)},"instruction":${JSON.stringify(instruction)},` +
      `"lang":${JSON.stringify(lang)},"task_type":${JSON.stringify(task_type)}}`;
    return hash('sha256', text, 'hex');
  }
  return slowInputHashOf(pkg);
}

/**
 * `canonicalJson(context)`, written directly when the context is what a decoded package
 * holds — a flat object of strings (absent fields undefined) — in a third of the time of
 * the general recursion. Anything else goes through `canonicalJson` itself.
 */
function contextJson(context: unknown): string {
  if (context === null || typeof context !== 'object' || Array.isArray(context)) return canonicalJson(context);
  const obj = context as Record<string, unknown>;
  const keys = Object.keys(obj);
  for (const k of keys) {
    const v = obj[k];
    if (v !== undefined && typeof v !== 'string') return canonicalJson(context);
  }
  // Distinct keys in a total order: sorting before dropping the undefined ones, as here,
  // leaves the others in the order `canonicalJson` sorts them after dropping.
  keys.sort();
  let out = '';
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(k)}:${JSON.stringify(v)}`;
  }
  return `{${out}}`;
}

// A worker's packages all carry the same `allowed_tools` (its role's skills; a process that
// hosts several roles sees a few lists): the JSON of each sorted copy is kept for the last
// few lists seen, matched item by item instead of copied and sorted per task.
const sortedLists = new RecentLists<string, string>(8);

function sortedListJson(list: readonly string[]): string {
  return sortedLists.get(list) ?? sortedLists.remember(list, JSON.stringify([...list].sort()));
}

function isStringArray(v: unknown): v is string[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}

/** The definition `inputHashOf` must match (kept for odd inputs and for the tests). */
export function slowInputHashOf(pkg: TaskPackage): string {
  return hashOf({
    task_type: pkg.task_type,
    agent: pkg.agent,
    instruction: pkg.instruction,
    context: pkg.context,
    allowed_tools: [...pkg.allowed_tools].sort(),
    lang: pkg.scope.lang,
    input_refs: pkg.input_refs,
  });
}

/**
 * One assigned task: started → agent loop over this role's registry → artifact.produced +
 * task.completed (or task.failed / task.refused). Returns only after the outcome events
 * are published, so the transport acks after publication (a crash before that redelivers).
 */
export class TaskRunner {
  readonly registry: ToolRegistry;
  private readonly loop = new AgentLoop();
  private readonly effects: EffectLog;
  private readonly instance = `${hostname()}:${process.pid}`;
  private readonly producer: ReturnType<typeof workerServiceId>;
  private readonly heartbeats: Heartbeats;

  constructor(private readonly deps: TaskRunnerDeps) {
    this.registry = ToolRegistry.forRole(deps.role, deps.skills);
    this.effects = deps.effects ?? new InMemoryEffectLog();
    this.producer = workerServiceId(deps.role);
    this.heartbeats = new Heartbeats(deps.heartbeatMs ?? 2000);
  }

  /** `traceparent`: the receive span's, which every event of this task names as its parent. */
  async run(env: Envelope, delivery?: Delivery, traceparent?: string): Promise<void> {
    const pkg = payloadOf(env, 'task.assigned').package;
    if (pkg.agent !== this.deps.role) {
      throw new CapabilityViolationError(`worker ${this.deps.role} received a task for ${pkg.agent}`);
    }
    const t0 = Date.now();
    // Every event of this task is emitted from the receive span, so its traceparent is read once.
    const tp = traceparent ?? currentTraceparent() ?? env.traceparent;
    const emit = <T extends WorkerEvent>(type: T, payload: WorkerPayload<T>, tag: string, confirm = true): Promise<void> =>
      this.emit(pkg, tp, type, payload, tag, confirm);
    // task.started is for observers (progress, audit): published unconfirmed, the work never
    // waits on it. It leaves on the same connection before any outcome, so it is stored first.
    const started = emit('task.started', { task_id: pkg.task_id, attempt: pkg.attempt, worker_instance: this.instance }, 'started', false);
    started.catch(() => undefined);
    if (delivery) this.heartbeats.add(delivery);
    try {
      // The loop arms the task's deadline itself: at the deadline it ends with a partial
      // result (budget_exhausted, DEADLINE_EXCEEDED), published as an artifact below.
      const result = await withSpan(
        'worker.task',
        { 'medagent.request_id': pkg.request_id, 'medagent.task_id': pkg.task_id, 'medagent.task_type': pkg.task_type, 'medagent.role': pkg.agent, 'medagent.attempt': pkg.attempt },
        () =>
          this.loop.run({
            pkg,
            model: this.deps.model,
            registry: this.registry,
            effects: this.effects,
            ...(this.deps.approvals ? { approvals: this.deps.approvals } : {}),
          }),
      );
      await started;
      if (result.outcome === 'refused') {
        await emit('task.refused', { task_id: pkg.task_id, attempt: pkg.attempt, reason: (result.refusal_reason ?? 'refused').slice(0, 1000) }, 'refused');
        return;
      }
      if (result.outcome === 'failed') {
        const e = result.error;
        await emit('task.failed', {
          task_id: pkg.task_id,
          attempt: pkg.attempt,
          code: e?.code ?? 'INTERNAL',
          retryable: e?.retryable ?? false,
          message: (e?.message ?? 'task failed').slice(0, 1000),
        }, 'failed');
        return;
      }
      const status = result.outcome === 'completed' && result.completeness >= 1 ? 'complete' : result.text ? 'partial' : 'empty';
      const contribution: ContributionDto = {
        task_id: pkg.task_id,
        request_id: pkg.request_id,
        agent: pkg.agent,
        task_type: pkg.task_type,
        attempt: pkg.attempt,
        text: result.text.slice(0, 20_000),
        findings: result.findings.slice(0, 50),
        evidence: result.evidence.slice(0, 50),
        tool_ledger: result.ledger,
        model_usage: result.usage,
        input_hash: inputHashOf(pkg),
        warnings: result.warnings,
        completeness: result.completeness,
        status,
        ...(result.risk_level ? { risk_level: result.risk_level } : {}),
        ...(result.medication_verdict ? { medication_verdict: result.medication_verdict } : {}),
      };
      // The artifact settles the task at the coordinator and is confirmed before the ack;
      // task.completed is for observers, so it goes out unconfirmed right behind it (each is
      // idempotent by its msg id on a redelivery).
      const duration_ms = Date.now() - t0;
      await Promise.all([
        emit('artifact.produced', { contribution, duration_ms }, 'artifact'),
        emit('task.completed', { task_id: pkg.task_id, attempt: pkg.attempt, duration_ms, status }, 'completed', false),
      ]);
    } finally {
      await started.catch(() => undefined);
      if (delivery) this.heartbeats.delete(delivery);
    }
  }

  private async emit<T extends WorkerEvent>(
    pkg: TaskPackage,
    tp: string | undefined,
    type: T,
    payload: WorkerPayload<T>,
    tag: string,
    confirm: boolean,
  ): Promise<void> {
    const env = buildEvent({
      type,
      correlation_id: pkg.request_id,
      task_id: pkg.task_id,
      producer: this.producer,
      payload,
      ...(tp ? { traceparent: tp } : {}),
    });
    // Deterministic ids: a redelivered task republishes the same events, deduplicated by the bus.
    await this.deps.bus.publish(subjectFor(type, this.deps.role), env, {
      msgId: `${tag}:${pkg.request_id}:${pkg.task_id}:${pkg.attempt}`,
      ...(confirm ? {} : { confirm: false }),
    });
  }
}

type WorkerEvent = 'task.started' | 'artifact.produced' | 'task.completed' | 'task.failed' | 'task.refused';
type WorkerPayload<T extends WorkerEvent> = Parameters<typeof buildEvent<T>>[0]['payload'];

/**
 * Heartbeats for the deliveries a runner is working on, from one timer per runner instead
 * of one interval per task: the timer ticks every half period while any delivery is in
 * flight (it stops at the first tick that finds none), and a delivery is touched on every second tick it has seen. So its first
 * heartbeat comes between half a period and a period after it started (as with a per-task
 * interval, a task shorter than that sends none), and the next ones a period apart.
 */
export class Heartbeats {
  private readonly live = new Map<Delivery, number>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly periodMs: number) {}

  get size(): number {
    return this.live.size;
  }

  add(d: Delivery): void {
    this.live.set(d, 0);
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), Math.max(1, Math.floor(this.periodMs / 2)));
    // It outlives the last task by up to half a period and must not hold the process up.
    this.timer.unref();
  }

  delete(d: Delivery): void {
    // The timer is disarmed by the next tick that finds nothing in flight, not here: short
    // tasks often leave the runner idle for a moment, and re-arming per task is what this
    // class exists to avoid.
    this.live.delete(d);
  }

  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** One half-period tick (public for tests, which drive it instead of waiting). */
  tick(): void {
    if (this.live.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    for (const [d, seen] of this.live) {
      this.live.set(d, seen + 1);
      if ((seen + 1) % 2 === 0) void d.working().catch(() => undefined);
    }
  }
}
