import { Injectable } from '@nestjs/common';
import type { Lang, MedicationScreenRecord } from '@medagent/contracts';
import {
  isBundle,
  patientContextFromBundle,
  runMedicationScreen,
  type MedicationScreenResult,
  type PatientContext,
} from '@medagent/knowledge';
import { PatientContextStore } from './patient-context.store';

export interface ScreenRequest {
  message: string;
  lang: Lang;
  /** A FHIR R4 Bundle, or a structured PatientContext. */
  patient_context?: Record<string, unknown>;
  patient_context_ref?: string;
  /** The request's verified tenant: a stored Bundle is read only within it. */
  tenant: string;
}

/**
 * The medication screen, owned by the coordinator like the pre-risk gate: whatever the plan,
 * every drug, allergy, pregnancy or condition named in the message or the patient context is
 * checked against the medication graph. Only the message and the patient context feed it —
 * never the memory summary — so findings are about entities this request named.
 */
@Injectable()
export class MedicationScreenService {
  constructor(private readonly store: PatientContextStore = new PatientContextStore()) {}

  /** Undefined when the request names nothing medication-related (no drug, no blind spot). */
  screen(req: ScreenRequest): MedicationScreenRecord | undefined {
    let context: PatientContext | undefined;
    let unreadable = false;
    try {
      context = this.context(req);
    } catch {
      // An invalid Bundle on the bus (HTTP rejects it with 400 first): screen the message and
      // say that the patient context was not checked.
      unreadable = true;
    }
    const r = runMedicationScreen({ text: req.message, lang: req.lang, ...(context ? { context } : {}) });
    if (unreadable) r.blind_spots.push(req.lang === 'zh' ? '患者资料（FHIR Bundle 无效，未核查）' : 'patient context (invalid FHIR Bundle, not checked)');
    if (!r.screened && !unreadable) return undefined;
    const rec = toRecord(r, context !== undefined);
    if (unreadable && !r.screened) rec.text = req.lang === 'zh' ? `【用药安全筛查：未能核查患者资料】` : '[Medication screen: patient context could not be checked]';
    return rec;
  }

  /** A Bundle inline, else the stored one a reference names; a structured context as is. */
  private context(req: ScreenRequest): PatientContext | undefined {
    const raw = req.patient_context ?? (req.patient_context_ref ? this.store.get(req.patient_context_ref, req.tenant) : undefined);
    if (raw === undefined) return undefined;
    if (isBundle(raw)) return patientContextFromBundle(raw).context;
    return raw as PatientContext;
  }
}

export function toRecord(r: MedicationScreenResult, fromContext: boolean): MedicationScreenRecord {
  return {
    version: r.version,
    verdict: r.verdict,
    findings: r.findings.map((f) => ({
      edge_id: f.edge_id,
      kind: f.kind,
      severity: f.severity,
      between: f.between,
      recommendation: f.recommendation,
      source: `${f.source.name} (${f.source.year})`,
      views: f.views,
    })),
    blind_spots: r.blind_spots,
    inputs: { message: r.entities.drugs.some((d) => d.origin === 'message') || !fromContext, patient_context: fromContext },
    text: r.text,
  };
}
