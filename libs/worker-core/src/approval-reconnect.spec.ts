import { type InProcessBus, JetStreamBus, type Bus, type PublishAck } from '@medagent/bus';
import { AwayInProcessBus, Collector, TcpProxy } from '@medagent/bus/testing';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { BusUnavailableError, ConfigError, ConflictError, buildEvent, payloadOf, subjectFor, type Envelope } from '@medagent/contracts';
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

  it('the decision published meanwhile is read from the stream after the reconnect', async () => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), 30_000);
    const gate = new BusApprovalGate(workerBus, 'triage');
    const asked = gate.request({ approval_id: 'ap_away_1', request_id: 'req_away_ap', task_id: 't1', skill: 'check_medication_safety', reason: 'needs a pharmacist', args_hash: 'h' }, deadline.signal);
    const [req] = await requested.where((e) => payloadOf(e, 'approval.requested').approval_id === 'ap_away_1', 1, 20_000);
    await acked.where((s) => s === 'medagent.approval.requested.triage', 1, 20_000);
    proxy.cut();
    await publishDecision(deciderBus, req as Envelope, 'approve', 'pharmacist-1');
    // A second decision, a double click that flipped it: the stream keeps only the first.
    expect((await publishDecision(deciderBus, req as Envelope, 'deny', 'pharmacist-2')).duplicate).toBe(true);
    proxy.restore();
    const decision = await asked;
    clearTimeout(timer);
    expect(decision).toEqual({ decision: 'approve', by: 'pharmacist-1', reason: 'checked' });
  });
});

/**
 * An in-process bus that can be "away": live approval decisions are not delivered meanwhile
 * (as a core subscription misses them), `reconnect()` runs the reconnect listeners, and the
 * first `conflicts` stored reads are refused as when another instance reads under the name.
 */
class AwayBus extends AwayInProcessBus {
  /** Errors the next stored reads are refused with, in order. */
  refusals: Error[] = [];
  readonly reads = new Collector<string>();
  override subscribe(subject: string, handler: (env: Envelope, subject: string) => void): ReturnType<InProcessBus['subscribe']> {
    return super.subscribe(subject, (env, s) => {
      if (!(this.away && s.startsWith('medagent.approval.resolved.'))) handler(env, s);
    });
  }
  override storedEvents(subject: string, since: Date, reader: string): Promise<Envelope[]> {
    this.reads.push(reader);
    const refusal = this.refusals.shift();
    if (refusal) return Promise.reject(refusal);
    return super.storedEvents(subject, since, reader);
  }
}

describe('approvals recovered after a reconnect (one process, several waiting)', () => {
  it('one read serves every pending approval, retried past refusals; the first stored decision wins', async () => {
    const bus = new AwayBus();
    const asks = new Collector<Envelope>();
    await bus.subscribe('medagent.approval.requested.triage', asks.push);
    const gate = new BusApprovalGate(bus, 'triage', { baseMs: 1, maxMs: 2 });
    const ask = (id: string) => gate.request({ approval_id: id, request_id: `req_${id}`, task_id: 't1', skill: 's', reason: 'r', args_hash: 'h' });
    const a = ask('ap_a');
    const b = ask('ap_b');
    const [ra, rb] = await asks.next(2);
    bus.away = true;
    await publishDecision(bus, ra as Envelope, 'approve', 'pharmacist-a');
    await publishDecision(bus, rb as Envelope, 'deny', 'pharmacist-b');
    await publishDecision(bus, rb as Envelope, 'approve', 'late-click', 'approval-resolved:ap_b-flip'); // a later, different decision
    // Another instance of the role reads under the name, then the broker is not ready yet.
    bus.refusals = [
      new ConflictError('consumer worker_triage_approvals is in use by another read'),
      new BusUnavailableError('kv get: the NATS server did not answer in time (restarting or overloaded?)'),
    ];
    bus.reconnect();
    expect(await a).toEqual({ decision: 'approve', by: 'pharmacist-a', reason: 'checked' });
    expect(await b).toEqual({ decision: 'deny', by: 'pharmacist-b', reason: 'checked' });
    expect(bus.reads.items).toEqual(['worker_triage_approvals', 'worker_triage_approvals', 'worker_triage_approvals']);
    await bus.close();
  });

  it('a read rejected outright is not retried; the approval waits for its deadline and is denied', async () => {
    const bus = new AwayBus();
    const asks = new Collector<Envelope>();
    await bus.subscribe('medagent.approval.requested.triage', asks.push);
    const gate = new BusApprovalGate(bus, 'triage', { baseMs: 1, maxMs: 2 });
    const deadline = new AbortController();
    const req = { approval_id: 'ap_c', request_id: 'req_c', task_id: 't1', skill: 's', reason: 'r', args_hash: 'h' };
    const c = gate.request(req, deadline.signal);
    await asks.next(1);
    bus.away = true;
    bus.refusals = [new ConfigError('create consumer worker_triage_approvals: permissions violation')];
    bus.reconnect();
    await bus.reads.next(1);
    // Retried, a second read would follow within the 1–2 ms backoff.
    await expect(bus.reads.next(2, 100)).rejects.toThrow(/timed out/);
    deadline.abort();
    expect(await c).toEqual({ decision: 'deny', by: 'system', reason: 'task deadline reached while awaiting approval' });
    expect(bus.reads.items).toHaveLength(1);
    await bus.close();
  });
});

function publishDecision(bus: Bus, req: Envelope, decision: 'approve' | 'deny', by: string, msgId?: string): Promise<PublishAck> {
  const p = payloadOf(req, 'approval.requested');
  const env = buildEvent({
    type: 'approval.resolved',
    correlation_id: p.request_id,
    task_id: p.task_id,
    producer: 'ingress',
    payload: { approval_id: p.approval_id, task_id: p.task_id, decision, by, reason: 'checked' },
  });
  return bus.publish(subjectFor('approval.resolved', 'triage'), env, { msgId: msgId ?? `approval-resolved:${p.approval_id}` });
}
