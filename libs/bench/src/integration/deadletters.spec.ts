import { buildEvent, dlqSubjectFor, subjectFor } from '@medagent/contracts';
import { startObservedCluster, type ObservedCluster } from '../testing/observed-cluster';
import { askSeed } from '../testing/seed';

/**
 * Dead letters and deadlines across processes: poison bytes on a work subject, a message
 * whose handler keeps failing, and a task nobody answers. No research worker runs here.
 */
const TASK_DEADLINE_MS = 4000;

describe('dead letters and deadlines with services as separate processes', () => {
  let harness: ObservedCluster | undefined;
  const diag = () => harness?.cluster.diagnostics() ?? '';
  const ask = (user: string) => askSeed(harness!.client, user, { timeoutMs: 60_000, diag });

  beforeAll(async () => {
    harness = await startObservedCluster('deadletters', { env: { MEDAGENT_MODEL: 'fake', MEDAGENT_FAKE_MODEL_LATENCY_MS: '0' } }, [
      // One attempt per task and a short deadline: a task nobody answers settles quickly.
      { name: 'coordinator', env: { MEDAGENT_TASK_DEADLINE_MS: String(TASK_DEADLINE_MS), MEDAGENT_MAX_TASK_ATTEMPTS: '1' } },
      { name: 'lead' },
      { name: 'worker-triage' },
      { name: 'worker-consultation' },
    ]);
  }, 240_000);

  afterAll(() => harness?.stop(), 60_000);

  it('(c1) poison bytes on medagent.task.assigned.triage reach the dead-letter subject as CONTRACT_VIOLATION; the worker keeps serving', async () => {
    const { bus, rec, cluster } = harness!;
    const subject = subjectFor('task.assigned', 'triage');
    expect(subject).toBe('medagent.task.assigned.triage');
    const notJson = new TextEncoder().encode('\u0000not an envelope {');
    const notEnvelope = new TextEncoder().encode(JSON.stringify({ event_type: 'task.assigned', hello: 'world' }));
    await bus.publishRaw(subject, notJson, { msgId: 'poison-1' });
    await bus.publishRaw(subject, notEnvelope, { msgId: 'poison-2' });
    const first = await rec.waitForDeadLetter((d) => d.raw?.includes('not an envelope') === true, 30_000, 'dead letter of the non-JSON bytes', diag);
    const second = await rec.waitForDeadLetter((d) => d.raw?.includes('"hello"') === true, 30_000, 'dead letter of the invalid envelope', diag);
    for (const { dl } of [first, second]) {
      expect(dl).toMatchObject({ code: 'CONTRACT_VIOLATION', original_subject: subject, deliveries: 1 });
      expect(dl.reason.length).toBeGreaterThan(0);
      expect(dl.envelope).toBeUndefined();
    }
    expect(first.dl.reason).toMatch(/JSON/);
    // Stored in the DLQ stream under its own prefix, not only seen on the wire.
    const stored = await bus.nc.request(`$JS.API.STREAM.INFO.MEDAGENT_DLQ`, new Uint8Array(0)).then((m) => m.json<{ state: { subjects?: unknown; messages: number } }>());
    expect(stored.state.messages).toBeGreaterThanOrEqual(2);
    expect(dlqSubjectFor(subject)).toBe('medagent_dlq.medagent.task.assigned.triage');

    // The triage worker is still alive and still takes work after the poison.
    expect(cluster.live('worker-triage')).toHaveLength(1);
  }, 60_000);

  it('(c2) a message whose handler keeps failing is dead-lettered with MAX_DELIVERIES after the delivery limit', async () => {
    const { rec } = harness!;
    // An artifact for an attempt the coordinator has not recorded: its handler answers each
    // delivery with a retryable CONFLICT ("attempt 9 not recorded yet") until its limit (5).
    const { requestId, result } = ask('u-c2');
    const assigned = await rec.waitFor(
      (e) => e.env.correlation_id === requestId && e.env.event_type === 'task.assigned' && e.subject === subjectFor('task.assigned', 'research'),
      30_000,
      'task.assigned for research',
      diag,
    );
    const taskId = assigned.env.task_id!;
    const forged = buildEvent({
      type: 'artifact.produced',
      correlation_id: requestId,
      task_id: taskId,
      producer: 'worker-research',
      payload: {
        contribution: {
          task_id: taskId,
          request_id: requestId,
          agent: 'research',
          task_type: 'clinical_guideline',
          attempt: 9,
          text: 'forged',
          findings: [],
          evidence: [],
          tool_ledger: [],
          model_usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, model: 'none' },
          input_hash: '0'.repeat(64),
          warnings: [],
          completeness: 1,
          status: 'complete',
        },
      },
    });
    // Permissions on: only the research worker's identity may publish (and sign) a research artifact.
    const research = await harness!.as('worker-research');
    await research.publish(subjectFor('artifact.produced', 'research'), forged, { msgId: `forged:${requestId}` });
    const { dl } = await rec.waitForDeadLetter((d) => d.event_id === forged.event_id, 30_000, 'MAX_DELIVERIES dead letter', diag);
    expect(dl.code).toBe('MAX_DELIVERIES');
    expect(dl.deliveries).toBe(5);
    expect(dl.original_subject).toBe('medagent.artifact.produced.research');
    expect(dl.correlation_id).toBe(requestId);
    expect(dl.reason).toMatch(/max deliveries \(5\) exhausted.*attempt 9 not recorded yet/);
    expect(dl.envelope?.event_id).toBe(forged.event_id);
    // The request is unharmed by it: it still ends (at the deadline, without research).
    const r = await result;
    expect(r.record.tasks.find((t) => t.agent === 'research')?.status).toBe('failed');
  }, 60_000);

  it('(c3) a task whose worker never answers hits its deadline; the request ends `partial` with completeness < 1', async () => {
    const { rec } = harness!;
    const { requestId, result } = ask('u-c3');
    const r = await result;
    expect(r.record.request_id).toBe(requestId);
    expect(r.status).toBe('partial');
    expect(r.record.status).toBe('partial');
    expect(r.record.completeness).toBeLessThan(1);
    expect(r.record.completeness).toBeGreaterThan(0);
    const research = r.record.tasks.find((t) => t.agent === 'research');
    expect(research).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'DEADLINE_EXCEEDED', retryable: true } });
    expect(r.record.tasks.filter((t) => t.status === 'completed').map((t) => t.agent).sort()).toEqual(['consultation', 'triage']);
    expect(r.record.contributions).toHaveLength(2);
    // Two of three contributions: the lead still synthesises; the record shows what is missing.
    expect(['synthesis', 'partial']).toContain(r.record.answer?.exit);
    const took = Date.parse(r.record.completed_at!) - Date.parse(r.record.created_at);
    expect(took).toBeGreaterThanOrEqual(TASK_DEADLINE_MS - 200);
    // The client's own subscription can see the result before the recorder has decoded it.
    await rec.waitFor((e) => e.env.correlation_id === requestId && e.env.event_type === 'request.completed', 10_000, 'request.completed recorded');
    expect(rec.of(requestId, 'request.completed')).toHaveLength(1);
    // The result event keeps its type (integrators subscribe to request.completed) and says `partial`.
    expect(rec.of(requestId, 'request.completed')[0]?.env.payload).toMatchObject({ status: 'partial' });
  }, 60_000);
});
