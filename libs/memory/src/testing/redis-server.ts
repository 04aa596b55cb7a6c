import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

export interface RedisServerHandle {
  url: string;
  port: number;
  /** Stops the server (used to prove the degraded path); idempotent. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = createConnection({ host: '127.0.0.1', port }, () => {
        sock.end();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Starts a private redis-server on a free loopback port (no persistence), or uses
 * REDIS_URL when set. A missing binary is an error: integration tests never skip.
 */
export async function startRedisServer(): Promise<RedisServerHandle> {
  const external = process.env['REDIS_URL'];
  if (external) {
    const port = Number(new URL(external).port || 6379);
    return { url: external, port, stop: async () => undefined };
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (e) => reject(new Error(`cannot start redis-server (apt-get install redis-server): ${e.message}`))),
  );
  await Promise.race([waitForPort(port, 5000), spawnError]);
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
