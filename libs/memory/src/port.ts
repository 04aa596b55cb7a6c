export interface Turn {
  request_id: string;
  at: string;
  /** The user's question as asked. Kept only in memory stores, never logged. */
  question: string;
  /** A short digest of the answer (not the full text) for the next turn's context slice. */
  answer_digest: string;
  task_types: string[];
  risk?: string;
}

export interface MemoryLoad {
  turns: Turn[];
  backend: 'redis' | 'memory';
  /** True when the configured store (Redis) was unreachable and the in-memory fallback answered. */
  degraded: boolean;
}

/**
 * Short-term memory per (user, session) and a per-user history of past requests. Every
 * key includes the user id: no read ever crosses users.
 */
export interface MemoryStore {
  readonly backend: 'redis' | 'memory';
  load(userId: string, sessionId: string, limit?: number): Promise<MemoryLoad>;
  /**
   * Idempotent per `turn.request_id`. The coordinator starts the append while its exit
   * claim is still in flight and re-runs an exit's delivery after a crash, so one request
   * may be appended several times, possibly with different content (a losing exit's
   * speculative turn, then the winner's). A request_id already stored for this user is
   * therefore REPLACED in place (same position) in the session list and in the user's
   * history, never added twice; the last append wins, and ordering the appends is the
   * caller's job. A new request_id is appended (session: oldest→newest, trimmed to the
   * newest turns; history: newest first, trimmed). The lookup only ever reads this
   * user's own keys.
   */
  append(userId: string, sessionId: string, turn: Turn): Promise<{ degraded: boolean }>;
  /** The user's own past requests across sessions, newest first. */
  history(userId: string, limit?: number): Promise<{ turns: Turn[]; degraded: boolean }>;
  close(): Promise<void>;
}

/**
 * The key a user's memory lives under: tenant and user together, so one user id in two
 * tenants never shares memory. Both parts are URI-encoded, so no pair of (tenant, user)
 * spells another's key. Every caller of a MemoryStore passes this, never a bare user id.
 */
export function memoryOwner(tenant: string | undefined, user: string): string {
  return `t=${encodeURIComponent(tenant ?? 'default')};u=${encodeURIComponent(user)}`;
}

export const DEFAULT_TURN_LIMIT = 6;
export const DEFAULT_HISTORY_LIMIT = 50;

/** A short digest for the context slice: the last turns' questions and answer digests. */
export function summarizeTurns(turns: Turn[], maxChars = 600): string {
  const lines = turns.map((t) => `Q: ${t.question.slice(0, 120)} → ${t.answer_digest.slice(0, 160)}`);
  let out = '';
  for (const line of lines.reverse()) {
    if (out.length + line.length + 1 > maxChars) break;
    out = out ? `${line}\n${out}` : line;
  }
  return out;
}
