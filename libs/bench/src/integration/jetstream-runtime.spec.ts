import { MedagentClient, loadRuntimeConfig, serve, type RunningServices, replayRequest, rerunTask } from '@medagent/runtime';
import type { JetStreamBus } from '@medagent/bus';
import { renderPrometheus } from '@medagent/telemetry';
import { startSecureNats, type SecureNats } from '../harness/secure-nats';

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

describe('distributed runtime over a real nats-server (JetStream + KV), permissions on', () => {
  let nats: SecureNats;
  let running: RunningServices;
  /** As a hospital system: the `ingress` identity submits and reads results. */
  let clientBus: JetStreamBus;
  /** As on-call: the read-only `ops` identity replays. */
  let opsBus: JetStreamBus;
  let seedId = '';
  beforeAll(async () => {
    nats = await startSecureNats();
    running = await serve('all', loadRuntimeConfig({}, { natsUrl: nats.url, natsCredentialsDir: nats.credentialsDir }));
    clientBus = await nats.connect('ingress', { name: 'test-client' });
    opsBus = await nats.connect('ops', { name: 'test-ops' });
  });
  afterAll(async () => {
    await clientBus?.close();
    await opsBus?.close();
    await running?.stop();
    await nats?.stop();
  });

  it('the seed question completes with the same record shape as embedded mode', async () => {
    const r = await new MedagentClient(clientBus).ask({ message: SEED, user_id: 'u1', session_id: 's1', channel: 'nats' });
    expect(r.status).toBe('completed');
    expect(running.infra.mode).toBe('distributed');
    expect(new Set(r.record.plan?.tasks.map((t) => `${t.task_type}→${t.agent}`))).toEqual(
      new Set(['risk_triage→triage', 'lifestyle_guidance→consultation', 'clinical_guideline→research']),
    );
    expect(r.record.contributions).toHaveLength(3);
    expect(r.record.answer?.exit).toBe('synthesis');
    seedId = r.record.request_id;
  });

  it('replay prints the request timeline from the audit stream; rerun-task reproduces the input hash', async () => {
    const lines = await replayRequest(opsBus, seedId);
    const events = lines.map((l) => l.event);
    expect(events[0]).toBe('request.submitted');
    expect(events[events.length - 1]).toBe('request.completed');
    expect(events.filter((e) => e === 'task.assigned')).toHaveLength(3);
    expect(lines.find((l) => l.event === 'artifact.produced')?.detail).toMatch(/tools .*:ok/);
    expect(new Set(lines.map((l) => l.producer))).toEqual(
      new Set(['ingress', 'coordinator', 'lead', 'worker-triage', 'worker-consultation', 'worker-research']),
    );
    const rerun = await rerunTask(opsBus, seedId, 't1', loadRuntimeConfig({}));
    expect(rerun).toMatchObject({ input_hash_matches: true, text_identical: true, outcome: 'completed' });
    expect(rerun.rerun_tools).toEqual(rerun.original_tools);
  });

  it('replays run at once each get the whole timeline (they take turns on the shared audit reader)', async () => {
    const timelines = await Promise.all([1, 2, 3].map(() => replayRequest(opsBus, seedId)));
    const first = timelines[0]?.map((l) => l.event);
    expect(first?.[0]).toBe('request.submitted');
    for (const t of timelines) expect(t.map((l) => l.event)).toEqual(first);
  });

  it('metrics: request and task latency, tokens by role and task type, consumer lag per durable', async () => {
    const text = await renderPrometheus();
    expect(text).toMatch(/medagent_request_duration_ms_count\{status="completed",exit="synthesis"\} [1-9]/);
    expect(text).toMatch(/medagent_task_duration_ms_count\{role="triage",task_type="risk_triage",status="completed"\} [1-9]/);
    expect(text).toMatch(/medagent_tokens_total\{role="research",task_type="clinical_guideline",kind="prompt"\} [1-9]/);
    expect(text).toMatch(/medagent_consumer_pending\{durable="worker_triage"\} \d+/);
  });

  it('a duplicate submission (same idempotency key) returns the same request, never a second run', async () => {
    const client = new MedagentClient(clientBus);
    const completed: string[] = [];
    const sub = await clientBus.subscribe('medagent.request.completed.coordinator', (e) => completed.push(e.correlation_id));
    const a = await client.ask({ message: '二甲双胍为什么要跟饭一起吃？', user_id: 'u2', session_id: 's', idempotency_key: 'k-1' });
    // The stream drops the repeat (same Nats-Msg-Id); the client asks again under a fresh msg
    // id, marked as a repeat, and the coordinator announces the stored result: no new run.
    const b = await client.ask({ message: '二甲双胍为什么要跟饭一起吃？', user_id: 'u2', session_id: 's', idempotency_key: 'k-1' }, { timeoutMs: 10_000 });
    expect(a.record.request_id).toMatch(/^req_/);
    expect(b.record).toEqual(a.record);
    expect(completed.filter((id) => id === a.record.request_id)).toHaveLength(2);
    const stored = (await replayRequest(opsBus, a.record.request_id)).map((l) => l.event);
    expect(stored.filter((e) => e === 'request.completed')).toHaveLength(1);
    expect(stored.filter((e) => e === 'plan.requested')).toHaveLength(1);
    expect(stored.filter((e) => e === 'task.assigned')).toHaveLength(1);
    expect(await renderPrometheus()).toMatch(/medagent_resubmissions_total\{outcome="announced"\} 1\b/);
    await sub.unsubscribe();
  });
});
