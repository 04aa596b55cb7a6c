import { IllegalTransitionError } from './errors';
import {
  REQUEST_STATES,
  REQUEST_TRANSITIONS,
  TASK_STATES,
  TASK_TRANSITIONS,
  assertRequestTransition,
  assertTaskTransition,
  isTerminalRequest,
  type TaskState,
} from './lifecycle';

// The table in DESIGN.md, written independently of the implementation's table.
const EXPECTED_TASK: [TaskState, TaskState][] = [
  ['created', 'scheduled'],
  ['scheduled', 'running'],
  ['scheduled', 'failed'],
  ['running', 'completed'],
  ['running', 'awaiting_approval'],
  ['awaiting_approval', 'running'],
  ['awaiting_approval', 'failed'],
  ['running', 'failed'],
  ['failed', 'scheduled'],
  ...(['created', 'scheduled', 'running', 'awaiting_approval', 'failed'] as TaskState[]).map(
    (s) => [s, 'canceled'] as [TaskState, TaskState],
  ),
];

describe('task lifecycle (exhaustive)', () => {
  const pairs = TASK_STATES.flatMap((from) => TASK_STATES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const legal = EXPECTED_TASK.some(([f, t]) => f === from && t === to);
    if (legal) expect(assertTaskTransition(from, to)).toBe(to);
    else expect(() => assertTaskTransition(from, to)).toThrow(IllegalTransitionError);
  });
  it('terminal states have no exits', () => {
    expect(TASK_TRANSITIONS.completed).toEqual([]);
    expect(TASK_TRANSITIONS.canceled).toEqual([]);
  });
});

describe('request lifecycle (exhaustive)', () => {
  const happy = ['received', 'pre_risk', 'planning', 'dispatched', 'synthesising', 'safety', 'completed'];
  const pairs = REQUEST_STATES.flatMap((from) => REQUEST_STATES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const next = happy.indexOf(from) + 1;
    const legal =
      (next > 0 && happy[next] === to) ||
      (from === 'pre_risk' && to === 'dispatched') || // escalation skips planning
      (from === 'dispatched' && to === 'safety') || // a simple plan skips synthesis
      (from === 'safety' && to === 'partial') || // answered with completeness below 1
      (to === 'failed' && from !== 'completed' && from !== 'partial' && from !== 'failed');
    if (legal) expect(assertRequestTransition(from, to)).toBe(to);
    else {
      expect(() => assertRequestTransition(from, to)).toThrow(IllegalTransitionError);
      expect(REQUEST_TRANSITIONS[from]).not.toContain(to);
    }
  });
  it('completed, partial and failed are the terminal states', () => {
    expect(REQUEST_STATES.filter((s) => isTerminalRequest(s)).sort()).toEqual(['completed', 'failed', 'partial']);
  });
  it('an illegal transition carries code and details', () => {
    try {
      assertRequestTransition('completed', 'planning');
      throw new Error('unreachable');
    } catch (e) {
      expect(e).toMatchObject({ code: 'ILLEGAL_TRANSITION', retryable: false });
    }
  });
});
