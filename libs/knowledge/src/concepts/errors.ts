export type ConceptErrorCode = 'CONCEPT_DATA_UNREADABLE' | 'CONCEPT_SCHEMA';

/** Messages never quote user text: they may end up in logs. */
export class ConceptError extends Error {
  override readonly name = 'ConceptError';
  readonly code: ConceptErrorCode;

  constructor(code: ConceptErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
