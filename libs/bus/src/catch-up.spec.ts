import { BusUnavailableError, ConfigError, ConflictError } from '@medagent/contracts';
import { retryWhileWanted } from './catch-up';

const fast = { baseMs: 1, maxMs: 2 };

/** An attempt that fails with the given errors in turn, then answers `ok`. */
function failing(errors: Error[]) {
  const calls = { n: 0 };
  const attempt = async () => {
    const e = errors[calls.n++];
    if (e) throw e;
    return 'ok';
  };
  return { attempt, calls };
}

describe('retryWhileWanted', () => {
  it('retries retryable errors (by type) until the attempt succeeds', async () => {
    const { attempt, calls } = failing([new BusUnavailableError('503'), new ConflictError('in use')]);
    await expect(retryWhileWanted(attempt, () => true, fast)).resolves.toBe('ok');
    expect(calls.n).toBe(3);
  });

  it('throws what is not retryable at once, whatever its message says', async () => {
    const { attempt, calls } = failing([new ConfigError('timeout (permissions violation)'), new BusUnavailableError('503')]);
    await expect(retryWhileWanted(attempt, () => true, fast)).rejects.toBeInstanceOf(ConfigError);
    const plain = failing([new Error('timeout')]);
    await expect(retryWhileWanted(plain.attempt, () => true, fast)).rejects.toThrow('timeout');
    expect(calls.n + plain.calls.n).toBe(2);
  });

  it('stops, without a further attempt, once it is no longer wanted', async () => {
    const { attempt, calls } = failing(Array.from({ length: 100 }, () => new BusUnavailableError('503')));
    let wanted = true;
    const done = retryWhileWanted(
      async () => {
        if (calls.n === 3) wanted = false; // the caller got its answer elsewhere
        return attempt();
      },
      () => wanted,
      fast,
    );
    await expect(done).resolves.toBeUndefined();
    expect(calls.n).toBe(4);
    await expect(retryWhileWanted(attempt, () => false, fast)).resolves.toBeUndefined();
    expect(calls.n).toBe(4);
  });

  it('waits a random share of a doubling, capped window between attempts', async () => {
    const waits: number[] = [];
    const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      fn();
      return 0 as unknown as NodeJS.Timeout;
    }) as typeof setTimeout);
    try {
      const { attempt } = failing(Array.from({ length: 6 }, () => new BusUnavailableError('503')));
      await retryWhileWanted(attempt, () => true, { baseMs: 100, maxMs: 1000 });
    } finally {
      spy.mockRestore();
    }
    const caps = [100, 200, 400, 800, 1000, 1000];
    expect(waits).toHaveLength(6);
    waits.forEach((w, i) => expect(w).toBeLessThanOrEqual(caps[i] ?? 0));
    expect(new Set(waits).size).toBeGreaterThan(1); // jittered, not in step
  });
});
