import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { RISK_LEVELS, type MedicationVerdict, type RiskLevel } from './safety';
import { TASK_TYPES, WORKER_ROLES, type TaskType, type WorkerRole } from './roles';

export class EvidenceDto {
  @IsString() @Length(1, 256) source_id!: string;
  @IsString() @Length(0, 512) title!: string;
  @IsString() @Length(0, 2000) snippet!: string;
  @IsNumber() score!: number;
  @IsString() kb_version!: string;
  @IsOptional() @IsString() source_name?: string;
  @IsOptional() @IsInt() year?: number;
  @IsOptional() @IsString() url?: string;
  @IsOptional() @IsString() tool?: string;
}

export const TOOL_OUTCOMES = ['ok', 'error', 'rejected', 'timeout', 'denied', 'loop_broken', 'skipped'] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

export class ToolTokensDto {
  @IsInt() @Min(0) prompt!: number;
  @IsInt() @Min(0) completion!: number;
}

export class ToolLedgerEntryDto {
  @IsString() call_id!: string;
  @IsString() tool!: string;
  @IsString() args_hash!: string;
  @IsIn(TOOL_OUTCOMES) outcome!: ToolOutcome;
  @IsNumber() @Min(0) latency_ms!: number;
  @IsInt() @Min(0) step!: number;
  @IsOptional() @ValidateNested() @Type(() => ToolTokensDto) tokens?: ToolTokensDto;
  @IsOptional() @IsString() error_code?: string;
  @IsOptional() @IsString() @Length(0, 500) detail?: string;
}

export class ModelUsageDto {
  @IsInt() @Min(0) calls!: number;
  @IsInt() @Min(0) prompt_tokens!: number;
  @IsInt() @Min(0) completion_tokens!: number;
  @IsString() model!: string;
}

export const COMPLETION_STATUSES = ['complete', 'partial', 'empty'] as const;

export class ContributionDto {
  @IsString() task_id!: string;
  @IsString() request_id!: string;
  @IsIn(WORKER_ROLES) agent!: WorkerRole;
  @IsIn(TASK_TYPES) task_type!: TaskType;
  @IsInt() @Min(1) attempt!: number;
  @IsString() @Length(0, 20_000) text!: string;
  @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) findings!: string[];
  @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => EvidenceDto) evidence!: EvidenceDto[];
  @IsOptional() @IsIn(RISK_LEVELS) risk_level?: RiskLevel;
  @IsOptional() @IsIn(['blocked', 'caution', 'ok']) medication_verdict?: MedicationVerdict;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ToolLedgerEntryDto) tool_ledger!: ToolLedgerEntryDto[];
  @ValidateNested() @Type(() => ModelUsageDto) model_usage!: ModelUsageDto;
  /** sha256 of the canonical TaskPackage fields that determine the output. */
  @IsString() @Length(64, 64) input_hash!: string;
  @IsArray() @IsString({ each: true }) warnings!: string[];
  /** 1 = the task's question fully answered; lower when budget or deadline cut it short. */
  @IsNumber() @Min(0) @Max(1) completeness!: number;
  @IsIn(COMPLETION_STATUSES) status!: (typeof COMPLETION_STATUSES)[number];
}

export type Contribution = ContributionDto;
export type Evidence = EvidenceDto;
export type ToolLedgerEntry = ToolLedgerEntryDto;
