import { DEFAULT_HISTORY_LIMIT, DEFAULT_TURN_LIMIT, type MemoryLoad, type MemoryStore, type Turn } from './port';

/** Process-local memory with the same isolation rules as Redis (keys scoped by user). */
export class InMemoryMemoryStore implements MemoryStore {
  readonly backend = 'memory' as const;
  private readonly sessions = new Map<string, Turn[]>();
  private readonly histories = new Map<string, Turn[]>();

  constructor(private readonly maxTurns = 50) {}

  private static key(userId: string, sessionId: string): string {
    return JSON.stringify([userId, sessionId]);
  }

  async load(userId: string, sessionId: string, limit = DEFAULT_TURN_LIMIT): Promise<MemoryLoad> {
    const turns = this.sessions.get(InMemoryMemoryStore.key(userId, sessionId)) ?? [];
    return { turns: turns.slice(-limit).map((t) => ({ ...t })), backend: this.backend, degraded: false };
  }

  async append(userId: string, sessionId: string, turn: Turn): Promise<{ degraded: boolean }> {
    const key = InMemoryMemoryStore.key(userId, sessionId);
    // A replaced turn mutates a list already in the map, and its length is unchanged: no trim.
    const list = this.sessions.get(key) ?? [];
    if (!replaceByRequestId(list, turn)) {
      this.sessions.set(key, [...list, { ...turn }].slice(-this.maxTurns));
    }
    const hist = this.histories.get(userId) ?? [];
    if (!replaceByRequestId(hist, turn)) {
      this.histories.set(userId, [{ ...turn }, ...hist].slice(0, this.maxTurns * 4));
    }
    return { degraded: false };
  }

  async history(userId: string, limit = DEFAULT_HISTORY_LIMIT): Promise<{ turns: Turn[]; degraded: boolean }> {
    return { turns: (this.histories.get(userId) ?? []).slice(0, limit).map((t) => ({ ...t })), degraded: false };
  }

  async close(): Promise<void> {
    this.sessions.clear();
    this.histories.clear();
  }
}

/** Same-request appends replace in place (see `MemoryStore.append`); true when one did. */
function replaceByRequestId(list: Turn[], turn: Turn): boolean {
  const i = list.findIndex((t) => t.request_id === turn.request_id);
  if (i < 0) return false;
  list[i] = { ...turn };
  return true;
}
