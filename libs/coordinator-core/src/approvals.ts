import { workerServiceId, type Envelope, type WorkerRole } from '@medagent/contracts';
import type { StoredRequest } from './request-store';

export const DEFAULT_APPROVER_ROLE = 'clinician';

/** An approval the coordinator saw requested (kept in the record's private state). */
export interface ApprovalState {
  task_id: string;
  /** The worker role that asked (the task's owner). */
  agent: WorkerRole;
  skill: string;
  /** The human role that may decide. */
  approver_role: string;
  status: 'pending' | 'approve' | 'deny';
  requested_at: string;
  resolved_at?: string;
}

interface RequestedPayload {
  approval_id?: unknown;
  task_id?: unknown;
  skill?: unknown;
  approver_role?: unknown;
}
interface ResolvedPayload {
  approval_id?: unknown;
  decision?: unknown;
}

/**
 * Records an approval.requested (only from the worker that owns the task) or settles an
 * approval.resolved (only one that is pending). Call inside a `mutate` function; returns
 * whether the record changed.
 */
export function applyApprovalEvent(cur: StoredRequest, env: Envelope, kind: 'requested' | 'resolved'): boolean {
  // Nothing is touched unless the event is recorded: a `mutate` function that changes
  // nothing must leave its record as it was.
  const approvals = cur.state.approvals ?? {};
  if (kind === 'requested') {
    const p = (env.payload ?? {}) as RequestedPayload;
    const task = cur.tasks.find((t) => t.task_id === p.task_id);
    if (typeof p.approval_id !== 'string' || !task || env.producer !== workerServiceId(task.agent) || approvals[p.approval_id]) return false;
    cur.state.approvals = approvals;
    approvals[p.approval_id] = {
      task_id: task.task_id,
      agent: task.agent,
      skill: typeof p.skill === 'string' ? p.skill : '',
      approver_role: typeof p.approver_role === 'string' && p.approver_role ? p.approver_role : DEFAULT_APPROVER_ROLE,
      status: 'pending',
      requested_at: env.occurred_at,
    };
    return true;
  }
  const p = (env.payload ?? {}) as ResolvedPayload;
  const a = typeof p.approval_id === 'string' ? approvals[p.approval_id] : undefined;
  if (!a || a.status !== 'pending' || (p.decision !== 'approve' && p.decision !== 'deny')) return false;
  a.status = p.decision;
  a.resolved_at = env.occurred_at;
  return true;
}

export type ApprovalRefusal =
  /** No such approval in this request (never requested, or not recorded yet): 404. */
  | 'approval.unknown'
  /** task_id or role do not match what was requested: 400. */
  | 'approval.mismatch'
  /** The caller lacks the role the approval names: 403. */
  | 'approval.role'
  /** Already decided the other way: 409. */
  | 'approval.decided';

/**
 * May a caller holding `roles` resolve `approvalId` of `rec` for (`taskId`, worker `role`)
 * with `decision`? `duplicate`: already decided the same way (answered, nothing published).
 */
export function checkApprovalDecision(
  rec: StoredRequest,
  approvalId: string,
  d: { task_id: string; role: string; decision: 'approve' | 'deny' },
  roles: readonly string[],
): { ok: true; duplicate: boolean; approval: ApprovalState } | { ok: false; refusal: ApprovalRefusal } {
  const a = rec.state.approvals?.[approvalId];
  if (!a) return { ok: false, refusal: 'approval.unknown' };
  if (a.task_id !== d.task_id || a.agent !== d.role) return { ok: false, refusal: 'approval.mismatch' };
  if (!roles.includes(a.approver_role)) return { ok: false, refusal: 'approval.role' };
  if (a.status === 'pending') return { ok: true, duplicate: false, approval: a };
  if (a.status === d.decision) return { ok: true, duplicate: true, approval: a };
  return { ok: false, refusal: 'approval.decided' };
}
