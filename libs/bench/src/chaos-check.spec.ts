import { JetStreamBus, JetStreamKvStore } from '@medagent/bus';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { buildEvent, subjectFor, type Envelope } from '@medagent/contracts';
import { REQUEST_BUCKET } from '@medagent/runtime';
import { checkDurably, type ClientView } from './chaos-check';

/**
 * The soak's verdict is only as good as this check: it must count what the deployment stored
 * (records in the KV, results in the stream), not what the client happened to see. Real
 * nats-server; records and results written as the coordinator writes them.
 */
describe('the chaos soak’s durable check', () => {
  let server: NatsServerHandle;
  let bus: JetStreamBus;
  let kv: JetStreamKvStore;

  beforeEach(async () => {
    server = await startNatsServer({ jetstream: true, private: true });
    bus = await JetStreamBus.connect({ servers: server.url, name: 'chaos-check', watchAdvisories: false, onConnection: () => undefined });
    kv = await JetStreamKvStore.open(bus.nc, REQUEST_BUCKET);
  });
  afterEach(async () => {
    await bus.close();
    await server.stop();
  });

  const record = (id: string, status: string, extra: Record<string, unknown> = {}) =>
    kv.create(`req.${id}`, {
      request_id: id,
      status,
      created_at: new Date().toISOString(),
      ...(status === 'completed' || status === 'failed' ? { completed_at: new Date().toISOString() } : {}),
      completeness: 1,
      memory: { backend: 'redis', degraded: false, turns_loaded: 0 },
      tasks: [{ task_id: 't1', status: status === 'failed' ? 'failed' : 'completed', attempts: 2 }],
      ...extra,
    });
  const result = (id: string, failed = false, msgId = `result:${id}`) =>
    bus.publish(
      subjectFor(failed ? 'request.failed' : 'request.completed', 'coordinator'),
      (failed
        ? buildEvent({ type: 'request.failed', correlation_id: id, producer: 'coordinator', payload: { request_id: id, code: 'NO_CONTRIBUTIONS', message: '' } })
        : buildEvent({ type: 'request.completed', correlation_id: id, producer: 'coordinator', payload: { request_id: id, record: { request_id: id } } })) as Envelope,
      { msgId },
    );
  const view = (ids: string[], v: Partial<ClientView> = {}): ClientView => ({
    ids,
    refused: new Set(),
    answered: new Set(),
    clientErrors: new Map(),
    since: new Date(),
    ...v,
  });

  it('counts outcomes from the KV and results from the stream, each kind apart', async () => {
    const since = new Date();
    await record('r_one', 'completed');
    await result('r_one');
    await record('r_two', 'completed');
    await result('r_two');
    await result('r_two', false, 'result:r_two:again'); // a copy outside the duplicate window
    await record('r_failed', 'failed', { error: { code: 'NO_CONTRIBUTIONS', message: 'none' } });
    await result('r_failed', true);
    await record('r_partial', 'partial', { completeness: 0.67, memory: { backend: 'memory', degraded: true, turns_loaded: 0 } });
    await result('r_partial');
    await record('r_stuck', 'dispatched');
    const ids = ['r_one', 'r_two', 'r_failed', 'r_partial', 'r_stuck', 'r_refused'];
    const out = await checkDurably(
      bus,
      view(ids, {
        since,
        refused: new Set(['r_refused']),
        answered: new Set(['r_one', 'r_two', 'r_failed', 'r_partial']),
        clientErrors: new Map([['r_stuck', 'Error: no result for r_stuck within 90000 ms'], ['r_refused', 'BusUnavailableError: refused']]),
      }),
      1500,
    );
    expect(out.outcomes).toEqual({ completed: 3, failed: 1, partial: 1, refused_at_submit: 1, not_terminal: 1 });
    expect(out.memory_degraded).toBe(1);
    expect(out.results_stored).toEqual({ none: 1, one: 3, more: 1 });
    expect(out.result_examples.map((e) => [e.request_id, e.stored, e.record_status, e.client_got_result])).toEqual([
      ['r_two', 2, 'completed', true],
      ['r_stuck', 0, 'dispatched', false],
    ]);
    expect(out.not_terminal_examples).toEqual([{ request_id: 'r_stuck', record_status: 'dispatched', submission_stored: false, client_error: 'Error: no result for r_stuck within 90000 ms' }]);
    expect(out.failed_examples).toMatchObject([{ request_id: 'r_failed', error: 'NO_CONTRIBUTIONS', tasks: ['t1:failed×2'] }]);
    // Refused asks are counted apart; only the others are failures to explain.
    expect(out.client_failure_examples.map((e) => e.request_id)).toEqual(['r_stuck']);
  });

  it('waits for a result still on its way to the stream instead of calling it missing', async () => {
    const since = new Date();
    await record('r_late', 'completed');
    // Published a moment after the check began, as a publish waiting for a new stream leader is.
    const late = new Promise<void>((resolve, reject) => {
      setTimeout(() => void result('r_late').then(() => resolve(), reject), 1200);
    });
    const out = await checkDurably(bus, view(['r_late'], { since, answered: new Set(['r_late']) }), 10_000);
    await late;
    expect(out.results_stored).toEqual({ none: 0, one: 1, more: 0 });
  });
});
