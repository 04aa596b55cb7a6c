import { fromSeed } from '@nats-io/nkeys';
import { buildEvent, dlqSubjectFor, newId, subjectFor, type Envelope } from '@medagent/contracts';
import { encodeEnvelope } from '../common';
import { InProcessBus } from '../in-process/bus';
import { Collector } from '../testing/collector';
import { generateNkey } from './keys';
import { EVENT_PRODUCER_FORBIDDEN, EVENT_SIGNATURE_INVALID, EVENT_UNSIGNED, EventSigner, EventVerifier, HEADER_SIGNATURE } from './signing';

const SYNTH = subjectFor('synthesis.produced', 'lead');

function synthesis(producer: 'lead' | 'worker-triage' = 'lead'): Envelope {
  return buildEvent({ type: 'synthesis.produced', correlation_id: newId('req_'), producer, payload: { request_id: 'r1', text: 'answer', sources: [] } });
}

describe('event signatures (Ed25519 from nkey seeds, node:crypto)', () => {
  const lead = EventSigner.ephemeral();
  const triage = EventSigner.ephemeral();
  const verifier = EventVerifier.trusting({
    lead: { signer: lead, producers: ['lead'] },
    'worker-triage': { signer: triage, producers: ['worker-triage'] },
  });

  it('signs the same bytes as the nkeys library (one seed, one key)', () => {
    const id = generateNkey();
    const s = new EventSigner(id.seed);
    expect(s.publicKey).toBe(id.publicKey);
    const h: Record<string, string> = {};
    const body = new TextEncoder().encode('{"x":1}');
    s.sign('medagent.plan.produced.lead', h, body);
    const signed = Buffer.concat([Buffer.from('medagent-event-sig-v1\nmedagent.plan.produced.lead\n\n'), Buffer.from(body)]);
    const nk = Buffer.from(fromSeed(new TextEncoder().encode(id.seed)).sign(signed)).toString('base64url');
    expect(h[HEADER_SIGNATURE]).toBe(nk);
  });

  it('accepts what a trusted producer signed for an event it may produce', () => {
    const body = encodeEnvelope(synthesis());
    const h: Record<string, string> = {};
    lead.sign(SYNTH, h, body);
    expect(verifier.verify(SYNTH, h, body, JSON.parse(Buffer.from(body).toString()))).toBeUndefined();
  });

  it.each([
    ['unsigned', (h: Record<string, string>) => delete h[HEADER_SIGNATURE], EVENT_UNSIGNED],
    // Always a different first character: replacing it with 'A' was a no-op for 1 signature in 64.
    ['tampered signature', (h: Record<string, string>) => (h[HEADER_SIGNATURE] = `${(h[HEADER_SIGNATURE] ?? '').startsWith('A') ? 'B' : 'A'}${(h[HEADER_SIGNATURE] ?? '').slice(1)}`), EVENT_SIGNATURE_INVALID],
    ['an extended deadline', (h: Record<string, string>) => (h['Medagent-Deadline-At'] = '2999-01-01T00:00:00.000Z'), EVENT_SIGNATURE_INVALID],
  ])('refuses %s', (_what, mutate, code) => {
    const body = encodeEnvelope(synthesis());
    const h: Record<string, string> = {};
    lead.sign(SYNTH, h, body);
    mutate(h);
    expect(verifier.verify(SYNTH, h, body, JSON.parse(Buffer.from(body).toString()))?.code).toBe(code);
  });

  it('refuses altered bytes and another subject', () => {
    const body = encodeEnvelope(synthesis());
    const h: Record<string, string> = {};
    lead.sign(SYNTH, h, body);
    const altered = Buffer.from(Buffer.from(body).toString().replace('answer', 'stop all'));
    expect(verifier.verify(SYNTH, h, altered, JSON.parse(altered.toString()))?.code).toBe(EVENT_SIGNATURE_INVALID);
    expect(verifier.verify('medagent.plan.produced.lead', h, body, JSON.parse(Buffer.from(body).toString()))?.code).toBe(EVENT_SIGNATURE_INVALID);
  });

  it('refuses a worker key signing as the lead, and a worker producing a synthesis', () => {
    const asLead = encodeEnvelope(synthesis('lead'));
    const h1: Record<string, string> = {};
    triage.sign(SYNTH, h1, asLead);
    expect(verifier.verify(SYNTH, h1, asLead, JSON.parse(Buffer.from(asLead).toString()))?.code).toBe(EVENT_SIGNATURE_INVALID);
    const asWorker = encodeEnvelope(synthesis('worker-triage'));
    const h2: Record<string, string> = {};
    triage.sign(SYNTH, h2, asWorker);
    expect(verifier.verify(SYNTH, h2, asWorker, JSON.parse(Buffer.from(asWorker).toString()))?.code).toBe(EVENT_PRODUCER_FORBIDDEN);
  });

  it('refuses an unknown signer', () => {
    const body = encodeEnvelope(synthesis());
    const h: Record<string, string> = {};
    EventSigner.ephemeral().sign(SYNTH, h, body);
    expect(verifier.verify(SYNTH, h, body, JSON.parse(Buffer.from(body).toString()))?.code).toBe(EVENT_SIGNATURE_INVALID);
  });

  it('in process: a forged event is dead-lettered with its code, never handled, never observed', async () => {
    const bus = new InProcessBus({ security: { verifier } });
    const handled = new Collector<string>();
    const observed = new Collector<string>();
    const dead = new Collector<string>();
    await bus.consume({ durable: 'coordinator_synthesis_produced', subject: 'medagent.synthesis.produced.*', maxDeliver: 3, ackWaitMs: 5000 }, async (d) => {
      handled.push(d.envelope.producer);
      await d.ack();
    });
    await bus.subscribe('medagent.>', (e) => observed.push(e.producer));
    await bus.subscribeDeadLetters((dl) => dead.push(`${dl.code}@${dl.original_subject}`));
    await bus.as(triage).publish(SYNTH, synthesis('lead'));
    await bus.as(triage).publish(SYNTH, synthesis('worker-triage'));
    await bus.publish(SYNTH, synthesis('lead')); // this bus has no signer of its own: unsigned
    await bus.as(lead).publish(SYNTH, synthesis('lead'));
    expect(await handled.next(1)).toEqual(['lead']);
    expect(await dead.next(3)).toEqual([
      `${EVENT_SIGNATURE_INVALID}@${SYNTH}`,
      `${EVENT_PRODUCER_FORBIDDEN}@${SYNTH}`,
      `${EVENT_UNSIGNED}@${SYNTH}`,
    ]);
    expect(await observed.next(1)).toEqual(['lead']);
    expect(dlqSubjectFor(SYNTH)).toBe(`medagent_dlq.${SYNTH}`);
    await bus.close();
  });
});
