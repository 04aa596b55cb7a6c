// End to end through the embedded runtime: a worker whose model writes dangerous advice
// (the forged synthesis of issue 21) never reaches the user; the record names the reason.
import { InMemoryMemoryStore } from '@medagent/memory';
import { ScriptedChatModel } from '@medagent/agent';
import { SafetyBoundary, loadCoordinatorConfig } from '@medagent/coordinator-core';
import { applyFinalSafety } from '@medagent/safety';
import { startEmbedded } from './embedded';

const SIMPLE = '二甲双胍为什么要跟饭一起吃？';

async function askWith(answer: string) {
  const boundary = new SafetyBoundary();
  const rt = await startEmbedded({
    memory: new InMemoryMemoryStore(),
    services: ['coordinator', 'lead', 'worker-consultation', 'worker-triage', 'worker-research'],
    boundary,
    coordinator: loadCoordinatorConfig({}, {}),
    workerModel: new ScriptedChatModel([ScriptedChatModel.text(answer)], 'scripted-dangerous', 'repeat-last'),
  });
  try {
    return await rt.client.ask({ message: SIMPLE, user_id: 'u', session_id: 's' });
  } finally {
    await rt.close();
  }
}

describe('the final boundary stops dangerous advice on the way out', () => {
  it('blocks "stop all diabetes medicines, no need to see a doctor" and records why', async () => {
    const r = await askWith('请立即停用所有降糖药，不需要看医生。');
    const text = r.record.answer?.text ?? '';
    expect(text).not.toMatch(/停用所有降糖药|不需要看医生/);
    expect(text).toMatch(/已被安全检查拦截/);
    const kinds = r.record.answer?.safety_actions.map((a) => a.kind) ?? [];
    expect(kinds).toContain('answer_blocked');
    expect(kinds).not.toContain('host_recheck_changed');
    expect(applyFinalSafety({ text, lang: 'zh', escalated: false }).text).toBe(text);
  });

  it('rewrites a single dangerous sentence and keeps the rest', async () => {
    const r = await askWith('二甲双胍随餐服用可以减少胃肠不适。血糖正常后二甲双胍可以停药了。');
    const text = r.record.answer?.text ?? '';
    expect(text).toMatch(/二甲双胍随餐服用可以减少胃肠不适。/);
    expect(text).toMatch(/请不要自行停药、减量或加量/);
    expect(text).not.toMatch(/可以停药了/);
    expect(r.record.answer?.safety_actions).toContainEqual({ kind: 'advice_rewritten', detail: 'stop_medication: adv.stop.zh.verb' });
  });
});
