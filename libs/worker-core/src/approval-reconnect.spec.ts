import { Collector, JetStreamBus, TcpProxy, startNatsServer, type NatsServerHandle } from '@medagent/bus';
import { buildEvent, payloadOf, subjectFor, type Envelope } from '@medagent/contracts';
import { BusApprovalGate } from './approval-gate';

// A worker waiting for a human decision whose own connection is away when the decision is
// published (core subscriptions do not replay) reads it from the stream once it is back,
// instead of denying at its deadline. Real nats-server; only the worker's network is cut.

describe('an approval decided while the waiting worker is away', () => {
  let nats: NatsServerHandle;
  let proxy: TcpProxy;
  let workerBus: JetStreamBus;
  let deciderBus: JetStreamBus;
  const requested = new Collector<Envelope>();
  /** Subjects whose publish by the worker got its ack (cut only after the request's). */
  const acked = new Collector<string>();
  beforeAll(async () => {
    nats = await startNatsServer({ jetstream: true });
    deciderBus = await JetStreamBus.connect({ servers: nats.url, name: 'decider', watchAdvisories: false });
    const target = new URL(nats.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port) });
    workerBus = await JetStreamBus.connect({ servers: proxy.url, name: 'worker-away', watchAdvisories: false, reconnectWaitMs: 100, onConnection: () => undefined });
    const publish = workerBus.publish.bind(workerBus);
    workerBus.publish = async (subject, env, opts) => {
      const ack = await publish(subject, env, opts);
      acked.push(subject);
      return ack;
    };
    await deciderBus.subscribe('medagent.approval.requested.triage', requested.push);
  });
  afterAll(async () => {
    await workerBus?.close();
    await deciderBus?.close();
    await proxy?.stop();
    await nats?.stop();
  });

  const decide = (req: Envelope, decision: 'approve' | 'deny', by: string) => {
    const p = payloadOf(req, 'approval.requested');
    const env = buildEvent({
      type: 'approval.resolved',
      correlation_id: p.request_id,
      task_id: p.task_id,
      producer: 'ingress',
      payload: { approval_id: p.approval_id, task_id: p.task_id, decision, by, reason: 'checked' },
    });
    return deciderBus.publish(subjectFor('approval.resolved', 'triage'), env, { msgId: `approval-resolved:${p.approval_id}` });
  };

  it('the decision published meanwhile is read from the stream after the reconnect', async () => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), 30_000);
    const gate = new BusApprovalGate(workerBus, 'triage');
    const asked = gate.request({ approval_id: 'ap_away_1', request_id: 'req_away_ap', task_id: 't1', skill: 'check_medication_safety', reason: 'needs a pharmacist', args_hash: 'h' }, deadline.signal);
    const [req] = await requested.where((e) => payloadOf(e, 'approval.requested').approval_id === 'ap_away_1', 1, 20_000);
    await acked.where((s) => s === 'medagent.approval.requested.triage', 1, 20_000);
    proxy.cut();
    await decide(req as Envelope, 'approve', 'pharmacist-1');
    // A second decision, a double click that flipped it: the stream keeps only the first.
    expect((await decide(req as Envelope, 'deny', 'pharmacist-2')).duplicate).toBe(true);
    proxy.restore();
    const decision = await asked;
    clearTimeout(timer);
    expect(decision).toEqual({ decision: 'approve', by: 'pharmacist-1', reason: 'checked' });
  });
});
