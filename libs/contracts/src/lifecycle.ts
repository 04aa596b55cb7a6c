import { IllegalTransitionError } from './errors';

export const TASK_STATES = [
  'created',
  'scheduled',
  'running',
  'awaiting_approval',
  'completed',
  'failed',
  'canceled',
] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * The task lifecycle as data; `assertTaskTransition` is the only way states change.
 * `scheduled → failed` exists because a task whose worker never starts it must still
 * reach a state the coordinator can retry from when its deadline passes.
 * `* → canceled` applies to every state that is not already terminal.
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskState, readonly TaskState[]>> = {
  created: ['scheduled', 'canceled'],
  scheduled: ['running', 'failed', 'canceled'],
  running: ['completed', 'failed', 'awaiting_approval', 'canceled'],
  awaiting_approval: ['running', 'failed', 'canceled'],
  failed: ['scheduled', 'canceled'],
  completed: [],
  canceled: [],
};

export const REQUEST_STATES = [
  'received',
  'pre_risk',
  'planning',
  'dispatched',
  'synthesising',
  'safety',
  'completed',
  'partial',
  'failed',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/**
 * Request lifecycle. An escalated request skips planning (its plan is forced); a simple
 * plan skips synthesis. Every non-terminal state may fail, and a failed request still
 * leaves through the safety boundary before it is persisted (the boundary runs inside the
 * failing step, not as a state).
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestState, readonly RequestState[]>> = {
  received: ['pre_risk', 'failed'],
  pre_risk: ['planning', 'dispatched', 'failed'],
  planning: ['dispatched', 'failed'],
  dispatched: ['synthesising', 'safety', 'failed'],
  synthesising: ['safety', 'failed'],
  // `partial`: answered, but with completeness below 1 (a task failed, timed out or was
  // incomplete); the result event is still `request.completed`, its record says `partial`.
  safety: ['completed', 'partial', 'failed'],
  completed: [],
  partial: [],
  failed: [],
};

function check<S extends string>(
  kind: string,
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
): S {
  const allowed = table[from];
  if (!allowed || !allowed.includes(to)) {
    throw new IllegalTransitionError(`illegal ${kind} transition ${from} → ${to}`, {
      details: [{ rule: `${kind}_lifecycle`, message: `${from} → ${to} is not in the transition table` }],
    });
  }
  return to;
}

export function assertTaskTransition(from: TaskState, to: TaskState): TaskState {
  return check('task', TASK_TRANSITIONS, from, to);
}

export function assertRequestTransition(from: RequestState, to: RequestState): RequestState {
  return check('request', REQUEST_TRANSITIONS, from, to);
}

export function isTerminalTask(s: TaskState): boolean {
  return TASK_TRANSITIONS[s].length === 0;
}

export function isTerminalRequest(s: RequestState): boolean {
  return REQUEST_TRANSITIONS[s].length === 0;
}
