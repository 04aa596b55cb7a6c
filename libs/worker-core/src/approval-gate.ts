import { buildEvent, newId, subjectFor, type Envelope, type WorkerRole } from '@medagent/contracts';
import { retryWhileWanted, type Bus, type CatchUpBackoff } from '@medagent/bus';
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
 * worker's connection is away; after every reconnect the gate looks for the decisions it still
 * waits on in the stream (the first stored decision per approval, the one the audit shows).
 * One read serves every pending approval of the process, since reads under the role's one
 * reader name conflict. A read refused for a retryable reason (another instance of the role is
 * reading, since they all reconnect together after an outage; or the broker is not ready yet)
 * is tried again after a random pause, for as long as an approval still waits.
 */
export class BusApprovalGate implements ApprovalGate {
  private readonly pending = new Map<string, { since: number; resolve: (d: ApprovalDecision) => void }>();
  private readonly subject: string;
  private stopWatching?: () => void;
  private reading = false;
  private readAgain = false;

  constructor(
    private readonly bus: Bus,
    private readonly role: WorkerRole,
    /** Between stored-decision reads the broker refused (default: the bus's catch-up backoff). */
    private readonly backoff?: CatchUpBackoff,
  ) {
    this.subject = subjectFor('approval.resolved', role);
  }

  async request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    const approvalId = req.approval_id || newId('ap_');
    let resolve!: (d: ApprovalDecision) => void;
    const decided = new Promise<ApprovalDecision>((r) => (resolve = r));
    const sub = await this.bus.subscribe(this.subject, (env) => {
      const d = decisionOf(env, approvalId);
      if (d) resolve(d);
    });
    this.pending.set(approvalId, { since: Date.now(), resolve });
    this.stopWatching ??= this.bus.onReconnect(() => void this.recover());
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
      this.pending.delete(approvalId);
      signal?.removeEventListener('abort', onAbort);
      await sub.unsubscribe();
    }
  }

  /** One read at a time; a reconnect during a read asks for one more after it. */
  private async recover(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        if (this.pending.size === 0) return;
        const since = new Date(Math.min(...[...this.pending.values()].map((p) => p.since)));
        // Unread (rejected outright, or no approval waits any more): the next reconnect or the
        // deadline, which denies. Never an approval by default.
        for (const env of (await this.readStored(since)) ?? []) {
          const id = (env.payload as { approval_id?: string }).approval_id;
          const waiting = id === undefined ? undefined : this.pending.get(id);
          const d = id === undefined ? undefined : decisionOf(env, id);
          if (waiting && d) waiting.resolve(d); // the first stored one wins: resolve is once only
        }
      } while (this.readAgain);
    } finally {
      this.reading = false;
    }
  }

  private async readStored(since: Date): Promise<Envelope[] | undefined> {
    const read = () => this.bus.storedEvents(this.subject, since, approvalReaderFor(this.role));
    // Rejected outright (say, a permission refusal): only the deadline, which denies, is left.
    return retryWhileWanted(read, () => this.pending.size > 0, this.backoff).catch(() => undefined);
  }
}
function decisionOf(env: Envelope, approvalId: string): ApprovalDecision | undefined {
  const p = env.payload as { approval_id?: string; decision?: 'approve' | 'deny'; by?: string; reason?: string };
  if (p.approval_id !== approvalId || !p.decision || !p.by) return undefined;
  return { decision: p.decision, by: p.by, ...(p.reason ? { reason: p.reason } : {}) };
}
