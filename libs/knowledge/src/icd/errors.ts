import { DomainError } from '@medagent/contracts';

export type IcdErrorCode = 'ICD_DATA_UNREADABLE' | 'ICD_SCHEMA' | 'ICD_BAD_QUERY';

/** Messages never quote user text: they may end up in logs. */
export class IcdError extends DomainError<IcdErrorCode> {
  override readonly name = 'IcdError';
}
