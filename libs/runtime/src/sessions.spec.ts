import { InMemoryMemoryStore } from '@medagent/memory';
import { startEmbedded, type EmbeddedRuntime } from './embedded';

// Memory is used only within an explicit session: a question asked in another session (the
// CLI gives every ask without --session a new one) never reaches a later plan, its workers'
// instructions or the medication check.
const FIRST = '我在吃华法林，最近牙龈出血，要紧吗？';
const SECOND = '最近总是失眠，有什么办法？';

describe('sessions', () => {
  let rt: EmbeddedRuntime;
  beforeAll(async () => {
    rt = await startEmbedded({ memory: new InMemoryMemoryStore() });
  });
  afterAll(async () => rt.close());

  it('another session sees nothing of the first; the same session does', async () => {
    await rt.client.ask({ message: FIRST, user_id: 'u-s', session_id: 'cli-a' });
    const other = await rt.client.ask({ message: SECOND, user_id: 'u-s', session_id: 'cli-b' });
    expect(other.record.memory?.turns_loaded).toBe(0);
    const seen = JSON.stringify([other.record.plan, other.record.contributions.map((c) => [c.text, c.findings])]);
    expect(seen).not.toContain('华法林');
    expect(seen).not.toMatch(/warfarin/i);

    const same = await rt.client.ask({ message: SECOND, user_id: 'u-s', session_id: 'cli-a' });
    expect(same.record.memory?.turns_loaded).toBe(1);
    expect(JSON.stringify(same.record.plan)).toContain('华法林');
  });
});
