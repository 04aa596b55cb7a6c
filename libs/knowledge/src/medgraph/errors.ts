import { DomainError } from '@medagent/contracts';

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
export class MedGraphError extends DomainError<MedGraphErrorCode> {
  override readonly name = 'MedGraphError';
}
