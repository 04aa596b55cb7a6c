/// <reference types="fhir" />
// FHIR R4 patient context → the screen's PatientContext. Typed with `@types/fhir` (its shared
// datatypes: CodeableConcept, Coding, Quantity, Reference) plus the R4 changes to the fields we
// read (clinicalStatus / verificationStatus became CodeableConcepts in R4; the package is
// STU3-shaped), and checked at run time by a small validator for exactly those fields: the
// types describe, the validator decides.
import { MedGraphError } from './errors';
import type { CodedTerm, Coding } from './codes';
import type { PatientContext } from './screen';

type CC = fhir.CodeableConcept;
type Ref = fhir.Reference;

/** The R4 shapes of the resources we read (only the fields we read). */
export interface R4Patient { resourceType: 'Patient'; id?: string; birthDate?: string; gender?: string }
export interface R4MedicationRequest { resourceType: 'MedicationRequest'; id?: string; status?: string; medicationCodeableConcept?: CC; medicationReference?: Ref }
export interface R4MedicationStatement { resourceType: 'MedicationStatement'; id?: string; status?: string; medicationCodeableConcept?: CC; medicationReference?: Ref }
export interface R4Medication { resourceType: 'Medication'; id?: string; code?: CC }
export interface R4AllergyIntolerance { resourceType: 'AllergyIntolerance'; id?: string; clinicalStatus?: CC; verificationStatus?: CC; code?: CC }
export interface R4Condition { resourceType: 'Condition'; id?: string; clinicalStatus?: CC; verificationStatus?: CC; code?: CC }
export interface R4Observation { resourceType: 'Observation'; id?: string; status?: string; code?: CC; valueQuantity?: fhir.Quantity; valueCodeableConcept?: CC; effectiveDateTime?: string }
export type R4Resource = R4Patient | R4MedicationRequest | R4MedicationStatement | R4Medication | R4AllergyIntolerance | R4Condition | R4Observation;
export interface R4Bundle { resourceType: 'Bundle'; type?: string; entry?: { fullUrl?: string; resource?: R4Resource | { resourceType: string } }[] }

export const READ_RESOURCES = ['Patient', 'MedicationRequest', 'MedicationStatement', 'Medication', 'AllergyIntolerance', 'Condition', 'Observation'] as const;

const LOINC = 'http://loinc.org';
/** eGFR (several LOINC variants), serum potassium, pregnancy status, lactation status. */
const EGFR = new Set(['33914-3', '48642-3', '48643-1', '62238-1', '69405-9', '98979-8', '98980-6', '50044-7', '88293-6', '88294-4']);
const POTASSIUM = new Set(['2823-3', '6298-4', '77142-8']);
const PREGNANCY_STATUS = new Set(['82810-3', '11449-6']);
const LACTATION_STATUS = new Set(['63895-7']);
const SNOMED = 'http://snomed.info/sct';
const PREGNANT = new Set(['77386006']);
const NOT_PREGNANT = new Set(['60001007']);
const INACTIVE_MED = new Set(['stopped', 'completed', 'cancelled', 'entered-in-error', 'not-taken', 'revoked']);
const INACTIVE_CLINICAL = new Set(['inactive', 'resolved', 'remission']);
const REFUTED = new Set(['refuted', 'entered-in-error']);

export interface FhirIssue {
  path: string;
  message: string;
}

export interface BundleContext {
  context: PatientContext;
  /** Resources present but not used (unknown types, inactive entries), for the record. */
  skipped: number;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const optStr = (r: Rec, k: string, path: string, issues: FhirIssue[]): void => {
  if (r[k] !== undefined && typeof r[k] !== 'string') issues.push({ path: `${path}.${k}`, message: 'must be a string' });
};

function checkCC(v: unknown, path: string, issues: FhirIssue[]): void {
  if (v === undefined) return;
  if (!isRec(v)) return void issues.push({ path, message: 'must be a CodeableConcept' });
  optStr(v, 'text', path, issues);
  const coding = v['coding'];
  if (coding === undefined) return;
  if (!Array.isArray(coding)) return void issues.push({ path: `${path}.coding`, message: 'must be an array' });
  coding.forEach((c, i) => {
    if (!isRec(c)) return void issues.push({ path: `${path}.coding[${i}]`, message: 'must be a Coding' });
    for (const k of ['system', 'code', 'display']) optStr(c, k, `${path}.coding[${i}]`, issues);
  });
}

/** Checks the fields this module reads; anything else in the resource is left alone. */
export function validateBundle(raw: unknown): FhirIssue[] {
  const issues: FhirIssue[] = [];
  if (!isRec(raw) || raw['resourceType'] !== 'Bundle') return [{ path: 'Bundle', message: 'resourceType must be "Bundle"' }];
  const entry = raw['entry'];
  if (entry === undefined) return issues;
  if (!Array.isArray(entry)) return [{ path: 'Bundle.entry', message: 'must be an array' }];
  if (entry.length > 500) return [{ path: 'Bundle.entry', message: 'at most 500 entries' }];
  entry.forEach((e, i) => {
    const path = `Bundle.entry[${i}]`;
    if (!isRec(e)) return void issues.push({ path, message: 'must be an object' });
    const r = e['resource'];
    if (!isRec(r) || typeof r['resourceType'] !== 'string') return void issues.push({ path: `${path}.resource`, message: 'must be a resource with resourceType' });
    const rp = `${path}.resource`;
    optStr(r, 'id', rp, issues);
    switch (r['resourceType']) {
      case 'Patient':
        optStr(r, 'birthDate', rp, issues);
        optStr(r, 'gender', rp, issues);
        if (typeof r['birthDate'] === 'string' && !/^\d{4}(-\d{2}(-\d{2})?)?$/.test(r['birthDate'])) issues.push({ path: `${rp}.birthDate`, message: 'must be a FHIR date' });
        break;
      case 'MedicationRequest':
      case 'MedicationStatement':
        optStr(r, 'status', rp, issues);
        checkCC(r['medicationCodeableConcept'], `${rp}.medicationCodeableConcept`, issues);
        if (r['medicationReference'] !== undefined && (!isRec(r['medicationReference']) || typeof r['medicationReference']['reference'] !== 'string')) {
          issues.push({ path: `${rp}.medicationReference`, message: 'must be a Reference with reference' });
        }
        if (r['medicationCodeableConcept'] === undefined && r['medicationReference'] === undefined) issues.push({ path: rp, message: 'needs medicationCodeableConcept or medicationReference' });
        break;
      case 'Medication':
        checkCC(r['code'], `${rp}.code`, issues);
        break;
      case 'AllergyIntolerance':
      case 'Condition':
        for (const k of ['clinicalStatus', 'verificationStatus', 'code']) checkCC(r[k], `${rp}.${k}`, issues);
        if (r['code'] === undefined) issues.push({ path: `${rp}.code`, message: 'is required' });
        break;
      case 'Observation':
        optStr(r, 'status', rp, issues);
        optStr(r, 'effectiveDateTime', rp, issues);
        checkCC(r['code'], `${rp}.code`, issues);
        checkCC(r['valueCodeableConcept'], `${rp}.valueCodeableConcept`, issues);
        if (r['valueQuantity'] !== undefined && (!isRec(r['valueQuantity']) || typeof r['valueQuantity']['value'] !== 'number')) {
          issues.push({ path: `${rp}.valueQuantity`, message: 'must be a Quantity with a numeric value' });
        }
        break;
      default:
        break;
    }
  });
  return issues;
}

export function isBundle(v: unknown): boolean {
  return isRec(v) && v['resourceType'] === 'Bundle';
}

const codesOf = (cc: CC | undefined): Coding[] =>
  (cc?.coding ?? []).filter((c): c is fhir.Coding & Coding => typeof c.system === 'string' && typeof c.code === 'string').map((c) => ({ system: c.system, code: c.code }));

function term(cc: CC | undefined): CodedTerm | undefined {
  if (!cc) return undefined;
  const text = cc.text ?? cc.coding?.find((c) => typeof c.display === 'string')?.display;
  const codes = codesOf(cc);
  if (!text && codes.length === 0) return undefined;
  return { ...(text ? { text } : {}), ...(codes.length ? { codes } : {}) };
}

const statusCode = (cc: CC | undefined): string | undefined => cc?.coding?.[0]?.code ?? cc?.text;
const hasCode = (cc: CC | undefined, system: string, set: ReadonlySet<string>): boolean =>
  (cc?.coding ?? []).some((c) => c.system === system && typeof c.code === 'string' && set.has(c.code));

function ageAt(birthDate: string, now: Date): number | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(birthDate);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2] ?? '1') - 1;
  const d = Number(m[3] ?? '1');
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() < mo || (now.getUTCMonth() === mo && now.getUTCDate() < d)) age -= 1;
  return age >= 0 && age < 150 ? age : undefined;
}

/**
 * Reads a validated Bundle: active medications (requests and statements, a referenced
 * Medication resolved inside the Bundle), active and unrefuted allergies and conditions, the
 * latest eGFR, potassium, pregnancy and lactation observations, and the patient's age and sex.
 */
export function patientContextFromBundle(raw: unknown, now: Date = new Date()): BundleContext {
  const issues = validateBundle(raw);
  if (issues.length > 0) {
    throw new MedGraphError('MEDGRAPH_BAD_INPUT', `invalid FHIR Bundle: ${issues.slice(0, 5).map((i) => `${i.path} ${i.message}`).join('; ')}`);
  }
  const bundle = raw as R4Bundle;
  const resources = (bundle.entry ?? []).map((e) => ({ fullUrl: e.fullUrl, r: e.resource as R4Resource }));
  const meds = new Map<string, R4Medication>();
  for (const { fullUrl, r } of resources) {
    if (r.resourceType !== 'Medication') continue;
    if (r.id) meds.set(`Medication/${r.id}`, r);
    if (fullUrl) meds.set(fullUrl, r);
  }
  const ctx: PatientContext = { drugs: [], allergies: [], conditions: [] };
  let skipped = 0;
  const latest = new Map<string, { at: string; obs: R4Observation }>();
  for (const { r } of resources) {
    switch (r.resourceType) {
      case 'Patient': {
        const age = r.birthDate ? ageAt(r.birthDate, now) : undefined;
        if (age !== undefined) ctx.age = age;
        if (r.gender === 'male') ctx.sex = 'M';
        else if (r.gender === 'female') ctx.sex = 'F';
        break;
      }
      case 'MedicationRequest':
      case 'MedicationStatement': {
        if (r.status && INACTIVE_MED.has(r.status)) {
          skipped += 1;
          break;
        }
        const cc = r.medicationCodeableConcept ?? meds.get(r.medicationReference?.reference ?? '')?.code;
        const t = term(cc);
        if (t) ctx.drugs?.push(t);
        else skipped += 1;
        break;
      }
      case 'AllergyIntolerance':
      case 'Condition': {
        const clinical = statusCode(r.clinicalStatus);
        const verification = statusCode(r.verificationStatus);
        const t = term(r.code);
        if ((clinical && INACTIVE_CLINICAL.has(clinical)) || (verification && REFUTED.has(verification)) || !t) {
          skipped += 1;
          break;
        }
        if (r.resourceType === 'AllergyIntolerance') ctx.allergies?.push(t);
        else if (hasCode(r.code, SNOMED, PREGNANT)) ctx.pregnant = true;
        else ctx.conditions?.push(t);
        break;
      }
      case 'Observation': {
        if (r.status && ['cancelled', 'entered-in-error'].includes(r.status)) {
          skipped += 1;
          break;
        }
        const kind = hasCode(r.code, LOINC, EGFR) ? 'egfr' : hasCode(r.code, LOINC, POTASSIUM) ? 'k' : hasCode(r.code, LOINC, PREGNANCY_STATUS) ? 'preg' : hasCode(r.code, LOINC, LACTATION_STATUS) ? 'lact' : undefined;
        if (!kind) {
          skipped += 1;
          break;
        }
        const at = r.effectiveDateTime ?? '';
        const prev = latest.get(kind);
        if (!prev || at > prev.at) latest.set(kind, { at, obs: r });
        break;
      }
      case 'Medication':
        break;
      default:
        skipped += 1;
    }
  }
  const egfr = latest.get('egfr')?.obs.valueQuantity?.value;
  if (typeof egfr === 'number') ctx.egfr = egfr;
  const k = latest.get('k')?.obs.valueQuantity?.value;
  if (typeof k === 'number') ctx.potassium = k;
  const preg = latest.get('preg')?.obs.valueCodeableConcept;
  if (hasCode(preg, SNOMED, PREGNANT)) ctx.pregnant = true;
  else if (hasCode(preg, SNOMED, NOT_PREGNANT)) ctx.pregnant = false;
  const lact = latest.get('lact')?.obs.valueCodeableConcept;
  if (lact && (hasCode(lact, SNOMED, new Set(['169750002'])) || /breast|lactat|哺乳/i.test(lact.text ?? ''))) ctx.breastfeeding = true;
  return { context: ctx, skipped };
}
