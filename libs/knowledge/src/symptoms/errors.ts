import { DomainError } from '@medagent/contracts';

export type SymptomErrorCode = 'SYMPTOM_DATA_UNREADABLE' | 'SYMPTOM_SCHEMA' | 'SYMPTOM_BAD_INPUT';

/** Messages never quote user text: they may end up in logs. */
export class SymptomError extends DomainError<SymptomErrorCode> {
  override readonly name = 'SymptomError';
}
