import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InMemoryMemoryStore } from './in-memory';
import type { Turn } from './port';

interface Snapshot {
  version: 1;
  turns: { user_id: string; session_id: string; turn: Turn }[];
}

/**
 * Embedded-mode memory that survives the process (one CLI call per question), in a JSON
 * file under the data directory. Same isolation as the other stores; writes are atomic
 * (temp file + rename). Not for concurrent processes: distributed mode uses Redis.
 */
export class FileMemoryStore extends InMemoryMemoryStore {
  private readonly log: Snapshot = { version: 1, turns: [] };

  constructor(private readonly file: string) {
    super();
    try {
      const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
      for (const e of snap.turns ?? []) {
        this.log.turns.push(e);
        void super.append(e.user_id, e.session_id, e.turn);
      }
    } catch {
      // No file yet (or unreadable): start empty rather than fail the request.
    }
  }

  override async append(userId: string, sessionId: string, turn: Turn): Promise<{ degraded: boolean }> {
    await super.append(userId, sessionId, turn);
    // The log mirrors the in-place replace, so a reload (which replays it) yields the same
    // lists. Matching the session too keeps replay exact even if a request_id ever came
    // back under another session: then the live session lists both hold it, and so do
    // the replayed ones.
    const entry = { user_id: userId, session_id: sessionId, turn };
    const i = this.log.turns.findIndex(
      (e) => e.user_id === userId && e.session_id === sessionId && e.turn.request_id === turn.request_id,
    );
    if (i >= 0) this.log.turns[i] = entry;
    else this.log.turns = [...this.log.turns, entry].slice(-2000);
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.log));
    renameSync(tmp, this.file);
    return { degraded: false };
  }
}
