import type { ClassConstructor } from 'class-transformer';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';
import { ContributionDto, EvidenceDto } from './contribution';
import { assertValid } from './decode';
import { ContractViolationError } from './errors';
import {
  EnvelopeDto,
  SCHEMA_VERSION,
  assertInlinePayload,
  newId,
  type Envelope,
  type EventType,
  type PayloadRef,
} from './events';
import { PLAN_SOURCES, type PlanSource } from './plan';
import type { Producer } from './roles';
import { LANGS, TaskPackageDto, type Lang } from './task-package';

export const MAX_MESSAGE_CHARS = 4000;

export class RequestSubmittedPayload {
  @IsString() @Length(1, 64) request_id!: string;
  /** The verified tenant of the submitter (absent: the default tenant). */
  @IsOptional() @IsString() @Length(1, 128) tenant_id?: string;
  @IsString() @Length(1, 128) user_id!: string;
  @IsString() @Length(1, 128) session_id!: string;
  @IsString() @Length(1, MAX_MESSAGE_CHARS) message!: string;
  @IsOptional() @IsIn(LANGS) lang?: Lang;
  @IsOptional() @IsString() @Length(1, 256) patient_context_ref?: string;
  /** Patient context: a FHIR R4 Bundle (validated by the coordinator's medication screen). */
  @IsOptional() @IsObject() patient_context?: Record<string, unknown>;
  @IsOptional() @IsIn(['http', 'nats', 'cli', 'embedded']) channel?: string;
  @IsOptional() @IsInt() @Min(100) deadline_ms?: number;
  @IsOptional() @IsString() @Length(1, 128) idempotency_key?: string;
  /**
   * The submitter sent this request before (same request id) and is asking for its result:
   * the coordinator looks the request up before doing anything else, so a repeat never costs
   * a pre-risk pass or a plan request. Unmarked repeats are recognised too, later.
   */
  @IsOptional() @IsBoolean() resubmitted?: boolean;
}

export class PlanRequestedPayload {
  @IsString() request_id!: string;
  @IsString() @Length(1, MAX_MESSAGE_CHARS) message!: string;
  @IsIn(LANGS) lang!: Lang;
  @IsOptional() @IsString() @Length(0, 1200) memory_summary?: string;
}

export class PlanProducedPayload {
  @IsString() request_id!: string;
  /** Validated by the coordinator with validateTaskPlan, so an invalid plan is recorded, not lost. */
  @IsObject() plan!: Record<string, unknown>;
  @IsIn(PLAN_SOURCES) source!: PlanSource;
  @IsOptional() @IsString() @Length(0, 1000) note?: string;
}

export class TaskAssignedPayload {
  @ValidateNested() @Type(() => TaskPackageDto) package!: TaskPackageDto;
}

export class TaskStartedPayload {
  @IsString() task_id!: string;
  @IsInt() @Min(1) attempt!: number;
  @IsString() worker_instance!: string;
}

export class ArtifactProducedPayload {
  @ValidateNested() @Type(() => ContributionDto) contribution!: ContributionDto;
  /**
   * Worker-side task duration. The artifact is what settles a task at the coordinator
   * (task.completed follows for observers), so it carries the duration too.
   */
  @IsOptional() @IsInt() @Min(0) duration_ms?: number;
}

export class TaskCompletedPayload {
  @IsString() task_id!: string;
  @IsInt() @Min(1) attempt!: number;
  @IsInt() @Min(0) duration_ms!: number;
  @IsIn(['complete', 'partial', 'empty']) status!: 'complete' | 'partial' | 'empty';
}

export class TaskFailedPayload {
  @IsString() task_id!: string;
  @IsInt() @Min(1) attempt!: number;
  @IsString() code!: string;
  @IsBoolean() retryable!: boolean;
  @IsString() @Length(0, 1000) message!: string;
}

export class TaskRefusedPayload {
  @IsString() task_id!: string;
  @IsInt() @Min(1) attempt!: number;
  @IsString() @Length(1, 1000) reason!: string;
}

export class SynthesisRequestedPayload {
  @IsString() request_id!: string;
  @IsString() @Length(1, MAX_MESSAGE_CHARS) message!: string;
  @IsIn(LANGS) lang!: Lang;
  @IsObject() plan!: Record<string, unknown>;
  @IsArray() @ArrayMaxSize(3) @ValidateNested({ each: true }) @Type(() => ContributionDto) contributions!: ContributionDto[];
}

export class SynthesisProducedPayload {
  @IsString() request_id!: string;
  @IsString() @Length(1, 40_000) text!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => EvidenceDto) sources!: EvidenceDto[];
  @IsOptional() @IsString() model?: string;
}

export class ApprovalRequestedPayload {
  @IsString() approval_id!: string;
  @IsString() request_id!: string;
  @IsString() task_id!: string;
  @IsString() skill!: string;
  @IsString() @Length(0, 1000) reason!: string;
  @IsString() args_hash!: string;
  /** The human role that may decide (default `clinician`); the API refuses anyone else. */
  @IsOptional() @IsString() @Length(1, 64) approver_role?: string;
}

export class ApprovalResolvedPayload {
  @IsString() approval_id!: string;
  @IsString() task_id!: string;
  @IsIn(['approve', 'deny']) decision!: 'approve' | 'deny';
  @IsString() @Length(1, 128) by!: string;
  @IsOptional() @IsString() @Length(0, 1000) reason?: string;
}

export class RequestCompletedPayload {
  @IsString() request_id!: string;
  /** `partial` when the answer lacks part of the plan (completeness < 1); the record says the same. Absent = completed (older producers). */
  @IsOptional() @IsIn(['completed', 'partial']) status?: 'completed' | 'partial';
  @IsObject() record!: Record<string, unknown>;
}

export class RequestFailedPayload {
  @IsString() request_id!: string;
  @IsString() code!: string;
  @IsString() @Length(0, 2000) message!: string;
  @IsOptional() @IsObject() record?: Record<string, unknown>;
}

export const EVENT_PAYLOADS: Readonly<Record<EventType, ClassConstructor<object>>> = {
  'request.submitted': RequestSubmittedPayload,
  'plan.requested': PlanRequestedPayload,
  'plan.produced': PlanProducedPayload,
  'task.assigned': TaskAssignedPayload,
  'task.started': TaskStartedPayload,
  'artifact.produced': ArtifactProducedPayload,
  'task.completed': TaskCompletedPayload,
  'task.failed': TaskFailedPayload,
  'task.refused': TaskRefusedPayload,
  'synthesis.requested': SynthesisRequestedPayload,
  'synthesis.produced': SynthesisProducedPayload,
  'approval.requested': ApprovalRequestedPayload,
  'approval.resolved': ApprovalResolvedPayload,
  'request.completed': RequestCompletedPayload,
  'request.failed': RequestFailedPayload,
};

export interface PayloadOf {
  'request.submitted': RequestSubmittedPayload;
  'plan.requested': PlanRequestedPayload;
  'plan.produced': PlanProducedPayload;
  'task.assigned': TaskAssignedPayload;
  'task.started': TaskStartedPayload;
  'artifact.produced': ArtifactProducedPayload;
  'task.completed': TaskCompletedPayload;
  'task.failed': TaskFailedPayload;
  'task.refused': TaskRefusedPayload;
  'synthesis.requested': SynthesisRequestedPayload;
  'synthesis.produced': SynthesisProducedPayload;
  'approval.requested': ApprovalRequestedPayload;
  'approval.resolved': ApprovalResolvedPayload;
  'request.completed': RequestCompletedPayload;
  'request.failed': RequestFailedPayload;
}

export type TypedEnvelope<T extends EventType> = Envelope<PayloadOf[T]> & { event_type: T };

export interface BuildEventInput<T extends EventType> {
  type: T;
  correlation_id: string;
  producer: Producer;
  payload: PayloadOf[T];
  task_id?: string;
  consumer?: string;
  traceparent?: string;
  event_id?: string;
}

/**
 * Builds an envelope and validates it where it is built (so a producer bug fails at the
 * producer, not in some consumer). Oversized payloads must be offloaded by the bus
 * (`withPayloadRef`) before they reach here.
 */
export function buildEvent<T extends EventType>(input: BuildEventInput<T>): TypedEnvelope<T> {
  const json = JSON.stringify(input.payload);
  // The payload must be validated as it travels. When JSON gives the caller's object back
  // unchanged (plain data only), that object is the payload and the copy is skipped; anything
  // else (an undefined member, a Date, a class instance, NaN) is parsed back from its JSON.
  // Under test the payload is deep-frozen below, so a caller that changes its object after
  // building the event fails loudly instead of publishing what was not validated.
  const payload = (isPlainJson(input.payload, 0) ? input.payload : JSON.parse(json)) as PayloadOf[T];
  assertValid(EVENT_PAYLOADS[input.type], payload, `${input.type} payload`);
  const env: TypedEnvelope<T> = {
    event_id: input.event_id ?? newId('ev_'),
    event_type: input.type,
    correlation_id: input.correlation_id,
    producer: input.producer,
    occurred_at: new Date().toISOString(),
    schema_version: SCHEMA_VERSION,
    payload,
  };
  if (input.task_id !== undefined) env.task_id = input.task_id;
  if (input.consumer !== undefined) env.consumer = input.consumer;
  if (input.traceparent !== undefined) env.traceparent = input.traceparent;
  assertValid(EnvelopeDto, env, 'envelope');
  // The validated payload's JSON text rides along (non-enumerable) so the bus encodes the
  // envelope without stringifying the payload a second time. An event is an immutable fact:
  // the envelope is frozen, and under test its payload deeply, so a later mutation that
  // would make the text stale fails loudly instead of publishing what was not validated.
  Object.defineProperty(env, PAYLOAD_JSON, { value: json });
  if (process.env['NODE_ENV'] === 'test') deepFreeze(payload);
  return Object.freeze(env);
}

/** The payload's JSON text, when `env` was made by `buildEvent` and still carries its payload. */
export function payloadJsonOf(env: object): string | undefined {
  const json = (env as { [PAYLOAD_JSON]?: unknown })[PAYLOAD_JSON];
  return typeof json === 'string' ? json : undefined;
}

const PAYLOAD_JSON = Symbol('medagent.payloadJson');

/**
 * True when `JSON.parse(JSON.stringify(v))` rebuilds `v` exactly: strings, booleans, finite
 * numbers, null, dense arrays and plain objects of those, with no undefined members and no
 * `toJSON`. Objects from another realm (jest's vm contexts) answer false: they take the copy.
 */
function isPlainJson(v: unknown, depth: number): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v);
    case 'object': {
      if (v === null) return true;
      if (depth > 32) return false;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!isPlainJson(v[i], depth + 1)) return false;
        return true;
      }
      const proto: unknown = Object.getPrototypeOf(v);
      if ((proto !== Object.prototype && proto !== null) || 'toJSON' in v) return false;
      const o = v as Record<string, unknown>;
      for (const k in o) if (!isPlainJson(o[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}

/** Replaces an inline payload with a reference (the bus stored the bytes elsewhere). */
export function withPayloadRef<P>(env: Envelope<P>, ref: PayloadRef): Envelope<P> {
  const { payload: _omit, ...rest } = env;
  return { ...rest, payload_ref: ref };
}

/**
 * Decodes an untrusted envelope: envelope shape, then the payload of its event type.
 * Throws ContractViolationError (a poison message: never retried).
 */
export function decodeEvent(raw: unknown, opts: { resolvedPayload?: unknown; owned?: boolean } = {}): Envelope {
  assertValid(EnvelopeDto, raw, 'envelope');
  const env = raw as Envelope;
  const payload = opts.resolvedPayload ?? env.payload;
  if (payload === undefined) {
    throw new ContractViolationError(`${env.event_type}: envelope has neither payload nor resolved payload_ref`);
  }
  if (env.schema_version > SCHEMA_VERSION) {
    throw new ContractViolationError(`${env.event_type}: schema_version ${env.schema_version} is newer than ${SCHEMA_VERSION}`);
  }
  assertValid(EVENT_PAYLOADS[env.event_type], payload, `${env.event_type} payload`);
  // `owned`: the caller parsed these bytes itself and hands them over (the buses do), so
  // nobody else holds a reference and the defensive copies can be skipped.
  if (opts.owned) {
    if (opts.resolvedPayload !== undefined) env.payload = payload as Record<string, unknown>;
    return env;
  }
  const plain = JSON.parse(JSON.stringify(raw)) as Envelope;
  plain.payload = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
  return plain;
}

export function payloadOf<T extends EventType>(env: Envelope, _type: T): PayloadOf[T] {
  if (env.payload === undefined) throw new ContractViolationError(`${env.event_type}: payload not resolved`);
  return env.payload as unknown as PayloadOf[T];
}

export { assertInlinePayload };
