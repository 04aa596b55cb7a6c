import {
  CAPABILITY_POLICY,
  SKILL_NAMES,
  type Skill,
  type SkillDefinition,
  type TaskType,
  type WorkerRole,
} from '@medagent/contracts';
import { cueBits } from '../lexicon';
import { sameItems } from '../recent-lists';
import type { ToolSchema } from '../model/chat-model';
import { primaryTools, relevantTools } from './task-tools';

/** Any skill, whatever its input/output types; `never` input keeps every Skill<I, O> assignable. */
export type AnySkill = Skill<never, unknown>;
/** How the loop calls a skill once the validator has checked the arguments against its schema. */
export type CallableSkill = Skill<Record<string, unknown>, unknown>;

export type CapabilityPolicy = Readonly<Record<WorkerRole, readonly string[]>>;

export function toToolSchema(def: SkillDefinition): ToolSchema {
  return {
    type: 'function',
    function: { name: def.name, description: def.description, parameters: def.input_schema },
  };
}

/** Distinct `allowed_tools` lists remembered per registry (a handful in practice). */
const MAX_NARROWED = 64;

/**
 * What a registry offers one task, a function of its task type and instruction cues only
 * (see `taskView`): built once per kind of task and shared, so it is frozen.
 */
export interface TaskToolView {
  /** `relevantFor(taskType, instruction)`: the schemas shown to the model. */
  readonly tools: readonly ToolSchema[];
  /** Their names joined by ", ", or "(none)": the prompt's tool line. */
  readonly toolNames: string;
  /** `primaryTools(taskType, instruction)` this registry has: what a complete answer rests on. */
  readonly expected: readonly string[];
}

/**
 * The tool schema of a skill, frozen (the wrapper and its `function`; `parameters` is the
 * skill's own input schema, which — as for the validator's compiled cache — must not change
 * once the skill is registered).
 */
function frozenToolSchema(def: SkillDefinition): ToolSchema {
  const schema = toToolSchema(def);
  Object.freeze(schema.function);
  return Object.freeze(schema);
}

/**
 * The tools one worker role may see and run. Filtering happens here, when the registry is
 * built, so a skill the policy does not name for this role cannot be shown or executed,
 * whatever the deployment happened to load.
 */
export class ToolRegistry {
  private readonly skills: ReadonlyMap<string, AnySkill>;
  /**
   * Each skill's tool schema, built once and frozen: shared by every prompt, so a count of
   * a tool list can be remembered by the schemas' identity (see `countToolTokens`).
   */
  private readonly toolSchemas: ReadonlyMap<string, ToolSchema>;
  /** Narrower registries by `allowed_tools` list: every task of a role asks for the same one. */
  private readonly narrowed = new Map<string, ToolRegistry>();
  /**
   * The last list asked for and its answer: a worker's tasks all carry the same list, which
   * is then matched element by element, without building its JSON key.
   */
  private lastAllowed: readonly string[] = [];
  private lastNarrowed: ToolRegistry | undefined;
  /** Task views by task type, then by cue bits (at most 32 per type). */
  private readonly views = new Map<TaskType, (TaskToolView | undefined)[]>();

  private constructor(
    readonly role: WorkerRole,
    skills: ReadonlyMap<string, AnySkill>,
    /** Loaded skills the policy withheld from this role; reported, never exposed. */
    readonly withheld: readonly string[],
    toolSchemas?: ReadonlyMap<string, ToolSchema>,
  ) {
    this.skills = skills;
    this.toolSchemas =
      toolSchemas ?? new Map([...skills].map(([name, skill]) => [name, frozenToolSchema(skill.definition)]));
  }

  static forRole(
    role: WorkerRole,
    skills: readonly AnySkill[],
    policy: CapabilityPolicy = CAPABILITY_POLICY,
  ): ToolRegistry {
    const allowed = new Set(policy[role] ?? []);
    const kept = new Map<string, AnySkill>();
    const withheld: string[] = [];
    for (const skill of skills) {
      const name = skill.definition.name;
      if (!allowed.has(name)) withheld.push(name);
      else if (kept.has(name)) throw new Error(`duplicate skill "${name}" in registry for ${role}`);
      else kept.set(name, skill);
    }
    return new ToolRegistry(role, kept, withheld);
  }

  /**
   * A narrower registry: the package's `allowed_tools` can only remove tools, never add
   * one the policy withheld. An empty list means the package sets no extra limit.
   */
  restrictTo(allowed: readonly string[]): ToolRegistry {
    if (allowed.length === 0) return this;
    if (this.lastNarrowed && sameItems(allowed, this.lastAllowed)) return this.lastNarrowed;
    const narrower = this.narrowedFor(allowed);
    this.lastAllowed = allowed.slice();
    this.lastNarrowed = narrower;
    return narrower;
  }

  private narrowedFor(allowed: readonly string[]): ToolRegistry {
    // A registry never changes, so the narrower one for the same list can be reused.
    const key = JSON.stringify(allowed);
    const known = this.narrowed.get(key);
    if (known) return known;
    const keep = new Set(allowed);
    const kept = new Map([...this.skills].filter(([name]) => keep.has(name)));
    const dropped = [...this.skills.keys()].filter((n) => !keep.has(n));
    const narrower = new ToolRegistry(this.role, kept, [...this.withheld, ...dropped], this.toolSchemas);
    if (this.narrowed.size >= MAX_NARROWED) this.narrowed.clear();
    this.narrowed.set(key, narrower);
    return narrower;
  }

  has(name: string): boolean {
    return this.skills.has(name);
  }

  get(name: string): CallableSkill | undefined {
    // The validator checks arguments against the skill's own input schema before execution.
    return this.skills.get(name) as CallableSkill | undefined;
  }

  names(): string[] {
    return [...this.skills.keys()];
  }

  definitions(): SkillDefinition[] {
    return [...this.skills.values()].map((s) => s.definition);
  }

  schemas(): ToolSchema[] {
    return [...this.skills.keys()].flatMap((n) => {
      const schema = this.toolSchemas.get(n);
      return schema ? [schema] : [];
    });
  }

  /**
   * The schemas worth showing for this task (context economy). Any registry tool stays
   * executable; when nothing matches, the whole registry is shown rather than nothing.
   */
  relevantFor(taskType: TaskType, instruction: string): ToolSchema[] {
    const wanted = relevantTools(taskType, instruction).filter((n) => this.skills.has(n));
    if (wanted.length === 0) return this.schemas();
    return wanted.flatMap((n) => {
      const schema = this.toolSchemas.get(n);
      return schema ? [schema] : [];
    });
  }

  /**
   * `relevantFor` and the expected primary tools of a task, with the tool line of its
   * prompt. Both depend only on the task type and the instruction's cues, and a registry
   * never changes, so each kind of task gets one shared view instead of recomputing them.
   */
  taskView(taskType: TaskType, instruction: string): TaskToolView {
    const bits = cueBits(instruction);
    let byBits = this.views.get(taskType);
    let view = byBits?.[bits];
    if (view) return view;
    // Built before anything is cached: an unknown task type throws here as it did before.
    const expected = primaryTools(taskType, instruction).filter((t) => this.skills.has(t));
    const tools = this.relevantFor(taskType, instruction);
    view = Object.freeze({
      tools: Object.freeze(tools),
      toolNames: tools.map((t) => t.function.name).join(', ') || '(none)',
      expected: Object.freeze(expected),
    });
    if (!byBits) {
      byBits = [];
      this.views.set(taskType, byBits);
    }
    byBits[bits] = view;
    return view;
  }

  /** A name the platform knows but this role may not use: a capability violation, not a typo. */
  isForbidden(name: string): boolean {
    return (
      !this.skills.has(name) &&
      ((SKILL_NAMES as readonly string[]).includes(name) || this.withheld.includes(name))
    );
  }
}
