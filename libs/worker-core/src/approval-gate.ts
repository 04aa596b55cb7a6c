import { buildEvent, newId, subjectFor, type Envelope, type WorkerRole } from '@medagent/contracts';
import type { Bus } from '@medagent/bus';
import type { ApprovalDecision, ApprovalGate, ApprovalRequest } from '@medagent/agent';

/**
 * The consumer a worker reads stored decisions through after a reconnect (named in
 * deploy/nats/permissions.conf: each worker role may create it with its own decisions'
 * subject only).
 */
export const approvalReaderFor = (role: WorkerRole): string => `worker_${role}_approvals`;

/**
 * Approval over the bus: publishes approval.requested and waits for the matching
 * approval.resolved (from the CLI `medagent approve`, or an HTTP caller). The task sits in
 * awaiting_approval meanwhile; an abort (deadline) ends the wait as a denial.
 *
 * The decision arrives on a core subscription, which misses what is published while this
 * worker's connection is away; after every reconnect the gate looks for it in the stream
 * (the first stored decision, the one the audit shows).
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
    const subject = subjectFor('approval.resolved', this.role);
    const since = new Date();
    const sub = await this.bus.subscribe(subject, (env) => {
      const d = decisionOf(env, approvalId);
      if (d) resolve(d);
    });
    const stopWatching = this.bus.onReconnect(() => {
      // A failed read (the connection went again, another read in progress) waits for the
      // next reconnect or the deadline, which denies: never an approval by default.
      this.bus.storedEvents(subject, since, approvalReaderFor(this.role)).then(
        (events) => {
          const d = events.map((e) => decisionOf(e, approvalId)).find((x) => x !== undefined);
          if (d) resolve(d);
        },
        () => undefined,
      );
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
      stopWatching();
      signal?.removeEventListener('abort', onAbort);
      await sub.unsubscribe();
    }
  }
}

function decisionOf(env: Envelope, approvalId: string): ApprovalDecision | undefined {
  const p = env.payload as { approval_id?: string; decision?: 'approve' | 'deny'; by?: string; reason?: string };
  if (p.approval_id !== approvalId || !p.decision || !p.by) return undefined;
  return { decision: p.decision, by: p.by, ...(p.reason ? { reason: p.reason } : {}) };
}
