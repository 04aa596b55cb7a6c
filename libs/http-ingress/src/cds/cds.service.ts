// CDS Hooks 2.0 services over the medication graph: discovery, order-select / order-sign calls
// answered from prefetched FHIR data (never a model), and feedback. Deterministic and in
// process, so an answer takes milliseconds.
import { Injectable } from '@nestjs/common';
import {
  patientContextFromBundle,
  runMedicationScreen,
  validateBundle,
  type R4Bundle,
} from '@medagent/knowledge';
import { blindSpotCard, findingCard, type CdsCard, type DraftOrder } from './cards';
import { CdsError } from './errors';

const PREFETCH = {
  patient: 'Patient/{{context.patientId}}',
  medications: 'MedicationRequest?patient={{context.patientId}}&status=active',
  statements: 'MedicationStatement?patient={{context.patientId}}&status=active',
  allergies: 'AllergyIntolerance?patient={{context.patientId}}',
  conditions: 'Condition?patient={{context.patientId}}',
  observations: 'Observation?patient={{context.patientId}}&code=http://loinc.org|33914-3,http://loinc.org|62238-1,http://loinc.org|98979-8,http://loinc.org|2823-3,http://loinc.org|82810-3&_sort=-date',
};
/** Without these the check would be silently incomplete, so the call is refused (412). */
const REQUIRED_PREFETCH = ['medications', 'allergies'] as const;

export interface CdsServiceDefinition {
  hook: 'order-select' | 'order-sign';
  id: string;
  title: string;
  description: string;
  prefetch: Record<string, string>;
  usageRequirements: string;
}

export const CDS_SERVICES: readonly CdsServiceDefinition[] = [
  {
    hook: 'order-sign',
    id: 'medagent-order-sign',
    title: 'medagent medication safety (order sign)',
    description: 'Checks the orders being signed against the patient’s medications, allergies, pregnancy and conditions: drug–drug, duplicates, drug–allergy cross-reactivity, pregnancy and lactation, renal bands and other contraindications.',
    prefetch: PREFETCH,
    usageRequirements: 'Prefetch `medications` and `allergies` are required; `conditions`, `observations` (eGFR, potassium, pregnancy status) and `patient` improve the check.',
  },
  {
    hook: 'order-select',
    id: 'medagent-order-select',
    title: 'medagent medication safety (order select)',
    description: 'Checks the selected draft orders as they are chosen, with the same rules as order-sign.',
    prefetch: PREFETCH,
    usageRequirements: 'Prefetch `medications` and `allergies` are required.',
  },
];

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (path: string, message: string): CdsError => new CdsError(400, 'CONTRACT_VIOLATION', `malformed CDS Hooks request: ${path} ${message}`, [{ path, message }]);

export interface CdsResponse {
  cards: CdsCard[];
}

export interface FeedbackSummary {
  accepted: number;
  overridden: number;
}

@Injectable()
export class CdsHooksService {
  private readonly feedback = new Map<string, FeedbackSummary>();

  discovery(): { services: readonly CdsServiceDefinition[] } {
    return { services: CDS_SERVICES };
  }

  service(id: string): CdsServiceDefinition {
    const s = CDS_SERVICES.find((x) => x.id === id);
    if (!s) throw new CdsError(404, 'NOT_FOUND', `no CDS service ${id}`);
    return s;
  }

  call(id: string, body: unknown): CdsResponse {
    const svc = this.service(id);
    if (!isRec(body)) throw bad('body', 'must be a JSON object');
    if (body['hook'] !== svc.hook) throw bad('hook', `must be "${svc.hook}"`);
    if (typeof body['hookInstance'] !== 'string' || body['hookInstance'] === '') throw bad('hookInstance', 'must be a string');
    const hookInstance = body['hookInstance'];
    const ctx = body['context'];
    if (!isRec(ctx)) throw bad('context', 'must be an object');
    if (typeof ctx['patientId'] !== 'string') throw bad('context.patientId', 'must be a string');
    const patientId = ctx['patientId'];
    const draft = ctx['draftOrders'];
    if (!isRec(draft) || draft['resourceType'] !== 'Bundle') throw bad('context.draftOrders', 'must be a FHIR Bundle');
    const selections = ctx['selections'];
    if (svc.hook === 'order-select' && (!Array.isArray(selections) || !selections.every((s) => typeof s === 'string'))) throw bad('context.selections', 'must be an array of references');
    const prefetch = body['prefetch'];
    if (prefetch !== undefined && !isRec(prefetch)) throw bad('prefetch', 'must be an object');
    const missing = REQUIRED_PREFETCH.filter((k) => !isRec(prefetch?.[k]));
    // We do not fetch from fhirServer ourselves: without the data the answer would be a guess.
    if (missing.length > 0) throw new CdsError(412, 'PRECONDITION_FAILED', `required prefetch missing: ${missing.join(', ')}`);
    for (const [k, v] of Object.entries(prefetch ?? {})) {
      if (v !== null && isRec(v) && v['resourceType'] === 'Bundle') {
        const issues = validateBundle(v);
        if (issues.length) throw bad(`prefetch.${k}`, issues.map((i) => `${i.path} ${i.message}`).slice(0, 3).join('; '));
      }
    }
    const draftIssues = validateBundle(draft);
    if (draftIssues.length) throw bad('context.draftOrders', draftIssues.map((i) => `${i.path} ${i.message}`).slice(0, 3).join('; '));

    const orders = draftOrders(draft as unknown as R4Bundle, svc.hook === 'order-select' ? (selections as string[]) : undefined);
    const bundle = mergeBundles(prefetch ?? {}, orders.bundle);
    const context = patientContextFromBundle(bundle).context;
    const screen = runMedicationScreen({ context, lang: 'en' });
    const terms = new Map(orders.list.map((o) => [o.term.toLowerCase(), o]));
    const cards: CdsCard[] = [];
    for (const f of screen.findings) {
      if (f.severity === 'LOW') continue;
      // Cards are about what is being ordered; existing combinations are the prescriber's history.
      const asDrug = terms.get(f.drug.mention.toLowerCase());
      const asOther = terms.get(f.other.mention.toLowerCase());
      if (asDrug) cards.push(findingCard(f, hookInstance, patientId, asDrug, 'drug'));
      else if (asOther) cards.push(findingCard(f, hookInstance, patientId, asOther, 'other'));
    }
    if (screen.blind_spots.length) cards.push(blindSpotCard(screen.blind_spots, hookInstance));
    return { cards };
  }

  recordFeedback(id: string, body: unknown): FeedbackSummary {
    this.service(id);
    if (!isRec(body) || !Array.isArray(body['feedback'])) throw bad('feedback', 'must be an array');
    const sum = this.feedback.get(id) ?? { accepted: 0, overridden: 0 };
    for (const [i, f] of (body['feedback'] as unknown[]).entries()) {
      if (!isRec(f) || typeof f['card'] !== 'string') throw bad(`feedback[${i}].card`, 'must be a card uuid');
      if (f['outcome'] !== 'accepted' && f['outcome'] !== 'overridden') throw bad(`feedback[${i}].outcome`, 'must be "accepted" or "overridden"');
      if (typeof f['outcomeTimestamp'] !== 'string') throw bad(`feedback[${i}].outcomeTimestamp`, 'must be an instant');
      if (f['outcome'] === 'accepted') sum.accepted += 1;
      else sum.overridden += 1;
    }
    this.feedback.set(id, sum);
    return sum;
  }

  feedbackSummary(id: string): FeedbackSummary {
    return this.feedback.get(id) ?? { accepted: 0, overridden: 0 };
  }
}

/** The orders to check: all draft MedicationRequests (order-sign) or only the selected ones (order-select). */
function draftOrders(draft: R4Bundle, selections: string[] | undefined): { bundle: R4Bundle; list: DraftOrder[] } {
  const entries = (draft.entry ?? []).filter((e) => {
    const r = e.resource as { resourceType?: string; id?: string } | undefined;
    if (!r || (r.resourceType !== 'MedicationRequest' && r.resourceType !== 'Medication')) return false;
    return !selections || r.resourceType === 'Medication' || selections.includes(`${r.resourceType}/${r.id ?? ''}`);
  });
  // A draft is checked whatever its status (draft orders are "draft" by definition).
  const normalised = entries.map((e) => {
    const r = e.resource as Rec;
    return r['resourceType'] === 'MedicationRequest' ? { ...e, resource: { ...r, status: 'active' } } : e;
  });
  const list: DraftOrder[] = [];
  for (const e of normalised) {
    const r = e.resource as { resourceType: string; id?: string; medicationCodeableConcept?: { text?: string; coding?: { code?: string; display?: string }[] } };
    if (r.resourceType !== 'MedicationRequest') continue;
    const cc = r.medicationCodeableConcept;
    const term = cc?.text ?? cc?.coding?.find((c) => c.display)?.display ?? cc?.coding?.[0]?.code;
    if (term) list.push({ resourceType: 'MedicationRequest', ...(r.id ? { id: r.id } : {}), term });
  }
  return { bundle: { resourceType: 'Bundle', entry: normalised as R4Bundle['entry'] }, list };
}

/** Prefetched searchset Bundles and single resources, plus the draft orders, as one Bundle. */
function mergeBundles(prefetch: Rec, orders: R4Bundle): R4Bundle {
  const entry: NonNullable<R4Bundle['entry']> = [];
  for (const v of Object.values(prefetch)) {
    if (!isRec(v)) continue;
    if (v['resourceType'] === 'Bundle') entry.push(...(((v as unknown as R4Bundle).entry ?? []) as NonNullable<R4Bundle['entry']>));
    else if (typeof v['resourceType'] === 'string') entry.push({ resource: v as { resourceType: string } });
  }
  entry.push(...(orders.entry ?? []));
  return { resourceType: 'Bundle', entry };
}
