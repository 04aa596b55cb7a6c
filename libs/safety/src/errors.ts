// Safety errors reuse the contract error hierarchy so callers' retry/termination logic
// (which reads `code`/`retryable`) treats them like every other boundary error.
import { ConfigError, ContractViolationError, NotFoundError } from '@medagent/contracts';

/** A ruleset is malformed: unknown concept reference, bad regex, duplicate id. */
export class InvalidRulesetError extends ConfigError {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, opts);
    this.name = 'InvalidRulesetError';
  }
}

/** A rules version was requested that this build does not ship. */
export class UnknownRulesVersionError extends NotFoundError {
  constructor(version: string, opts: { cause?: unknown } = {}) {
    super(`unknown pre-risk rules version: ${version}`, opts);
    this.name = 'UnknownRulesVersionError';
  }
}

/** Evaluation cases (JSONL) could not be parsed or fail the case schema. */
export class InvalidEvalCasesError extends ContractViolationError {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, opts);
    this.name = 'InvalidEvalCasesError';
  }
}

/** Caller passed something that is not text to a safety function. */
export class InvalidSafetyInputError extends ContractViolationError {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, opts);
    this.name = 'InvalidSafetyInputError';
  }
}
