import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from './ports';

export interface RedisServerHandle {
  url: string;
  port: number;
  /** Stops the server (used to prove the degraded path); idempotent. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port (after stop(); private servers only). */
  revive(): Promise<void>;
}

/**
 * Starts a private redis-server on a free loopback port (no persistence), or uses
 * REDIS_URL when set. A missing binary is an error: integration tests never skip.
 */
export async function startRedisServer(opts: { private?: boolean } = {}): Promise<RedisServerHandle> {
  // `private`: a test that stops Redis must own it, so REDIS_URL is ignored.
  const external = opts.private ? undefined : process.env['REDIS_URL'];
  if (external) {
    const port = Number(new URL(external).port || 6379);
    return {
      url: external,
      port,
      stop: async () => undefined,
      revive: () => Promise.reject(new Error('REDIS_URL names a server this harness did not start')),
    };
  }
  const port = await freePort();
  let child = await spawnOn(port);
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await kill(child);
    },
    revive: async () => {
      if (!stopped) throw new Error('redis-server is running: stop() it first');
      child = await spawnOn(port);
      stopped = false;
    },
  };
}

/** A fresh, empty redis-server on `port`, resolved once it accepts connections. */
async function spawnOn(port: number): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (e) => reject(new Error(`cannot start redis-server (apt-get install redis-server): ${e.message}`))),
  );
  await Promise.race([waitForPort(port, 5000, 'redis-server'), spawnError]);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
