import { ConflictError } from '@medagent/contracts';
import { readModifyWrite, type KvStore } from './port';

let n = 0;
const fresh = (): string => `k${Date.now().toString(36)}${(n++).toString(36)}`;

/** The behaviour both KV stores must show: revision-checked writes, never last-writer-wins. */
export function kvSuite(name: string, makeKv: () => Promise<{ kv: KvStore; cleanup(): Promise<void> }>): void {
  describe(`KvStore semantics: ${name}`, () => {
    let kv: KvStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ kv, cleanup } = await makeKv());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('returns undefined for a missing key and JSON values with a revision', async () => {
      const key = fresh();
      expect(await kv.get(key)).toBeUndefined();
      const rev = await kv.create(key, { state: 'created', tasks: [1, 2] });
      expect(await kv.get(key)).toEqual({ value: { state: 'created', tasks: [1, 2] }, revision: rev });
    });

    it('create fails with CONFLICT when the key exists', async () => {
      const key = fresh();
      await kv.create(key, 1);
      const err: unknown = await kv.create(key, 2).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConflictError);
      expect(err).toMatchObject({ code: 'CONFLICT' });
      expect((await kv.get(key))?.value).toBe(1);
    });

    it('update needs the current revision; a stale one fails with CONFLICT', async () => {
      const key = fresh();
      const r1 = await kv.create(key, 'a');
      const r2 = await kv.update(key, 'b', r1);
      expect(r2).toBeGreaterThan(r1);
      await expect(kv.update(key, 'stale', r1)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await kv.get(key)).toEqual({ value: 'b', revision: r2 });
    });

    it('lists keys by prefix and forgets deleted ones', async () => {
      const p = fresh();
      await kv.create(`${p}.a`, 1);
      await kv.create(`${p}.b`, 2);
      await kv.create(`${p}x.c`, 3);
      expect(await kv.keys(`${p}.`)).toEqual([`${p}.a`, `${p}.b`]);
      await kv.delete(`${p}.a`);
      expect(await kv.get(`${p}.a`)).toBeUndefined();
      expect(await kv.keys(`${p}.`)).toEqual([`${p}.b`]);
      await kv.create(`${p}.a`, 'again');
      expect((await kv.get(`${p}.a`))?.value).toBe('again');
    });

    it('create over a deleted key succeeds; the old revision is then stale', async () => {
      const key = fresh();
      const r1 = await kv.create(key, 'first');
      await kv.delete(key);
      expect(await kv.get(key)).toBeUndefined();
      await expect(kv.update(key, 'over a deleted key', r1)).rejects.toMatchObject({ code: 'CONFLICT' });
      const r2 = await kv.create(key, 'second');
      expect(r2).toBeGreaterThan(r1);
      expect(await kv.get(key)).toEqual({ value: 'second', revision: r2 });
      await expect(kv.create(key, 'third')).rejects.toBeInstanceOf(ConflictError);
      await expect(kv.update(key, 'stale', r1)).rejects.toBeInstanceOf(ConflictError);
      const r3 = await kv.update(key, 'current', r2);
      expect(await kv.get(key)).toEqual({ value: 'current', revision: r3 });
    });

    it('update of a key that never existed fails with CONFLICT', async () => {
      const key = fresh();
      await expect(kv.update(key, 'x', 1)).rejects.toBeInstanceOf(ConflictError);
      expect(await kv.get(key)).toBeUndefined();
    });

    it('concurrent creates of one key: exactly one wins, the others conflict', async () => {
      const key = fresh();
      const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => kv.create(key, i)));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConflictError);
      expect((await kv.get(key))?.revision).toBe((won[0] as PromiseFulfilledResult<number>).value);
    });

    it('rejects keys outside the JetStream key alphabet', async () => {
      await expect(kv.create('req:1', 1)).rejects.toMatchObject({ code: 'CONTRACT_VIOLATION' });
    });

    it('updateWithRetry loses no concurrent increment', async () => {
      const key = fresh();
      const results = await Promise.all(
        Array.from({ length: 12 }, () => kv.updateWithRetry<number>(key, (cur) => (cur ?? 0) + 1, 50)),
      );
      expect((await kv.get<number>(key))?.value).toBe(12);
      expect(new Set(results.map((r) => r.value))).toEqual(new Set(Array.from({ length: 12 }, (_, i) => i + 1)));
    });

    it('updateWithRetry gives up with CONFLICT after maxAttempts, calling fn once per attempt', async () => {
      const key = fresh();
      await kv.create(key, 0);
      let calls = 0;
      // A rival write lands between every read and write of the retry loop.
      const contended = {
        get: async <T,>(k: string) => {
          const seen = await kv.get<T>(k);
          const cur = await kv.get<number>(k);
          if (cur) await kv.update(k, cur.value + 1, cur.revision);
          return seen;
        },
        create: <T,>(k: string, v: T) => kv.create(k, v),
        update: <T,>(k: string, v: T, r: number) => kv.update(k, v, r),
      };
      const fn = (cur: number | undefined): number => {
        calls += 1;
        return (cur ?? 0) + 100;
      };
      await expect(readModifyWrite(contended, key, fn, 3)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await kv.get<number>(key))?.value).toBe(3);
      expect(calls).toBe(3);
    });
  });
}
