import { MedagentError, type ErrorCode, type ErrorDetail } from '@medagent/contracts';

/** An error of the CDS Hooks routes with the HTTP status it answers with (400, 401, 404, 412). */
export class CdsError extends MedagentError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
    details: ErrorDetail[] = [],
  ) {
    super(code, message, { details });
  }
}
