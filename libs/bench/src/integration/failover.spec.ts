import { randomBytes } from 'node:crypto';
import { JetStreamKvStore } from '@medagent/bus';
import { payloadOf, requestIdFor } from '@medagent/contracts';
import type { StoredRequest } from '@medagent/coordinator-core';
import { REQUEST_BUCKET } from '@medagent/runtime';
import { startObservedCluster, type ObservedCluster } from '../testing/observed-cluster';
import { askSeed } from '../testing/seed';

/**
 * Process failures over a real nats-server: a worker SIGKILLed mid-task (its task is
 * redelivered to another instance of the same durable) and the coordinator SIGKILLed
 * mid-request (a restarted instance resumes from the durable KV state).
 */
const WORKER_LATENCY_MS = 1500;

describe('failover with services as separate processes', () => {
  let harness: ObservedCluster | undefined;
  const diag = () => harness?.cluster.diagnostics() ?? '';
  const ask = (user: string) => askSeed(harness!.client, user, { timeoutMs: 90_000, diag });

  beforeAll(async () => {
    const slow = { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: String(WORKER_LATENCY_MS) };
    harness = await startObservedCluster(
      'failover',
      // Generous task deadline: redelivery, not the coordinator's retry, must rescue the task.
      { env: { MEDAGENT_TASK_DEADLINE_MS: '45000', MEDAGENT_REQUEST_DEADLINE_MS: '90000' } },
      [
        { name: 'coordinator' },
        { name: 'lead', env: { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: '0' } },
        { name: 'worker-consultation', env: slow },
        { name: 'worker-research', env: slow },
        // Two instances on one durable; a dead one's delivery comes back after 1.5 s.
        { name: 'worker-triage', instances: 2, env: { ...slow, MEDAGENT_WORKER_ACK_WAIT_MS: '1500', MEDAGENT_WORKER_CONCURRENCY: '2' } },
      ],
    );
  }, 240_000);

  afterAll(() => harness?.stop(), 60_000);

  it('(b) the triage worker running a task is SIGKILLed: the other instance gets the redelivery; the request completes exactly once', async () => {
    const { rec, cluster } = harness!;
    const { requestId, result: pending } = ask('u-b');
    const started = await rec.waitFor(
      (e) => e.env.correlation_id === requestId && e.env.event_type === 'task.started' && e.env.producer === 'worker-triage',
      60_000,
      'triage task.started',
      diag,
    );
    const taskId = started.env.task_id;
    const instance = payloadOf(started.env, 'task.started').worker_instance;
    const victim = cluster.byPid(Number(instance.split(':').pop()));
    expect(victim?.name).toBe('worker-triage');
    const survivor = cluster.live('worker-triage').find((i) => i !== victim);
    expect(survivor).toBeDefined();
    // Mid-task: the fake model is still "thinking" (1.5 s), nothing was published yet.
    expect(rec.of(requestId, 'task.completed').filter((e) => e.env.task_id === taskId)).toHaveLength(0);
    const killedAt = Date.now();
    expect((await cluster.kill(victim!, 'SIGKILL')).signal).toBe('SIGKILL');

    const r = await pending;
    expect(r.status).toBe('completed');
    expect(r.record.request_id).toBe(requestId);
    expect(r.record.contributions).toHaveLength(3);
    expect(r.record.answer?.exit).toBe('synthesis');
    const triage = r.record.tasks.find((t) => t.task_id === taskId);
    // Same attempt: the broker redelivered it; the coordinator never had to retry.
    expect(triage).toMatchObject({ status: 'completed', attempts: 1 });

    // The redelivery ran on the survivor (its task.started is deduplicated in the stream but seen on the wire).
    const restarted = rec.of(requestId, 'task.started').filter((e) => e.env.task_id === taskId && e.at >= killedAt);
    expect(restarted.map((e) => payloadOf(e.env, 'task.started').worker_instance.split(':').pop())).toContain(String(survivor!.pid));
    const completed = rec.of(requestId, 'task.completed').filter((e) => e.env.task_id === taskId);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(completed.every((e) => e.at > killedAt)).toBe(true);
    // The client's own subscription can see the result before the recorder has decoded it.
    await rec.waitFor((e) => e.env.correlation_id === requestId && e.env.event_type === 'request.completed', 10_000, 'request.completed recorded', diag);
    expect(rec.of(requestId, 'request.completed')).toHaveLength(1);
    expect(rec.of(requestId, 'request.failed')).toHaveLength(0);
  }, 120_000);

  it('(d) the coordinator is SIGKILLed mid-request and restarted: the request completes from the durable state', async () => {
    const { rec, cluster } = harness!;
    const { requestId, result: pending } = ask('u-d');
    // All three tasks have started: the workers are mid-model-call when the coordinator dies.
    await rec.until(() => rec.of(requestId, 'task.started').length >= 3, 60_000, 'three task.started', diag);
    const old = cluster.live('coordinator')[0]!;
    expect(rec.of(requestId, 'request.completed')).toHaveLength(0);
    await cluster.kill(old, 'SIGKILL');
    const diedAt = Date.now();

    const fresh = await cluster.restart(old);
    expect(fresh.pid).not.toBe(old.pid);
    const r = await pending;
    expect(r.status).toBe('completed');
    expect(r.record.request_id).toBe(requestId);
    expect(r.record.contributions).toHaveLength(3);
    expect(r.record.answer?.exit).toBe('synthesis');
    expect(r.record.tasks.every((t) => t.status === 'completed' && t.attempts === 1)).toBe(true);
    await rec.waitFor((e) => e.env.correlation_id === requestId && e.env.event_type === 'request.completed', 10_000, 'request.completed recorded', diag);
    const done = rec.of(requestId, 'request.completed');
    expect(done).toHaveLength(1);
    expect(done[0]!.at).toBeGreaterThan(diedAt);
    // The result was produced by the new coordinator process (the old one was dead by then).
    // Not compared with readyAt: a resumed request may finish before the harness sees the
    // readiness probe answer.
    expect(done[0]!.at).toBeGreaterThanOrEqual(fresh.startedAt);

    // (b)'s request is still completed exactly once.
    expect(rec.of(requestIdFor('u-b', 'k-u-b'), 'request.completed')).toHaveLength(1);
  }, 150_000);

  it('(e) the coordinator died between claiming the exit and publishing the result: the restarted one publishes it, and only it', async () => {
    const { rec, cluster, bus } = harness!;
    // The state such a crash leaves: a finished record in the KV, no result on the bus. Made
    // from (d)'s stored record under a new request id, as the claim write would have stored it.
    const kv = await JetStreamKvStore.open(bus.nc, REQUEST_BUCKET);
    const d = (await kv.get<StoredRequest>(`req.${requestIdFor('u-d', 'k-u-d')}`))?.value;
    expect(d?.status).toBe('completed');
    const id = `req_${randomBytes(12).toString('hex')}`;
    await kv.create(`req.${id}`, { ...d!, request_id: id, user_id: 'u-e', completed_at: new Date().toISOString() });
    expect(rec.of(id, 'request.completed')).toHaveLength(0);

    const old = cluster.live('coordinator')[0]!;
    await cluster.kill(old, 'SIGKILL');
    const fresh = await cluster.restart(old);
    const done = await rec.waitFor((e) => e.env.correlation_id === id && e.env.event_type === 'request.completed', 30_000, 'the unpublished result', diag);
    expect(done.at).toBeGreaterThanOrEqual(fresh.startedAt);
    const record = payloadOf(done.env, 'request.completed').record as { request_id?: string; answer?: { text?: string } };
    expect(record.request_id).toBe(id);
    expect(record.answer?.text).toBe(d!.answer?.text);
    // The restart delivered (b)'s and (d)'s results again too (finished within the window):
    // the stream dropped those copies by their msg ids, so each was still seen once.
    expect(rec.of(requestIdFor('u-b', 'k-u-b'), 'request.completed')).toHaveLength(1);
    expect(rec.of(requestIdFor('u-d', 'k-u-d'), 'request.completed')).toHaveLength(1);
  }, 90_000);
});
