import { BusUnavailableError } from '@medagent/contracts';
import { DeadlineScheduler } from './deadlines';

/** A scheduler whose retries wait 5, 10, 20, 20 … ms. */
function scheduler(): DeadlineScheduler {
  const s = new DeadlineScheduler();
  s.retryMs.first = 5;
  s.retryMs.max = 20;
  return s;
}

describe('DeadlineScheduler', () => {
  it('runs a failed deadline action again until it succeeds (a timer fires only once)', async () => {
    const s = scheduler();
    const errors: [string, string, number][] = [];
    s.setErrorHandler((key, e, wait) => errors.push([key, (e as Error).name, wait]));
    let calls = 0;
    let done!: () => void;
    const succeeded = new Promise<void>((r) => (done = r));
    s.schedule('req_1', 'request', Date.now(), async () => {
      calls++;
      if (calls <= 3) throw new BusUnavailableError('KV out of reach');
      done();
    });
    await succeeded;
    expect(calls).toBe(4);
    // Backoff doubles and is capped.
    expect(errors).toEqual([
      ['req_1|request', 'BusUnavailableError', 5],
      ['req_1|request', 'BusUnavailableError', 10],
      ['req_1|request', 'BusUnavailableError', 20],
    ]);
    expect(s.armed).toBe(0);
    s.onModuleDestroy();
  });

  it('a deadline armed anew while the failed action ran is kept, not replaced by the retry', async () => {
    const s = scheduler();
    let failed!: () => void;
    const failedOnce = new Promise<void>((r) => (failed = r));
    s.setErrorHandler(() => failed());
    let rearmedRan = false;
    s.schedule('req_2', 'task:t1', Date.now(), async () => {
      // The same deadline is armed again (a retry of the task) before this attempt fails.
      s.schedule('req_2', 'task:t1', Date.now() + 60_000, async () => {
        rearmedRan = true;
      });
      throw new BusUnavailableError('KV out of reach');
    });
    await failedOnce;
    expect(s.armed).toBe(1);
    expect(rearmedRan).toBe(false);
    s.onModuleDestroy();
    expect(s.armed).toBe(0);
  });

  it('asks the retry guard before each retry, never before the first run; a guard that handled it ends the retries', async () => {
    const s = scheduler();
    s.setErrorHandler(() => undefined);
    const guarded: string[] = [];
    let handledAfter = 2;
    let done!: () => void;
    const handled = new Promise<void>((r) => (done = r));
    s.setRetryGuard(async (requestId) => {
      guarded.push(requestId);
      if (--handledAfter > 0) return false;
      done();
      return true;
    });
    let calls = 0;
    s.schedule('req_4', 'synthesis', Date.now(), async () => {
      calls++;
      throw new BusUnavailableError('result publish refused');
    });
    await handled;
    // First run, then one retry the guard let through, then the guard took over.
    expect(calls).toBe(2);
    expect(guarded).toEqual(['req_4', 'req_4']);
    expect(s.armed).toBe(0);
    s.onModuleDestroy();
  });

  it('stops retrying after shutdown', async () => {
    const s = scheduler();
    let failed!: () => void;
    const failedOnce = new Promise<void>((r) => (failed = r));
    s.setErrorHandler(() => failed());
    s.schedule('req_3', 'plan', Date.now(), async () => {
      s.onModuleDestroy();
      throw new BusUnavailableError('closing');
    });
    await failedOnce;
    expect(s.armed).toBe(0);
  });
});
