import OpenAI from 'openai';
import { AgentLoop } from '../loop/agent-loop';
import { ToolRegistry } from '../registry/tool-registry';
import { ScriptedOpenAIServer, reply } from '../testing/scripted-openai-server';
import { StubSkill, allStubSkills, stubEvidence } from '../testing/stub-skills';
import { makeTaskPackage } from '../testing/fixtures';
import { OpenAIChatModel } from './openai-chat-model';
import { backoffDelay, parseRetryAfter } from './retry';

const tokens = { text: (t: string) => Math.ceil(t.length / 4), messages: () => 100 };
const pkg = () =>
  makeTaskPackage({ task_type: 'risk_triage', instruction: 'Assess "dizzy after meals, glucose 13 mmol/L"' });

describe('OpenAIChatModel through the real SDK', () => {
  let server: ScriptedOpenAIServer;
  let registry: ToolRegistry;
  let risk: StubSkill;

  beforeEach(async () => {
    server = new ScriptedOpenAIServer();
    await server.start();
    risk = new StubSkill('assess_risk', {
      run: () => ({
        output: { risk_level: 'urgent' },
        evidence: [stubEvidence('kb:r', 0.7)],
        summary: 'Urgent review advised.',
      }),
    });
    registry = ToolRegistry.forRole('triage', [
      ...allStubSkills().filter((s) => s.definition.name !== 'assess_risk'),
      risk,
    ]);
  });
  afterEach(() => server.close());

  const model = (o: Partial<ConstructorParameters<typeof OpenAIChatModel>[0]> = {}) =>
    new OpenAIChatModel({
      baseURL: server.baseURL,
      apiKey: 'test-key',
      model: 'gpt-test',
      timeoutMs: 2_000,
      maxRetries: 2,
      backoffBaseMs: 10,
      ...o,
    });
  const run = (m = model()) => new AgentLoop({ tokens }).run({ pkg: pkg(), model: m, registry });

  it('runs a normal multi-step tool-calling task', async () => {
    server.enqueue(
      reply.toolCalls([
        { name: 'assess_risk', args: { text: 'dizzy after meals', severity: 'medium' }, id: 'a1' },
        { name: 'search_knowledge', args: { query: 'post-meal dizziness hyperglycaemia' }, id: 'a2' },
      ]),
      reply.toolCalls([{ name: 'analyze_symptoms', args: { symptoms: ['dizziness'] }, id: 'a3' }]),
      reply.text('See a doctor within 24 hours.', { prompt_tokens: 300, completion_tokens: 12 }),
    );
    const res = await run();
    expect(res.outcome).toBe('completed');
    expect(res.text).toBe('See a doctor within 24 hours.');
    expect(res.ledger.map((l) => [l.call_id, l.outcome, l.step])).toEqual([
      ['a1', 'ok', 1],
      ['a2', 'ok', 1],
      ['a3', 'ok', 2],
    ]);
    expect(res.usage).toEqual({ calls: 3, prompt_tokens: 540, completion_tokens: 72, model: 'gpt-test' });
    const chats = server.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chats).toHaveLength(3);
    const first = chats[0]!.body;
    expect(first['model']).toBe('gpt-test');
    expect(
      (first['tools'] as { type: string; function: { name: string } }[]).map((t) => t.function.name),
    ).toEqual(expect.arrayContaining(['assess_risk', 'search_knowledge']));
    // The assistant turn and both tool results went back in OpenAI's wire format.
    const third = chats[2]!.body['messages'] as Record<string, unknown>[];
    expect(third[2]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { id: 'a1', type: 'function' },
        { id: 'a2', type: 'function' },
      ],
    });
    expect(third[3]).toMatchObject({ role: 'tool', tool_call_id: 'a1' });
    expect(String(third[3]!['content'])).toContain('Urgent review advised.');
  });

  it('rejects a hallucinated tool name with an observation listing the real tools', async () => {
    server.enqueue(
      reply.toolCalls([{ name: 'order_lab_test', args: { test: 'hba1c' }, id: 'h1' }]),
      reply.text('Answer without labs.'),
    );
    const res = await run();
    expect(res.outcome).toBe('completed');
    expect(res.ledger[0]).toMatchObject({
      tool: 'order_lab_test',
      outcome: 'rejected',
      error_code: 'UNKNOWN_TOOL',
    });
    const msgs = server.requests[1]!.body['messages'] as { role: string; content: string }[];
    expect(msgs.at(-1)!.content).toMatch(/no tool named "order_lab_test".*assess_risk/);
  });

  it('corrects a bad enum on the next turn', async () => {
    server.enqueue(
      reply.toolCalls([{ name: 'assess_risk', args: { text: 'dizzy', severity: 'hihg' }, id: 'e1' }]),
      reply.toolCalls([{ name: 'assess_risk', args: { text: 'dizzy', severity: 'high' }, id: 'e2' }]),
      reply.text('Urgent.'),
    );
    const res = await run();
    expect(res.ledger.map((l) => l.outcome)).toEqual(['rejected', 'ok']);
    expect(res.ledger[0]?.error_code).toBe('INVALID_ARGUMENTS');
    const msgs = server.requests[1]!.body['messages'] as { content: string }[];
    expect(msgs.at(-1)!.content).toContain('did you mean "high"?');
    expect(risk.calls.map((c) => c.input)).toEqual([{ text: 'dizzy', severity: 'high' }]);
  });

  it('reports malformed JSON arguments as an error observation', async () => {
    server.enqueue(
      reply.toolCalls([{ name: 'assess_risk', args: '{"text": "dizzy", severity: high', id: 'm1' }]),
      reply.text('ok'),
    );
    const res = await run();
    expect(res.ledger[0]).toMatchObject({ outcome: 'rejected', error_code: 'MALFORMED_ARGUMENTS' });
    expect(risk.calls).toHaveLength(0);
    const msgs = server.requests[1]!.body['messages'] as { content: string }[];
    expect(msgs.at(-1)!.content).toContain('not valid JSON');
  });

  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    server.enqueue(reply.error(429, 'slow down', { 'retry-after': '1' }), reply.text('Fine after waiting.'));
    const res = await run();
    expect(res.outcome).toBe('completed');
    const [a, b] = server.requests;
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(950);
    expect(b!.at - a!.at).toBeLessThan(2_000);
  });

  it('honours retry-after-ms over backoff', async () => {
    server.enqueue(reply.error(503, 'busy', { 'retry-after-ms': '250' }), reply.text('ok'));
    const t0 = Date.now();
    await model().complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(240);
    expect(server.requests).toHaveLength(2);
  });

  it('fails retryable with retryAfterMs when 429 persists', async () => {
    server.enqueue(
      ...Array.from({ length: 3 }, () => reply.error(429, 'slow down', { 'retry-after-ms': '20' })),
    );
    const res = await run();
    expect(res.outcome).toBe('failed');
    expect(res.error).toMatchObject({ code: 'MODEL_RATE_LIMITED', retryable: true, retryAfterMs: 20 });
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry an out-of-quota 429 or a 4xx', async () => {
    server.enqueue(reply.error(429, 'quota', {}, 'insufficient_quota'));
    await expect(
      model().complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] }),
    ).rejects.toMatchObject({ code: 'MODEL_RATE_LIMITED', retryable: false });
    server.enqueue(reply.error(400, 'bad request'));
    const res = await run();
    expect(res.error).toMatchObject({ code: 'MODEL_BAD_RESPONSE', retryable: false });
    expect(server.requests).toHaveLength(2);
  });

  it('surfaces a timeout as a retryable failure', async () => {
    server.enqueue(...Array.from({ length: 2 }, () => ({ ...reply.text('too late'), delayMs: 1_500 })));
    const t0 = Date.now();
    const res = await run(model({ timeoutMs: 200, maxRetries: 1 }));
    expect(res.outcome).toBe('failed');
    expect(res.error).toMatchObject({ code: 'MODEL_UNAVAILABLE', retryable: true });
    expect(res.error?.message).toContain('timed out');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  it('retries a 5xx with backoff and maps connection errors', async () => {
    server.enqueue(reply.error(502, 'bad gateway'), reply.text('recovered'));
    const ok = await model().complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(ok.message.content).toBe('recovered');
    const dead = new OpenAIChatModel({
      baseURL: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      model: 'm',
      maxRetries: 0,
    });
    await expect(
      dead.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] }),
    ).rejects.toMatchObject({ code: 'MODEL_UNAVAILABLE', retryable: true });
  });

  it('turns a refusal into outcome refused', async () => {
    server.enqueue(reply.refusal('I can’t help with that.'));
    const res = await run();
    expect(res).toMatchObject({ outcome: 'refused', refusal_reason: 'I can’t help with that.' });
    expect(res.error).toMatchObject({ code: 'TASK_REFUSED', retryable: false });
  });

  it('treats a content_filter finish as a refusal', async () => {
    server.enqueue(reply.contentFilter());
    expect(await run()).toMatchObject({ outcome: 'refused', refusal_reason: 'content_filter' });
  });

  it('serves embeddings to the SDK (float and base64)', async () => {
    const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'k', maxRetries: 0 });
    const res = await client.embeddings.create({ model: 'embed-test', input: ['糖尿病', 'diabetes'] });
    expect(res.data).toHaveLength(2);
    expect(res.data[0]!.embedding).toHaveLength(8);
    const again = await client.embeddings.create({
      model: 'embed-test',
      input: '糖尿病',
      encoding_format: 'float',
    });
    expect(again.data[0]!.embedding[0]).toBeCloseTo(res.data[0]!.embedding[0]!, 5);
  });
});

describe('retry helpers', () => {
  const h = (o: Record<string, string>) => new Headers(o);
  it('parses Retry-After as seconds, HTTP date, or retry-after-ms', () => {
    expect(parseRetryAfter(h({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(h({ 'retry-after-ms': '150', 'retry-after': '3' }))).toBe(150);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter(h({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
  it('backs off exponentially with bounded jitter', () => {
    expect(backoffDelay(0, 100, 1000, () => 0)).toBe(50);
    expect(backoffDelay(2, 100, 1000, () => 1)).toBe(400);
    expect(backoffDelay(10, 100, 1000, () => 1)).toBe(1000);
  });
});
