import { hostname } from 'node:os';
import {
  CapabilityViolationError,
  buildEvent,
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
import { AgentLoop, InMemoryEffectLog, ToolRegistry, type ApprovalGate, type ChatModel, type EffectLog } from '@medagent/agent';
import { currentTraceparent, withSpan } from '@medagent/telemetry';

export interface TaskRunnerDeps {
  role: WorkerRole;
  bus: Bus;
  skills: Skill[];
  model: ChatModel;
  approvals?: ApprovalGate;
  effects?: EffectLog;
  /** How often a running task tells the broker it is alive (must be < the consumer's ack wait). */
  heartbeatMs?: number;
}

/** The fields that determine a task's output: equal hashes mean a rerun saw the same input. */
export function inputHashOf(pkg: TaskPackage): string {
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

  constructor(private readonly deps: TaskRunnerDeps) {
    this.registry = ToolRegistry.forRole(deps.role, deps.skills);
    this.effects = deps.effects ?? new InMemoryEffectLog();
  }

  async run(env: Envelope, delivery?: Delivery): Promise<void> {
    const pkg = payloadOf(env, 'task.assigned').package;
    if (pkg.agent !== this.deps.role) {
      throw new CapabilityViolationError(`worker ${this.deps.role} received a task for ${pkg.agent}`);
    }
    const t0 = Date.now();
    // task.started is for observers (progress, audit): published unconfirmed, the work never
    // waits on it. It leaves on the same connection before any outcome, so it is stored first.
    const started = this.emit(env, 'task.started', { task_id: pkg.task_id, attempt: pkg.attempt, worker_instance: this.instance }, 'started', false);
    started.catch(() => undefined);
    const heartbeat = delivery ? setInterval(() => void delivery.working().catch(() => undefined), this.deps.heartbeatMs ?? 2000) : undefined;
    const abort = new AbortController();
    const left = Date.parse(pkg.budget.deadline_at) - Date.now();
    const deadline = setTimeout(() => abort.abort(), Math.max(0, left));
    try {
      const result = await withSpan(
        'worker.task',
        { 'medagent.request_id': pkg.request_id, 'medagent.task_id': pkg.task_id, 'medagent.task_type': pkg.task_type, 'medagent.role': pkg.agent, 'medagent.attempt': pkg.attempt },
        () =>
          this.loop.run({
            pkg,
            model: this.deps.model,
            registry: this.registry,
            effects: this.effects,
            signal: abort.signal,
            ...(this.deps.approvals ? { approvals: this.deps.approvals } : {}),
          }),
      );
      await started;
      if (result.outcome === 'refused') {
        await this.emit(env, 'task.refused', { task_id: pkg.task_id, attempt: pkg.attempt, reason: (result.refusal_reason ?? 'refused').slice(0, 1000) }, 'refused');
        return;
      }
      if (result.outcome === 'failed') {
        const e = result.error;
        await this.emit(env, 'task.failed', {
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
        this.emit(env, 'artifact.produced', { contribution, duration_ms }, 'artifact'),
        this.emit(env, 'task.completed', { task_id: pkg.task_id, attempt: pkg.attempt, duration_ms, status }, 'completed', false),
      ]);
    } finally {
      await started.catch(() => undefined);
      clearTimeout(deadline);
      if (heartbeat) clearInterval(heartbeat);
    }
  }

  private async emit<T extends 'task.started' | 'artifact.produced' | 'task.completed' | 'task.failed' | 'task.refused'>(
    src: Envelope,
    type: T,
    payload: Parameters<typeof buildEvent<T>>[0]['payload'],
    tag: string,
    confirm = true,
  ): Promise<void> {
    const pkg = payloadOf(src, 'task.assigned').package;
    const tp = currentTraceparent() ?? src.traceparent;
    const env = buildEvent({
      type,
      correlation_id: pkg.request_id,
      task_id: pkg.task_id,
      producer: workerServiceId(this.deps.role),
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
