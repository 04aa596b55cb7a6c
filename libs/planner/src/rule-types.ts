import type { TaskType } from '@medagent/contracts';

export interface CueRule {
  /** Stable id, reported in the rationale instead of any user text. */
  id: string;
  type: TaskType;
  /** 4 decisive, 3 strong, 2 supportive, 1 weak. */
  w: number;
  re: RegExp;
  /** The cue only counts when the clause also matches this (e.g. a food word needs an advice form). */
  requires?: RegExp;
  /** The cue is void when the clause matches this (e.g. "一吃东西就疼" names a trigger, not a diet question). */
  unless?: RegExp;
}
