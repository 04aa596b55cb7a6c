import type { Envelope } from '@medagent/contracts';

type Out = (line: string) => void;

/** Human progress lines from the event stream (ids and types only: no message text). */
export function progressPrinter(out: Out): (env: Envelope) => void {
  const started = new Map<string, number>();
  const t0 = Date.now();
  const at = () => `${String(Date.now() - t0).padStart(5)} ms`;
  return (env) => {
    const p = (env.payload ?? {}) as Record<string, unknown>;
    switch (env.event_type) {
      case 'plan.requested':
        out(`${at()}  pre-risk: PASS → planning`);
        break;
      case 'plan.produced': {
        const plan = p['plan'] as { complexity?: string; tasks?: { task_id: string; task_type: string; agent: string }[] };
        out(`${at()}  plan (${String(p['source'])}, ${plan.complexity ?? '?'}): ${(plan.tasks ?? []).map((t) => `${t.task_id} ${t.task_type} → ${t.agent}`).join(', ')}`);
        break;
      }
      case 'task.assigned': {
        const pkg = p['package'] as { task_id: string; task_type: string; agent: string; attempt: number; context?: { prerisk_decision?: string; prerisk_category?: string } };
        if (pkg.context?.prerisk_decision === 'ESCALATE' && pkg.attempt === 1)
          out(`${at()}  pre-risk: ESCALATE (${pkg.context.prerisk_category ?? '?'}) → forced plan ${pkg.task_id} ${pkg.task_type} → ${pkg.agent}`);
        out(`${at()}  ${pkg.task_id} assigned to ${pkg.agent}${pkg.attempt > 1 ? ` (attempt ${pkg.attempt})` : ''}`);
        break;
      }
      case 'task.started':
        started.set(String(p['task_id']), Date.now());
        out(`${at()}  ${String(p['task_id'])} started`);
        break;
      case 'task.completed':
        out(`${at()}  ${String(p['task_id'])} completed in ${String(p['duration_ms'])} ms (${String(p['status'])})`);
        break;
      case 'task.failed':
        out(`${at()}  ${String(p['task_id'])} failed: ${String(p['code'])}${p['retryable'] ? ' (retryable)' : ''}`);
        break;
      case 'task.refused':
        out(`${at()}  ${String(p['task_id'])} refused`);
        break;
      case 'synthesis.requested':
        out(`${at()}  synthesis requested (${(p['contributions'] as unknown[]).length} contributions)`);
        break;
      case 'synthesis.produced':
        out(`${at()}  synthesis produced`);
        break;
      case 'approval.requested':
        out(`${at()}  approval requested: ${String(p['approval_id'])} for ${String(p['skill'])} (medagent approve ${String(p['approval_id'])})`);
        break;
      default:
        break;
    }
  };
}
