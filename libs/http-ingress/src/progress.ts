import type { Envelope, RequestRecord } from '@medagent/contracts';

export type ProgressData = Record<string, unknown>;

const TERMINAL = new Set(['completed', 'partial', 'failed']);
export const isTerminal = (status: string): boolean => TERMINAL.has(status);

function pick(src: unknown, keys: readonly string[]): ProgressData {
  const out: ProgressData = {};
  if (src === null || typeof src !== 'object') return out;
  for (const k of keys) {
    const v = (src as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * What an SSE client may see of one event: ids, types, statuses and durations. Allow-listed
 * per event type, so message text, instructions, contribution text and error prose (which
 * may quote the patient) never leave through the stream, whatever producers add later.
 */
export function progressOf(env: Envelope): ProgressData {
  const p: unknown = env.payload;
  const base: ProgressData = {
    event_id: env.event_id,
    request_id: env.correlation_id,
    producer: env.producer,
    occurred_at: env.occurred_at,
    ...(env.task_id ? { task_id: env.task_id } : {}),
  };
  switch (env.event_type) {
    case 'plan.produced': {
      const plan = (p as { plan?: { complexity?: unknown; tasks?: unknown } } | undefined)?.plan;
      const tasks = Array.isArray(plan?.tasks) ? plan.tasks.map((t: unknown) => pick(t, ['task_id', 'task_type', 'agent'])) : [];
      return { ...base, ...pick(p, ['source']), complexity: plan?.complexity, tasks };
    }
    case 'task.assigned': {
      const pkg = (p as { package?: unknown } | undefined)?.package;
      return { ...base, ...pick(pkg, ['task_id', 'task_type', 'agent', 'attempt', 'plan_version']) };
    }
    case 'task.started':
      return { ...base, ...pick(p, ['task_id', 'attempt']) };
    case 'artifact.produced': {
      const c = (p as { contribution?: { evidence?: unknown } } | undefined)?.contribution;
      const evidence = Array.isArray(c?.evidence) ? c.evidence.length : 0;
      return { ...base, ...pick(c, ['task_id', 'task_type', 'agent', 'completeness']), evidence_count: evidence };
    }
    case 'task.completed':
      return { ...base, ...pick(p, ['task_id', 'attempt', 'duration_ms', 'status']) };
    case 'task.failed':
      return { ...base, ...pick(p, ['task_id', 'attempt', 'code', 'retryable']) };
    case 'task.refused':
      return { ...base, ...pick(p, ['task_id', 'attempt']) };
    case 'approval.requested':
      return { ...base, ...pick(p, ['approval_id', 'task_id', 'skill']) };
    case 'approval.resolved':
      return { ...base, ...pick(p, ['approval_id', 'task_id', 'decision']) };
    case 'request.completed':
    case 'request.failed': {
      const rec = (p as { record?: unknown } | undefined)?.record;
      return { ...base, ...pick(p, ['code']), ...terminalFields(rec), status: env.event_type === 'request.completed' ? ((p as { status?: string } | undefined)?.status === 'partial' ? 'partial' : 'completed') : 'failed' };
    }
    default:
      return base;
  }
}

function terminalFields(rec: unknown): ProgressData {
  const r = pick(rec, ['status', 'completeness', 'completed_at', 'timings']);
  const answer = pick((rec as { answer?: unknown } | undefined)?.answer, ['exit']);
  return { ...r, ...(answer['exit'] ? { exit: answer['exit'] } : {}) };
}

/** The replay line a (late) SSE subscriber gets first: where the request stands now. */
export function statusOf(rec: RequestRecord | undefined, requestId: string): ProgressData {
  if (!rec) return { request_id: requestId, status: 'received', tasks: [] };
  return {
    request_id: rec.request_id,
    status: rec.status,
    created_at: rec.created_at,
    ...(rec.completed_at ? { completed_at: rec.completed_at } : {}),
    ...(rec.prerisk ? { prerisk: rec.prerisk.decision } : {}),
    ...(rec.plan ? { complexity: rec.plan.complexity, plan_source: rec.plan.source } : {}),
    tasks: rec.tasks.map((t) => pick(t, ['task_id', 'task_type', 'agent', 'status', 'attempts', 'duration_ms'])),
    completeness: rec.completeness,
  };
}

/** The terminal line for a subscriber who connected after the end (no live event will come). */
export function terminalOf(rec: RequestRecord): ProgressData {
  return {
    request_id: rec.request_id,
    status: rec.status,
    completeness: rec.completeness,
    ...(rec.completed_at ? { completed_at: rec.completed_at } : {}),
    timings: rec.timings,
    ...(rec.answer ? { exit: rec.answer.exit } : {}),
    ...(rec.error ? { code: rec.error.code } : {}),
    replayed: true,
  };
}

/** One SSE frame. JSON never contains a raw newline, so `data:` is a single line. */
export function sseFrame(event: string, data: ProgressData, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
