import { defaultCodeMap, defaultMedicationGraph, runMedicationScreen } from './default';
import { evaluateMedication, parseMedicationCases } from './evaluate';
import { patientContextFromBundle } from './fhir';
import { bundle, medicationRequest } from './testing/bundles';

const ids = (r: ReturnType<typeof runMedicationScreen>) => r.findings.map((f) => f.edge_id);

describe('medication screen', () => {
  it('catches sildenafil + nitroglycerin from free text alone (brand names, either language)', () => {
    const en = runMedicationScreen({ text: 'I use nitroglycerin spray for angina; can I take Viagra?' });
    expect(en.verdict).toBe('blocked');
    expect(ids(en)).toContain('ddi:pde5_inhibitor:nitrate');
    expect(runMedicationScreen({ text: '我在用硝酸甘油，可以吃伟哥吗' }).verdict).toBe('blocked');
  });

  it('only entities the request names produce findings', () => {
    const r = runMedicationScreen({ text: "I'm a 45-year-old man with knee pain. Can I take ibuprofen?", context: { sex: 'M', age: 45 } });
    expect(r.findings.filter((f) => f.severity !== 'LOW')).toEqual([]);
    expect(r.entities.conditions.map((c) => c.id)).not.toContain('pregnancy');
  });

  it('reads combination products, so two acetaminophen products are a HIGH duplicate and one is not', () => {
    const dup = runMedicationScreen({ context: { drugs: ['hydrocodone/acetaminophen', 'Tylenol'] } });
    expect(dup.findings.map((f) => [f.kind, f.severity])).toContainEqual(['duplicate', 'HIGH']);
    expect(runMedicationScreen({ context: { drugs: ['acetaminophen', 'ibuprofen'] } }).verdict).toBe('ok');
  });

  it('penicillin allergy: amoxicillin and piperacillin-tazobactam HIGH, cefalexin caution, azithromycin fine', () => {
    const v = (drug: string) => runMedicationScreen({ context: { drugs: [drug], allergies: ['penicillin'] } }).verdict;
    expect(v('amoxicillin')).toBe('blocked');
    expect(v('piperacillin/tazobactam')).toBe('blocked');
    expect(v('cephalexin')).toBe('caution');
    expect(v('ceftriaxone')).toBe('ok');
    expect(v('azithromycin')).toBe('ok');
  });

  it('eGFR bands for metformin from a number: < 30 HIGH, 30–44 MEDIUM, >= 45 no finding', () => {
    const v = (egfr: number) => runMedicationScreen({ context: { drugs: ['metformin'], egfr } }).verdict;
    expect([v(24), v(38), v(52), v(75)]).toEqual(['blocked', 'caution', 'ok', 'ok']);
    expect(runMedicationScreen({ text: 'eGFR 22, still on metformin?' }).verdict).toBe('blocked');
  });

  it('places findings in the specialist views, each with its own wording; HIGH reads flatly', () => {
    const r = runMedicationScreen({ context: { drugs: ['warfarin', 'ibuprofen', 'amoxicillin'], allergies: ['penicillin'], pregnant: true } });
    expect(r.views.pharmacologist.findings.map((f) => f.kind)).toContain('drug-drug');
    expect(r.views.allergy.findings.map((f) => f.kind)).toEqual(['drug-allergy']);
    expect(r.views.internal_medicine.findings.map((f) => f.kind)).toContain('drug-pregnancy');
    expect(r.views.pharmacologist.text).toMatch(/^Pharmacologist view: BLOCKED/);
    expect(r.views.allergy.text).toContain('reported allergy');
    expect(r.text.startsWith('[Medication screen: BLOCKED]')).toBe(true);
    expect(r.text).not.toMatch(/may consider|generally fine|usually fine/i);
  });

  it('names what it does not recognise instead of dropping it', () => {
    const r = runMedicationScreen({ context: { drugs: ['warfarin', 'zorblamab'] } });
    expect(r.blind_spots).toEqual(['zorblamab']);
    expect(r.text).toContain('zorblamab');
  });
});

describe('FHIR R4 Bundle → patient context', () => {
  it('uses codes first, skips stopped and refuted entries, resolves a referenced Medication, reads labs', () => {
    const b = bundle(
      medicationRequest('m1', '11289', 'Coumadin 5 mg'),
      medicationRequest('m2', '7258', 'naproxen', 'stopped'),
      { resource: { resourceType: 'Medication', id: 'med9', code: { text: 'ibuprofen 200 mg' } } },
      { resource: { resourceType: 'MedicationStatement', status: 'active', medicationReference: { reference: 'Medication/med9' } } },
      { resource: { resourceType: 'AllergyIntolerance', verificationStatus: { coding: [{ code: 'refuted' }] }, code: { text: 'penicillin' } } },
      { resource: { resourceType: 'Condition', code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'N18.4' }] } } },
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '62238-1' }] }, valueQuantity: { value: 50 }, effectiveDateTime: '2026-01-01' } },
      { resource: { resourceType: 'Observation', status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '62238-1' }] }, valueQuantity: { value: 41 }, effectiveDateTime: '2026-11-01' } },
    );
    const { context } = patientContextFromBundle(b, new Date('2026-12-02'));
    expect(context.age).toBe(74);
    expect(context.sex).toBe('F');
    expect(context.egfr).toBe(41);
    expect(context.drugs?.map((d) => (typeof d === 'string' ? d : d.text))).toEqual(['Coumadin 5 mg', 'ibuprofen 200 mg']);
    expect(context.allergies).toEqual([]);
    const r = runMedicationScreen({ context });
    expect(r.verdict).toBe('blocked');
    expect(r.entities.conditions.map((c) => c.id)).toContain('severe_ckd');
  });

  it('rejects a malformed Bundle with the paths at fault', () => {
    expect(() => patientContextFromBundle({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Condition' } }] })).toThrow(/Bundle.entry\[0\].resource.code/);
    expect(() => patientContextFromBundle({ resourceType: 'Patient' })).toThrow(expect.objectContaining({ code: 'MEDGRAPH_BAD_INPUT' }));
  });
});

describe('evaluateMedication', () => {
  it('scores verdicts, HIGH recall and false blocks, and fails a wrong label', () => {
    const lines = [
      { id: 'a', text: 'x', context: { drugs: ['warfarin', 'ibuprofen'] }, expected_verdict: 'blocked', expected_conflicts: [{ a: 'warfarin', b: 'ibuprofen', kind: 'drug-drug', severity: 'HIGH' }] },
      { id: 'b', text: 'y', context: { drugs: ['amlodipine', 'atorvastatin'] }, expected_verdict: 'ok', expected_conflicts: [] },
      { id: 'c', text: 'z', context: { drugs: ['sildenafil', 'nitroglycerin'] }, expected_verdict: 'ok', expected_conflicts: [] },
    ].map((c) => JSON.stringify(c));
    const r = evaluateMedication(defaultMedicationGraph(), parseMedicationCases(lines.join('\n')), defaultCodeMap());
    expect(r.n).toBe(3);
    expect(r.high_recall).toBe(1);
    expect(r.verdict_accuracy).toBeCloseTo(2 / 3, 2);
    expect(r.false_block_rate).toBe(0.5);
    expect(r.per_kind['drug-drug'].high_recall).toBe(1);
    expect(r.errors.map((e) => e.id)).toEqual(['c']);
  });
});
