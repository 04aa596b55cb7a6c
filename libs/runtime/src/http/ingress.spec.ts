import Ajv2020 from 'ajv/dist/2020';
import { REQUEST_RECORD_JSON_SCHEMA, buildEvent, decodeEvent, subjectFor } from '@medagent/contracts';
import { SEED, post, startHarness, type Harness } from '../testing/ingress-harness';

interface Accepted {
  request_id: string;
  status_url: string;
  events_url: string;
}
interface ErrorJson {
  error: { code: string; message: string; details: Array<{ path: string; message: string }> };
}
interface StatusJson {
  request_id: string;
  status: string;
  record: { status: string; contributions: unknown[]; trace_id: string; answer?: { text: string } } | null;
}

describe('http ingress over a real embedded runtime', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const submit = async (body: object, headers: Record<string, string> = {}) => {
    const res = await post(`${h.url}/v1/consultations`, body, headers);
    return { res, json: (await res.json()) as Accepted & ErrorJson };
  };
  const waitFor = async (id: string, wait = 30) => {
    const res = await fetch(`${h.url}/v1/consultations/${id}?wait=${wait}`);
    return { res, json: (await res.json()) as StatusJson };
  };
  const completedOf = (id: string) => h.events.items.filter((e) => e.env.event_type === 'request.completed' && e.env.correlation_id === id);

  it('202 with urls, then GET ?wait returns the completed record with its contributions', async () => {
    const { res, json } = await submit({ message: '二甲双胍为什么要跟饭一起吃？', user_id: 'u1', session_id: 's1' });
    expect(res.status).toBe(202);
    expect(json.request_id).toMatch(/^req_/);
    expect(json.status_url).toBe(`/v1/consultations/${json.request_id}`);
    expect(json.events_url).toBe(`/v1/consultations/${json.request_id}/events`);
    expect(res.headers.get('location')).toBe(json.status_url);
    const got = await waitFor(json.request_id);
    expect(got.res.status).toBe(200);
    expect(got.json.status).toBe('completed');
    expect(got.json.record?.status).toBe('completed');
    expect(got.json.record?.contributions.length).toBeGreaterThan(0);
    expect(got.json.record?.answer?.text.length).toBeGreaterThan(0);
    const validate = new Ajv2020({ strict: false }).compile(REQUEST_RECORD_JSON_SCHEMA);
    expect(validate(got.json.record)).toBe(true);
    // Without wait: the same terminal record, immediately.
    const again = (await (await fetch(`${h.url}/v1/consultations/${json.request_id}`)).json()) as StatusJson;
    expect(again.record).toEqual(got.json.record);
  });

  it('the Chinese seed question completes with three contributions', async () => {
    const { json } = await submit({ message: SEED, user_id: 'u-seed', session_id: 's1', lang: 'zh' });
    const got = await waitFor(json.request_id);
    expect(got.json.status).toBe('completed');
    expect(got.json.record?.contributions).toHaveLength(3);
  });

  it('keeps the caller trace: traceparent in ⇒ same trace id on the record and the event', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const { json } = await submit(
      { message: 'What is HbA1c?', user_id: 'u-trace', session_id: 's1' },
      { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    );
    const got = await waitFor(json.request_id);
    expect(got.json.record?.trace_id).toBe(traceId);
    const submitted = h.events.items.find((e) => e.env.event_type === 'request.submitted' && e.env.correlation_id === json.request_id);
    expect(submitted?.env.traceparent?.split('-')[1]).toBe(traceId);
    expect(submitted?.env.producer).toBe('ingress');
    expect(submitted?.subject).toBe('medagent.request.submitted.ingress');
    expect((submitted?.env.payload as { channel?: string }).channel).toBe('http');
  });

  it('a duplicate with the same Idempotency-Key returns the same request id and never runs twice', async () => {
    const body = { message: '糖尿病患者可以吃水果吗？', user_id: 'u-dup', session_id: 's1' };
    const key = { 'Idempotency-Key': 'his-order-778812' };
    const [a, b] = await Promise.all([submit(body, key), submit(body, key)]);
    expect(a.json.request_id).toMatch(/^req_[0-9a-f]{32}$/); // random: nothing to compute it from
    expect(b.json.request_id).toBe(a.json.request_id);
    const id = a.json.request_id;
    await waitFor(id);
    const late = await submit(body, key);
    expect(late.res.status).toBe(202);
    expect(late.json.request_id).toBe(id);
    expect(late.res.headers.get('idempotent-replayed')).toBe('true');
    await h.events.where((e) => e.env.event_type === 'request.completed' && e.env.correlation_id === id);
    await h.events.none(400, 'events after the duplicate');
    expect(h.events.items.filter((e) => e.env.event_type === 'request.submitted' && e.env.correlation_id === id)).toHaveLength(1);
    expect(completedOf(id)).toHaveLength(1);
    // Keys are scoped by tenant: the same key from another user of the tenant is another body, 409.
    const other = await submit({ ...body, user_id: 'u-dup-2' }, key);
    expect(other.res.status).toBe(409);
    // Same key reused for a different question: a client bug, refused.
    const clash = await submit({ ...body, message: '另一个问题' }, key);
    expect(clash.res.status).toBe(409);
    expect(clash.json.error.code).toBe('CONFLICT');
    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(metrics).toMatch(/medagent_ingress_duplicate_submissions_total\{service="coordinator"\} [2-9]/);
  });

  it.each([
    ['missing message', { user_id: 'u', session_id: 's' }, 'message'],
    ['an unknown field', { message: 'hi', user_id: 'u', session_id: 's', patient_name: '张三' }, 'patient_name'],
    ['a wrong type', { message: 42, user_id: 'u', session_id: 's' }, 'message'],
    ['a bad lang', { message: 'hi', user_id: 'u', session_id: 's', lang: 'fr' }, 'lang'],
    ['a blank message', { message: '   ', user_id: 'u', session_id: 's' }, 'message'],
    ['a non-object body', ['hi'], ''],
  ])('400 CONTRACT_VIOLATION on %s, naming the path', async (_what, body, path) => {
    const { res, json } = await submit(body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(json.error.code).toBe('CONTRACT_VIOLATION');
    expect(json.error.message.length).toBeGreaterThan(0);
    expect(json.error.details.map((d) => d.path)).toContain(path);
    // Each detail: the path, a sentence, and the stable rule that refused it.
    for (const d of json.error.details) expect(Object.keys(d).sort()).toEqual(['message', 'path', 'rule']);
  });

  it('400 on invalid JSON and on a malformed Idempotency-Key; 415 on a non-JSON body', async () => {
    const bad = await post(`${h.url}/v1/consultations`, '{"message": ');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).error.code).toBe('CONTRACT_VIOLATION');
    const key = await submit({ message: 'hi', user_id: 'u', session_id: 's' }, { 'Idempotency-Key': 'has space' });
    expect(key.res.status).toBe(400);
    expect(key.json.error.details[0]?.path).toBe('header:Idempotency-Key');
    const text = await fetch(`${h.url}/v1/consultations`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    expect(text.status).toBe(415);
  });

  it('413 with a clear error on a body over 64 kB (declared or chunked)', async () => {
    const big = { message: 'x'.repeat(70_000), user_id: 'u', session_id: 's' };
    const res = await post(`${h.url}/v1/consultations`, big);
    expect(res.status).toBe(413);
    const json = (await res.json()) as ErrorJson;
    expect(json.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(json.error.message).toContain('65536');
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
        c.close();
      },
    });
    const chunked = await fetch(`${h.url}/v1/consultations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('404 JSON for an unknown request id and for unknown routes', async () => {
    const res = await fetch(`${h.url}/v1/consultations/req_doesnotexist`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorJson).error.code).toBe('NOT_FOUND');
    const waited = await fetch(`${h.url}/v1/consultations/req_doesnotexist?wait=5`);
    expect(waited.status).toBe(404);
    const sse = await fetch(`${h.url}/v1/consultations/req_doesnotexist/events`);
    expect(sse.status).toBe(404);
    const route = await fetch(`${h.url}/v2/nothing`);
    expect(route.status).toBe(404);
    expect(((await route.json()) as ErrorJson).error.code).toBe('NOT_FOUND');
    const bad = await fetch(`${h.url}/v1/consultations/${encodeURIComponent('a b')}?wait=x`);
    expect(bad.status).toBe(400);
  });

  it('GET ?wait returns the current state when the wait runs out', async () => {
    h.slow.ms = 1500;
    try {
      const { json } = await submit({ message: '高血压患者日常要注意什么？', user_id: 'u-slow', session_id: 's1' });
      const t0 = Date.now();
      const got = await waitFor(json.request_id, 0.3);
      expect(Date.now() - t0).toBeLessThan(1400);
      expect(got.res.status).toBe(200);
      expect(['received', 'pre_risk', 'planning', 'dispatched', 'synthesising', 'safety']).toContain(got.json.status);
      h.slow.ms = 0;
      expect((await waitFor(json.request_id)).json.status).toBe('completed');
    } finally {
      h.slow.ms = 0;
    }
  });

  it('openapi.json parses and names every route, the bodies, the error and the record', async () => {
    const res = await fetch(`${h.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/healthz', '/metrics', '/readyz', '/v1/approvals/{approval_id}', '/v1/consultations', '/v1/consultations/{id}', '/v1/consultations/{id}/events', '/v1/openapi.json', '/v1/patient-contexts'].sort(),
    );
    expect(Object.keys(doc.paths['/v1/consultations']!)).toEqual(['post']);
    expect(Object.keys(doc.paths['/v1/approvals/{approval_id}']!)).toEqual(['post']);
    for (const s of ['ConsultationRequest', 'Error', 'RequestRecord', 'ApprovalDecision', 'ConsultationStatus']) expect(doc.components.schemas[s]).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (JSON.stringify(schema).includes('$ref')) continue;
      expect(() => ajv.compile(schema as object)).not.toThrow();
      expect(name.length).toBeGreaterThan(0);
    }
  });

  it('healthz, readyz and metrics', async () => {
    const health = await fetch(`${h.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', service: 'coordinator' });
    const ready = await fetch(`${h.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { bus: true, kv: true } });
    const metrics = await fetch(`${h.url}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    for (const m of ['requests_accepted_total', 'duplicate_submissions_total', 'http_4xx_total', 'sse_clients']) {
      expect(text).toContain(`# TYPE medagent_ingress_${m} `);
    }
    expect(text).toMatch(/medagent_ingress_requests_accepted_total\{service="coordinator"\} [1-9]/);
    expect(text).toMatch(/medagent_ingress_http_4xx_total\{service="coordinator",status="400"\} [1-9]/);
  });

  it('approvals: publishes a valid approval.resolved on the task owner subject', async () => {
    // Slow workers keep the triage task open while the approval is asked and decided.
    h.slow.ms = 3000;
    const { json } = await submit({ message: SEED, user_id: 'u-appr', session_id: 's1' });
    const task = await openTask(h, json.request_id, 'triage').finally(() => (h.slow.ms = 0));
    const body = { task_id: task.task_id, request_id: json.request_id, role: 'triage', decision: 'approve', by: 'dr.wang', reason: 'reviewed' };
    // Never requested: refused, whatever the body says.
    const forged = await post(`${h.url}/v1/approvals/ap_test1`, body);
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as ErrorJson).error.details[0]).toMatchObject({ rule: 'approval.unknown' });
    // The triage worker asks (as its approval gate does), and the coordinator records it.
    await requestApproval(h, json.request_id, task.task_id, 'ap_test1');
    const res = await post(`${h.url}/v1/approvals/ap_test1`, body);
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ approval_id: 'ap_test1', decision: 'approve', status: 'published' });
    const [seen] = await h.events.where((e) => e.env.event_type === 'approval.resolved' && e.env.correlation_id === json.request_id);
    expect(seen!.subject).toBe('medagent.approval.resolved.triage');
    expect(() => decodeEvent(seen!.env)).not.toThrow();
    expect(seen!.env).toMatchObject({ producer: 'ingress', task_id: task.task_id });
    expect(seen!.env.payload).toEqual({ approval_id: 'ap_test1', task_id: task.task_id, decision: 'approve', by: 'dr.wang', reason: 'reviewed' });

    await requestApproval(h, json.request_id, task.task_id, 'ap_test2');
    const wrongRole = await post(`${h.url}/v1/approvals/ap_test2`, { ...body, role: 'research' });
    expect(wrongRole.status).toBe(400);
    const unknownReq = await post(`${h.url}/v1/approvals/ap_test3`, { ...body, request_id: 'req_nope' });
    expect(unknownReq.status).toBe(404);
    const badDecision = await post(`${h.url}/v1/approvals/ap_test4`, { ...body, decision: 'maybe' });
    expect(((await badDecision.json()) as ErrorJson).error.details[0]?.path).toBe('decision');
  });
});

/** What a worker's approval gate publishes; resolves once the coordinator has recorded it. */
async function requestApproval(h: Harness, requestId: string, taskId: string, approvalId: string): Promise<void> {
  const env = buildEvent({
    type: 'approval.requested',
    correlation_id: requestId,
    task_id: taskId,
    producer: 'worker-triage',
    payload: { approval_id: approvalId, request_id: requestId, task_id: taskId, skill: 'check_medication_safety', reason: 'needs review', args_hash: 'h' },
  });
  await h.rt.bus.publish(subjectFor('approval.requested', 'triage'), env, { msgId: `approval:${approvalId}` });
  await until(async () => !!(await h.store.get(requestId, { fresh: true }))?.state.approvals?.[approvalId]);
}

async function openTask(h: Harness, requestId: string, agent: string): Promise<{ task_id: string }> {
  let found: { task_id: string } | undefined;
  await until(async () => {
    const rec = await h.store.get(requestId, { fresh: true });
    found = rec?.tasks.find((t) => t.agent === agent && (t.status === 'scheduled' || t.status === 'running'));
    return !!found;
  });
  return found!;
}

/** Re-reads (yielding to the event loop, no timers) until `cond` holds; fails after 10 s. */
async function until(cond: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached in 10 s');
    await new Promise<void>((r) => setImmediate(r));
  }
}
