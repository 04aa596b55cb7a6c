import { buildEvent, payloadOf, type Envelope, type TaskPackage } from '@medagent/contracts';
import type { Bus, Delivery, PublishOptions } from '@medagent/bus';
import { type ChatRequest } from '@medagent/agent';
import { ScriptedChatModel, makeTaskPackage } from '@medagent/agent/testing';
import { Heartbeats, TaskRunner, inputHashOf, slowInputHashOf } from './task-runner';

interface Published {
  subject: string;
  env: Envelope;
  opts: PublishOptions | undefined;
}

function recordingBus(): { bus: Bus; published: Published[] } {
  const published: Published[] = [];
  const bus = {
    kind: 'in-process',
    publish: (subject: string, env: Envelope, opts?: PublishOptions) => {
      published.push({ subject, env, opts });
      return Promise.resolve({ duplicate: false, seq: published.length });
    },
  } as unknown as Bus;
  return { bus, published };
}

function assigned(pkg: TaskPackage): Envelope {
  return buildEvent({ type: 'task.assigned', correlation_id: pkg.request_id, task_id: pkg.task_id, producer: 'coordinator', payload: { package: pkg } });
}

function fakeDelivery(): Delivery & { beats: number } {
  const d = {
    beats: 0,
    working: () => {
      d.beats += 1;
      return Promise.resolve();
    },
  };
  return d as unknown as Delivery & { beats: number };
}

describe('inputHashOf', () => {
  const variants: TaskPackage[] = [
    makeTaskPackage(),
    makeTaskPackage({ task_type: 'risk_triage', allowed_tools: ['search_knowledge', 'assess_risk', 'analyze_symptoms'] }),
    makeTaskPackage({
      task_type: 'clinical_research',
      instruction: '评估风险与就医时机：「严重吗、应该何时就医？」；背景：「我最近餐后血糖偏高、偶尔头晕」 "quoted" \\ \n\t\u0001 \u2028',
      context: { prerisk_decision: 'PASS', prerisk_category: 'none', memory_summary: 'a "summary" \u{1F600}' },
      input_refs: ['artifact:t2', 'kb:doc-1'],
      allowed_tools: ['z_tool', 'a_tool', 'm_tool', 'a_tool'],
      scope: { user_id: 'u', session_id: 's', lang: 'zh' },
    }),
    makeTaskPackage({ context: { memory_summary: undefined, prerisk_category: 'x' } as TaskPackage['context'] }),
    makeTaskPackage({ context: undefined as unknown as TaskPackage['context'] }),
    makeTaskPackage({ context: { prerisk_decision: 'ESCALATE', memory_summary: '' } }),
    makeTaskPackage({ context: { memory_summary: 'm', prerisk_category: 'c', prerisk_decision: 'PASS', 'z"\u00e9': 'x', B: 'y', _: 'q' } as TaskPackage['context'] }),
    makeTaskPackage({ context: { memory_summary: 'only', prerisk_category: undefined } as TaskPackage['context'] }),
    // A context that is not a flat object of strings goes through canonicalJson itself.
    makeTaskPackage({ context: { memory_summary: 'n', extra: { b: 2, a: [1, { d: null, c: undefined }] } } as unknown as TaskPackage['context'] }),
    makeTaskPackage({ context: { prerisk_category: 5, flag: true, none: null } as unknown as TaskPackage['context'] }),
    makeTaskPackage({ context: ['a', 'b'] as unknown as TaskPackage['context'] }),
    makeTaskPackage({ context: null as unknown as TaskPackage['context'] }),
    makeTaskPackage({ context: {} }),
    // Not what a decoded package holds: these go through hashOf itself.
    makeTaskPackage({ input_refs: [1, 'a'] as unknown as string[] }),
    makeTaskPackage({ scope: { user_id: 'u', session_id: 's', lang: 7 } as unknown as TaskPackage['scope'] }),
  ];

  it.each(variants.map((p, i) => [i, p] as const))('matches the canonical-JSON hash of its fields (%i)', (_i, pkg) => {
    expect(inputHashOf(pkg)).toBe(slowInputHashOf(pkg));
  });

  it('matches it across many allowed lists, repeated, reordered and changed after use', () => {
    const names = ['search_knowledge', 'assess_risk', 'analyze_symptoms', 'disease_code', 'deep_research'];
    const lists: string[][] = [];
    for (let i = 0; i < 12; i++) lists.push(names.slice(i % 5).concat(names.slice(0, i % 3)).reverse());
    let n = 0;
    for (let round = 0; round < 3; round++) {
      for (const list of lists) {
        const pkg = makeTaskPackage({ allowed_tools: [...list] });
        expect(inputHashOf(pkg)).toBe(slowInputHashOf(pkg));
        // A list edited in place after a task must not be mistaken for the one seen before.
        pkg.allowed_tools.push('z_tool');
        expect(inputHashOf(pkg)).toBe(slowInputHashOf(pkg));
        n++;
      }
    }
    expect(n).toBe(36);
  });

  it('is the sha-256 of the sorted-key JSON of the task-defining fields', () => {
    const pkg = variants[2] as TaskPackage;
    expect(inputHashOf(pkg)).toBe(slowInputHashOf(pkg));
    expect(inputHashOf({ ...pkg, allowed_tools: [...pkg.allowed_tools].reverse() })).toBe(inputHashOf(pkg));
    expect(inputHashOf({ ...pkg, instruction: `${pkg.instruction}.` })).not.toBe(inputHashOf(pkg));
  });
});

describe('TaskRunner', () => {
  it('publishes started, then the artifact (confirmed) and completed, with the same traceparent and deterministic ids', async () => {
    const { bus, published } = recordingBus();
    const runner = new TaskRunner({ role: 'consultation', bus, skills: [], model: new ScriptedChatModel([ScriptedChatModel.text('the answer')]) });
    const pkg = makeTaskPackage();
    const env = { ...assigned(pkg), traceparent: '00-0123456789abcdef0123456789abcdef-0123456789abcdef-01' };
    const delivery = fakeDelivery();
    await runner.run(env, delivery);
    expect(published.map((p) => [p.subject, p.env.event_type, p.opts])).toEqual([
      ['medagent.task.started.consultation', 'task.started', { msgId: 'started:req-1:t1:1', confirm: false }],
      ['medagent.artifact.produced.consultation', 'artifact.produced', { msgId: 'artifact:req-1:t1:1' }],
      ['medagent.task.completed.consultation', 'task.completed', { msgId: 'completed:req-1:t1:1', confirm: false }],
    ]);
    for (const p of published) {
      expect(p.env).toMatchObject({ correlation_id: 'req-1', task_id: 't1', producer: 'worker-consultation', traceparent: env.traceparent });
    }
    const c = payloadOf(published[1]?.env as Envelope, 'artifact.produced').contribution;
    expect(c).toMatchObject({ text: 'the answer', status: 'complete', completeness: 1, input_hash: inputHashOf(pkg) });
    expect(delivery.beats).toBe(0);
  });

  it('at the deadline the loop ends the task: an artifact with what it has and DEADLINE_EXCEEDED in its warnings', async () => {
    const { bus, published } = recordingBus();
    let aborted: unknown;
    const model = new ScriptedChatModel([
      (req: ChatRequest) =>
        new Promise<never>((_, reject) =>
          req.signal?.addEventListener('abort', () => {
            aborted = req.signal?.reason;
            reject(new Error('aborted'));
          }),
        ),
    ]);
    const runner = new TaskRunner({ role: 'consultation', bus, skills: [], model });
    const pkg = makeTaskPackage({ budget: { max_steps: 4, max_tokens: 20_000, deadline_at: new Date(Date.now() + 100).toISOString() } });
    await runner.run(assigned(pkg), fakeDelivery());
    expect(aborted).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    expect(published.map((p) => p.env.event_type)).toEqual(['task.started', 'artifact.produced', 'task.completed']);
    const c = payloadOf(published[1]?.env as Envelope, 'artifact.produced').contribution;
    expect(c.status).not.toBe('complete');
    expect(c.completeness).toBe(0);
    expect(c.warnings).toContain('budget exhausted: deadline');
  });

  it('a task past its deadline before it starts never calls the model', async () => {
    const { bus, published } = recordingBus();
    const model = new ScriptedChatModel([ScriptedChatModel.text('never')]);
    const runner = new TaskRunner({ role: 'consultation', bus, skills: [], model });
    const pkg = makeTaskPackage({ budget: { max_steps: 4, max_tokens: 20_000, deadline_at: new Date(Date.now() - 1).toISOString() } });
    await runner.run(assigned(pkg));
    expect(model.requests).toHaveLength(0);
    expect(payloadOf(published[1]?.env as Envelope, 'artifact.produced').contribution.warnings).toContain('budget exhausted: deadline');
  });
});

describe('Heartbeats', () => {
  it('touches a delivery on every second half-period tick it has seen, and stops with the last delivery', () => {
    const hb = new Heartbeats(60_000);
    const a = fakeDelivery();
    const b = fakeDelivery();
    hb.add(a);
    hb.tick(); // a: under half a period old at most → none yet
    expect(a.beats).toBe(0);
    hb.add(b);
    hb.tick();
    expect([a.beats, b.beats]).toEqual([1, 0]);
    hb.tick();
    expect([a.beats, b.beats]).toEqual([1, 1]);
    hb.tick();
    expect([a.beats, b.beats]).toEqual([2, 1]);
    hb.delete(a);
    hb.tick();
    expect([a.beats, b.beats]).toEqual([2, 2]);
    hb.delete(b);
    expect(hb.size).toBe(0);
    expect(hb.armed).toBe(true);
    hb.tick();
    expect([a.beats, b.beats]).toEqual([2, 2]);
    expect(hb.armed).toBe(false);
  });

  it('a failing heartbeat is swallowed', async () => {
    const hb = new Heartbeats(60_000);
    let calls = 0;
    const d = { working: () => (calls++, Promise.reject(new Error('gone'))) } as unknown as Delivery;
    hb.add(d);
    hb.tick();
    hb.tick();
    await Promise.resolve();
    hb.delete(d);
    hb.tick();
    expect(calls).toBe(1);
  });
});
