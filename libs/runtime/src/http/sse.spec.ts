import { SEED, post, readSse, startHarness, type Harness } from '../testing/ingress-harness';

describe('GET /v1/consultations/:id/events (Server-Sent Events)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const submit = async (message: string, user: string) => {
    const res = await post(`${h.url}/v1/consultations`, { message, user_id: user, session_id: 's1' });
    return ((await res.json()) as { request_id: string; events_url: string });
  };

  it('streams status, then task.started … request.completed in bus order, and closes', async () => {
    h.intake.ms = 400;
    try {
      const { request_id, events_url } = await submit(SEED, 'u-sse');
      const res = await fetch(`${h.url}${events_url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const frames = await readSse(res);
      const names = frames.map((f) => f.event);
      expect(names[0]).toBe('status');
      expect(names[names.length - 1]).toBe('request.completed');
      expect(frames.every((f) => f.data['request_id'] === request_id)).toBe(true);

      // Same order as the bus delivered them (the stream is a filtered view of it).
      const onBus = h.events.items.filter((e) => e.env.correlation_id === request_id).map((e) => e.env.event_id);
      const streamed = frames.filter((f) => f.id).map((f) => f.id!);
      expect(onBus.filter((id) => streamed.includes(id))).toEqual(streamed);

      for (const f of frames.filter((x) => x.event === 'task.completed')) {
        const tid = f.data['task_id'];
        const started = frames.findIndex((x) => x.event === 'task.started' && x.data['task_id'] === tid);
        expect(started).toBeGreaterThan(0);
        expect(started).toBeLessThan(frames.indexOf(f));
        expect(typeof f.data['duration_ms']).toBe('number');
      }
      expect(frames[0]!.data['status']).toBe('received');
      expect(names.filter((n) => n === 'task.started')).toHaveLength(3);
      expect(names.filter((n) => n === 'task.completed')).toHaveLength(3);
      expect(names.indexOf('synthesis.produced')).toBeGreaterThan(names.lastIndexOf('task.completed'));

      // Ids, types, statuses and durations only: no question, instruction or answer text.
      const wire = JSON.stringify(frames);
      expect(wire).not.toContain('血糖');
      expect(wire).not.toMatch(/"(message|text|instruction|question|snippet)"/);
    } finally {
      h.intake.ms = 0;
    }
  });

  it('a late subscriber gets the final state replayed and the stream still ends on the result', async () => {
    const { request_id, events_url } = await submit('二甲双胍的常见副作用有哪些？', 'u-sse-late');
    await fetch(`${h.url}/v1/consultations/${request_id}?wait=30`);
    const frames = await readSse(await fetch(`${h.url}${events_url}`));
    expect(frames.map((f) => f.event)).toEqual(['status', 'request.completed']);
    expect(frames[0]!.data).toMatchObject({ request_id, status: 'completed' });
    expect((frames[0]!.data['tasks'] as unknown[]).length).toBeGreaterThan(0);
    expect(frames[1]!.data).toMatchObject({ request_id, status: 'completed', replayed: true });
  });

  it('counts open streams and releases them when the client goes away', async () => {
    h.slow.ms = 2000;
    try {
      const { events_url } = await submit('高血压能喝咖啡吗？', 'u-sse-gone');
      const ac = new AbortController();
      const res = await fetch(`${h.url}${events_url}`, { signal: ac.signal });
      const reader = res.body!.getReader();
      await reader.read();
      const open = await (await fetch(`${h.url}/metrics`)).text();
      expect(open).toMatch(/medagent_ingress_sse_clients\{service="coordinator"\} 1\n/);
      ac.abort();
      await reader.read().catch(() => undefined);
      let text = '';
      for (let i = 0; i < 50; i++) {
        text = await (await fetch(`${h.url}/metrics`)).text();
        if (/medagent_ingress_sse_clients\{service="coordinator"\} 0\n/.test(text)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(text).toMatch(/medagent_ingress_sse_clients\{service="coordinator"\} 0\n/);
      expect(text).toMatch(/medagent_ingress_sse_clients_total\{service="coordinator"\} [1-9]/);
    } finally {
      h.slow.ms = 0;
    }
  });
});
