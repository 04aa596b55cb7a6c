import type { default as Redis, RedisOptions } from 'ioredis';
import { InMemoryMemoryStore } from './in-memory';
import { DEFAULT_HISTORY_LIMIT, DEFAULT_TURN_LIMIT, type MemoryLoad, type MemoryStore, type Turn } from './port';

export interface RedisMemoryOptions {
  url: string;
  /** Session memory expires this long after its last write. */
  ttlSeconds?: number;
  keyPrefix?: string;
  /** Called whenever the fallback answers (metrics hook). */
  onDegraded?: (op: string, error: unknown) => void;
}

const SESSION_MAX = 50;
const HISTORY_MAX = 200;

/**
 * The append as one script, so the same-request replace is atomic with the insert, the
 * trim and the TTL refresh (see `MemoryStore.append`). KEYS: session list (oldest→newest),
 * history list (newest first). ARGV: turn JSON, its request_id prefix, session max,
 * history max, session TTL, history TTL. Elements are matched by the byte prefix that
 * `encodeTurn` guarantees, so Lua never decodes JSON; lists are at most 200 long, so a
 * full LRANGE scan is cheap. Elements written before request_id came first in the JSON
 * still load but never match: a re-append of such a turn adds a second copy.
 */
const APPEND_LUA = `
local function upsert(key, json, prefix, at_head, max)
  local items = redis.call('LRANGE', key, 0, -1)
  local n = #prefix
  for i = 1, #items do
    if string.sub(items[i], 1, n) == prefix then
      redis.call('LSET', key, i - 1, json)
      return 1
    end
  end
  if at_head then
    redis.call('LPUSH', key, json)
    redis.call('LTRIM', key, 0, max - 1)
  else
    redis.call('RPUSH', key, json)
    redis.call('LTRIM', key, -max, -1)
  end
  return 0
end
local s = upsert(KEYS[1], ARGV[1], ARGV[2], false, tonumber(ARGV[3]))
local h = upsert(KEYS[2], ARGV[1], ARGV[2], true, tonumber(ARGV[4]))
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[5]))
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[6]))
return { s, h }
`;

interface AppendCommand {
  medagentMemoryAppend(
    sessionKey: string,
    historyKey: string,
    json: string,
    prefix: string,
    sessionMax: number,
    historyMax: number,
    sessionTtl: number,
    historyTtl: number,
  ): Promise<[number, number]>;
}

/**
 * The stored form of a turn, with request_id as its first key so the script can match it
 * by prefix. The object is built explicitly: key order must not depend on how the caller
 * built `turn`. The id goes in JSON-encoded, as in the stored form: its closing quote is
 * what keeps "r1" from matching "r10", and quotes or backslashes in an id match exactly.
 */
function encodeTurn(turn: Turn): { json: string; prefix: string } {
  const { request_id, ...rest } = turn;
  return {
    json: JSON.stringify({ request_id, ...rest }),
    prefix: `{"request_id":${JSON.stringify(request_id)},`,
  };
}

/**
 * Redis short-term memory with an explicit in-memory fallback: when Redis is unreachable
 * the request still completes, and every answer says `degraded: true` so the request
 * record and metrics show it. Commands fail fast (no offline queue) rather than hanging.
 */
export class RedisMemoryStore implements MemoryStore {
  readonly backend = 'redis' as const;
  private readonly redis: Redis;
  private readonly appendTurn: AppendCommand['medagentMemoryAppend'];
  private readonly fallback = new InMemoryMemoryStore();
  private readonly ttl: number;
  private readonly prefix: string;
  /** Settles on the first `ready` or after the connect timeout, so early commands don't race the connection. */
  private readonly ready: Promise<void>;

  constructor(private readonly opts: RedisMemoryOptions) {
    const redisOpts: RedisOptions = {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    };
    // Required here, not at the top: embedded mode without Redis never pays for loading it.
    const RedisClient = (require('ioredis') as typeof import('ioredis')).default;
    this.redis = new RedisClient(opts.url, redisOpts);
    // EVAL on a connection's first use, EVALSHA after: one round trip per append either way.
    this.redis.defineCommand('medagentMemoryAppend', { numberOfKeys: 2, lua: APPEND_LUA });
    this.appendTurn = (this.redis as unknown as AppendCommand).medagentMemoryAppend.bind(this.redis);
    // Connection errors surface per command (and flip to the fallback); the client keeps retrying.
    this.redis.on('error', () => undefined);
    this.ready = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      timer.unref();
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.ttl = opts.ttlSeconds ?? 24 * 3600;
    this.prefix = opts.keyPrefix ?? 'medagent:mem';
  }

  private sessionKey(userId: string, sessionId: string): string {
    return `${this.prefix}:s:${encodeURIComponent(userId)}:${encodeURIComponent(sessionId)}`;
  }

  private historyKey(userId: string): string {
    return `${this.prefix}:h:${encodeURIComponent(userId)}`;
  }

  private degrade(op: string, e: unknown): void {
    this.opts.onDegraded?.(op, e);
  }

  async load(userId: string, sessionId: string, limit = DEFAULT_TURN_LIMIT): Promise<MemoryLoad> {
    try {
      await this.ready;
      // Plain JSON.parse: elements from before `encodeTurn` (other key order) read the same.
      const raw = await this.redis.lrange(this.sessionKey(userId, sessionId), -limit, -1);
      return { turns: raw.map((r) => JSON.parse(r) as Turn), backend: 'redis', degraded: false };
    } catch (e) {
      this.degrade('load', e);
      const r = await this.fallback.load(userId, sessionId, limit);
      return { ...r, backend: 'memory', degraded: true };
    }
  }

  async append(userId: string, sessionId: string, turn: Turn): Promise<{ degraded: boolean }> {
    try {
      await this.ready;
      const { json, prefix } = encodeTurn(turn);
      await this.appendTurn(
        this.sessionKey(userId, sessionId),
        this.historyKey(userId),
        json,
        prefix,
        SESSION_MAX,
        HISTORY_MAX,
        this.ttl,
        this.ttl * 30,
      );
      return { degraded: false };
    } catch (e) {
      this.degrade('append', e);
      await this.fallback.append(userId, sessionId, turn);
      return { degraded: true };
    }
  }

  async history(userId: string, limit = DEFAULT_HISTORY_LIMIT): Promise<{ turns: Turn[]; degraded: boolean }> {
    try {
      await this.ready;
      const raw = await this.redis.lrange(this.historyKey(userId), 0, limit - 1);
      return { turns: raw.map((r) => JSON.parse(r) as Turn), degraded: false };
    } catch (e) {
      this.degrade('history', e);
      const r = await this.fallback.history(userId, limit);
      return { ...r, degraded: true };
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.fallback.close();
  }
}
