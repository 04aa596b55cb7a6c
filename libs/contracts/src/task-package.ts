import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_INSTRUCTION_CHARS } from './plan';
import { TASK_TYPES, WORKER_ROLES, type TaskType, type WorkerRole } from './roles';

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** A request's language, decided once at ingress (Chinese first: any CJK character ⇒ zh). */
export function requestLang(text: string): Lang {
  return /[\u3400-\u9fff]/.test(text) ? 'zh' : 'en';
}

export class TaskScopeDto {
  /** The request's tenant (absent: the default tenant): memory is keyed by tenant and user. */
  @IsOptional() @IsString() @Length(1, 128) tenant_id?: string;
  @IsString() @Length(1, 128) user_id!: string;
  @IsString() @Length(1, 128) session_id!: string;
  @IsIn(LANGS) lang!: Lang;
  /** A reference to patient context held by the host system, never the context itself. */
  @IsOptional() @IsString() @Length(1, 256) patient_context_ref?: string;
}

export class TaskBudgetDto {
  @IsInt() @Min(1) @Max(32) max_steps!: number;
  @IsInt() @Min(64) @Max(200_000) max_tokens!: number;
  @IsISO8601() deadline_at!: string;
}

/**
 * The slice of context one task needs — never the chat transcript. `memory_summary` is a
 * short digest of the session prepared by the coordinator; `prerisk_category` tells risk
 * skills what the gate saw.
 */
export class TaskContextSliceDto {
  @IsOptional() @IsString() @Length(0, 1200) memory_summary?: string;
  @IsOptional() @IsString() @Length(0, 64) prerisk_category?: string;
  @IsOptional() @IsIn(['ESCALATE', 'PASS']) prerisk_decision?: 'ESCALATE' | 'PASS';
  /** The gate's fired rule ids (escalated requests): assess_risk and the answer's opening use them. */
  @IsOptional() @IsArray() @ArrayMaxSize(32) @IsString({ each: true }) @Length(1, 96, { each: true }) prerisk_rules?: string[];
  /** The coordinator's medication screen: its verdict and findings, as input evidence for every task. */
  @IsOptional() @IsIn(['blocked', 'caution', 'ok']) medication_verdict?: 'blocked' | 'caution' | 'ok';
  @IsOptional() @IsString() @Length(0, 2000) medication_screen?: string;
}

export class TaskPackageDto {
  @IsString() @Length(1, 64) task_id!: string;
  @IsString() @Length(1, 64) request_id!: string;
  @IsInt() @Min(1) plan_version!: number;
  @IsIn(TASK_TYPES) task_type!: TaskType;
  @IsIn(WORKER_ROLES) agent!: WorkerRole;
  @IsString() @Length(1, MAX_INSTRUCTION_CHARS) instruction!: string;

  @ValidateNested() @Type(() => TaskScopeDto) scope!: TaskScopeDto;
  @ValidateNested() @Type(() => TaskContextSliceDto) context!: TaskContextSliceDto;

  /** References (e.g. `kb:<doc id>`, `artifact:<task id>`) rather than inlined blobs. */
  @IsArray() @ArrayMaxSize(32) @IsString({ each: true }) input_refs!: string[];
  @IsString() expected_output!: string;
  @IsArray() @ArrayMaxSize(32) @IsString({ each: true }) allowed_tools!: string[];
  @ValidateNested() @Type(() => TaskBudgetDto) budget!: TaskBudgetDto;

  /** Same key on every retry of this task, so side effects never repeat. */
  @IsString() @Length(1, 128) idempotency_key!: string;
  @IsInt() @Min(1) attempt!: number;
}

export type TaskPackage = TaskPackageDto;
export const CONTRIBUTION_SCHEMA_ID = 'medagent.contribution/v1';
