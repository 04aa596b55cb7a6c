import { InMemoryKvStore } from '@medagent/bus';
import { buildEvent, type Envelope } from '@medagent/contracts';
import { applyApprovalEvent, checkApprovalDecision } from './approvals';
import { IdempotencyStore } from './idempotency';
import { newRequestId } from './ids';
import type { StoredRequest } from './request-store';

const rec = (): StoredRequest =>
  ({
    request_id: 'req_1',
    tasks: [{ task_id: 't1', task_type: 'risk_triage', agent: 'triage', status: 'running', attempts: 1 }],
    state: { escalated: false, deadline_at: new Date().toISOString(), marks: {} },
  }) as unknown as StoredRequest;

const requested = (producer: 'worker-triage' | 'worker-research', extra: object = {}): Envelope =>
  buildEvent({
    type: 'approval.requested',
    correlation_id: 'req_1',
    task_id: 't1',
    producer,
    payload: { approval_id: 'appr_a', request_id: 'req_1', task_id: 't1', skill: 's', reason: 'r', args_hash: 'h', ...extra },
  });

describe('approvals the coordinator records', () => {
  it('records a request only from the worker owning the task, and settles it once', () => {
    const r = rec();
    expect(applyApprovalEvent(r, requested('worker-research'), 'requested')).toBe(false);
    expect(r.state.approvals).toBeUndefined(); // untouched when nothing is recorded
    expect(applyApprovalEvent(r, requested('worker-triage', { approver_role: 'pharmacist' }), 'requested')).toBe(true);
    expect(r.state.approvals?.['appr_a']).toMatchObject({ task_id: 't1', agent: 'triage', approver_role: 'pharmacist', status: 'pending' });
    const resolved = buildEvent({ type: 'approval.resolved', correlation_id: 'req_1', task_id: 't1', producer: 'ingress', payload: { approval_id: 'appr_a', task_id: 't1', decision: 'deny', by: 'x' } });
    expect(applyApprovalEvent(r, resolved, 'resolved')).toBe(true);
    expect(applyApprovalEvent(r, resolved, 'resolved')).toBe(false);
    expect(r.state.approvals?.['appr_a']?.status).toBe('deny');
  });

  it('lets only the named role decide what was requested, the first decision standing', () => {
    const r = rec();
    applyApprovalEvent(r, requested('worker-triage'), 'requested');
    const d = { task_id: 't1', role: 'triage', decision: 'approve' as const };
    expect(checkApprovalDecision(r, 'appr_never', d, ['clinician'])).toEqual({ ok: false, refusal: 'approval.unknown' });
    expect(checkApprovalDecision(r, 'appr_a', { ...d, role: 'research' }, ['clinician'])).toEqual({ ok: false, refusal: 'approval.mismatch' });
    expect(checkApprovalDecision(r, 'appr_a', d, ['ops'])).toEqual({ ok: false, refusal: 'approval.role' });
    expect(checkApprovalDecision(r, 'appr_a', d, ['clinician'])).toMatchObject({ ok: true, duplicate: false });
    r.state.approvals!['appr_a']!.status = 'approve';
    expect(checkApprovalDecision(r, 'appr_a', d, ['clinician'])).toMatchObject({ ok: true, duplicate: true });
    expect(checkApprovalDecision(r, 'appr_a', { ...d, decision: 'deny' }, ['clinician'])).toEqual({ ok: false, refusal: 'approval.decided' });
  });
});

describe('idempotency mapping', () => {
  it('of ten concurrent claims one wins; the same fingerprint replays its id, another is 409', async () => {
    const store = new IdempotencyStore(new InMemoryKvStore());
    const claims = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.claim('h1', 'k', i < 5 ? 'fp-a' : `fp-${i}`, newRequestId)));
    const ok = claims.filter((c): c is PromiseFulfilledResult<{ request_id: string; fresh: boolean }> => c.status === 'fulfilled');
    expect(ok.filter((c) => c.value.fresh)).toHaveLength(1);
    const winner = claims.findIndex((c) => c.status === 'fulfilled' && c.value.fresh);
    // Everyone with the winner's fingerprint replays; everyone else is refused.
    expect(ok).toHaveLength(winner < 5 ? 5 : 1);
    expect(new Set(ok.map((c) => c.value.request_id)).size).toBe(1);
    expect(claims.filter((c) => c.status === 'rejected').every((c) => (c as PromiseRejectedResult).reason.code === 'CONFLICT')).toBe(true);
    // Scoped by tenant: the same key in h2 is a new request.
    expect((await store.claim('h2', 'k', 'fp-a', newRequestId)).fresh).toBe(true);
  });

  it('ids are 128 random bits', () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
  });
});
