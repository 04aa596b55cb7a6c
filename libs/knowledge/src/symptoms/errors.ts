export type SymptomErrorCode = 'SYMPTOM_DATA_UNREADABLE' | 'SYMPTOM_SCHEMA' | 'SYMPTOM_BAD_INPUT';

/** Messages never quote user text: they may end up in logs. */
export class SymptomError extends Error {
  override readonly name = 'SymptomError';
  readonly code: SymptomErrorCode;

  constructor(code: SymptomErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
