import { getEventListeners } from 'node:events';
import { DeadlineExceededError } from '@medagent/contracts';
import type { ChatRequest } from '../model/chat-model';
import { ScriptedChatModel } from '../testing/scripted-chat-model';
import { loopWithFixedTokens, registryWith, triagePkg } from '../testing/loop-fixtures';

const S = ScriptedChatModel;

/** A model step that waits until the request's signal aborts, recording its reason. */
function waitForAbort(seen: { reason?: unknown }, onCall?: () => void) {
  return (req: ChatRequest): Promise<never> =>
    new Promise((_, reject) => {
      req.signal?.addEventListener('abort', () => {
        seen.reason = req.signal?.reason;
        reject(new Error('aborted'));
      });
      onCall?.();
    });
}

describe('AgentLoop task signal', () => {
  it("aborts the model call with the caller's reason when the caller aborts", async () => {
    const caller = new AbortController();
    const reason = new Error('worker shutting down');
    const seen: { reason?: unknown } = {};
    const model = new S([waitForAbort(seen, () => caller.abort(reason))]);
    const res = await loopWithFixedTokens().run({ pkg: triagePkg(), model, registry: registryWith(), signal: caller.signal });
    expect(seen.reason).toBe(reason);
    expect(res.outcome).toBe('failed');
    expect(res.error?.message).toContain('worker shutting down');
  });

  it('does not call the model when the caller signal is already aborted', async () => {
    const caller = new AbortController();
    caller.abort(new Error('gone'));
    const model = new S([S.text('never')]);
    const res = await loopWithFixedTokens().run({ pkg: triagePkg(), model, registry: registryWith(), signal: caller.signal });
    expect(model.requests).toHaveLength(0);
    expect(res.outcome).toBe('failed');
    expect(res.error?.message).toContain('gone');
  });

  it('aborts with DeadlineExceededError at the deadline', async () => {
    const seen: { reason?: unknown } = {};
    const model = new S([waitForAbort(seen)]);
    const pkg = triagePkg({
      budget: { max_steps: 5, max_tokens: 20_000, deadline_at: new Date(Date.now() + 200).toISOString() },
    });
    const res = await loopWithFixedTokens().run({ pkg, model, registry: registryWith(), signal: new AbortController().signal });
    expect(seen.reason).toBeInstanceOf(DeadlineExceededError);
    expect(res.outcome).toBe('budget_exhausted');
    expect(res.error).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
  });

  it('leaves no listener on a long-lived caller signal', async () => {
    const caller = new AbortController();
    const loop = loopWithFixedTokens();
    for (let i = 0; i < 20; i++) {
      const res = await loop.run({ pkg: triagePkg(), model: new S([S.text('ok')]), registry: registryWith(), signal: caller.signal });
      expect(res.outcome).toBe('completed');
    }
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
