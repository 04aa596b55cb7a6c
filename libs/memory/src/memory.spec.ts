import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { FileMemoryStore } from './file';
import { InMemoryMemoryStore } from './in-memory';
import { RedisMemoryStore } from './redis';
import type { MemoryStore, Turn } from './port';
import { memoryOwner, summarizeTurns } from './port';
import { startRedisServer, type RedisServerHandle } from '@medagent/local-servers';

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

    it('one user id in two tenants has two memories (keys by memoryOwner), and no pair spells another', async () => {
      await store.append(memoryOwner('h1', 'u1'), 's', turn(1, 'h1 secret'));
      expect((await store.load(memoryOwner('h2', 'u1'), 's')).turns).toEqual([]);
      expect((await store.history(memoryOwner('h2', 'u1'))).turns).toEqual([]);
      expect((await store.load(memoryOwner(undefined, 'u1'), 's')).turns).toEqual([]);
      expect((await store.load(memoryOwner('h1', 'u1'), 's')).turns.map((t) => t.question)).toEqual(['h1 secret']);
      expect(memoryOwner('h1;u=x', 'y')).not.toBe(memoryOwner('h1', 'x;u=y'));
      expect(memoryOwner(undefined, 'u')).toBe(memoryOwner('default', 'u'));
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

/** `turn(n)` with a different answer: what a second append of the same request carries. */
const rewritten = (n: number, digest = `final answer ${n}`): Turn => ({ ...turn(n), answer_digest: digest });
const digests = (turns: Turn[]): string[] => turns.map((t) => `${t.request_id}=${t.answer_digest}`);

function idempotenceSuite(name: string, make: () => Promise<MemoryStore>): void {
  describe(`${name}: append is idempotent per request_id`, () => {
    let store: MemoryStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => store.close());

    it('replaces the same request’s turn in place, in the session and the history', async () => {
      await store.append('alice', 's1', turn(1));
      await store.append('alice', 's1', turn(2));
      await store.append('alice', 's1', rewritten(1));
      const final1 = 'r1=final answer 1';
      expect(digests((await store.load('alice', 's1', 10)).turns)).toEqual([final1, 'r2=answer 2']);
      expect(digests((await store.history('alice')).turns)).toEqual(['r2=answer 2', final1]);
      // The last append wins, however many there were.
      await store.append('alice', 's1', rewritten(1, 'third'));
      expect(digests((await store.load('alice', 's1', 10)).turns)).toEqual(['r1=third', 'r2=answer 2']);
      expect(digests((await store.history('alice')).turns)).toEqual(['r2=answer 2', 'r1=third']);
    });

    it('matches whatever key order the caller built the turn with', async () => {
      const t = turn(1);
      const requestIdLast: Turn = {
        at: t.at,
        question: t.question,
        answer_digest: t.answer_digest,
        task_types: t.task_types,
        request_id: t.request_id,
      };
      await store.append('alice', 's1', requestIdLast);
      await store.append('alice', 's1', rewritten(1));
      expect(digests((await store.load('alice', 's1')).turns)).toEqual(['r1=final answer 1']);
      expect(digests((await store.history('alice')).turns)).toEqual(['r1=final answer 1']);
    });

    it('matches the whole request_id: no prefix match; quotes, Lua pattern chars literal', async () => {
      const odd = (id: string, digest: string): Turn => ({
        ...turn(1),
        request_id: id,
        answer_digest: digest,
      });
      await store.append('alice', 's1', odd('r1', 'a'));
      await store.append('alice', 's1', odd('r10', 'b'));
      await store.append('alice', 's1', odd('r"%.*[问]', 'c'));
      await store.append('alice', 's1', odd('r.', 'd'));
      await store.append('alice', 's1', odd('r1', 'a2'));
      await store.append('alice', 's1', odd('r"%.*[问]', 'c2'));
      const expected = ['r1=a2', 'r10=b', 'r"%.*[问]=c2', 'r.=d'];
      expect(digests((await store.load('alice', 's1', 10)).turns)).toEqual(expected);
      expect(digests((await store.history('alice')).turns)).toEqual([...expected].reverse());
    });

    it('never replaces another user’s turn with the same request_id', async () => {
      await store.append('alice', 'shared', rewritten(1, 'alice answer'));
      await store.append('bob', 'shared', rewritten(1, 'bob answer'));
      await store.append('bob', 'shared', rewritten(1, 'bob final'));
      expect(digests((await store.load('alice', 'shared')).turns)).toEqual(['r1=alice answer']);
      expect(digests((await store.history('alice')).turns)).toEqual(['r1=alice answer']);
      expect(digests((await store.load('bob', 'shared')).turns)).toEqual(['r1=bob final']);
      expect(digests((await store.history('bob')).turns)).toEqual(['r1=bob final']);
    });

    it('still trims to the newest 50 session / 200 history turns; a replace keeps the lengths', async () => {
      for (let i = 1; i <= 205; i++) await store.append('alice', 's1', turn(i));
      const ids = (turns: Turn[]): string[] => turns.map((t) => t.request_id);
      const range = (from: number, to: number): string[] =>
        Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => `r${from <= to ? from + k : from - k}`);
      expect(ids((await store.load('alice', 's1', 500)).turns)).toEqual(range(156, 205));
      expect(ids((await store.history('alice', 500)).turns)).toEqual(range(205, 6));

      await store.append('alice', 's1', rewritten(180));
      const session = (await store.load('alice', 's1', 500)).turns;
      const history = (await store.history('alice', 500)).turns;
      expect(ids(session)).toEqual(range(156, 205));
      expect(ids(history)).toEqual(range(205, 6));
      expect(session[180 - 156]?.answer_digest).toBe('final answer 180');
      expect(history[205 - 180]?.answer_digest).toBe('final answer 180');
      expect(session.filter((t) => t.answer_digest.startsWith('final')).length).toBe(1);
      expect(history.filter((t) => t.answer_digest.startsWith('final')).length).toBe(1);
    });

    it('concurrent appends of one request leave exactly one turn', async () => {
      await store.append('alice', 's1', turn(1));
      await Promise.all([
        store.append('alice', 's1', rewritten(2, 'x')),
        store.append('alice', 's1', rewritten(2, 'y')),
      ]);
      const session = (await store.load('alice', 's1')).turns;
      expect(session.map((t) => t.request_id)).toEqual(['r1', 'r2']);
      expect(['x', 'y']).toContain(session[1]?.answer_digest);
      expect((await store.history('alice')).turns.map((t) => t.request_id)).toEqual(['r2', 'r1']);
    });
  });
}

isolationSuite('in-memory', async () => new InMemoryMemoryStore());
idempotenceSuite('in-memory', async () => new InMemoryMemoryStore());

describe('file memory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'medagent-memory-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let n = 0;
  const make = async (): Promise<FileMemoryStore> => new FileMemoryStore(join(dir, `memory-${++n}.json`));
  isolationSuite('file', make);
  idempotenceSuite('file', make);

  it('a reload after a replace gives the same lists, from a log with one entry per request', async () => {
    const file = join(dir, 'reload.json');
    const first = new FileMemoryStore(file);
    await first.append('alice', 's1', turn(1));
    await first.append('alice', 's1', turn(2));
    await first.append('bob', 's1', rewritten(1, 'bob answer'));
    await first.append('alice', 's1', rewritten(1));
    const before = {
      alice: await first.load('alice', 's1', 10),
      aliceHistory: await first.history('alice'),
      bob: await first.load('bob', 's1', 10),
    };
    expect(digests(before.alice.turns)).toEqual(['r1=final answer 1', 'r2=answer 2']);

    const log = JSON.parse(readFileSync(file, 'utf8')) as { turns: { user_id: string; turn: Turn }[] };
    expect(log.turns.map((e) => `${e.user_id}:${e.turn.request_id}=${e.turn.answer_digest}`)).toEqual([
      'alice:r1=final answer 1',
      'alice:r2=answer 2',
      'bob:r1=bob answer',
    ]);

    const second = new FileMemoryStore(file);
    expect(await second.load('alice', 's1', 10)).toEqual(before.alice);
    expect(await second.history('alice')).toEqual(before.aliceHistory);
    expect(await second.load('bob', 's1', 10)).toEqual(before.bob);
    await first.close();
    await second.close();
  });
});

describe('redis memory (real redis-server)', () => {
  let server: RedisServerHandle;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => server.stop());

  let n = 0;
  const make = async (): Promise<RedisMemoryStore> =>
    new RedisMemoryStore({ url: server.url, keyPrefix: `t${++n}:${Date.now()}` });
  isolationSuite('redis', make);
  idempotenceSuite('redis', make);

  it('stores request_id first, and still loads turns written before that (other key order)', async () => {
    const prefix = `old${Date.now()}`;
    const degradedOps: string[] = [];
    const onDegraded = (op: string): number => degradedOps.push(op);
    const store = new RedisMemoryStore({ url: server.url, keyPrefix: prefix, onDegraded });
    const probe = new Redis(server.url);
    try {
      const old = turn(1);
      // The pre-idempotence format: whatever order the caller built the object in.
      const oldJson = JSON.stringify({
        at: old.at,
        question: old.question,
        answer_digest: old.answer_digest,
        task_types: old.task_types,
        request_id: old.request_id,
      });
      await probe.rpush(`${prefix}:s:alice:s1`, oldJson);
      await probe.lpush(`${prefix}:h:alice`, oldJson);

      await store.append('alice', 's1', turn(2));
      await store.append('alice', 's1', rewritten(2));
      expect(digests((await store.load('alice', 's1')).turns)).toEqual(['r1=answer 1', 'r2=final answer 2']);
      expect(digests((await store.history('alice')).turns)).toEqual(['r2=final answer 2', 'r1=answer 1']);
      const stored = await probe.lrange(`${prefix}:s:alice:s1`, 0, -1);
      expect(stored[0]).toBe(oldJson);
      expect(stored[1]?.startsWith('{"request_id":"r2",')).toBe(true);
      expect(degradedOps).toEqual([]);
    } finally {
      probe.disconnect();
      await store.close();
    }
  });

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

describe('redis memory: recovery', () => {
  it('goes back to Redis, no longer degraded, once Redis is reachable again', async () => {
    const server = await startRedisServer({ private: true });
    const store = new RedisMemoryStore({ url: server.url });
    try {
      await store.append('u', 's', turn(1));
      await server.stop();
      expect((await store.append('u', 's', turn(2))).degraded).toBe(true);
      await server.revive();
      // The client redials on its own (every <= 2 s); each try below is a real command.
      let back = false;
      for (const until = Date.now() + 15_000; !back && Date.now() < until; ) {
        back = !(await store.append('u', 's', turn(3))).degraded;
        if (!back) await new Promise((r) => setTimeout(r, 100));
      }
      expect(back).toBe(true);
      const loaded = await store.load('u', 's');
      expect(loaded).toMatchObject({ backend: 'redis', degraded: false });
      // A fresh server (no persistence): only what was written after it came back.
      expect(loaded.turns.map((t) => t.request_id)).toEqual(['r3']);
    } finally {
      await store.close();
      await server.stop();
    }
  }, 30_000);
});

describe('summarizeTurns', () => {
  it('keeps the newest turns within the budget', () => {
    const s = summarizeTurns([turn(1), turn(2), turn(3)], 60);
    expect(s).toContain('question 3');
    expect(s).not.toContain('question 1');
  });
});
