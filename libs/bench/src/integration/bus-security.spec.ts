import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { EVENT_PRODUCER_FORBIDDEN, EVENT_SIGNATURE_INVALID, EventSigner, JetStreamBus, JetStreamKvStore, generateNkey, nkeyConnectOptions, type DeadLetter } from '@medagent/bus';
import { Collector } from '@medagent/bus/testing';
import { buildEvent, payloadOf, subjectFor, type Envelope } from '@medagent/contracts';
import { renderPrometheus } from '@medagent/telemetry';
import { MedagentClient, busIdentity, loadRuntimeConfig, REQUEST_BUCKET, listDeadLetters, redriveDeadLetter, showDeadLetter, serve, type RunningServices } from '@medagent/runtime';
import { fakeModels } from '../fake-model';
import { startSecureNats, type SecureNats } from '../harness/secure-nats';
import { askSeed } from '../testing/seed';

/**
 * The bus refuses strangers, against a real nats-server running the authorization that
 * `medagent secrets init` generates, with the five services each on its own connection and
 * nkey (`serve all`). What an attacker with network access, or with one leaked worker seed,
 * can and cannot do.
 */
const FORGED_TEXT = '请立即停用所有降糖药，不需要看医生。';
const SYNTH = subjectFor('synthesis.produced', 'lead');

describe('bus security with the generated nkey authorization (real nats-server)', () => {
  let secure: SecureNats;
  let running: RunningServices;
  let ops: JetStreamBus;
  let client: MedagentClient;
  let ingress: JetStreamBus;
  const events = new Collector<Envelope>();
  const dead = new Collector<DeadLetter>();
  const seedOf = (id: string) => readFileSync(join(secure.credentialsDir, `${id}.nk`), 'utf8').trim();

  beforeAll(async () => {
    secure = await startSecureNats();
    // A slow fake model leaves a window between synthesis.requested and the lead's answer.
    running = await serve('all', loadRuntimeConfig({}, { natsUrl: secure.url, natsCredentialsDir: secure.credentialsDir, httpPort: 0, httpHost: '127.0.0.1' }), fakeModels(400));
    ops = await secure.connect('ops');
    await ops.subscribe('medagent.>', events.push);
    await ops.subscribeDeadLetters(dead.push);
    ingress = await secure.connect('ingress');
    client = new MedagentClient(ingress);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await ingress?.close();
    await ops?.close();
    await running?.stop();
    await secure?.stop();
  }, 60_000);

  it('a stranger cannot connect: no credentials, or an nkey the server does not know', async () => {
    await expect(connect({ servers: secure.url, reconnect: false })).rejects.toThrow(/authoriz/i);
    await expect(connect({ servers: secure.url, reconnect: false, ...nkeyConnectOptions(generateNkey().seed) })).rejects.toThrow(/authoriz/i);
  });

  it('a service without credentials refuses to start (ConfigError), unless the development switch is on', async () => {
    await expect(serve('lead', loadRuntimeConfig({}, { natsUrl: secure.url }))).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/MEDAGENT_NATS_CREDENTIALS_DIR/) });
    const lines: string[] = [];
    const dev = busIdentity(loadRuntimeConfig({ MEDAGENT_BUS_AUTH: 'none' }, { natsUrl: secure.url }), 'worker-research', { write: (l) => lines.push(l) });
    expect(dev).toMatchObject({ auth: 'none', security: {} });
    expect(lines.join('')).toMatch(/WARNING MEDAGENT_BUS_AUTH=none.*WITHOUT credentials and WITHOUT event signatures/);
  });

  it('a worker credential: the server refuses a synthesis, a task assignment and a KV write', async () => {
    const triage = await secure.connect('worker-triage');
    try {
      const forged = buildEvent({ type: 'synthesis.produced', correlation_id: 'req_x', producer: 'lead', payload: { request_id: 'req_x', text: FORGED_TEXT, sources: [] } });
      await expect(triage.publish(SYNTH, forged)).rejects.toThrow(/refused by the server/);
      await expect(triage.publishRaw(subjectFor('task.assigned', 'research'), new TextEncoder().encode('{}'))).rejects.toThrow(/refused by the server/);
      // JetStream KV writes are publishes to $KV.<bucket>.<key>: only the coordinator's.
      await expect(triage.publishRaw(`$KV.${REQUEST_BUCKET}.req.req_x`, new TextEncoder().encode('{"status":"completed"}'))).rejects.toThrow(/refused by the server/);
      await expect(JetStreamKvStore.open(triage.nc, REQUEST_BUCKET, { waitMs: 0 })).rejects.toThrow();
    } finally {
      await triage.close();
    }
  });

  it("a passive subscriber with a worker's credentials reads no other role's task, nor its inbox", async () => {
    const nc = await connect({ servers: secure.url, reconnect: false, inboxPrefix: '_INBOX_worker-consultation', ...nkeyConnectOptions(seedOf('worker-consultation')) });
    try {
      for (const subject of ['medagent.task.assigned.triage', 'medagent.>', '_INBOX_worker-triage.>', '_INBOX_coordinator.>']) {
        const refused = new Promise<Error | undefined>((resolve) => {
          nc.subscribe(subject, { callback: (err) => resolve(err ?? undefined) });
        });
        await nc.flush();
        await expect(refused).resolves.toMatchObject({ message: expect.stringMatching(/permissions violation/i) });
      }
    } finally {
      await nc.close();
    }
  });

  it('a synthesis forged with a worker key over the lead identity is dead-lettered by the coordinator and never reaches the user', async () => {
    const workerSigner = new EventSigner(seedOf('worker-triage'));
    // A permitted connection (the lead's NATS user) carrying a worker's signature: as if both had leaked.
    const forger = await secure.connect('lead', { security: { signer: workerSigner } });
    try {
      const { requestId, result } = askSeed(client, 'u-forge', { timeoutMs: 60_000, diag: () => '' });
      await events.where((e) => e.correlation_id === requestId && e.event_type === 'synthesis.requested', 1, 30_000, 'synthesis.requested');
      // Ahead of the lead's answer (its model step takes 400 ms): one claiming to be the lead, one claiming to be the worker.
      const asLead = buildEvent({ type: 'synthesis.produced', correlation_id: requestId, producer: 'lead', payload: { request_id: requestId, text: FORGED_TEXT, sources: [] } });
      const asWorker = buildEvent({ type: 'synthesis.produced', correlation_id: requestId, producer: 'worker-triage', payload: { request_id: requestId, text: FORGED_TEXT, sources: [] } });
      await forger.publish(SYNTH, asLead, { msgId: `forged-1:${requestId}` });
      await forger.publish(SYNTH, asWorker, { msgId: `forged-2:${requestId}` });
      // Both went out before the lead's own synthesis: a forgery accepted now would have been the answer.
      expect(events.items.some((e) => e.event_type === 'synthesis.produced' && e.correlation_id === requestId)).toBe(false);
      const [a] = await dead.where((d) => d.event_id === asLead.event_id, 1, 20_000, 'dead letter of the forged synthesis');
      const [b] = await dead.where((d) => d.event_id === asWorker.event_id, 1, 20_000, 'dead letter of the worker synthesis');
      expect(a).toMatchObject({ code: EVENT_SIGNATURE_INVALID, original_subject: SYNTH, correlation_id: requestId, deliveries: 1 });
      expect(b).toMatchObject({ code: EVENT_PRODUCER_FORBIDDEN, original_subject: SYNTH, correlation_id: requestId });
      const r = await result;
      expect(r.record.answer?.exit).toBe('synthesis');
      expect(JSON.stringify(r.record)).not.toContain('停用所有降糖药');
      // Observers drop it too: nobody subscribed to the bus saw the forged text as an event.
      expect(events.items.filter((e) => e.event_type === 'synthesis.produced' && e.correlation_id === requestId).map((e) => e.producer)).toEqual(['lead']);
      expect(payloadOf(events.items.find((e) => e.event_type === 'synthesis.produced' && e.correlation_id === requestId) as Envelope, 'synthesis.produced').text).not.toContain('停用');

      // On call: ops lists and shows it; it cannot be re-driven (its original fails verification).
      const listed = await listDeadLetters(ops, { code: EVENT_SIGNATURE_INVALID });
      const line = listed.lines.find((l) => l.event_id === asLead.event_id);
      expect(line).toMatchObject({ code: EVENT_SIGNATURE_INVALID, correlation_id: requestId });
      const shown = await showDeadLetter(ops, line!.seq);
      expect(shown.original?.verification).toBe(EVENT_SIGNATURE_INVALID);
      const admin = await secure.connect('admin');
      try {
        await expect(redriveDeadLetter(admin, line!.seq)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/fails verification/) });
      } finally {
        await admin.close();
      }
    } finally {
      await forger.close();
    }
  }, 90_000);

  it('dlq redrive republishes the stored original with its signature intact (admin signs nothing)', async () => {
    const coordinator = await secure.connect('coordinator');
    const admin = await secure.connect('admin');
    try {
      // Signed by the coordinator, but not an envelope: the worker dead-letters it as CONTRACT_VIOLATION.
      const subject = subjectFor('task.assigned', 'triage');
      await coordinator.publishRaw(subject, new TextEncoder().encode('{"poison":"redrive-me"}'), { msgId: 'redrive-poison' });
      const [first] = await dead.where((d) => d.raw?.includes('redrive-me') === true, 1, 20_000, 'dead letter of the poison');
      expect(first?.code).toBe('CONTRACT_VIOLATION');
      const line = (await listDeadLetters(ops, { code: 'CONTRACT_VIOLATION' })).lines.find((l) => l.original_subject === subject);
      const r = await redriveDeadLetter(admin, line!.seq);
      expect(r).toMatchObject({ original_subject: subject, duplicate: false });
      // Dead-lettered again for what it is (CONTRACT_VIOLATION), not as a forgery: the signature held.
      const again = await dead.where((d) => d.raw?.includes('redrive-me') === true, 2, 20_000, 'dead letter of the re-driven copy');
      expect(again.map((d) => d.code)).toEqual(['CONTRACT_VIOLATION', 'CONTRACT_VIOLATION']);
      expect(again[1]?.stream_seq).toBe(r.republished_seq);
      // Once per dead letter: a second re-drive is the stream's duplicate.
      expect((await redriveDeadLetter(admin, line!.seq)).duplicate).toBe(true);
      // ops may read but not re-drive (no publish on work subjects).
      await expect(redriveDeadLetter(ops, line!.seq)).rejects.toThrow(/refused by the server/);
      // medagent_dead_letters_total counts what the stream stored, attempts that were duplicates not at all.
      const counted = [...(await renderPrometheus()).matchAll(/^medagent_dead_letters_total\{code="[^"]+"\} (\d+)$/gm)].reduce((a, m) => a + Number(m[1]), 0);
      expect(counted).toBe((await ops.deadLetters().state()).messages);
    } finally {
      await admin.close();
      await coordinator.close();
    }
  }, 60_000);
});
