import { TASK_OWNER, type TaskPackageDto, type TaskType } from '@medagent/contracts';

/** A valid TaskPackage for tests; override any field. */
export function makeTaskPackage(
  overrides: Partial<TaskPackageDto> & { task_type?: TaskType } = {},
): TaskPackageDto {
  const task_type = overrides.task_type ?? 'general_consultation';
  return {
    task_id: 't1',
    request_id: 'req-1',
    plan_version: 1,
    task_type,
    agent: TASK_OWNER[task_type],
    instruction: 'Answer the user question "what is a healthy blood pressure?"',
    scope: { user_id: 'u1', session_id: 's1', lang: 'en' },
    context: {},
    input_refs: [],
    expected_output: 'contribution',
    allowed_tools: [],
    budget: { max_steps: 6, max_tokens: 20_000, deadline_at: new Date(Date.now() + 60_000).toISOString() },
    idempotency_key: 'idem-1',
    attempt: 1,
    ...overrides,
  };
}
