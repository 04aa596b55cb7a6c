import { InProcessBus, type ConsumerHandle, type ConsumerSpec, type DeliveryHandler } from '@medagent/bus';
import { buildEvent, subjectFor, type Envelope } from '@medagent/contracts';
import { InMemoryMemoryStore } from '@medagent/memory';
import { startEmbedded, type EmbeddedRuntime } from './embedded';

// A request submitted again (same request id) is never run twice, and its asker still gets
// the result: announced again when the request is finished, by the run itself when not.

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';
const STROKE = '我爸突然一边手脚没力气，说话也不清楚了';

/** Resolves a waiter each time the coordinator's request.submitted handler has settled one message. */
class SubmissionWatchingBus extends InProcessBus {
  private waiters: (() => void)[] = [];
  override consume(spec: ConsumerSpec, handler: DeliveryHandler): Promise<ConsumerHandle> {
    if (!spec.subject.startsWith('medagent.request.submitted')) return super.consume(spec, handler);
    return super.consume(spec, async (d) => {
      try {
        await handler(d);
      } finally {
        const ws = this.waiters;
        this.waiters = [];
        for (const w of ws) w();
      }
    });
  }
  nextSubmissionHandled(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

describe('a request submitted again', () => {
  let rt: EmbeddedRuntime;
  let bus: SubmissionWatchingBus;
  beforeAll(async () => {
    bus = new SubmissionWatchingBus({ onError: () => undefined });
    rt = await startEmbedded({ bus, memory: new InMemoryMemoryStore() });
  });
  afterAll(async () => rt.close());

  it.each([
    ['a three-task request', SEED, 'synthesis'],
    ['an escalated request', STROKE, 'escalation'],
  ])('%s: the second ask gets the first result, and nothing runs again', async (_name, message, exit) => {
    const key = `again-${exit}`;
    const first = await rt.client.ask({ message, user_id: 'u-again', session_id: 's', idempotency_key: key });
    expect(first.record.answer?.exit).toBe(exit);
    const seen: string[] = [];
    const second = await rt.client.ask(
      { message, user_id: 'u-again', session_id: 's', idempotency_key: key },
      { onEvent: (e) => seen.push(e.event_type), timeoutMs: 5000 },
    );
    expect(second.status).toBe('completed');
    expect(second.record.request_id).toBe(first.record.request_id);
    expect(second.record.completed_at).toBe(first.record.completed_at);
    expect(second.record.answer?.text).toBe(first.record.answer?.text);
    // The repeated msg id is not stored (the in-process bus drops it like the stream does);
    // the client then submits once more under a fresh one, and only the result follows it.
    expect(seen.filter((t) => t !== 'request.submitted')).toEqual(['request.completed']);
    expect(seen.filter((t) => t === 'request.submitted')).toHaveLength(2);
  });

  it.each([
    ['unmarked, naming another user', 'u-intruder', false, 0],
    ['marked, naming another user', 'u-intruder', true, 0],
    ['unmarked, by its user (an integrator repeating it under a fresh msg id)', 'u-owner', false, 1],
    ['marked, by its user', 'u-owner', true, 1],
  ])('a finished request submitted again, %s: the expected results, the record untouched', async (_name, userId, resubmitted, expected) => {
    const mine = await rt.client.ask({ message: SEED, user_id: 'u-owner', session_id: 's', idempotency_key: `owned-${_name}` });
    const results: Envelope[] = [];
    const sub = await rt.bus.subscribe('medagent.request.*.coordinator', (e) => results.push(e));
    const again = buildEvent({
      type: 'request.submitted',
      correlation_id: mine.record.request_id,
      producer: 'ingress',
      payload: { request_id: mine.record.request_id, user_id: userId, session_id: 's', message: 'again', channel: 'nats', ...(resubmitted ? { resubmitted } : {}) },
    });
    const handled = bus.nextSubmissionHandled();
    await rt.bus.publish(subjectFor('request.submitted', 'ingress'), again, { msgId: `again-${_name}` });
    await handled;
    await new Promise((r) => setImmediate(r)); // subscribers run after publish returns
    expect(results).toHaveLength(expected);
    for (const r of results) expect((r.payload as { record: { answer: { text: string } } }).record.answer.text).toBe(mine.record.answer?.text);
    await sub.unsubscribe();
    const stored = await rt.kv.get<{ user_id: string; completed_at: string; question: string }>(`req.${mine.record.request_id}`);
    expect(stored?.value).toMatchObject({ user_id: 'u-owner', completed_at: mine.record.completed_at, question: SEED });
  });
});
