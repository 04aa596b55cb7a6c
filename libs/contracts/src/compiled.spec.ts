import type { ClassConstructor } from 'class-transformer';
import { compiledCheck } from './compiled';
import { decode } from './decode';
import { EnvelopeDto } from './events';
import { EVENT_PAYLOADS, buildEvent, decodeEvent } from './payloads';
import { TaskPlanDto } from './plan';
import { EVENT_TYPES, type EventType } from './events';

const evidence = { source_id: 'kb:ada-2025', title: 'ADA 2025', snippet: '…', score: 0.8, kb_version: 'kb-1', year: 2025, tool: 'search_guidelines' };
const contribution = {
  task_id: 't1',
  request_id: 'r1',
  agent: 'triage',
  task_type: 'risk_triage',
  attempt: 1,
  text: '建议近期就医',
  findings: ['餐后血糖偏高'],
  evidence: [evidence],
  risk_level: 'routine',
  tool_ledger: [{ call_id: 'c1', tool: 'assess_risk', args_hash: 'h', outcome: 'ok', latency_ms: 1.5, step: 1, tokens: { prompt: 10, completion: 2 } }],
  model_usage: { calls: 2, prompt_tokens: 100, completion_tokens: 20, model: 'offline' },
  input_hash: 'a'.repeat(64),
  warnings: [],
  completeness: 1,
  status: 'complete',
};
const pkg = {
  task_id: 't1',
  request_id: 'r1',
  plan_version: 1,
  task_type: 'risk_triage',
  agent: 'triage',
  instruction: '评估风险',
  scope: { user_id: 'u1', session_id: 's1', lang: 'zh' },
  context: { prerisk_decision: 'PASS', prerisk_category: 'none' },
  input_refs: ['kb:x'],
  expected_output: 'medagent.contribution/v1',
  allowed_tools: ['assess_risk'],
  budget: { max_steps: 6, max_tokens: 8000, deadline_at: '2026-11-30T10:00:00.000Z' },
  idempotency_key: 'r1:t1',
  attempt: 1,
};
const plan = { complexity: 'simple', tasks: [{ task_id: 't1', task_type: 'risk_triage', agent: 'triage', instruction: '评估' }] };

const SAMPLES: Partial<Record<EventType, object>> = {
  'request.submitted': { request_id: 'r1', user_id: 'u1', session_id: 's1', message: '头晕', lang: 'zh', channel: 'http', deadline_ms: 5000 },
  'plan.requested': { request_id: 'r1', message: '头晕', lang: 'zh', memory_summary: '' },
  'plan.produced': { request_id: 'r1', plan, source: 'rules' },
  'task.assigned': { package: pkg },
  'task.started': { task_id: 't1', attempt: 1, worker_instance: 'w1' },
  'artifact.produced': { contribution },
  'task.completed': { task_id: 't1', attempt: 1, duration_ms: 3, status: 'complete' },
  'task.failed': { task_id: 't1', attempt: 1, code: 'X', retryable: true, message: 'm' },
  'synthesis.requested': { request_id: 'r1', message: 'm', lang: 'en', plan, contributions: [contribution, contribution] },
  'synthesis.produced': { request_id: 'r1', text: 'answer', sources: [evidence] },
  'approval.resolved': { approval_id: 'a1', task_id: 't1', decision: 'deny', by: 'dr', reason: 'no' },
  'request.failed': { request_id: 'r1', code: 'C', message: 'm' },
};

/** Small seeded PRNG: the mutations are reproducible. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

// Strings validator.js measures specially (surrogate pairs, presentation sequences) are
// in the list too: the fast Length check must defer to it on exactly those.
const WEIRD: unknown[] = [undefined, null, '', 'x', 'zz'.repeat(3000), -1, 0, 1.5, 3, 1e9, true, [], [1], {}, { a: 1 }, 'triage', 'ESCALATE', '2026-11-30T10:00:00Z', 'a'.repeat(64), '😀'.repeat(2000), 'a\uFE0F'.repeat(2000), NaN];

function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...prefix, i])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...prefix, k]));
  return out;
}

function mutate(sample: object, r: () => number): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  const all = paths(copy);
  const path = all[Math.floor(r() * all.length)] ?? [];
  if (path.length === 0) return r() < 0.5 ? WEIRD[Math.floor(r() * WEIRD.length)] : { ...copy, extra_field: 1 };
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const roll = r();
  if (roll < 0.15) delete parent[last];
  else if (roll < 0.25 && !Array.isArray(parent)) parent['unknown_' + String(last)] = 'x';
  else parent[last] = WEIRD[Math.floor(r() * WEIRD.length)];
  return copy;
}

/** JSON with undefined made visible (a mutation may set a property to undefined). */
function show(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (x === undefined ? '<undefined>' : x)).slice(0, 2000);
}

function slowAccepts(cls: ClassConstructor<object>, v: unknown): boolean {
  try {
    decode(cls, v);
    return true;
  } catch {
    return false;
  }
}

describe('compiled validation (fast path) agrees with class-validator', () => {
  it('compiles every event payload class, the envelope and the task plan', () => {
    for (const t of EVENT_TYPES) expect(compiledCheck(EVENT_PAYLOADS[t])).toBeDefined();
    expect(compiledCheck(EnvelopeDto)).toBeDefined();
    expect(compiledCheck(TaskPlanDto)).toBeDefined();
  });

  it.each(Object.entries(SAMPLES))('%s: same verdict on the sample and 1,500 seeded mutations of it', (type, sample) => {
    const cls = EVENT_PAYLOADS[type as EventType];
    const fast = compiledCheck(cls);
    expect(fast?.(sample)).toBe(true);
    expect(slowAccepts(cls, sample)).toBe(true);
    const r = rng(type.length * 7919);
    let rejected = 0;
    for (let i = 0; i < 1500; i++) {
      const v = mutate(sample, r);
      const slow = slowAccepts(cls, v);
      if (!slow) rejected++;
      if (fast?.(v) !== slow) throw new Error(`disagree on ${show(v)}: slow=${slow}`);
    }
    // The mutations must actually exercise rejection, or this test proves nothing.
    expect(rejected).toBeGreaterThan(300);
  });

  it('envelopes: same verdict on 1,500 seeded mutations of a built event', () => {
    const env = buildEvent({ type: 'task.assigned', correlation_id: 'r1', task_id: 't1', producer: 'coordinator', payload: { package: pkg } as never, traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` });
    const fast = compiledCheck(EnvelopeDto);
    const r = rng(42);
    for (let i = 0; i < 1500; i++) {
      const v = mutate({ ...env, payload: {} }, r);
      expect([i, fast?.(v)]).toEqual([i, slowAccepts(EnvelopeDto, v)]);
    }
  });

  it('decodeEvent still reports every failing path from class-validator', () => {
    const env = buildEvent({ type: 'artifact.produced', correlation_id: 'r1', producer: 'worker-triage', payload: { contribution } as never });
    const bad = structuredClone(env) as { payload: { contribution: { evidence: { score: unknown }[] } } };
    (bad.payload.contribution.evidence[0] as { score: unknown }).score = 'high';
    expect(() => decodeEvent(bad)).toThrow(/contribution\.evidence\.0\.score/);
  });

  it('an owned decode hands back the same object, a plain decode a copy', () => {
    const env = buildEvent({ type: 'task.started', correlation_id: 'r1', producer: 'worker-triage', payload: { task_id: 't1', attempt: 1, worker_instance: 'w' } });
    const wire = JSON.parse(JSON.stringify(env)) as object;
    expect(decodeEvent(wire, { owned: true })).toBe(wire);
    const copy = decodeEvent(wire);
    expect(copy).not.toBe(wire);
    expect(copy).toEqual(wire);
  });
});
