export type IcdErrorCode = 'ICD_DATA_UNREADABLE' | 'ICD_SCHEMA' | 'ICD_BAD_QUERY';

/** Messages never quote user text: they may end up in logs. */
export class IcdError extends Error {
  override readonly name = 'IcdError';
  readonly code: IcdErrorCode;

  constructor(code: IcdErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
