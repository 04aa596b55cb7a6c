// End to end through the embedded runtime: a worker whose model writes dangerous advice
// (the forged synthesis of issue 21) never reaches the user; the record names the reason.
import { InMemoryMemoryStore } from '@medagent/memory';
import { ScriptedChatModel } from '@medagent/agent/testing';
import { SafetyBoundary, loadCoordinatorConfig } from '@medagent/coordinator-core';
import { applyFinalSafety } from '@medagent/safety';
import { startEmbedded } from './embedded';

const SIMPLE = '二甲双胍为什么要跟饭一起吃？';

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

async function askWith(answer: string, opts: { synthesis?: boolean } = {}) {
  const boundary = new SafetyBoundary();
  const scripted = new ScriptedChatModel([ScriptedChatModel.text(answer)], 'scripted-dangerous', 'repeat-last');
  // As the lead: no usable plan (the rules plan is used), then the dangerous synthesis.
  const lead = new ScriptedChatModel(
    [(req) => ScriptedChatModel.text(req.messages[0]?.content?.startsWith('You merge') ? answer : 'no plan')],
    'scripted-lead',
    'repeat-last',
  );
  const rt = await startEmbedded({
    memory: new InMemoryMemoryStore(),
    services: ['coordinator', 'lead', 'worker-consultation', 'worker-triage', 'worker-research'],
    boundary,
    coordinator: loadCoordinatorConfig({}, {}),
    ...(opts.synthesis ? { leadModel: lead } : { workerModel: scripted }),
  });
  try {
    return await rt.client.ask({ message: opts.synthesis ? SEED : SIMPLE, user_id: 'u', session_id: 's' });
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

  it('blocks the same text when it arrives as the synthesis of a complex request', async () => {
    const r = await askWith('请立即停用所有降糖药，不需要看医生。', { synthesis: true });
    expect(r.record.answer?.exit).toBe('synthesis');
    expect(r.record.answer?.text).not.toMatch(/停用所有降糖药|不需要看医生/);
    expect(r.record.answer?.safety_actions.map((a) => a.kind)).toContain('answer_blocked');
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
