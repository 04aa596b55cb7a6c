import { InMemoryMemoryStore } from '@medagent/memory';
import {
  ModelBadResponseError,
  buildEvent,
  payloadOf,
  subjectFor,
  type Envelope,
  type ServiceId,
} from '@medagent/contracts';
import type { ChatModel } from '@medagent/agent';
import { SafetyBoundary, loadCoordinatorConfig } from '@medagent/coordinator-core';
import { applyFinalSafety } from '@medagent/safety';
import { startEmbedded, type EmbeddedRuntime } from './embedded';
import type { AskResult } from './client';

const ALL: ServiceId[] = ['coordinator', 'lead', 'worker-consultation', 'worker-triage', 'worker-research'];
const SIMPLE = '二甲双胍为什么要跟饭一起吃？';
const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

async function withRuntime(
  opts: { services?: ServiceId[]; workerModel?: ChatModel; deadlines?: Partial<ReturnType<typeof loadCoordinatorConfig>> },
  fn: (rt: EmbeddedRuntime, boundary: SafetyBoundary) => Promise<void>,
): Promise<void> {
  const boundary = new SafetyBoundary();
  const rt = await startEmbedded({
    memory: new InMemoryMemoryStore(),
    services: opts.services ?? ALL,
    boundary,
    coordinator: loadCoordinatorConfig({}, opts.deadlines ?? {}),
    ...(opts.workerModel ? { workerModel: opts.workerModel } : {}),
  });
  try {
    await fn(rt, boundary);
  } finally {
    await rt.close();
  }
}

/** The boundary ran exactly once (plus its host recheck), and its output is a fixed point. */
function expectOneBoundaryPass(r: AskResult, boundary: SafetyBoundary, exit: string): void {
  expect(r.record.answer?.exit).toBe(exit);
  expect(boundary.applied).toBe(1);
  expect(boundary.rechecked).toBe(1);
  const text = r.record.answer?.text ?? '';
  const again = applyFinalSafety({
    text,
    lang: r.record.lang,
    escalated: r.record.prerisk?.decision === 'ESCALATE',
    ...(r.record.prerisk?.decision === 'ESCALATE' ? { escalation_category: r.record.prerisk.category } : {}),
  });
  expect(again.text).toBe(text);
  expect(r.record.answer?.safety_actions.length).toBeGreaterThan(0);
}

const failingModel: ChatModel = {
  name: 'always-fails',
  complete: async () => {
    throw new ModelBadResponseError('scripted non-retryable failure');
  },
};

describe('every user-visible exit passes the final safety boundary exactly once', () => {
  it('single worker', async () =>
    withRuntime({}, async (rt, b) => {
      const r = await rt.client.ask({ message: SIMPLE, user_id: 'u', session_id: 's' });
      expect(r.record.plan?.complexity).toBe('simple');
      expectOneBoundaryPass(r, b, 'single');
    }));

  it('synthesis', async () =>
    withRuntime({}, async (rt, b) => {
      const r = await rt.client.ask({ message: SEED, user_id: 'u', session_id: 's' });
      expectOneBoundaryPass(r, b, 'synthesis');
    }));

  it('escalation', async () =>
    withRuntime({}, async (rt, b) => {
      const r = await rt.client.ask({ message: '我爸突然一边手脚没力气，说话也不清楚了', user_id: 'u', session_id: 's' });
      expectOneBoundaryPass(r, b, 'escalation');
      expect(r.record.answer?.text.indexOf('120')).toBeLessThan(30);
    }));

  it('fallback plan: an invalid plan never reaches a worker', async () =>
    withRuntime({ services: ALL.filter((s) => s !== 'lead') }, async (rt, b) => {
      const assigned: Envelope[] = [];
      await rt.bus.subscribe('medagent.task.assigned.*', (e) => assigned.push(e));
      // This test plays a broken lead: it answers every plan request with an invalid plan.
      await rt.bus.subscribe('medagent.plan.requested.*', (e) => {
        const p = payloadOf(e, 'plan.requested');
        const bad = { complexity: 'simple', tasks: [{ task_id: 't1', task_type: 'risk_triage', agent: 'research', instruction: 'x' }] };
        void rt.bus.publish(
          subjectFor('plan.produced', 'lead'),
          buildEvent({ type: 'plan.produced', correlation_id: p.request_id, producer: 'lead', payload: { request_id: p.request_id, plan: bad, source: 'model' } }),
        );
      });
      const r = await rt.client.ask({ message: SIMPLE, user_id: 'u', session_id: 's' });
      expect(r.record.plan?.source).toBe('fallback');
      expect(r.record.plan?.fallback_reason).toContain('agent_owns_type');
      expect(assigned.map((e) => (e.payload as { package: { agent: string } }).package.agent)).toEqual(['consultation']);
      expectOneBoundaryPass(r, b, 'fallback');
    }));

  it('timeout with partial results: a worker that never answers', async () =>
    withRuntime(
      { services: ALL.filter((s) => s !== 'worker-research'), deadlines: { taskDeadlineMs: 400, maxTaskAttempts: 2, requestDeadlineMs: 20_000 } },
      async (rt, b) => {
        const r = await rt.client.ask({ message: SEED, user_id: 'u', session_id: 's' });
        const research = r.record.tasks.find((t) => t.agent === 'research');
        expect(research).toMatchObject({ status: 'failed', attempts: 2, error: { code: 'DEADLINE_EXCEEDED' } });
        expect(r.record.contributions).toHaveLength(2);
        expect(r.record.completeness).toBeLessThan(1);
        // Answered, but not in full: `partial` in the record and in the result event, never `completed`.
        expect(r.record.status).toBe('partial');
        expect(r.status).toBe('partial');
        expectOneBoundaryPass(r, b, 'synthesis');
      },
    ));

  it('request deadline with partial results', async () =>
    withRuntime(
      { services: ALL.filter((s) => s !== 'worker-research'), deadlines: { taskDeadlineMs: 60_000, requestDeadlineMs: 1500 } },
      async (rt, b) => {
        const r = await rt.client.ask({ message: SEED, user_id: 'u', session_id: 's' });
        expect(r.record.tasks.find((t) => t.agent === 'research')?.status).toBe('canceled');
        expect(r.record.completeness).toBeLessThan(1);
        expect([r.status, r.record.status]).toEqual(['partial', 'partial']);
        expectOneBoundaryPass(r, b, 'partial');
      },
    ));

  it('worker failure (non-retryable): error exit, request failed, still through the boundary', async () =>
    withRuntime({ workerModel: failingModel }, async (rt, b) => {
      const r = await rt.client.ask({ message: SIMPLE, user_id: 'u', session_id: 's' });
      expect(r.status).toBe('failed');
      expect(r.record.tasks[0]).toMatchObject({ status: 'failed', attempts: 1 });
      expectOneBoundaryPass(r, b, 'error');
    }));
});
