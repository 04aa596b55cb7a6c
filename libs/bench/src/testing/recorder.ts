import type { Envelope } from '@medagent/contracts';
import type { Bus, DeadLetter, Subscription } from '@medagent/bus';

export interface RecordedEvent {
  env: Envelope;
  subject: string;
  /** Date.now() when this process saw it. */
  at: number;
}

export interface RecordedDeadLetter {
  dl: DeadLetter;
  at: number;
}

/**
 * Resolves with the first truthy value of `check`, re-evaluated whenever `subscribe`'s
 * callback fires (no polling, no fixed sleep); rejects after `timeoutMs` naming `label`
 * plus whatever `describe()` adds (stderr of the processes, the events seen so far).
 */
export function waitUntil<T>(
  check: () => T | undefined | false | null,
  opts: { timeoutMs: number; label: string; subscribe: (wake: () => void) => () => void; describe?: () => string },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let armed = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      fn();
    };
    const evaluate = () => {
      if (settled || !armed) return;
      try {
        const v = check();
        if (v) finish(() => resolve(v));
      } catch (e) {
        finish(() => reject(e instanceof Error ? e : new Error(String(e))));
      }
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`timed out after ${opts.timeoutMs} ms waiting for ${opts.label}${opts.describe ? `\n${opts.describe()}` : ''}`))),
      opts.timeoutMs,
    );
    const unsubscribe = opts.subscribe(evaluate);
    armed = true;
    evaluate();
  });
}

/** Records every event (and dead letter) seen on the bus, and waits for them with deadlines. */
export class BusRecorder {
  readonly events: RecordedEvent[] = [];
  readonly deadLetters: RecordedDeadLetter[] = [];
  private readonly wakers = new Set<() => void>();
  private subs: Subscription[] = [];

  private constructor(private readonly bus: Bus) {}

  static async start(bus: Bus, subject = 'medagent.>'): Promise<BusRecorder> {
    const r = new BusRecorder(bus);
    r.subs.push(
      await bus.subscribe(subject, (env, subj) => {
        r.events.push({ env, subject: subj, at: Date.now() });
        r.wake();
      }),
    );
    r.subs.push(
      await bus.subscribeDeadLetters((dl) => {
        r.deadLetters.push({ dl, at: Date.now() });
        r.wake();
      }),
    );
    return r;
  }

  /** Events of one request (correlation id), optionally of one type. */
  of(requestId: string, type?: string): RecordedEvent[] {
    return this.events.filter((e) => e.env.correlation_id === requestId && (type === undefined || e.env.event_type === type));
  }

  waitFor(pred: (e: RecordedEvent) => boolean, timeoutMs: number, label: string, describe?: () => string): Promise<RecordedEvent> {
    return this.until(() => this.events.find(pred), timeoutMs, label, describe);
  }

  waitForDeadLetter(pred: (dl: DeadLetter) => boolean, timeoutMs: number, label: string, describe?: () => string): Promise<RecordedDeadLetter> {
    return this.until(() => this.deadLetters.find((d) => pred(d.dl)), timeoutMs, label, describe);
  }

  /** Waits for any condition over what has been recorded, re-checked on every new event. */
  until<T>(check: () => T | undefined | false | null, timeoutMs: number, label: string, describe?: () => string): Promise<T> {
    return waitUntil(check, {
      timeoutMs,
      label,
      subscribe: (wake) => {
        this.wakers.add(wake);
        return () => this.wakers.delete(wake);
      },
      describe: () => {
        const seen = this.events
          .slice(-40)
          .map((e) => `  ${e.env.event_type} ${e.env.correlation_id}${e.env.task_id ? ` ${e.env.task_id}` : ''} from ${e.env.producer}`)
          .join('\n');
        return `last events seen:\n${seen}${describe ? `\n${describe()}` : ''}`;
      },
    });
  }

  async stop(): Promise<void> {
    const subs = this.subs.splice(0);
    await Promise.all(subs.map((s) => s.unsubscribe()));
  }

  private wake(): void {
    for (const w of [...this.wakers]) w();
  }
}
