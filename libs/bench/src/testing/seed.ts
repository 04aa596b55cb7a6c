import { requestIdFor } from '@medagent/contracts';
import type { AskResult, MedagentClient } from '@medagent/runtime';

export const SEED_QUESTION =
  '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

/**
 * Submits the seed question for `user` with an idempotency key, so the request id is known
 * before the result arrives (tests wait on events of that id). Failures carry `diag()`.
 */
export function askSeed(
  client: MedagentClient,
  user: string,
  opts: { timeoutMs: number; diag: () => string },
): { requestId: string; result: Promise<AskResult> } {
  const key = `k-${user}`;
  const requestId = requestIdFor(user, key);
  const result = client
    .ask({ message: SEED_QUESTION, user_id: user, session_id: `s-${user}`, idempotency_key: key, channel: 'nats' }, { timeoutMs: opts.timeoutMs })
    .catch((e: Error) => {
      throw new Error(`${e.message}\n${opts.diag()}`);
    });
  // Marked handled here: a test that fails early must not leave an unhandled rejection behind.
  result.catch(() => undefined);
  return { requestId, result };
}
