import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  PubHeaders,
  jetstream,
  jetstreamManager,
  type Consumer,
  type JetStreamClient,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  BARE_CONCURRENCY,
  BARE_PATTERN_ENV,
  BARE_PATTERNS,
  BARE_ROLES,
  BARE_STREAM,
  BARE_WORKER_ROLES,
  bareEventFor,
  bareReadyLine,
  bareSubject,
  isBarePattern,
  type BareEvent,
  type BarePattern,
  type BareRole,
  type BareWorkerRole,
} from './bare-protocol';
import { BareRequestRecords } from './bare-records';

/**
 * One process of the bare JetStream flow (see bare-protocol.ts): `node bare-service.js <role>`
 * with NATS_URL set. One connection (`noAsyncTraces`, as our bus), one durable pull consumer
 * per subject it handles (explicit ack, fetch loop bounded by a concurrency like our
 * services'), each handler publishes with a PubAck awaited and acks after publishing.
 * No validation, no OTel, no Nest: the floor under our orchestration. The `durable` pattern
 * (BARE_PATTERN_ENV) adds only what our runtime does per request by design: the coordinator's
 * KV record writes (bare-records.ts), the workers' unconfirmed observer events, ~1.2 KB events.
 */

type Handler = (ev: BareEvent, subject: string) => Promise<unknown>;

interface Route {
  durable: string;
  subject: string;
  concurrency: number;
  handle: Handler;
}

const decoder = new TextDecoder();

class BareFlowRole {
  private stopped = false;
  private readonly loops: Promise<void>[] = [];
  /** Artifacts seen per request (coordinator, minimal pattern): a plain in-memory map. */
  private readonly artifacts = new Map<string, Set<string>>();
  private readonly bareEvent: ReturnType<typeof bareEventFor>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly role: BareRole,
    private readonly pattern: BarePattern,
    /** The coordinator's request records (durable pattern only). */
    private readonly records?: BareRequestRecords,
  ) {
    this.bareEvent = bareEventFor(pattern);
  }

  private publish(subject: string, ev: BareEvent, msgID: string): Promise<unknown> {
    return this.js.publish(subject, JSON.stringify(ev), { msgID });
  }

  /** Observer events, as our workers send them: stored and deduplicated, no PubAck awaited. */
  private observe(subject: string, ev: BareEvent, msgID: string): void {
    const h = headers();
    h.set(PubHeaders.MsgIdHdr, msgID);
    this.nc.publish(subject, JSON.stringify(ev), { headers: h });
  }

  routes(): Route[] {
    if (this.role === 'coordinator') return this.records ? this.durableCoordinatorRoutes(this.records) : this.coordinatorRoutes();
    if (this.role === 'lead') return this.leadRoutes();
    const worker = this.role.slice('worker-'.length) as BareWorkerRole;
    return [
      {
        durable: `bare_worker_${worker}`,
        subject: bareSubject.taskAssigned(worker),
        concurrency: BARE_CONCURRENCY.worker,
        handle: (ev) =>
          this.pattern === 'durable'
            ? this.durableWork(ev, worker)
            : this.publish(bareSubject.artifact(worker), this.bareEvent('artifact', ev.request_id, this.role, worker), `artifact:${ev.request_id}:${worker}`),
      },
    ];
  }

  /** task.started before the work, task.completed right behind the artifact (ours: the same tick). */
  private async durableWork(ev: BareEvent, worker: BareWorkerRole): Promise<void> {
    const id = ev.request_id;
    this.observe(bareSubject.taskStarted(worker), this.bareEvent('task.started', id, this.role, worker), `task.started:${id}:${worker}`);
    const artifact = this.publish(bareSubject.artifact(worker), this.bareEvent('artifact', id, this.role, worker), `artifact:${id}:${worker}`);
    this.observe(bareSubject.taskCompleted(worker), this.bareEvent('task.completed', id, this.role, worker), `task.completed:${id}:${worker}`);
    await artifact;
  }

  /** Our coordinator's writes: create beside plan.requested, dispatch, settle, complete. */
  private durableCoordinatorRoutes(records: BareRequestRecords): Route[] {
    const c = BARE_CONCURRENCY.coordinator;
    const ev = this.bareEvent;
    return [
      {
        durable: 'bare_coordinator_submitted',
        subject: bareSubject.submitted,
        concurrency: c,
        handle: ({ request_id: id }) =>
          Promise.all([records.create(id), this.publish(bareSubject.planRequested, ev('plan.requested', id, 'coordinator'), `plan.requested:${id}`)]),
      },
      {
        durable: 'bare_coordinator_plan_produced',
        subject: bareSubject.planProduced,
        concurrency: c,
        handle: async ({ request_id: id }) => {
          await records.dispatch(id);
          await Promise.all(BARE_WORKER_ROLES.map((r) => this.publish(bareSubject.taskAssigned(r), ev('task.assigned', id, 'coordinator', r), `task.assigned:${id}:${r}`)));
        },
      },
      {
        durable: 'bare_coordinator_artifact',
        subject: bareSubject.artifactAll,
        concurrency: c,
        handle: async (a, subject) => {
          const role = a.role ?? (subject.slice(subject.lastIndexOf('.') + 1) as BareWorkerRole);
          if (!(await records.settle(a.request_id, role, a.text))) return;
          await this.publish(bareSubject.synthesisRequested, ev('synthesis.requested', a.request_id, 'coordinator'), `synthesis.requested:${a.request_id}`);
        },
      },
      {
        durable: 'bare_coordinator_synthesis_produced',
        subject: bareSubject.synthesisProduced,
        concurrency: c,
        handle: async (s) => {
          await records.complete(s.request_id, s.text);
          await this.publish(bareSubject.completed, ev('completed', s.request_id, 'coordinator'), `completed:${s.request_id}`);
        },
      },
    ];
  }

  private coordinatorRoutes(): Route[] {
    const id = (ev: BareEvent) => ev.request_id;
    const c = BARE_CONCURRENCY.coordinator;
    return [
      {
        durable: 'bare_coordinator_submitted',
        subject: bareSubject.submitted,
        concurrency: c,
        handle: (ev) => this.publish(bareSubject.planRequested, this.bareEvent('plan.requested', id(ev), 'coordinator'), `plan.requested:${id(ev)}`),
      },
      {
        durable: 'bare_coordinator_plan_produced',
        subject: bareSubject.planProduced,
        concurrency: c,
        handle: async (ev) => {
          await Promise.all(
            BARE_WORKER_ROLES.map((r) => this.publish(bareSubject.taskAssigned(r), this.bareEvent('task.assigned', id(ev), 'coordinator', r), `task.assigned:${id(ev)}:${r}`)),
          );
        },
      },
      {
        durable: 'bare_coordinator_artifact',
        subject: bareSubject.artifactAll,
        concurrency: c,
        handle: async (ev, subject) => {
          const seen = this.artifacts.get(id(ev)) ?? new Set<string>();
          seen.add(subject);
          this.artifacts.set(id(ev), seen);
          if (seen.size < BARE_WORKER_ROLES.length) return;
          this.artifacts.delete(id(ev));
          await this.publish(bareSubject.synthesisRequested, this.bareEvent('synthesis.requested', id(ev), 'coordinator'), `synthesis.requested:${id(ev)}`);
        },
      },
      {
        durable: 'bare_coordinator_synthesis_produced',
        subject: bareSubject.synthesisProduced,
        concurrency: c,
        handle: (ev) => this.publish(bareSubject.completed, this.bareEvent('completed', id(ev), 'coordinator'), `completed:${id(ev)}`),
      },
    ];
  }

  private leadRoutes(): Route[] {
    const id = (ev: BareEvent) => ev.request_id;
    const c = BARE_CONCURRENCY.lead;
    return [
      {
        durable: 'bare_lead_plan',
        subject: bareSubject.planRequested,
        concurrency: c,
        handle: (ev) => this.publish(bareSubject.planProduced, this.bareEvent('plan.produced', id(ev), 'lead'), `plan.produced:${id(ev)}`),
      },
      {
        durable: 'bare_lead_synthesis',
        subject: bareSubject.synthesisRequested,
        concurrency: c,
        handle: (ev) => this.publish(bareSubject.synthesisProduced, this.bareEvent('synthesis.produced', id(ev), 'lead'), `synthesis.produced:${id(ev)}`),
      },
    ];
  }

  async start(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    for (const r of this.routes()) {
      const wanted = { ack_wait: 15_000 * 1_000_000, max_deliver: 5, max_ack_pending: Math.max(1000, r.concurrency * 50) };
      try {
        await jsm.consumers.add(BARE_STREAM, {
          durable_name: r.durable,
          filter_subject: r.subject,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ...wanted,
        });
      } catch (e) {
        // Already there (a restarted process): same config, same outcome.
        if (!(e instanceof JetStreamApiError && e.code === 10148)) throw e;
      }
      const consumer = await this.js.consumers.get(BARE_STREAM, r.durable);
      this.loops.push(this.pull(consumer, r));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.nc.close();
    await Promise.allSettled(this.loops);
  }

  /** Fetches exactly as many messages as there are free slots (like our PullLoop). */
  private async pull(consumer: Consumer, r: Route): Promise<void> {
    let active = 0;
    let wake: (() => void) | undefined;
    const done = () => {
      active -= 1;
      wake?.();
      wake = undefined;
    };
    while (!this.stopped) {
      if (active >= r.concurrency) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      try {
        const batch = await consumer.fetch({ max_messages: r.concurrency - active, expires: 2000 });
        for await (const m of batch) {
          active += 1;
          void this.process(m, r).finally(done);
        }
      } catch (e) {
        if (this.stopped || this.nc.isClosed()) return;
        process.stderr.write(`bare ${this.role}: pull ${r.durable}: ${(e as Error).message}\n`);
        await new Promise<void>((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  private async process(m: JsMsg, r: Route): Promise<void> {
    try {
      const ev = JSON.parse(decoder.decode(m.data)) as BareEvent;
      await r.handle(ev, m.subject);
      m.ack();
    } catch (e) {
      if (this.stopped) return;
      process.stderr.write(`bare ${this.role}: ${r.durable}: ${(e as Error).message}\n`);
      m.nak(100);
    }
  }
}

function isRole(x: string | undefined): x is BareRole {
  return BARE_ROLES.some((r) => r === x);
}

async function main(): Promise<void> {
  const role = process.argv[2];
  const servers = process.env['NATS_URL'];
  if (!isRole(role) || !servers) {
    process.stderr.write(`usage: NATS_URL=… node bare-service.js <${BARE_ROLES.join('|')}>\n`);
    process.exit(2);
  }
  const pattern = process.env[BARE_PATTERN_ENV] || 'minimal';
  if (!isBarePattern(pattern)) {
    process.stderr.write(`${BARE_PATTERN_ENV} must be one of ${BARE_PATTERNS.join(', ')}, got ${pattern}\n`);
    process.exit(2);
  }
  const nc = await connect({ servers, name: `bare-${role}`, noAsyncTraces: true });
  // Only the coordinator holds request state (as ours); it declares the bucket at start.
  const records = pattern === 'durable' && role === 'coordinator' ? await BareRequestRecords.open(nc) : undefined;
  const flow = new BareFlowRole(nc, jetstream(nc), role, pattern, records);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void flow.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The broker went away for good (the bench ended without stopping us): do not linger.
  void nc.closed().then(
    () => stopping || process.exit(1),
    () => process.exit(1),
  );
  await flow.start();
  process.stderr.write(`${bareReadyLine(role)}\n`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`bare service failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
