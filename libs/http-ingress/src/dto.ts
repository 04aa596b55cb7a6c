import { IsIn, IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { LANGS, MAX_MESSAGE_CHARS, WORKER_ROLES, type Lang, type WorkerRole } from '@medagent/contracts';

export const MAX_DEADLINE_MS = 600_000;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;
export const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Body of POST /v1/consultations. Mirrors RequestSubmittedPayload minus what ingress sets.
 * `user_id`: with authentication on, the user is the verified principal's; a body user_id
 * may be omitted, and one that names anyone else is refused (403 `user_id.mismatch`). Only
 * with MEDAGENT_AUTH=none is it required and taken from here.
 */
export class ConsultationRequestDto {
  @IsString() @Length(1, MAX_MESSAGE_CHARS) @Matches(/\S/, { message: 'message must not be blank' }) message!: string;
  @IsOptional() @IsString() @Length(1, 128) user_id?: string;
  @IsString() @Length(1, 128) session_id!: string;
  @IsOptional() @IsIn(LANGS) lang?: Lang;
  @IsOptional() @IsString() @Length(1, 256) patient_context_ref?: string;
  /** A FHIR R4 Bundle (Patient, MedicationRequest/Statement, AllergyIntolerance, Condition, Observation). */
  @IsOptional() @IsObject() patient_context?: Record<string, unknown>;
  @IsOptional() @IsInt() @Min(100) @Max(MAX_DEADLINE_MS) deadline_ms?: number;
}

/** Body of POST /v1/approvals/:approval_id. */
export class ApprovalDecisionDto {
  @IsString() @Length(1, 64) task_id!: string;
  @IsString() @Length(1, 64) request_id!: string;
  @IsIn(WORKER_ROLES) role!: WorkerRole;
  @IsIn(['approve', 'deny']) decision!: 'approve' | 'deny';
  /** Recorded as the principal's user when authenticated; required only with MEDAGENT_AUTH=none. */
  @IsOptional() @IsString() @Length(1, 128) by?: string;
  @IsOptional() @IsString() @Length(0, 1000) reason?: string;
}
