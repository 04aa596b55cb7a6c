import { fhirWarfarinBundle } from '@medagent/knowledge/testing';
import { startHarness, type Harness } from '../testing/ingress-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

async function submit(body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${h.url}/v1/consultations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function record(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.url}/v1/consultations/${id}?wait=30`);
  return ((await res.json()) as { record: Record<string, unknown> }).record;
}

describe('patient context on POST /v1/consultations', () => {
  it('a FHIR Bundle inline feeds the medication screen', async () => {
    const r = await submit({ message: 'My knee hurts, can I take ibuprofen?', user_id: 'u1', session_id: 's1', patient_context: fhirWarfarinBundle() });
    expect(r.status).toBe(202);
    const rec = await record(r.json['request_id'] as string);
    expect((rec['medication_screen'] as { verdict: string }).verdict).toBe('blocked');
  });

  it('a stored Bundle by reference feeds it too', async () => {
    const put = await fetch(`${h.url}/v1/patient-contexts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fhirWarfarinBundle()) });
    expect(put.status).toBe(201);
    const ref = ((await put.json()) as { patient_context_ref: string }).patient_context_ref;
    expect(ref).toMatch(/^fhir-bundle:[0-9a-f]+$/);
    const r = await submit({ message: 'Can I take naproxen for my back?', user_id: 'u2', session_id: 's1', patient_context_ref: ref });
    const rec = await record(r.json['request_id'] as string);
    expect((rec['medication_screen'] as { verdict: string; inputs: { patient_context: boolean } }).inputs.patient_context).toBe(true);
    expect((rec['medication_screen'] as { verdict: string }).verdict).toBe('blocked');
  });

  it('rejects a malformed Bundle with 400 and the paths at fault', async () => {
    const bad = { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'MedicationRequest', status: 'active' } }] };
    const r = await submit({ message: 'ibuprofen?', user_id: 'u3', session_id: 's1', patient_context: bad });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toContain('Bundle.entry[0].resource');
    const notBundle = await fetch(`${h.url}/v1/patient-contexts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ resourceType: 'Patient' }) });
    expect(notBundle.status).toBe(400);
  });
});
