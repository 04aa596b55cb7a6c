import { buildEvent, payloadOf, subjectFor, type Contribution, type Envelope } from '@medagent/contracts';
import { InProcessBus } from '@medagent/bus';
import { ScriptedChatModel, StubSkill, makeTaskPackage } from '@medagent/agent/testing';
import { BusApprovalGate } from './approval-gate';
import { TaskRunner } from './task-runner';

async function runWithDecision(decision: 'approve' | 'deny'): Promise<{ contribution: Contribution; skill: StubSkill; requested: Envelope[] }> {
  const bus = new InProcessBus();
  const skill = new StubSkill('check_medication_safety', { auth_scope: 'requires_approval' });
  const model = new ScriptedChatModel([
    ScriptedChatModel.toolCalls([{ name: 'check_medication_safety', args: { drugs: ['华法林', '布洛芬'] } }]),
    ScriptedChatModel.text('answer written after the approval decision'),
  ]);
  const runner = new TaskRunner({ role: 'triage', bus, skills: [skill], model, approvals: new BusApprovalGate(bus, 'triage') });
  const requested: Envelope[] = [];
  // A pharmacist resolving the approval (the CLI `medagent approve` / HTTP do the same publish).
  await bus.subscribe('medagent.approval.requested.triage', (e) => {
    requested.push(e);
    const p = payloadOf(e, 'approval.requested');
    void bus.publish(
      subjectFor('approval.resolved', 'triage'),
      buildEvent({
        type: 'approval.resolved',
        correlation_id: p.request_id,
        task_id: p.task_id,
        producer: 'ingress',
        payload: { approval_id: p.approval_id, task_id: p.task_id, decision, by: 'pharmacist-1', reason: 'checked' },
      }),
    );
  });
  let contribution: Contribution | undefined;
  await bus.subscribe('medagent.artifact.produced.triage', (e) => (contribution = payloadOf(e, 'artifact.produced').contribution));
  const pkg = makeTaskPackage({ agent: 'triage', task_type: 'risk_triage', request_id: 'r-ap', allowed_tools: ['check_medication_safety'] });
  await runner.run(buildEvent({ type: 'task.assigned', correlation_id: 'r-ap', task_id: pkg.task_id, producer: 'coordinator', payload: { package: pkg } }));
  await bus.close();
  if (!contribution) throw new Error('no contribution published');
  return { contribution, skill, requested };
}

describe('approval gate over the bus', () => {
  it('a requires_approval skill waits for approval.resolved; approve runs it', async () => {
    const { contribution, skill, requested } = await runWithDecision('approve');
    expect(requested).toHaveLength(1);
    expect(payloadOf(requested[0] as Envelope, 'approval.requested')).toMatchObject({ skill: 'check_medication_safety', request_id: 'r-ap' });
    expect(skill.calls).toHaveLength(1);
    expect(contribution.tool_ledger.map((l) => l.outcome)).toEqual(['ok']);
  });

  it('deny: the skill never runs, the ledger says denied, the task still answers', async () => {
    const { contribution, skill } = await runWithDecision('deny');
    expect(skill.calls).toHaveLength(0);
    expect(contribution.tool_ledger.map((l) => l.outcome)).toEqual(['denied']);
    expect(contribution.text).toContain('answer written after the approval decision');
  });
});
