/**
 * deploy/nats permissions against a REAL nats-server (2.9.10 here): the users and subject
 * permissions of deploy/nats/users.test.conf (same permissions.conf as production, fixed
 * passwords) decide who may publish and consume what. Refusals are the server's: a
 * JetStream publish is a request to the subject, the server answers a denied one with
 * `-ERR 'Permissions Violation for Publish to "<subject>"'` (connection stays up), the client
 * rejects the publish at once with PermissionViolationError, and nothing is stored.
 * A missing nats-server binary fails this file (startNatsServer rejects).
 */
import { readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import {
  SCHEMA_VERSION,
  buildEvent,
  dlqSubjectFor,
  newId,
  subjectFor,
  type ContributionDto,
  type Envelope,
  type EventType,
  type Producer,
  type TaskPackageDto,
  type TaskType,
  type WorkerRole,
} from '@medagent/contracts';
import type { ConsumerHandle, Delivery } from './port';
import { Collector } from './testing/collector';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { JetStreamBus, inboxPrefixFor } from './jetstream/bus';
import { JetStreamKvStore } from './kv/jetstream';

const USERS_FILE = resolve(__dirname, '../../../deploy/nats/users.test.conf');
const REQUEST_BUCKET = 'medagent_requests';

/** user -> password, read from the test users file so the two never drift. */
function testPasswords(): Map<string, string> {
  const text = readFileSync(USERS_FILE, 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/user:\s*"([^"]+)",\s*password:\s*"([^"]+)"/g))
    out.set(m[1] as string, m[2] as string);
  return out;
}
const PASSWORDS = testPasswords();
const pass = (user: string): string => {
  const p = PASSWORDS.get(user);
  if (!p) throw new Error(`no test password for ${user} in ${USERS_FILE}`);
  return p;
};

/**
 * nats-server resolves `include` relative to the including file, and the harness writes our
 * config into a fresh mkdtemp() directory directly under os.tmpdir(); real paths so a
 * symlinked tmpdir cannot break the `..` walk.
 */
function serverConfig(): string {
  const harnessDir = join(realpathSync(tmpdir()), 'medagent-nats-x');
  return `include "${relative(harnessDir, realpathSync(USERS_FILE))}"\n`;
}

let server: NatsServerHandle;
const buses = new Map<string, JetStreamBus>();
const conns: NatsConnection[] = [];
const consumers: ConsumerHandle[] = [];
const busErrors: unknown[] = [];

/** As deployed (libs/runtime connectInfra): the coordinator declares the topology, the others wait for it. */
async function busFor(user: string, o: { maxInlineBytes?: number } = {}): Promise<JetStreamBus> {
  const bus = await JetStreamBus.connect({
    servers: server.url,
    name: `${user}:permissions-spec`,
    limits: { storage: 'memory' },
    topologyMode: user === 'coordinator' ? 'declare' : 'await',
    topologyWaitMs: 30_000,
    connectOptions: { user, pass: pass(user) },
    onError: (e) => busErrors.push(e),
    drainTimeoutMs: 2000,
    ...o,
  });
  buses.set(user, bus);
  return bus;
}
const bus = (user: string): JetStreamBus => {
  const b = buses.get(user);
  if (!b) throw new Error(`bus ${user} not connected`);
  return b;
};

async function plain(user: string, password = pass(user)): Promise<NatsConnection> {
  const nc = await connect({ servers: server.url, user, pass: password, name: `${user}:permissions-spec`, inboxPrefix: inboxPrefixFor(user) });
  conns.push(nc);
  return nc;
}

/**
 * The server refused: a PermissionViolationError naming the subject, at once (no timeout).
 * Requests (JetStream publishes, API calls) surface it as a RequestError whose cause it is.
 */
async function expectRefused(p: Promise<unknown>, subject: string): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  if (!err) throw new Error(`expected the server to refuse ${subject}, but it was accepted`);
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error; e = (e as Error & { cause?: unknown }).cause) chain.push(e);
  const pve = chain.find((e) => e.name === 'PermissionViolationError');
  expect(pve?.message ?? String(err)).toMatch(/^Permissions Violation for Publish to "(.*)"$/);
  expect(pve?.message).toBe(`Permissions Violation for Publish to "${subject}"`);
}

function pkg(role: WorkerRole, taskId: string, requestId: string): TaskPackageDto {
  const taskType: TaskType =
    role === 'triage' ? 'risk_triage' : role === 'research' ? 'clinical_guideline' : 'general_consultation';
  return {
    task_id: taskId,
    request_id: requestId,
    plan_version: 1,
    task_type: taskType,
    agent: role,
    instruction: 'permissions spec task',
    scope: { user_id: 'u1', session_id: 's1', lang: 'en' },
    context: {},
    input_refs: [],
    expected_output: 'contribution',
    allowed_tools: [],
    budget: { max_steps: 4, max_tokens: 4000, deadline_at: new Date(Date.now() + 60_000).toISOString() },
    idempotency_key: `idem-${taskId}`,
    attempt: 1,
  };
}

const assigned = (role: WorkerRole, taskId: string, requestId = newId('req_')): Envelope =>
  buildEvent({
    type: 'task.assigned',
    correlation_id: requestId,
    task_id: taskId,
    producer: 'coordinator',
    payload: { package: pkg(role, taskId, requestId) },
  }) as Envelope;

function contribution(role: WorkerRole, taskId: string, requestId: string, text: string): ContributionDto {
  return {
    task_id: taskId,
    request_id: requestId,
    agent: role,
    task_type: pkg(role, taskId, requestId).task_type,
    attempt: 1,
    text,
    findings: [],
    evidence: [],
    tool_ledger: [],
    model_usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, model: 'offline' },
    input_hash: 'a'.repeat(64),
    warnings: [],
    completeness: 1,
    status: 'complete',
  };
}

const artifact = (role: WorkerRole, taskId: string, requestId: string, text: string): Envelope =>
  buildEvent({
    type: 'artifact.produced',
    correlation_id: requestId,
    task_id: taskId,
    producer: `worker-${role}`,
    payload: { contribution: contribution(role, taskId, requestId, text) },
  }) as Envelope;

const started = (role: WorkerRole, producer: Producer = `worker-${role}`): Envelope =>
  buildEvent({
    type: 'task.started',
    correlation_id: newId('req_'),
    task_id: 't1',
    producer,
    payload: { task_id: 't1', attempt: 1, worker_instance: 'spec' },
  }) as Envelope;

/** A schema-valid envelope without payload validation, for subjects whose payload is irrelevant here. */
const bare = (type: EventType, producer: Producer): Envelope => ({
  event_id: newId('ev_'),
  event_type: type,
  correlation_id: newId('req_'),
  producer,
  occurred_at: new Date().toISOString(),
  schema_version: SCHEMA_VERSION,
  payload: {},
});

const completed = (requestId: string): Envelope =>
  buildEvent({
    type: 'request.completed',
    correlation_id: requestId,
    producer: 'coordinator',
    payload: { request_id: requestId, record: { request_id: requestId } },
  }) as Envelope;

/** Whether the stream holds any message on exactly this subject (read with the coordinator's rights). */
async function lastOn(subject: string): Promise<Envelope | undefined> {
  const jsm = await jetstreamManager(bus('coordinator').nc);
  const m = await jsm.streams.getMessage('MEDAGENT', { last_by_subj: subject }).catch(() => null);
  return m ? (JSON.parse(new TextDecoder().decode(m.data)) as Envelope) : undefined;
}

/** worker-triage's consume loop on its durable, started once, shared by the tests that need it. */
const triageDeliveries = new Collector<Delivery>();
let triageLoop: Promise<ConsumerHandle> | undefined;
function triageConsumer(): Promise<ConsumerHandle> {
  triageLoop ??= bus('worker-triage')
    .consume(
      {
        durable: 'worker_triage',
        subject: subjectFor('task.assigned', 'triage'),
        maxDeliver: 3,
        ackWaitMs: 5000,
      },
      async (d) => {
        triageDeliveries.push(d);
        if (d.envelope.task_id?.startsWith('dl-'))
          await d.term('TEST_REFUSED: dead-lettered by the permissions spec');
        else await d.ack();
      },
    )
    .then((h) => {
      consumers.push(h);
      return h;
    });
  return triageLoop;
}

beforeAll(async () => {
  server = await startNatsServer({ jetstream: true, private: true, config: serverConfig() });
  // A worker starts first: it may not declare the topology, so it waits until the coordinator has.
  const triage = busFor('worker-triage', { maxInlineBytes: 1024 });
  await busFor('coordinator');
  await triage;
  await busFor('lead');
  await busFor('worker-consultation');
  await busFor('worker-research');
}, 60_000);

afterAll(async () => {
  await Promise.all(consumers.map((c) => c.stop()));
  await Promise.all([...buses.values()].map((b) => b.close()));
  await Promise.all(conns.map((c) => c.close()));
  await server?.stop();
});

describe('deploy/nats permissions on a real nats-server', () => {
  it('every service connects with its own user (the coordinator declares the topology, the others wait for it; durables); a wrong password is refused', async () => {
    expect([...buses.keys()].sort()).toEqual([
      'coordinator',
      'lead',
      'worker-consultation',
      'worker-research',
      'worker-triage',
    ]);
    const jsm = await jetstreamManager(bus('coordinator').nc);
    expect((await jsm.streams.info('MEDAGENT')).config.subjects).toEqual(['medagent.>']);
    await expect(
      connect({ servers: server.url, user: 'worker-triage', pass: 'not-the-password', reconnect: false }),
    ).rejects.toThrow(/authorization/i);
    // Every role's consumers can be declared with its own user.
    const noop = async (d: Delivery) => d.ack();
    consumers.push(
      await bus('lead').consume(
        { durable: 'lead_plan', subject: 'medagent.plan.requested.*', maxDeliver: 3, ackWaitMs: 30_000 },
        noop,
      ),
    );
    consumers.push(
      await bus('coordinator').consume(
        {
          durable: 'coordinator_task_failed',
          subject: 'medagent.task.failed.*',
          maxDeliver: 5,
          ackWaitMs: 15_000,
        },
        noop,
      ),
    );
    for (const role of ['consultation', 'research'] as const) {
      consumers.push(
        await bus(`worker-${role}`).consume(
          {
            durable: `worker_${role}`,
            subject: subjectFor('task.assigned', role),
            maxDeliver: 3,
            ackWaitMs: 10_000,
          },
          noop,
        ),
      );
    }
    expect(busErrors.filter((e) => String(e).match(/permission/i))).toEqual([]);
  });

  it('worker-triage consumes task.assigned.triage on worker_triage and publishes its own artifact (object store both ways)', async () => {
    await triageConsumer();
    const requestId = newId('req_');
    const ack = await bus('coordinator').publish(
      subjectFor('task.assigned', 'triage'),
      assigned('triage', 'ok-1', requestId),
    );
    expect(ack.seq).toBeGreaterThan(0);
    const [d] = await triageDeliveries.where((x) => x.envelope.task_id === 'ok-1');
    expect(d?.subject).toBe('medagent.task.assigned.triage');

    const artifacts = new Collector<Envelope>();
    consumers.push(
      await bus('coordinator').consume(
        {
          durable: 'coordinator_artifact_produced',
          subject: 'medagent.artifact.produced.*',
          maxDeliver: 5,
          ackWaitMs: 15_000,
        },
        async (x) => {
          artifacts.push(x.envelope);
          await x.ack();
        },
      ),
    );
    // Over the triage bus's 1 KiB inline limit: the payload goes through medagent_payloads.
    const big = 'glucose '.repeat(400);
    await bus('worker-triage').publish(
      subjectFor('artifact.produced', 'triage'),
      artifact('triage', 'ok-1', requestId, big),
    );
    const [got] = await artifacts.where((e) => e.correlation_id === requestId);
    expect((got?.payload as { contribution: { text: string } }).contribution.text).toBe(big);
    const stored = await lastOn('medagent.artifact.produced.triage');
    expect(stored?.payload_ref?.store).toBe('medagent_payloads');
  });

  it('the server refuses a worker publishing task.assigned or another worker’s artifact; nothing is stored, the connection survives', async () => {
    const triage = bus('worker-triage');
    const before = await lastOn('medagent.task.assigned.triage');
    await expectRefused(
      triage.publish('medagent.task.assigned.triage', assigned('triage', 'forged-1')),
      'medagent.task.assigned.triage',
    );
    await expectRefused(
      triage.publish('medagent.task.assigned.research', assigned('research', 'forged-2')),
      'medagent.task.assigned.research',
    );
    const requestId = newId('req_');
    await expectRefused(
      triage.publish('medagent.artifact.produced.research', artifact('research', 't9', requestId, 'forged')),
      'medagent.artifact.produced.research',
    );
    await expectRefused(
      bus('worker-consultation').publish(
        'medagent.artifact.produced.triage',
        artifact('triage', 't9', requestId, 'forged'),
      ),
      'medagent.artifact.produced.triage',
    );
    await expectRefused(
      bus('worker-research').publish(
        'medagent.task.completed.triage',
        bare('task.completed', 'worker-research'),
      ),
      'medagent.task.completed.triage',
    );
    await expectRefused(
      bus('lead').publish('medagent.task.assigned.triage', assigned('triage', 'forged-3')),
      'medagent.task.assigned.triage',
    );

    expect((await lastOn('medagent.task.assigned.triage'))?.event_id).toBe(before?.event_id);
    expect(await lastOn('medagent.task.assigned.research')).toBeUndefined();
    expect(await lastOn('medagent.artifact.produced.research')).toBeUndefined();
    expect(await lastOn('medagent.task.completed.triage')).toBeUndefined();
    // A permissions violation is not fatal: the same connection goes on publishing its own events.
    const ok = await triage.publish(subjectFor('task.started', 'triage'), started('triage'));
    expect(ok.seq).toBeGreaterThan(0);
  });

  it('only the coordinator publishes request.completed / request.failed', async () => {
    const requestId = newId('req_');
    await expectRefused(
      bus('lead').publish('medagent.request.completed.coordinator', completed(requestId)),
      'medagent.request.completed.coordinator',
    );
    await expectRefused(
      bus('lead').publish('medagent.request.failed.coordinator', bare('request.failed', 'lead')),
      'medagent.request.failed.coordinator',
    );
    await expectRefused(
      bus('worker-triage').publish('medagent.request.completed.coordinator', completed(requestId)),
      'medagent.request.completed.coordinator',
    );
    expect(await lastOn('medagent.request.completed.coordinator')).toBeUndefined();

    const env = completed(requestId);
    const ack = await bus('coordinator').publish('medagent.request.completed.coordinator', env);
    expect(ack.seq).toBeGreaterThan(0);
    expect((await lastOn('medagent.request.completed.coordinator'))?.event_id).toBe(env.event_id);
  });

  it('only the coordinator administers the streams: the lead and the workers cannot create, update or read them by sequence', async () => {
    const stored = await bus('worker-triage').publish(subjectFor('task.started', 'triage'), started('triage'));
    for (const user of ['lead', 'worker-triage', 'worker-research'] as const) {
      // checkAPI off: the account check itself is allowed, and is not what this test is about.
      const jsm = await jetstreamManager(bus(user).nc, { checkAPI: false });
      await expectRefused(jsm.streams.update('MEDAGENT', { max_age: 1_000_000_000 }), '$JS.API.STREAM.UPDATE.MEDAGENT');
      await expectRefused(jsm.streams.add({ name: 'MEDAGENT_DLQ', subjects: ['medagent_dlq.>'] }), '$JS.API.STREAM.CREATE.MEDAGENT_DLQ');
      // Reading any event by sequence would expose every request's content to one role.
      await expectRefused(jsm.streams.getMessage('MEDAGENT', { seq: stored.seq }), '$JS.API.STREAM.MSG.GET.MEDAGENT');
      // The advisory watcher (dead letters for any durable) is the coordinator's alone.
      await expectRefused(jsm.consumers.info('MEDAGENT_ADVISORIES', 'medagent_dlq_watcher'), '$JS.API.CONSUMER.INFO.MEDAGENT_ADVISORIES.medagent_dlq_watcher');
    }
    // The stream kept its configuration through all of that.
    const info = await (await jetstreamManager(bus('coordinator').nc)).streams.info('MEDAGENT');
    expect(info.config.max_age).not.toBe(1_000_000_000);
  });

  it('a worker dead-letters only what it consumes', async () => {
    const dl = (subject: string) => bus('worker-triage').nc.request(dlqSubjectFor(subject), '{}', { timeout: 5000 });
    await expectRefused(dl('medagent.task.assigned.research'), 'medagent_dlq.medagent.task.assigned.research');
    await expectRefused(dl('medagent.plan.requested.coordinator'), 'medagent_dlq.medagent.plan.requested.coordinator');
    await expectRefused(dl('medagent.request.submitted.ingress'), 'medagent_dlq.medagent.request.submitted.ingress');
  });

  it('each identity reads replies on its own inbox only, never another’s', async () => {
    const subscribeRefused = async (nc: NatsConnection, subject: string): Promise<void> => {
      const sub = nc.subscribe(subject);
      const closedWith = await sub.closed;
      expect(closedWith instanceof Error ? closedWith.message : closedWith).toBe(`Permissions Violation for Subscription to "${subject}"`);
    };
    for (const user of ['lead', 'worker-triage'] as const) {
      expect(inboxPrefixFor(user)).toBe(`_INBOX_${user}`);
      await subscribeRefused(bus(user).nc, '_INBOX.>');
      await subscribeRefused(bus(user).nc, '_INBOX_coordinator.>');
    }
    await subscribeRefused(await plain('ingress'), '_INBOX_ops.>');
    // ...while its own inbox carries its replies: a JetStream API answer and a publish ack.
    const own = bus('worker-triage');
    expect((await (await jetstreamManager(own.nc)).streams.info('MEDAGENT')).config.name).toBe('MEDAGENT');
    expect((await own.publish(subjectFor('task.started', 'triage'), started('triage'))).seq).toBeGreaterThan(0);
    expect(busErrors.filter((e) => String(e).match(/permission/i))).toEqual([]);
  });

  it('the coordinator may scan the results it published (start-up), by its pinned consumer only; a worker may not', async () => {
    const since = new Date(Date.now() - 60_000);
    const requestId = newId('req_');
    await bus('coordinator').publish('medagent.request.completed.coordinator', completed(requestId), { msgId: `result:${requestId}` });
    const ids = await bus('coordinator').storedMsgIds('medagent.request.*.coordinator', since, 'coordinator_result_scan');
    expect(ids.has(`result:${requestId}`)).toBe(true);
    await expectRefused(
      bus('coordinator').storedMsgIds('medagent.request.*.coordinator', since, 'another_scan'),
      '$JS.API.CONSUMER.CREATE.MEDAGENT.another_scan.medagent.request.*.coordinator',
    );
    await expectRefused(
      bus('coordinator').storedMsgIds('medagent.task.assigned.*', since, 'coordinator_result_scan'),
      '$JS.API.CONSUMER.CREATE.MEDAGENT.coordinator_result_scan.medagent.task.assigned.*',
    );
    await expectRefused(
      bus('worker-triage').storedMsgIds('medagent.request.*.coordinator', since, 'coordinator_result_scan'),
      '$JS.API.CONSUMER.CREATE.MEDAGENT.coordinator_result_scan.medagent.request.*.coordinator',
    );
  });

  it('a worker may read the approval decisions it missed through its own reader only', async () => {
    const since = new Date(Date.now() - 60_000);
    const approvalId = newId('ap_');
    const decision = buildEvent({
      type: 'approval.resolved',
      correlation_id: newId('req_'),
      producer: 'coordinator',
      payload: { approval_id: approvalId, task_id: 't1', decision: 'approve', by: 'dr-li' },
    });
    await bus('coordinator').publish('medagent.approval.resolved.triage', decision, { msgId: `approval-resolved:${approvalId}` });
    const events = await bus('worker-triage').storedEvents('medagent.approval.resolved.triage', since, 'worker_triage_approvals');
    expect(events.map((e) => (e.payload as { approval_id: string }).approval_id)).toContain(approvalId);
    // Another role's decisions, through its own reader or another's; its own reader elsewhere.
    for (const [subject, reader] of [
      ['medagent.approval.resolved.research', 'worker_triage_approvals'],
      ['medagent.approval.resolved.research', 'worker_research_approvals'],
      ['medagent.task.assigned.triage', 'worker_triage_approvals'],
    ] as const) {
      await expectRefused(bus('worker-triage').storedEvents(subject, since, reader), `$JS.API.CONSUMER.CREATE.MEDAGENT.${reader}.${subject}`);
    }
  });

  it('a worker cannot pull from another worker’s durable nor create a durable with another filter', async () => {
    const triage = bus('worker-triage');
    const noop = async (d: Delivery) => d.ack();
    await expectRefused(
      triage.consume(
        {
          durable: 'worker_research',
          subject: 'medagent.task.assigned.research',
          maxDeliver: 3,
          ackWaitMs: 10_000,
        },
        noop,
      ),
      '$JS.API.CONSUMER.INFO.MEDAGENT.worker_research',
    );
    await expectRefused(
      triage.consume(
        { durable: 'worker_triage_all', subject: 'medagent.>', maxDeliver: 3, ackWaitMs: 10_000 },
        noop,
      ),
      '$JS.API.CONSUMER.INFO.MEDAGENT.worker_triage_all',
    );
    // Raw API with a forged filter on its own durable name: the filter is part of the subject.
    const jsm = await jetstreamManager(triage.nc);
    await expectRefused(
      jsm.consumers.add('MEDAGENT', {
        durable_name: 'worker_triage',
        filter_subject: 'medagent.task.assigned.research',
      }),
      '$JS.API.CONSUMER.CREATE.MEDAGENT.worker_triage.medagent.task.assigned.research',
    );
    // Nor delete or purge the work stream.
    await expectRefused(jsm.streams.purge('MEDAGENT'), '$JS.API.STREAM.PURGE.MEDAGENT');
    await expectRefused(
      jsm.consumers.delete('MEDAGENT', 'worker_research'),
      '$JS.API.CONSUMER.DELETE.MEDAGENT.worker_research',
    );
  });

  it('request state (KV medagent_requests) is the coordinator’s: it writes, ops only reads, the others cannot open it', async () => {
    const kv = await JetStreamKvStore.open(bus('coordinator').nc, REQUEST_BUCKET, { history: 5 });
    const rev = await kv.create('req.perm1', { status: 'created' });
    await kv.update('req.perm1', { status: 'dispatched' }, rev);
    expect((await kv.get<{ status: string }>('req.perm1'))?.value.status).toBe('dispatched');
    expect(await kv.keys('req.')).toContain('req.perm1');

    for (const user of ['worker-triage', 'lead']) {
      await expectRefused(
        JetStreamKvStore.open(bus(user).nc, REQUEST_BUCKET),
        `$JS.API.STREAM.INFO.KV_${REQUEST_BUCKET}`,
      );
      await expectRefused(
        jetstream(bus(user).nc).publish(`$KV.${REQUEST_BUCKET}.req.perm1`, '{}'),
        `$KV.${REQUEST_BUCKET}.req.perm1`,
      );
    }

    const ops = await plain('ops');
    const view = await new Kvm(ops).open(REQUEST_BUCKET);
    expect((await view.get('req.perm1'))?.json<{ status: string }>().status).toBe('dispatched');
    const keys: string[] = [];
    for await (const k of await view.keys()) keys.push(k);
    expect(keys).toContain('req.perm1');
    await expectRefused(view.put('req.perm1', '{"status":"forged"}'), `$KV.${REQUEST_BUCKET}.req.perm1`);
    expect((await kv.get<{ status: string }>('req.perm1'))?.value.status).toBe('dispatched');
  });

  it('ingress submits requests and approvals and reads results, nothing else', async () => {
    const nc = await plain('ingress');
    const js = jetstream(nc);
    const results = new Collector<Envelope>();
    nc.subscribe('medagent.request.*.coordinator', { callback: (_e, m) => results.push(m.json<Envelope>()) });
    const denied = new Collector<Error>();
    nc.subscribe('medagent.task.assigned.*', {
      callback: (e) => {
        if (e) denied.push(e);
      },
    });
    await nc.flush();

    const submitted = buildEvent({
      type: 'request.submitted',
      correlation_id: newId('req_'),
      producer: 'ingress',
      payload: {
        request_id: 'r-ingress',
        user_id: 'u1',
        session_id: 's1',
        message: 'post-meal glucose high, dizzy',
        channel: 'nats',
      },
    });
    expect(
      (await js.publish('medagent.request.submitted.ingress', JSON.stringify(submitted))).seq,
    ).toBeGreaterThan(0);
    const approval = buildEvent({
      type: 'approval.resolved',
      correlation_id: newId('req_'),
      producer: 'ingress',
      payload: { approval_id: 'a1', task_id: 't1', decision: 'approve', by: 'dr-li' },
    });
    expect(
      (await js.publish('medagent.approval.resolved.triage', JSON.stringify(approval))).seq,
    ).toBeGreaterThan(0);

    await expectRefused(
      js.publish('medagent.task.assigned.triage', JSON.stringify(assigned('triage', 'forged-4'))),
      'medagent.task.assigned.triage',
    );
    await expectRefused(
      js.publish('medagent.request.completed.coordinator', JSON.stringify(completed('r-x'))),
      'medagent.request.completed.coordinator',
    );
    await expectRefused(
      js.publish('medagent.request.submitted.coordinator', JSON.stringify(submitted)),
      'medagent.request.submitted.coordinator',
    );
    // Subscribing outside its results is refused by the server too.
    const [subErr] = await denied.next(1);
    expect(subErr?.message).toMatch(
      /permissions violation for subscription to "medagent\.task\.assigned\.\*"/i,
    );
    // The JetStream API is closed to ingress (it must not declare topology): JetStreamBus is for services.
    await expect(
      JetStreamBus.connect({
        servers: server.url,
        connectOptions: { user: 'ingress', pass: pass('ingress') },
        watchAdvisories: false,
      }),
    ).rejects.toThrow(/permissions violation/i);

    const done = completed(newId('req_'));
    await bus('coordinator').publish('medagent.request.completed.coordinator', done);
    const [seen] = await results.where((e) => e.event_id === done.event_id);
    expect(seen?.producer).toBe('coordinator');
  });

  it('a worker’s dead letter reaches medagent_dlq; ops reads dead letters and streams but cannot publish', async () => {
    await triageConsumer();
    const ops = await plain('ops');
    const dls = new Collector<{ subject: string; code: string }>();
    ops.subscribe('medagent_dlq.>', {
      callback: (_e, m) => dls.push({ subject: m.subject, code: m.json<{ code: string }>().code }),
    });
    await ops.flush();
    await bus('coordinator').publish(subjectFor('task.assigned', 'triage'), assigned('triage', 'dl-1'));
    const [dl] = await dls.next(1);
    expect(dl).toEqual({ subject: dlqSubjectFor('medagent.task.assigned.triage'), code: 'TEST_REFUSED' });

    const jsm: JetStreamManager = await jetstreamManager(ops);
    // Ops reads consumer state (lag) and the stream by sequence.
    expect((await jsm.consumers.info('MEDAGENT', 'worker_triage')).config.filter_subject).toBe(
      'medagent.task.assigned.triage',
    );
    expect((await jsm.streams.getMessage('MEDAGENT', { seq: 1 }))?.seq).toBe(1);
    const js = jetstream(ops);
    await expectRefused(
      js.publish('medagent.request.submitted.ingress', '{}'),
      'medagent.request.submitted.ingress',
    );
    await expectRefused(
      js.publish('medagent_dlq.medagent.task.assigned.triage', '{}'),
      'medagent_dlq.medagent.task.assigned.triage',
    );
    await expectRefused(jsm.streams.purge('MEDAGENT_DLQ'), '$JS.API.STREAM.PURGE.MEDAGENT_DLQ');
    await expectRefused(
      jsm.consumers.add('MEDAGENT', {
        durable_name: 'worker_triage',
        filter_subject: 'medagent.task.assigned.triage',
      }),
      '$JS.API.CONSUMER.CREATE.MEDAGENT.worker_triage.medagent.task.assigned.triage',
    );
  });
});
