import { InMemoryMemoryStore } from '@medagent/memory';
import { ModelBadResponseError, buildEvent, payloadOf, subjectFor, type Envelope, type ServiceId } from '@medagent/contracts';
import type { ChatModel } from '@medagent/agent';
import { SafetyBoundary, loadCoordinatorConfig } from '@medagent/coordinator-core';
import { fhirWarfarinBundle } from '@medagent/knowledge/testing';
import { startEmbedded, type EmbeddedRuntime } from './embedded';
import type { AskResult } from './client';

const ALL: ServiceId[] = ['coordinator', 'lead', 'worker-consultation', 'worker-triage', 'worker-research'];
const VIAGRA = 'I use nitroglycerin under my tongue for angina. My urologist suggested Viagra — is that OK?';
const COMPLEX = '我在吃华法林，膝盖疼想吃布洛芬，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新指南依据。';

async function withRuntime(
  opts: { services?: ServiceId[]; workerModel?: ChatModel; deadlines?: Partial<ReturnType<typeof loadCoordinatorConfig>> },
  fn: (rt: EmbeddedRuntime) => Promise<void>,
): Promise<void> {
  const rt = await startEmbedded({
    memory: new InMemoryMemoryStore(),
    services: opts.services ?? ALL,
    boundary: new SafetyBoundary(),
    coordinator: loadCoordinatorConfig({}, opts.deadlines ?? {}),
    ...(opts.workerModel ? { workerModel: opts.workerModel } : {}),
  });
  try {
    await fn(rt);
  } finally {
    await rt.close();
  }
}

/** The screen ran, its verdict is on the record, and its section opens the answer's medication part. */
function expectScreened(r: AskResult, exit: string, verdict: 'blocked' | 'caution' | 'ok'): string {
  expect(r.record.answer?.exit).toBe(exit);
  expect(r.record.medication_screen?.verdict).toBe(verdict);
  const text = r.record.answer?.text ?? '';
  const mark = r.record.lang === 'zh' ? '【用药安全筛查' : '[Medication screen';
  expect(text).toContain(mark);
  return text;
}

const failingModel: ChatModel = {
  name: 'always-fails',
  complete: async () => {
    throw new ModelBadResponseError('scripted non-retryable failure');
  },
};

describe('the coordinator medication screen runs on every request naming a drug, through every exit', () => {
  it('single: sildenafil + nitroglycerin is blocked whatever the plan, and every task gets the findings', async () =>
    withRuntime({}, async (rt) => {
      const assigned: Envelope[] = [];
      await rt.bus.subscribe('medagent.task.assigned.*', (e) => assigned.push(e));
      const r = await rt.client.ask({ message: VIAGRA, user_id: 'u', session_id: 's' });
      const text = expectScreened(r, r.record.answer?.exit ?? 'single', 'blocked');
      expect(text.indexOf('[Medication screen: BLOCKED]')).toBeGreaterThanOrEqual(0);
      expect(r.record.medication_screen?.findings.map((f) => f.edge_id)).toContain('ddi:pde5_inhibitor:nitrate');
      expect(assigned.length).toBeGreaterThan(0);
      for (const e of assigned) {
        const pkg = payloadOf(e, 'task.assigned').package;
        expect(pkg.context.medication_verdict).toBe('blocked');
        expect(pkg.input_refs).toContain('medgraph:ddi:pde5_inhibitor:nitrate');
      }
    }));

  it('synthesis', async () =>
    withRuntime({}, async (rt) => {
      const r = await rt.client.ask({ message: COMPLEX, user_id: 'u', session_id: 's' });
      expect(r.record.plan?.complexity).toBe('complex');
      expectScreened(r, 'synthesis', 'blocked');
    }));

  it('fallback: an invalid plan still answers with the screen', async () =>
    withRuntime({ services: ALL.filter((s) => s !== 'lead') }, async (rt) => {
      await rt.bus.subscribe('medagent.plan.requested.*', (e) => {
        const p = payloadOf(e, 'plan.requested');
        const bad = { complexity: 'simple', tasks: [{ task_id: 't1', task_type: 'risk_triage', agent: 'research', instruction: 'x' }] };
        void rt.bus.publish(
          subjectFor('plan.produced', 'lead'),
          buildEvent({ type: 'plan.produced', correlation_id: p.request_id, producer: 'lead', payload: { request_id: p.request_id, plan: bad, source: 'model' } }),
        );
      });
      const r = await rt.client.ask({ message: VIAGRA, user_id: 'u', session_id: 's' });
      expectScreened(r, 'fallback', 'blocked');
    }));

  it('partial: the request deadline still opens with the screen', async () =>
    withRuntime({ services: ALL.filter((s) => s !== 'worker-research'), deadlines: { taskDeadlineMs: 60_000, requestDeadlineMs: 1500 } }, async (rt) => {
      const r = await rt.client.ask({ message: COMPLEX, user_id: 'u', session_id: 's' });
      expectScreened(r, 'partial', 'blocked');
    }));

  it('error: no contribution at all, the screen is still in the answer', async () =>
    withRuntime({ workerModel: failingModel }, async (rt) => {
      const r = await rt.client.ask({ message: VIAGRA, user_id: 'u', session_id: 's' });
      expect(r.status).toBe('failed');
      expectScreened(r, 'error', 'blocked');
    }));

  it('escalation: an overdose answer never says "no conflicts found"; conflicts are shown', async () =>
    withRuntime({}, async (rt) => {
      const none = await rt.client.ask({ message: '我刚刚一口气吞了一整瓶阿普唑仑，现在很想睡', user_id: 'u', session_id: 's1' });
      expect(none.record.prerisk?.decision).toBe('ESCALATE');
      expect(none.record.medication_screen).toBeDefined();
      const text = none.record.answer?.text ?? '';
      expect(text).not.toMatch(/未发现|no (known )?conflicts? found|未见/i);
      expect(text).not.toContain('【用药安全筛查');
      const withConflict = await rt.client.ask({ message: 'I just swallowed 30 ibuprofen tablets on purpose, and I take warfarin', user_id: 'u', session_id: 's2' });
      expect(withConflict.record.prerisk?.decision).toBe('ESCALATE');
      expect(withConflict.record.answer?.text).toContain('[Medication screen: BLOCKED]');
      expect(withConflict.record.answer?.text).not.toMatch(/no (known )?conflicts? found/i);
    }));

  it('patient context: a FHIR Bundle on the submission feeds the screen; only named entities produce findings', async () =>
    withRuntime({}, async (rt) => {
      const ctx = await rt.client.ask({ message: 'My knee hurts. Can I take ibuprofen?', user_id: 'u', session_id: 's', patient_context: fhirWarfarinBundle() });
      expect(ctx.record.medication_screen?.verdict).toBe('blocked');
      expect(ctx.record.medication_screen?.inputs.patient_context).toBe(true);
      const man = await rt.client.ask({ message: "I'm a 45-year-old man with knee pain. Can I take ibuprofen?", user_id: 'u2', session_id: 's' });
      expect(man.record.medication_screen?.findings.filter((f) => f.severity !== 'LOW')).toEqual([]);
      expect(man.record.medication_screen?.findings.some((f) => /warfarin|pregnan/i.test(f.between.join(' ')))).toBe(false);
    }));

  it('memory never feeds the screen: an earlier question’s drug is not screened again', async () =>
    withRuntime({}, async (rt) => {
      await rt.client.ask({ message: '我在吃神仙丸和华法林', user_id: 'u', session_id: 's' });
      const r = await rt.client.ask({ message: '布洛芬一天最多吃几片？', user_id: 'u', session_id: 's' });
      expect(r.record.medication_screen?.blind_spots ?? []).not.toContain('神仙丸');
      expect(r.record.medication_screen?.verdict).toBe('ok');
    }));

  it('no drug named: no screen, no section', async () =>
    withRuntime({}, async (rt) => {
      const r = await rt.client.ask({ message: '高血压患者日常饮食要注意什么？', user_id: 'u', session_id: 's' });
      expect(r.record.medication_screen).toBeUndefined();
      expect(r.record.answer?.text).not.toContain('【用药安全筛查');
    }));
});
