import type { SkillContext } from '@medagent/contracts';
import { ScriptedChatModel } from '../testing/scripted-chat-model';
import { StubSkill } from '../testing/stub-skills';
import { loopWithFixedTokens, registryWith, triagePkg } from '../testing/loop-fixtures';
import { InMemoryApprovalGate } from './approval';
import { InMemoryEffectLog } from './effect-log';

const S = ScriptedChatModel;
const loop = loopWithFixedTokens;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('AgentLoop approvals', () => {
  const gated = () =>
    new StubSkill('search_similar_cases', {
      auth_scope: 'requires_approval',
      input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
  const script = () =>
    new S([S.toolCalls([{ name: 'search_similar_cases', args: { text: 'x' }, id: 'g1' }]), S.text('final')]);

  it('waits for approval and runs on approve', async () => {
    const skill = gated();
    const gate = new InMemoryApprovalGate();
    const run = loop().run({
      pkg: triagePkg(),
      model: script(),
      registry: registryWith(skill),
      approvals: gate,
    });
    await sleep(50);
    expect(skill.calls).toHaveLength(0);
    expect(gate.requests[0]).toMatchObject({
      request_id: 'req-1',
      task_id: 't1',
      skill: 'search_similar_cases',
      args_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(gate.resolve(gate.pending()[0]!, { decision: 'approve', by: 'dr.li' })).toBe(true);
    const res = await run;
    expect(skill.calls).toHaveLength(1);
    expect(res.ledger[0]).toMatchObject({ outcome: 'ok' });
  });

  it('on deny: observation "denied by X: reason", ledger denied, loop continues', async () => {
    const skill = gated();
    const model = script();
    const res = await loop().run({
      pkg: triagePkg(),
      model,
      registry: registryWith(skill),
      approvals: InMemoryApprovalGate.denyAll('dr.wang', 'not needed for triage'),
    });
    expect(skill.calls).toHaveLength(0);
    expect(res.outcome).toBe('completed');
    expect(res.text).toBe('final');
    expect(res.ledger[0]).toMatchObject({ outcome: 'denied', error_code: 'APPROVAL_DENIED' });
    expect(model.requests[1]!.messages.at(-1)!.content).toContain('denied by dr.wang: not needed for triage');
  });

  it('denies when no gate is configured', async () => {
    const res = await loop().run({ pkg: triagePkg(), model: script(), registry: registryWith(gated()) });
    expect(res.ledger[0]).toMatchObject({ outcome: 'denied' });
  });
});

describe('AgentLoop idempotency', () => {
  it('gives side-effecting skills a stable key and replays their result on retry', async () => {
    let effects = 0;
    const keys: string[] = [];
    const writer = new StubSkill('search_history', {
      idempotent: false,
      auth_scope: 'read_write',
      run: (_input, ctx: SkillContext) => {
        effects += 1;
        keys.push(ctx.idempotency_key);
        return { output: { written: effects }, evidence: [], summary: 'Saved to the record.' };
      },
    });
    const log = new InMemoryEffectLog();
    const attempt = async (n: number) => {
      const model = new S([
        S.toolCalls([{ name: 'search_history', args: { query: 'note' } }]),
        S.text('done'),
      ]);
      return loop().run({
        pkg: triagePkg({ attempt: n }),
        model,
        registry: registryWith(writer),
        effects: log,
      });
    };
    const first = await attempt(1);
    const retry = await attempt(2);
    expect(effects).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(first.tool_outputs[0]?.output).toEqual({ written: 1 });
    expect(retry.tool_outputs[0]?.output).toEqual({ written: 1 });
    expect(retry.ledger[0]).toMatchObject({ outcome: 'ok', detail: 'replayed from effect log' });
    expect(log.size).toBe(1);
  });

  it('runs identical side-effecting calls of one turn once', async () => {
    let effects = 0;
    const writer = new StubSkill('search_history', {
      idempotent: false,
      run: () => ({ output: { n: ++effects }, evidence: [], summary: 'ok' }),
    });
    const model = new S([
      S.toolCalls([
        { name: 'search_history', args: { query: 'same' } },
        { name: 'search_history', args: { query: 'same' } },
      ]),
      S.text('done'),
    ]);
    const res = await loop().run({ pkg: triagePkg(), model, registry: registryWith(writer) });
    expect(effects).toBe(1);
    expect(res.ledger).toHaveLength(2);
  });
});
