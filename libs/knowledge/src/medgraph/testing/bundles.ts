// FHIR R4 Bundles for tests: built here so every suite shares one realistic shape.
const RX = 'http://www.nlm.nih.gov/research/umls/rxnorm';

export function medicationRequest(id: string, rxcui: string, text: string, status = 'active'): Record<string, unknown> {
  return {
    fullUrl: `urn:uuid:${id}`,
    resource: { resourceType: 'MedicationRequest', id, status, intent: 'order', subject: { reference: 'Patient/p1' }, medicationCodeableConcept: { text, coding: [{ system: RX, code: rxcui, display: text }] } },
  };
}

export function bundle(...entries: Record<string, unknown>[]): Record<string, unknown> {
  return { resourceType: 'Bundle', type: 'collection', entry: [{ fullUrl: 'urn:uuid:p1', resource: { resourceType: 'Patient', id: 'p1', gender: 'female', birthDate: '1952-03-04' } }, ...entries] };
}

/** Warfarin (RxNorm 11289) on a 72-year-old woman, plus an ordered ibuprofen (5640) when asked. */
export function warfarinBundle(withIbuprofen = false): Record<string, unknown> {
  const entries = [medicationRequest('m1', '11289', 'warfarin 5 mg tablet')];
  if (withIbuprofen) entries.push(medicationRequest('m2', '5640', 'ibuprofen 400 mg tablet', 'draft'));
  return bundle(...entries);
}
