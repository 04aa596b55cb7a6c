export type MedGraphErrorCode =
  | 'MEDGRAPH_DATA_UNREADABLE'
  | 'MEDGRAPH_SCHEMA'
  | 'MEDGRAPH_DUPLICATE_ID'
  | 'MEDGRAPH_UNKNOWN_NODE'
  | 'MEDGRAPH_BAD_SEVERITY'
  | 'MEDGRAPH_BAD_ROLE'
  | 'MEDGRAPH_ALIAS_CONFLICT'
  | 'MEDGRAPH_BAD_INPUT';

/** Messages never quote user text: they may end up in logs. */
export class MedGraphError extends Error {
  override readonly name = 'MedGraphError';
  readonly code: MedGraphErrorCode;

  constructor(code: MedGraphErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
