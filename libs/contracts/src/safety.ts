import { IsArray, IsIn, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';

export type PreRiskDecision = 'ESCALATE' | 'PASS';

export interface PreRiskEvidence {
  rule_id: string;
  family: string;
  start: number;
  end: number;
  text: string;
}

export type SuppressionReason =
  | 'negated'
  | 'historical'
  | 'knowledge'
  | 'third_party_past'
  | 'figurative'
  | 'other_subject';

export interface PreRiskResult {
  decision: PreRiskDecision;
  category: string;
  evidence: PreRiskEvidence[];
  rules_version: string;
  suppressed?: { rule_id: string; reason: SuppressionReason }[];
}

export const RISK_LEVELS = ['emergency', 'urgent', 'routine', 'self_care'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface SafetyAction {
  kind: string;
  detail: string;
}

export type MedicationVerdict = 'blocked' | 'caution' | 'ok';

export class PreRiskEvidenceDto implements PreRiskEvidence {
  @IsString() rule_id!: string;
  @IsString() family!: string;
  @IsInt() @Min(0) start!: number;
  @IsInt() @Min(0) end!: number;
  @IsString() text!: string;
}

export class PreRiskResultDto implements PreRiskResult {
  @IsIn(['ESCALATE', 'PASS']) decision!: PreRiskDecision;
  @IsString() category!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => PreRiskEvidenceDto) evidence!: PreRiskEvidenceDto[];
  @IsString() rules_version!: string;
  @IsOptional() @IsArray() suppressed?: { rule_id: string; reason: SuppressionReason }[];
}

/**
 * The coordinator's medication screen of one request (drugs, allergies, pregnancy and
 * conditions named in the message or the patient context), as the record and the tasks see it.
 */
export interface MedicationScreenFindingSummary {
  edge_id: string;
  kind: 'drug-drug' | 'drug-allergy' | 'drug-pregnancy' | 'drug-condition' | 'drug-food' | 'duplicate';
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  /** Display names, drug first. */
  between: [string, string];
  recommendation: string;
  source: string;
  views: string[];
}

export interface MedicationScreenRecord {
  version: string;
  verdict: MedicationVerdict;
  findings: MedicationScreenFindingSummary[];
  blind_spots: string[];
  /** Where the screened entities came from (never the memory summary). */
  inputs: { message: boolean; patient_context: boolean };
  /** The medication section, in the request language. */
  text: string;
}
