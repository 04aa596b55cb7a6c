import { MedagentError, type MedagentErrorOptions } from '@medagent/contracts';

/**
 * A retrieval backend (Elasticsearch) failed. Retryable when the backend was unreachable,
 * timed out or overloaded (5xx/429); not when it rejected the request (4xx).
 */
export class RetrievalBackendError extends MedagentError {
  constructor(message: string, opts: MedagentErrorOptions = {}) {
    super('TOOL_FAILED', message, { retryable: false, ...opts });
  }
}
