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
    this.log.turns.push({ user_id: userId, session_id: sessionId, turn });
    this.log.turns = this.log.turns.slice(-2000);
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.log));
    renameSync(tmp, this.file);
    return { degraded: false };
  }
}
