import { buildEvent, newId, subjectFor, type Envelope } from '@medagent/contracts';
import { JetStreamBus } from '../jetstream/bus';
import { Collector } from '../testing/collector';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import type { DeadLetter } from '../port';
import { EVENT_SIGNATURE_INVALID, EVENT_UNSIGNED, EventSigner, EventVerifier, type BusSecurity } from './signing';

/**
 * Signatures on a real JetStream server: an offloaded payload (object store) travels under the
 * envelope's signature through its sha256; an unsigned or re-signed copy is dead-lettered by
 * the consumer and dropped by observers and stored-event reads.
 */
describe('event signatures over JetStream (real nats-server)', () => {
  let server: NatsServerHandle;
  const lead = EventSigner.ephemeral();
  const stranger = EventSigner.ephemeral();
  const verifier = EventVerifier.trusting({ lead: { signer: lead, producers: ['lead'] } });
  const buses: JetStreamBus[] = [];
  const open = async (security: BusSecurity, name: string) => {
    const b = await JetStreamBus.connect({ servers: server.url, name, limits: { storage: 'memory' }, maxInlineBytes: 512, security, drainTimeoutMs: 2000 });
    buses.push(b);
    return b;
  };
  beforeAll(async () => {
    server = await startNatsServer({ jetstream: true, private: true });
  });
  afterAll(async () => {
    for (const b of buses.reverse()) await b.close();
    await server.stop();
  });

  it('a large signed payload arrives through the object store; forged and unsigned copies never reach a handler', async () => {
    const consumer = await open({ verifier }, 'consumer');
    const asLead = await open({ signer: lead }, 'lead');
    const asStranger = await open({ signer: stranger }, 'stranger');
    const unsigned = await open({}, 'unsigned');
    const subject = subjectFor('synthesis.produced', 'lead');
    const handled = new Collector<string>();
    const observed = new Collector<string>();
    const dead = new Collector<DeadLetter>();
    await consumer.consume({ durable: 'signed_synth', subject, maxDeliver: 3, ackWaitMs: 5000 }, async (d) => {
      handled.push((d.envelope.payload as { text: string }).text.slice(0, 8));
      await d.ack();
    });
    await consumer.subscribe(subject, (e) => observed.push((e.payload as { text: string }).text.slice(0, 8)));
    await consumer.subscribeDeadLetters(dead.push);
    const big = (text: string): Envelope =>
      buildEvent({ type: 'synthesis.produced', correlation_id: newId('req_'), producer: 'lead', payload: { request_id: 'r', text: `${text}${'。'.repeat(2000)}`, sources: [] } });
    const since = new Date(Date.now() - 1000);
    await asStranger.publish(subject, big('FORGED-1'));
    await unsigned.publish(subject, big('FORGED-2'));
    await asLead.publish(subject, big('GENUINE0'));
    expect(await handled.next(1, 15_000)).toEqual(['GENUINE0']);
    const codes = (await dead.next(2, 15_000)).map((d) => d.code).sort();
    expect(codes).toEqual([EVENT_SIGNATURE_INVALID, EVENT_UNSIGNED].sort());
    expect(await observed.next(1)).toEqual(['GENUINE0']);
    // Read back from the stream (what an approval catch-up or a replay does): only the signed one.
    const stored = await consumer.storedEvents(subject, since, 'signed_reader');
    expect(stored.map((e) => (e.payload as { text: string }).text.slice(0, 8))).toEqual(['GENUINE0']);
    expect(handled.items).toEqual(['GENUINE0']);
  }, 60_000);
});
