import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { ContractViolationError, PlanValidationError, type ErrorDetail } from './errors';
import { compiledCheck } from './compiled';
import { decode } from './decode';
import { AGENT_ALIASES, TASK_OWNER, TASK_TYPES, WORKER_ROLES, type TaskType, type WorkerRole } from './roles';

export const MAX_INSTRUCTION_CHARS = 2000;
export const PLAN_SOURCES = ['rules', 'model', 'fallback', 'escalation'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

export class PlannedTaskDto {
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{1,64}$/)
  task_id!: string;

  @IsIn(TASK_TYPES)
  task_type!: TaskType;

  @IsIn([...WORKER_ROLES, ...Object.keys(AGENT_ALIASES)])
  agent!: string;

  @IsString()
  @Length(1, MAX_INSTRUCTION_CHARS)
  instruction!: string;
}

export class TaskPlanDto {
  @IsIn(['simple', 'complex'])
  complexity!: 'simple' | 'complex';

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => PlannedTaskDto)
  tasks!: PlannedTaskDto[];

  @IsOptional()
  @IsString()
  @Length(0, 2000)
  rationale?: string;
}

export interface PlannedTask {
  task_id: string;
  task_type: TaskType;
  agent: WorkerRole;
  instruction: string;
}

export interface TaskPlan {
  complexity: 'simple' | 'complex';
  tasks: PlannedTask[];
  rationale?: string;
}

export type PlanRule =
  | 'schema'
  | 'simple_has_one_task'
  | 'complex_has_two_or_three_tasks'
  | 'agent_owns_type'
  | 'one_task_per_worker'
  | 'unique_task_ids'
  | 'instruction_not_blank';

export interface PlanViolation {
  rule: PlanRule;
  message: string;
  path?: string;
}

export type PlanValidation = { ok: true; plan: TaskPlan } | { ok: false; violations: PlanViolation[] };

/**
 * Schema plus the cross-field rules a decorator cannot express. Returns every violation
 * (not the first), and the plan normalised (deprecated agent aliases mapped) when valid.
 */
export function validateTaskPlan(input: unknown): PlanValidation {
  let dto: TaskPlanDto;
  try {
    // The compiled check accepts a valid plan without building instances (no transforms
    // are declared on these DTOs, so the plain object reads the same); `decode` stays the
    // authority for anything it rejects and names the failing paths.
    dto = compiledCheck(TaskPlanDto)?.(input) ? (input as TaskPlanDto) : decode(TaskPlanDto, input, 'TaskPlan');
  } catch (e) {
    const details: ErrorDetail[] = e instanceof ContractViolationError ? e.details : [];
    return {
      ok: false,
      violations: details.length
        ? details.map((d) => ({ rule: 'schema' as const, message: `${d.path ?? ''}: ${d.message}`, path: d.path }))
        : [{ rule: 'schema', message: e instanceof Error ? e.message : String(e) }],
    };
  }
  const violations: PlanViolation[] = [];
  const n = dto.tasks.length;
  if (dto.complexity === 'simple' && n !== 1)
    violations.push({ rule: 'simple_has_one_task', message: `a simple plan has exactly 1 task, got ${n}` });
  if (dto.complexity === 'complex' && (n < 2 || n > 3))
    violations.push({ rule: 'complex_has_two_or_three_tasks', message: `a complex plan has 2–3 tasks, got ${n}` });

  const tasks: PlannedTask[] = dto.tasks.map((t, i) => {
    const agent = (AGENT_ALIASES[t.agent] ?? t.agent) as WorkerRole;
    const owner = TASK_OWNER[t.task_type];
    if (owner !== agent)
      violations.push({
        rule: 'agent_owns_type',
        path: `tasks.${i}.agent`,
        message: `${t.task_type} is owned by ${owner}, not ${t.agent}`,
      });
    if (!t.instruction.trim())
      violations.push({ rule: 'instruction_not_blank', path: `tasks.${i}.instruction`, message: 'instruction is blank' });
    return { task_id: t.task_id, task_type: t.task_type, agent, instruction: t.instruction };
  });

  const seenIds = new Set<string>();
  const seenAgents = new Set<WorkerRole>();
  tasks.forEach((t, i) => {
    if (seenIds.has(t.task_id))
      violations.push({ rule: 'unique_task_ids', path: `tasks.${i}.task_id`, message: `duplicate task id ${t.task_id}` });
    seenIds.add(t.task_id);
    if (seenAgents.has(t.agent))
      violations.push({
        rule: 'one_task_per_worker',
        path: `tasks.${i}.agent`,
        message: `worker ${t.agent} already has a task in this plan`,
      });
    seenAgents.add(t.agent);
  });

  if (violations.length) return { ok: false, violations };
  const plan: TaskPlan = { complexity: dto.complexity, tasks };
  if (dto.rationale !== undefined) plan.rationale = dto.rationale;
  return { ok: true, plan };
}

export function assertTaskPlan(input: unknown): TaskPlan {
  const r = validateTaskPlan(input);
  if (!r.ok) {
    throw new PlanValidationError(`TaskPlan is invalid: ${r.violations.map((v) => v.message).join('; ')}`, {
      details: r.violations.map((v) => ({ rule: v.rule, message: v.message, path: v.path })),
    });
  }
  return r.plan;
}
