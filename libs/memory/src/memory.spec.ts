import Redis from 'ioredis';
import { InMemoryMemoryStore } from './in-memory';
import { RedisMemoryStore } from './redis';
import type { MemoryStore, Turn } from './port';
import { summarizeTurns } from './port';
import { startRedisServer, type RedisServerHandle } from './testing/redis-server';

const turn = (n: number, q = `question ${n}`): Turn => ({
  request_id: `r${n}`,
  at: new Date(2026, 0, n).toISOString(),
  question: q,
  answer_digest: `answer ${n}`,
  task_types: ['general_consultation'],
});

function isolationSuite(name: string, make: () => Promise<MemoryStore>): void {
  describe(`${name}: isolation`, () => {
    let store: MemoryStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => store.close());

    it('returns the session turns in order, bounded by limit', async () => {
      for (let i = 1; i <= 5; i++) await store.append('alice', 's1', turn(i));
      const r = await store.load('alice', 's1', 3);
      expect(r.turns.map((t) => t.request_id)).toEqual(['r3', 'r4', 'r5']);
      expect(r.degraded).toBe(false);
    });

    it('never returns another user’s turns, even with the same session id', async () => {
      await store.append('alice', 'shared', turn(1, 'alice secret'));
      await store.append('bob', 'shared', turn(2, 'bob question'));
      expect((await store.load('bob', 'shared')).turns.map((t) => t.question)).toEqual(['bob question']);
      expect((await store.history('bob')).turns.map((t) => t.question)).toEqual(['bob question']);
      expect((await store.load('carol', 'shared')).turns).toEqual([]);
    });

    it('keys cannot be forged with separators in ids', async () => {
      await store.append('a:s', 'x', turn(1, 'one'));
      expect((await store.load('a', 's:x')).turns).toEqual([]);
    });

    it('history spans sessions, newest first', async () => {
      await store.append('alice', 's1', turn(1));
      await store.append('alice', 's2', turn(2));
      expect((await store.history('alice')).turns.map((t) => t.request_id)).toEqual(['r2', 'r1']);
    });
  });
}

isolationSuite('in-memory', async () => new InMemoryMemoryStore());

describe('redis memory (real redis-server)', () => {
  let server: RedisServerHandle;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => server.stop());

  let n = 0;
  isolationSuite('redis', async () => new RedisMemoryStore({ url: server.url, keyPrefix: `t${++n}:${Date.now()}` }));

  it('sets a TTL on session keys', async () => {
    const store = new RedisMemoryStore({ url: server.url, ttlSeconds: 60, keyPrefix: `ttl${Date.now()}` });
    await store.append('u', 's', turn(1));
    const probe = new Redis(server.url);
    const keys = await probe.keys(`ttl*`);
    const ttls = await Promise.all(keys.map((k) => probe.ttl(k)));
    expect(ttls.every((t) => t > 0 && t <= 60 * 30)).toBe(true);
    probe.disconnect();
    await store.close();
  });
});

describe('redis memory: degraded fallback', () => {
  it('keeps answering from memory, flagged degraded, when Redis is down', async () => {
    const server = await startRedisServer();
    const degradedOps: string[] = [];
    const store = new RedisMemoryStore({ url: server.url, onDegraded: (op) => degradedOps.push(op) });
    try {
      await store.append('u', 's', turn(1));
      expect((await store.load('u', 's')).backend).toBe('redis');
      await server.stop();
      const appended = await store.append('u', 's', turn(2));
      const loaded = await store.load('u', 's');
      expect(appended.degraded).toBe(true);
      expect(loaded).toMatchObject({ backend: 'memory', degraded: true });
      expect(loaded.turns.map((t) => t.request_id)).toEqual(['r2']);
      expect(degradedOps).toEqual(expect.arrayContaining(['append', 'load']));
    } finally {
      await store.close();
      await server.stop();
    }
  });
});

describe('summarizeTurns', () => {
  it('keeps the newest turns within the budget', () => {
    const s = summarizeTurns([turn(1), turn(2), turn(3)], 60);
    expect(s).toContain('question 3');
    expect(s).not.toContain('question 1');
  });
});
