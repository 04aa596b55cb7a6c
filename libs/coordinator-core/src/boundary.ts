import { Injectable } from '@nestjs/common';
import type { Lang, MedicationVerdict, SafetyAction } from '@medagent/contracts';
import { applyFinalSafety } from '@medagent/safety';

export interface BoundaryInput {
  text: string;
  lang: Lang;
  escalated: boolean;
  escalation_category?: string;
  medication_verdict?: MedicationVerdict;
  /** A contribution judged the risk urgent or emergency: see FinalSafetyInput.risk_signal. */
  risk_signal?: boolean;
}

export interface BoundaryResult {
  text: string;
  actions: SafetyAction[];
}

/**
 * The single exit every user-visible text passes (once), followed by the host recheck:
 * applying the boundary again must change nothing. A recheck that does change the text
 * is recorded and its output wins, so the caller never sees text that fails the rules.
 */
@Injectable()
export class SafetyBoundary {
  /** Counters exist so the contract test can prove "exactly once per exit". */
  applied = 0;
  rechecked = 0;

  constructor(private readonly emergencyNumberEn?: string) {}

  apply(input: BoundaryInput): BoundaryResult {
    this.applied++;
    return applyFinalSafety({
      text: input.text,
      lang: input.lang,
      escalated: input.escalated,
      ...(input.escalation_category ? { escalation_category: input.escalation_category } : {}),
      ...(input.medication_verdict ? { medication_verdict: input.medication_verdict } : {}),
      ...(input.risk_signal ? { risk_signal: true } : {}),
      ...(input.lang === 'en' && this.emergencyNumberEn ? { locale_emergency_number: this.emergencyNumberEn } : {}),
    });
  }

  recheck(input: BoundaryInput, out: BoundaryResult): BoundaryResult {
    this.rechecked++;
    const again = applyFinalSafety({
      ...input,
      text: out.text,
      ...(input.lang === 'en' && this.emergencyNumberEn ? { locale_emergency_number: this.emergencyNumberEn } : {}),
    });
    if (again.text === out.text) return out;
    return {
      text: again.text,
      actions: [...out.actions, { kind: 'host_recheck_changed', detail: 'the recheck changed the text; its output was used' }],
    };
  }
}
