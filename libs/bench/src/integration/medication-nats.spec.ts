import type { JetStreamBus } from '@medagent/bus';
import { fhirWarfarinBundle } from '@medagent/knowledge/testing';
import { MedagentClient, loadRuntimeConfig, serve, type RunningServices } from '@medagent/runtime';
import { startSecureNats, type SecureNats } from '../harness/secure-nats';

// The NATS ingress: a request.submitted carrying a FHIR R4 Bundle over a real JetStream server,
// permissions on (the services and the integrator's ingress identity use their own nkeys).
describe('medication screen over the NATS ingress (real nats-server)', () => {
  let nats: SecureNats;
  let running: RunningServices;
  let bus: JetStreamBus;
  beforeAll(async () => {
    nats = await startSecureNats();
    running = await serve('all', loadRuntimeConfig({}, { natsUrl: nats.url, natsCredentialsDir: nats.credentialsDir }));
    bus = await nats.connect('ingress', { name: 'test-med-client' });
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
