import { ModelRateLimitedError, ModelBadResponseError } from '@medagent/contracts';
import { ScriptedChatModel } from '../testing/scripted-chat-model';
import { StubSkill, stubEvidence } from '../testing/stub-skills';
import { makeTaskPackage } from '../testing/fixtures';
import { loopWithFixedTokens, registryWith, triagePkg } from '../testing/loop-fixtures';

const S = ScriptedChatModel;
const loop = loopWithFixedTokens;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('AgentLoop', () => {
  it('runs a multi-step ReAct task and returns evidence, findings, ledger and usage', async () => {
    const search = new StubSkill('search_knowledge', {
      run: () => ({
        output: { hits: 2 },
        evidence: [stubEvidence('kb:a', 0.4), stubEvidence('kb:b', 0.9)],
        summary: 'Post-meal glucose above 11.1 mmol/L needs review.',
      }),
    });
    const risk = new StubSkill('assess_risk', {
      run: () => ({
        output: { risk_level: 'urgent' },
        evidence: [stubEvidence('kb:a', 0.8)],
        summary: 'Risk is urgent. See a doctor within 24 hours.',
      }),
    });
    const model = new S([
      S.toolCalls([{ name: 'search_knowledge', args: { query: '餐后血糖高 头晕' }, id: 'c1' }]),
      S.toolCalls([
        { name: 'assess_risk', args: { text: '餐后血糖高并头晕', severity: 'medium' }, id: 'c2' },
      ]),
      S.text('请尽快就医。'),
    ]);
    const res = await loop().run({ pkg: triagePkg(), model, registry: registryWith(search, risk) });

    expect(res.outcome).toBe('completed');
    expect(res.text).toBe('请尽快就医。');
    expect(res.completeness).toBe(1);
    expect(res.ledger.map((l) => [l.call_id, l.tool, l.outcome, l.step])).toEqual([
      ['c1', 'search_knowledge', 'ok', 1],
      ['c2', 'assess_risk', 'ok', 2],
    ]);
    expect(res.ledger[0]?.args_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.ledger[0]?.tokens?.prompt).toBeGreaterThan(0);
    expect(res.evidence.map((e) => [e.source_id, e.score])).toEqual([
      ['kb:b', 0.9],
      ['kb:a', 0.8],
    ]);
    expect(res.findings).toEqual(['Post-meal glucose above 11.1 mmol/L needs review.', 'Risk is urgent.']);
    expect(res.risk_level).toBe('urgent');
    expect(res.usage).toEqual({
      calls: 3,
      prompt_tokens: 150,
      completion_tokens: 30,
      model: 'scripted-model',
    });
    expect(res.model_calls.map((c) => c.estimated_prompt_tokens)).toEqual([100, 100, 100]);

    // The model saw only the task's prompt, never a transcript, and each observation once.
    const last = model.requests[2]!.messages;
    expect(last.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(last[3]!.content).toContain('Post-meal glucose above 11.1 mmol/L needs review.\ndata: {"hits":2}');
    expect(search.calls[0]!.ctx).toMatchObject({
      request_id: 'req-1',
      task_id: 't1',
      role: 'triage',
      lang: 'en',
    });
  });

  it('runs independent calls of one turn in parallel', async () => {
    let active = 0;
    let peak = 0;
    const slow = (name: string) =>
      new StubSkill(name, {
        run: async () => {
          active += 1;
          peak = Math.max(peak, active);
          await sleep(150);
          active -= 1;
          return { output: {}, evidence: [], summary: `${name} done.` };
        },
      });
    const model = new S([
      S.toolCalls([
        { name: 'search_knowledge', args: { query: 'a' } },
        { name: 'assess_risk', args: { text: 'a', severity: 'low' } },
        { name: 'analyze_symptoms', args: { symptoms: ['dizziness'] } },
      ]),
      S.text('ok'),
    ]);
    const res = await loop().run({
      pkg: triagePkg(),
      model,
      registry: registryWith(slow('search_knowledge'), slow('assess_risk'), slow('analyze_symptoms')),
    });
    expect(res.outcome).toBe('completed');
    expect(peak).toBe(3);
    // Every call id answered, in the order the model sent them.
    const sent = model.requests[1]!.messages;
    const ids = sent.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
    expect(sent.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []))).toEqual(ids);
    expect(res.ledger.map((l) => l.step)).toEqual([1, 1, 1]);
  });

  it('breaks a loop of the same failing call and fails the task non-retryably after N breaks', async () => {
    const bad = S.toolCalls([{ name: 'assess_risk', args: { text: 'x', severity: 'hihg' } }]);
    const model = new S([bad], 'scripted-model', 'repeat-last');
    const res = await loop({ validator: { maxIdenticalFailures: 1, maxLoopBreaks: 2 } }).run({
      pkg: triagePkg(),
      model,
      registry: registryWith(),
    });
    expect(res.outcome).toBe('failed');
    expect(res.error).toMatchObject({ code: 'TOOL_REJECTED', retryable: false });
    expect(res.ledger.map((l) => l.outcome)).toEqual(['rejected', 'loop_broken', 'loop_broken']);
    expect(model.requests).toHaveLength(3);
  });

  it('returns a partial result when max_steps runs out, withdrawing tools on the last step', async () => {
    const model = new S(
      [S.toolCalls([{ name: 'search_knowledge', args: { query: 'q' } }])],
      'scripted-model',
      'repeat-last',
    );
    const pkg = triagePkg({
      budget: { max_steps: 3, max_tokens: 20_000, deadline_at: new Date(Date.now() + 60_000).toISOString() },
    });
    const res = await loop().run({ pkg, model, registry: registryWith() });
    expect(res.outcome).toBe('budget_exhausted');
    expect(res.completeness).toBeGreaterThan(0);
    expect(res.completeness).toBeLessThan(1);
    expect(res.text).toContain('search_knowledge result.');
    expect(res.error).toMatchObject({ code: 'BUDGET_EXHAUSTED' });
    expect(model.requests.map((r) => r.tools.length > 0)).toEqual([true, true, false]);
    expect(res.ledger).toHaveLength(2);
  });

  it('stops before a call that would exceed max_tokens', async () => {
    const model = new S(
      [
        S.toolCalls([{ name: 'search_knowledge', args: { query: 'q' } }], {
          prompt_tokens: 400,
          completion_tokens: 50,
        }),
      ],
      'm',
      'repeat-last',
    );
    const pkg = triagePkg({
      budget: { max_steps: 10, max_tokens: 1000, deadline_at: new Date(Date.now() + 60_000).toISOString() },
    });
    const res = await loop().run({ pkg, model, registry: registryWith() });
    expect(res.outcome).toBe('budget_exhausted');
    expect(res.warnings).toContain('budget exhausted: max_tokens');
    expect(res.usage.prompt_tokens + res.usage.completion_tokens).toBeLessThanOrEqual(1000);
  });

  it('ends at the deadline with a partial result, interrupting a slow model', async () => {
    const model = new S([
      S.toolCalls([{ name: 'search_knowledge', args: { query: 'q' } }]),
      async (req) => {
        await new Promise((_, reject) =>
          req.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
        return S.text('never');
      },
    ]);
    const pkg = triagePkg({
      budget: { max_steps: 5, max_tokens: 20_000, deadline_at: new Date(Date.now() + 300).toISOString() },
    });
    const res = await loop().run({ pkg, model, registry: registryWith() });
    expect(res.outcome).toBe('budget_exhausted');
    expect(res.error).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    expect(res.text).toContain('search_knowledge result.');
  });

  it('times a slow skill out and tells the model', async () => {
    const stuck = new StubSkill('search_knowledge', {
      timeout_ms: 100,
      run: () => new Promise(() => undefined),
    });
    const model = new S([
      S.toolCalls([{ name: 'search_knowledge', args: { query: 'q' } }]),
      S.text('answer without it'),
    ]);
    const res = await loop().run({ pkg: triagePkg(), model, registry: registryWith(stuck) });
    expect(res.outcome).toBe('completed');
    expect(res.ledger[0]).toMatchObject({ outcome: 'timeout', error_code: 'TOOL_TIMEOUT' });
    expect(stuck.calls[0]!.ctx.signal.aborted).toBe(true);
    expect(model.requests[1]!.messages.at(-1)!.content).toContain('did not answer within 100 ms');
  });

  it('reports a thrown skill error as an observation', async () => {
    const broken = new StubSkill('search_knowledge', {
      run: () => Promise.reject(new Error('index offline')),
    });
    const model = new S([S.toolCalls([{ name: 'search_knowledge', args: { query: 'q' } }]), S.text('fine')]);
    const res = await loop().run({ pkg: triagePkg(), model, registry: registryWith(broken) });
    expect(res.ledger[0]).toMatchObject({
      outcome: 'error',
      error_code: 'INTERNAL',
      detail: 'search_knowledge failed (INTERNAL)',
    });
    expect(model.requests[1]!.messages.at(-1)!.content).toContain('index offline');
  });

  it('skips a call when the skill rate limit has no free slot', async () => {
    const limited = new StubSkill('search_knowledge', { rate_limit: { per_minute: 1 } });
    const model = new S([
      S.toolCalls([{ name: 'search_knowledge', args: { query: 'a' } }]),
      S.toolCalls([{ name: 'search_knowledge', args: { query: 'b' } }]),
      S.text('done'),
    ]);
    const res = await loop({ rateLimitWaitMs: 0 }).run({
      pkg: triagePkg(),
      model,
      registry: registryWith(limited),
    });
    expect(res.ledger.map((l) => l.outcome)).toEqual(['ok', 'skipped']);
    expect(res.ledger[1]?.error_code).toBe('RATE_LIMITED');
  });

  it.each([
    ['MODEL_RATE_LIMITED', new ModelRateLimitedError('429', { retryAfterMs: 2000 }), true],
    ['MODEL_BAD_RESPONSE', new ModelBadResponseError('400'), false],
  ])('fails with the model error type (%s)', async (code, err, retryable) => {
    const res = await loop().run({
      pkg: triagePkg(),
      model: new S([{ throws: err }]),
      registry: registryWith(),
    });
    expect(res.outcome).toBe('failed');
    expect(res.error).toMatchObject({ code, retryable });
  });

  it('turns a model refusal into outcome refused', async () => {
    const res = await loop().run({
      pkg: triagePkg(),
      model: new S([S.refusal('I cannot help with that request.')]),
      registry: registryWith(),
    });
    expect(res).toMatchObject({
      outcome: 'refused',
      text: 'I cannot help with that request.',
      refusal_reason: 'I cannot help with that request.',
    });
    expect(res.error).toMatchObject({ code: 'TASK_REFUSED', retryable: false });
  });

  it('refuses to run a task of another role', async () => {
    const res = await loop().run({
      pkg: makeTaskPackage({ task_type: 'lifestyle_guidance' }),
      model: new S([]),
      registry: registryWith(),
    });
    expect(res.error).toMatchObject({ code: 'CAPABILITY_VIOLATION' });
  });

  it('enforces the package allowed_tools on top of the policy', async () => {
    const model = new S([
      S.toolCalls([{ name: 'assess_risk', args: { text: 'x', severity: 'low' } }]),
      S.text('ok'),
    ]);
    const res = await loop().run({
      pkg: triagePkg({ allowed_tools: ['search_knowledge'] }),
      model,
      registry: registryWith(),
    });
    expect(res.ledger[0]).toMatchObject({ outcome: 'rejected', error_code: 'CAPABILITY_VIOLATION' });
    expect(model.requests[0]!.tools.map((t) => t.function.name)).toEqual(['search_knowledge']);
  });
});
