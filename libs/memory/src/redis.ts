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

/**
 * Redis short-term memory with an explicit in-memory fallback: when Redis is unreachable
 * the request still completes, and every answer says `degraded: true` so the request
 * record and metrics show it. Commands fail fast (no offline queue) rather than hanging.
 */
export class RedisMemoryStore implements MemoryStore {
  readonly backend = 'redis' as const;
  private readonly redis: Redis;
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
      const s = this.sessionKey(userId, sessionId);
      const h = this.historyKey(userId);
      const json = JSON.stringify(turn);
      await this.redis
        .multi()
        .rpush(s, json)
        .ltrim(s, -50, -1)
        .expire(s, this.ttl)
        .lpush(h, json)
        .ltrim(h, 0, 199)
        .expire(h, this.ttl * 30)
        .exec();
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
