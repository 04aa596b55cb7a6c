import { buildEvent } from '@medagent/contracts';
import { progressOf, sseFrame } from './progress';

describe('progressOf: what an SSE client may see', () => {
  it('keeps ids, statuses and durations; drops error prose and refusal reasons', () => {
    const failed = buildEvent({
      type: 'task.failed',
      correlation_id: 'req_1',
      task_id: 't1',
      producer: 'worker-triage',
      payload: { task_id: 't1', attempt: 1, code: 'TOOL_FAILED', retryable: true, message: '患者张三 血糖 12.1' },
    });
    expect(progressOf(failed)).toMatchObject({ request_id: 'req_1', task_id: 't1', attempt: 1, code: 'TOOL_FAILED', retryable: true });
    expect(JSON.stringify(progressOf(failed))).not.toContain('张三');
    const refused = buildEvent({
      type: 'task.refused',
      correlation_id: 'req_1',
      producer: 'worker-triage',
      payload: { task_id: 't1', attempt: 1, reason: '患者张三' },
    });
    expect(JSON.stringify(progressOf(refused))).not.toContain('张三');
  });

  it('request.completed carries status, exit and completeness, never the answer', () => {
    const env = buildEvent({
      type: 'request.completed',
      correlation_id: 'req_2',
      producer: 'coordinator',
      payload: { request_id: 'req_2', record: { status: 'completed', completeness: 1, question: '我头晕', answer: { text: '建议就医', exit: 'single' } } },
    });
    const p = progressOf(env);
    expect(p).toMatchObject({ status: 'completed', exit: 'single', completeness: 1 });
    expect(JSON.stringify(p)).not.toMatch(/头晕|就医/);
  });

  it('frames are single-line data with the event name', () => {
    expect(sseFrame('task.started', { a: 'x\ny' }, 'ev_1')).toBe('id: ev_1\nevent: task.started\ndata: {"a":"x\\ny"}\n\n');
  });
});
