import { requestIdFor } from '@medagent/contracts';
import { renderPrometheus } from '@medagent/telemetry';
import { MedagentClient, replayRequest } from '@medagent/runtime';
import { startRelayedDeployment, type RelayedDeployment } from '../testing/relayed';

// An asker whose own connection is away while its result is published (core subscriptions do
// not replay) still gets the result once it is back, and the request never runs twice. The
// broker and the services stay up; only the client's network goes, through a TCP relay.

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

describe('a client whose connection is away while its request runs', () => {
  let d: RelayedDeployment;
  beforeAll(async () => {
    // Three sequential model steps of 800 ms: time to take the client away and bring it back.
    d = await startRelayedDeployment('away-client', 800);
  });
  afterAll(async () => d?.close());

  const ask = (key: string) => {
    const client = new MedagentClient(d.relayed);
    const asked = client.ask({ message: SEED, user_id: 'u-away', session_id: 's', idempotency_key: key, channel: 'nats' }, { timeoutMs: 60_000 });
    // The client derives the id the same way; observing needs it before the ask resolves.
    const requestId = requestIdFor('u-away', key);
    return { asked, requestId, seen: (type: string, n = 1) => d.seen(requestId, type, n), count: (type: string) => d.count(requestId, type) };
  };

  it('gets the result published while it was away, once back; the request ran once', async () => {
    const { asked, requestId, seen, count } = ask('away-1');
    await seen('task.assigned');
    d.proxy.cut();
    await seen('request.completed'); // published while the client cannot hear it
    d.proxy.restore();
    const r = await asked;
    expect(r.status).toBe('completed');
    expect(r.record.request_id).toBe(requestId);
    expect(r.record.answer?.exit).toBe('synthesis');
    // One run: one plan, three assignments. The result went out twice (live: the original
    // and the announcement for the repeat), the stream kept one (same msg id).
    expect(count('plan.produced')).toBe(1);
    expect(count('task.assigned')).toBe(3);
    await seen('request.completed', 2);
    const stored = (await replayRequest(d.watcher, requestId)).map((l) => l.event);
    expect(stored.filter((e) => e === 'request.completed')).toHaveLength(1);
    expect(stored.filter((e) => e === 'request.submitted')).toHaveLength(2);
    expect(await renderPrometheus()).toMatch(/medagent_resubmissions_total\{outcome="announced"\} [1-9]/);
  });

  it('back before the result: the resubmission finds it running, and the result follows once', async () => {
    const { asked, seen, count } = ask('away-2');
    await seen('task.assigned');
    d.proxy.cut();
    d.proxy.restore();
    const r = await asked;
    expect(r.status).toBe('completed');
    await seen('request.completed');
    expect(count('request.submitted')).toBe(2); // the first and the marked repeat
    expect(count('plan.produced')).toBe(1);
    expect(count('task.assigned')).toBe(3);
    expect(count('request.completed')).toBe(1);
    expect(await renderPrometheus()).toMatch(/medagent_resubmissions_total\{outcome="running"\} [1-9]/);
  });
});
