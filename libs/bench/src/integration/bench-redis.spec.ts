import Redis from 'ioredis';
import { startRedisServer, type RedisServerHandle } from '@medagent/local-servers';
import { benchOrchestration } from '../orchestration';

/**
 * `bench orchestration --mode distributed --redis URL`: the five services keep short-term
 * memory in that Redis, as deployed. Functional only (no timing assertions): every request
 * completes and each one's turn is stored in Redis by the services, not in their fallback.
 */
describe('distributed bench with Redis memory', () => {
  let redis: RedisServerHandle;
  beforeAll(async () => {
    redis = await startRedisServer({ private: true });
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('runs the services on the given Redis and stores every request turn there', async () => {
    const r = await benchOrchestration({ mode: 'distributed', modelLatencyMs: 0, concurrency: 2, requests: 4, warmup: 2, redisUrl: redis.url });
    expect(r.errors).toBe(0);
    const client = new Redis(redis.url);
    try {
      const sessions = await client.keys('medagent:mem:s:*');
      // Warm-up and measured requests each use their own user and session.
      expect(sessions.length).toBeGreaterThanOrEqual(4);
    } finally {
      client.disconnect();
    }
  }, 240_000);
});
