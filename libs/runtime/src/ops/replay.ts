import { NestFactory } from '@nestjs/core';
import { ConflictError, payloadOf, type Contribution, type Envelope, type Skill, type TaskPackage } from '@medagent/contracts';
import { JetStreamKvStore, retryWhileWanted, type AuditEvent, type JetStreamBus } from '@medagent/bus';
import { AgentLoop, ToolRegistry } from '@medagent/agent';
import { InMemoryMemoryStore } from '@medagent/memory';
import { SKILLS, SkillsModule } from '@medagent/skills';
import { inputHashOf } from '@medagent/worker-core';
import { REQUEST_BUCKET } from '../infra';
import { chatModelFor } from '../models';
import type { RuntimeConfig } from '../config';

export interface TimelineLine {
  at_ms: number;
  time: string;
  event: string;
  producer: string;
  task_id?: string;
  detail: string;
}

async function eventsOf(bus: JetStreamBus, requestId: string): Promise<AuditEvent[]> {
  // The request record (when readable) bounds the scan to the request's own minutes.
  let since = new Date(Date.now() - 7 * 24 * 3600_000);
  let until: Date | undefined;
  try {
    const kv = await JetStreamKvStore.open(bus.nc, REQUEST_BUCKET);
    const rec = (await kv.get<{ created_at: string; completed_at?: string }>(`req.${requestId}`))?.value;
    if (rec) {
      since = new Date(Date.parse(rec.created_at) - 60_000);
      if (rec.completed_at) until = new Date(Date.parse(rec.completed_at) + 60_000);
    }
  } catch {
    // no access to the request bucket (not the coordinator/ops user): scan by time only
  }
  // Replays share one reader name (the ops user may create no other): a second replay at the
  // same moment is refused with a conflict until the first is done, so it waits for its turn.
  const waitUntil = Date.now() + READER_WAIT_MS;
  const events = await retryWhileWanted(
    () => bus.audit({ since, ...(until ? { until } : {}), filter: (e) => e.correlation_id === requestId }),
    () => Date.now() < waitUntil,
  );
  if (!events) throw new ConflictError(`the audit reader stayed busy for ${READER_WAIT_MS / 1000} s (other replays running?); try again`);
  return events;
}

/** Past the 30 s after which the server drops a reader cut off mid-read. */
const READER_WAIT_MS = 40_000;

function detailOf(env: Envelope): string {
  const p = (env.payload ?? {}) as Record<string, unknown>;
  switch (env.event_type) {
    case 'plan.produced': {
      const plan = p['plan'] as { complexity: string; tasks: { task_id: string; task_type: string; agent: string }[] };
      return `${String(p['source'])} ${plan.complexity}: ${plan.tasks.map((t) => `${t.task_id} ${t.task_type}→${t.agent}`).join(', ')}`;
    }
    case 'task.assigned': {
      const pkg = (p['package'] ?? {}) as TaskPackage;
      return `attempt ${pkg.attempt} deadline ${pkg.budget?.deadline_at ?? '?'}`;
    }
    case 'artifact.produced': {
      const c = p['contribution'] as Contribution;
      const tools = c.tool_ledger.map((l) => `${l.tool}:${l.outcome}(${Math.round(l.latency_ms)}ms)`).join(' ');
      return `evidence ${c.evidence.length}, completeness ${c.completeness}, tools ${tools}`;
    }
    case 'task.completed':
      return `${String(p['status'])} in ${String(p['duration_ms'])} ms`;
    case 'task.failed':
      return `${String(p['code'])}${p['retryable'] ? ' (retryable)' : ''}`;
    case 'request.completed':
    case 'request.failed': {
      const rec = (p['record'] ?? {}) as { answer?: { exit?: string }; completeness?: number };
      return `exit ${rec.answer?.exit ?? '-'}, completeness ${String(rec.completeness ?? '-')}`;
    }
    default:
      return '';
  }
}

/** The request's timeline from the audit stream: events, producers, durations, tool calls. */
export async function replayRequest(bus: JetStreamBus, requestId: string): Promise<TimelineLine[]> {
  const events = await eventsOf(bus, requestId);
  const t0 = events[0] ? Date.parse(events[0].time) : 0;
  return events.map((e) => ({
    at_ms: Date.parse(e.time) - t0,
    time: e.time,
    event: e.envelope.event_type,
    producer: e.envelope.producer,
    ...(e.envelope.task_id ? { task_id: e.envelope.task_id } : {}),
    detail: detailOf(e.envelope),
  }));
}

export interface RerunReport {
  request_id: string;
  task_id: string;
  attempt: number;
  original_input_hash?: string;
  rerun_input_hash: string;
  input_hash_matches: boolean;
  original_tools: string[];
  rerun_tools: string[];
  text_identical?: boolean;
  outcome: string;
}

/**
 * Re-executes one worker on the exact task package from the audit stream (same role's
 * skills, the configured model) and reports whether the input hash matches the original
 * contribution's — i.e. whether the rerun saw the same input.
 */
export async function rerunTask(bus: JetStreamBus, requestId: string, taskId: string, runtime: RuntimeConfig): Promise<RerunReport> {
  const events = await eventsOf(bus, requestId);
  const assigned = events.filter((e) => e.envelope.event_type === 'task.assigned' && e.envelope.task_id === taskId);
  const last = assigned[assigned.length - 1];
  if (!last) throw new Error(`no task.assigned for ${requestId}/${taskId} in the audit stream`);
  const pkg = payloadOf(last.envelope, 'task.assigned').package;
  const original = events
    .filter((e) => e.envelope.event_type === 'artifact.produced' && e.envelope.task_id === taskId)
    .map((e) => payloadOf(e.envelope, 'artifact.produced').contribution)
    .pop();
  const ctx = await NestFactory.createApplicationContext(SkillsModule.forRole(pkg.agent, { memory: new InMemoryMemoryStore() }), { logger: false });
  try {
    const registry = ToolRegistry.forRole(pkg.agent, ctx.get<Skill[]>(SKILLS));
    const fresh = { ...pkg, budget: { ...pkg.budget, deadline_at: new Date(Date.now() + 60_000).toISOString() } };
    const r = await new AgentLoop().run({ pkg: fresh, model: chatModelFor('worker', runtime), registry });
    const rerunHash = inputHashOf(pkg);
    return {
      request_id: requestId,
      task_id: taskId,
      attempt: pkg.attempt,
      ...(original ? { original_input_hash: original.input_hash, text_identical: original.text === r.text } : {}),
      rerun_input_hash: rerunHash,
      input_hash_matches: original ? original.input_hash === rerunHash : false,
      original_tools: original?.tool_ledger.map((l) => l.tool) ?? [],
      rerun_tools: r.ledger.map((l) => l.tool),
      outcome: r.outcome,
    };
  } finally {
    await ctx.close();
  }
}
