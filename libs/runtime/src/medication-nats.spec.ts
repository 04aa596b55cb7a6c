import { JetStreamBus } from '@medagent/bus';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { fhirWarfarinBundle } from '@medagent/knowledge/testing';
import { MedagentClient } from './client';
import { loadRuntimeConfig } from './config';
import { serve, type RunningServices } from './serve';

// The NATS ingress: a request.submitted carrying a FHIR R4 Bundle over a real JetStream server.
describe('medication screen over the NATS ingress (real nats-server)', () => {
  let nats: NatsServerHandle;
  let running: RunningServices;
  let bus: JetStreamBus;
  beforeAll(async () => {
    nats = await startNatsServer({ jetstream: true });
    running = await serve('all', loadRuntimeConfig({}, { natsUrl: nats.url }));
    bus = await JetStreamBus.connect({ servers: nats.url, name: 'test-med-client', watchAdvisories: false });
  });
  afterAll(async () => {
    await bus?.close();
    await running?.stop();
    await nats?.stop();
  });

  it('a Bundle on request.submitted is screened; an invalid one is named as not checked', async () => {
    const client = new MedagentClient(bus);
    const ok = await client.ask({ message: 'My knee hurts — can I take ibuprofen?', user_id: 'u1', session_id: 's1', channel: 'nats', patient_context: fhirWarfarinBundle() });
    expect(ok.record.medication_screen?.verdict).toBe('blocked');
    expect(ok.record.answer?.text).toContain('[Medication screen: BLOCKED]');
    const bad = await client.ask({ message: 'Can I take ibuprofen?', user_id: 'u2', session_id: 's1', channel: 'nats', patient_context: { resourceType: 'Bundle', entry: 'oops' } });
    expect(bad.status).toBe('completed');
    expect(bad.record.medication_screen?.blind_spots.join(' ')).toMatch(/invalid FHIR Bundle/);
  });
});
