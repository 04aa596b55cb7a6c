import { buildEvent, newId, subjectFor, type WorkerRole } from '@medagent/contracts';
import type { Bus } from '@medagent/bus';
import type { ApprovalDecision, ApprovalGate, ApprovalRequest } from '@medagent/agent';

/**
 * Approval over the bus: publishes approval.requested and waits for the matching
 * approval.resolved (from the CLI `medagent approve`, or an HTTP caller). The task sits in
 * awaiting_approval meanwhile; an abort (deadline) ends the wait as a denial.
 */
export class BusApprovalGate implements ApprovalGate {
  constructor(
    private readonly bus: Bus,
    private readonly role: WorkerRole,
  ) {}

  async request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    const approvalId = req.approval_id || newId('ap_');
    let resolve!: (d: ApprovalDecision) => void;
    const decided = new Promise<ApprovalDecision>((r) => (resolve = r));
    const sub = await this.bus.subscribe(subjectFor('approval.resolved', this.role), (env) => {
      const p = env.payload as { approval_id?: string; decision?: 'approve' | 'deny'; by?: string; reason?: string };
      if (p.approval_id === approvalId && p.decision && p.by)
        resolve({ decision: p.decision, by: p.by, ...(p.reason ? { reason: p.reason } : {}) });
    });
    const onAbort = () => resolve({ decision: 'deny', by: 'system', reason: 'task deadline reached while awaiting approval' });
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const env = buildEvent({
        type: 'approval.requested',
        correlation_id: req.request_id,
        task_id: req.task_id,
        producer: `worker-${this.role}`,
        payload: { ...req, approval_id: approvalId },
      });
      await this.bus.publish(subjectFor('approval.requested', this.role), env, { msgId: `approval:${approvalId}` });
      return await decided;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      await sub.unsubscribe();
    }
  }
}
