import { randomUUID } from 'node:crypto';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { ContractViolationError, PayloadTooLargeError } from './errors';
import type { Producer, WorkerRole } from './roles';
import { SERVICE_IDS } from './roles';

export const EVENT_TYPES = [
  'request.submitted',
  'plan.requested',
  'plan.produced',
  'task.assigned',
  'task.started',
  'artifact.produced',
  'task.completed',
  'task.failed',
  'task.refused',
  'synthesis.requested',
  'synthesis.produced',
  'approval.requested',
  'approval.resolved',
  'request.completed',
  'request.failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const SCHEMA_VERSION = 1;
export const SUBJECT_PREFIX = 'medagent';
/** Dead letters live outside the `medagent.` tree so a `medagent.>` stream never captures them. */
export const DLQ_PREFIX = 'medagent_dlq';
/** Payloads above this many bytes travel by reference (object store), not inline. */
export const MAX_INLINE_PAYLOAD_BYTES = 256 * 1024;

/** Events addressed to, or produced by, one worker role carry that role as the last token. */
const TASK_SCOPED: ReadonlySet<EventType> = new Set([
  'task.assigned',
  'task.started',
  'artifact.produced',
  'task.completed',
  'task.failed',
  'task.refused',
  'approval.requested',
  'approval.resolved',
]);

export function isTaskScoped(t: EventType): boolean {
  return TASK_SCOPED.has(t);
}

/**
 * Subject naming: `medagent.<event>.<role>`. For task-scoped events <role> is the worker
 * role the task belongs to (so NATS permissions can say "triage may only publish
 * …artifact.produced.triage"); for the rest it is the producing service.
 */
export function subjectFor(eventType: EventType, role: WorkerRole | Producer): string {
  return `${SUBJECT_PREFIX}.${eventType}.${role}`;
}

export function dlqSubjectFor(subject: string): string {
  return `${DLQ_PREFIX}.${subject}`;
}

export function parseSubject(subject: string): { eventType: EventType; role: string } {
  const parts = subject.split('.');
  const eventType = `${parts[1]}.${parts[2]}` as EventType;
  if (parts[0] !== SUBJECT_PREFIX || parts.length !== 4 || !(EVENT_TYPES as readonly string[]).includes(eventType)) {
    throw new ContractViolationError(`not a medagent subject: ${subject}`);
  }
  return { eventType, role: parts[3] as string };
}

export class PayloadRefDto {
  @IsString() store!: string;
  @IsString() key!: string;
  @IsInt() @Min(0) size!: number;
  @IsString() @Length(64, 64) sha256!: string;
}

export interface PayloadRef {
  store: string;
  key: string;
  size: number;
  sha256: string;
}

export class EnvelopeDto {
  @IsString() @Length(1, 64) event_id!: string;
  @IsIn(EVENT_TYPES) event_type!: EventType;
  @IsString() @Length(1, 64) correlation_id!: string;
  @IsOptional() @IsString() @Length(1, 64) task_id?: string;
  @IsIn([...SERVICE_IDS, 'ingress']) producer!: Producer;
  @IsOptional() @IsString() consumer?: string;
  @IsISO8601() occurred_at!: string;
  @IsInt() @Min(1) schema_version!: number;
  /** Inline payload, validated separately per event type (see payloads.ts). */
  @IsOptional() @IsObject() payload?: Record<string, unknown>;
  /** Set instead of `payload` when the payload exceeded MAX_INLINE_PAYLOAD_BYTES. */
  @IsOptional() @ValidateNested() @Type(() => PayloadRefDto) payload_ref?: PayloadRefDto;
  @IsOptional() @IsString() @Matches(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/) traceparent?: string;
}

export interface Envelope<P = object> {
  event_id: string;
  event_type: EventType;
  correlation_id: string;
  task_id?: string;
  producer: Producer;
  consumer?: string;
  occurred_at: string;
  schema_version: number;
  payload?: P;
  payload_ref?: PayloadRef;
  traceparent?: string;
}

export function newId(prefix = ''): string {
  return prefix + randomUUID().replace(/-/g, '').slice(0, 24);
}

export function payloadSize(payload: unknown): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

export function assertInlinePayload(payload: unknown, limit = MAX_INLINE_PAYLOAD_BYTES): void {
  const size = payloadSize(payload);
  if (size > limit) throw new PayloadTooLargeError(`payload of ${size} bytes exceeds ${limit}`);
}

