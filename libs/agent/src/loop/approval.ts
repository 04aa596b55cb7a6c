/** What the loop asks before running a `requires_approval` skill. No user text: ids and a hash. */
export interface ApprovalRequest {
  approval_id: string;
  request_id: string;
  task_id: string;
  skill: string;
  reason: string;
  args_hash: string;
}

export interface ApprovalDecision {
  decision: 'approve' | 'deny';
  by: string;
  reason?: string;
}

/**
 * The worker runtime implements this by publishing approval.requested and waiting for
 * approval.resolved; the loop only waits on it. `signal` aborts the wait at the deadline.
 */
export interface ApprovalGate {
  request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
}

type Decider = (req: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;

/** For tests and embedded mode: decides with a function, or holds requests until `resolve`. */
export class InMemoryApprovalGate implements ApprovalGate {
  readonly requests: ApprovalRequest[] = [];
  private readonly waiting = new Map<string, (d: ApprovalDecision) => void>();

  constructor(private readonly decide?: Decider) {}

  static approveAll(by = 'auto-approver'): InMemoryApprovalGate {
    return new InMemoryApprovalGate(() => ({ decision: 'approve', by }));
  }

  static denyAll(by = 'auto-denier', reason = 'not permitted'): InMemoryApprovalGate {
    return new InMemoryApprovalGate(() => ({ decision: 'deny', by, reason }));
  }

  async request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    this.requests.push(req);
    if (this.decide) return this.decide(req);
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = (): void => {
        this.waiting.delete(req.approval_id);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('approval wait aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(req.approval_id, (d) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(d);
      });
    });
  }

  pending(): string[] {
    return [...this.waiting.keys()];
  }

  resolve(approvalId: string, decision: ApprovalDecision): boolean {
    const settle = this.waiting.get(approvalId);
    if (!settle) return false;
    this.waiting.delete(approvalId);
    settle(decision);
    return true;
  }
}
