import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

export interface RedisHandle {
  url: string;
  port: number;
  /** True when REDIS_URL pointed at a server this harness did not start (stop() is then a no-op). */
  external: boolean;
  /** SIGKILLs the server (how the degraded-memory path is proven); idempotent. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port }, () => {
      sock.end();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/**
 * A real redis-server on a free loopback port, no persistence. REDIS_URL is used instead
 * unless `private` (a test that stops Redis must own it). A missing binary rejects: the
 * integration tests never skip.
 */
export async function startRedis(opts: { private?: boolean; readyTimeoutMs?: number } = {}): Promise<RedisHandle> {
  const external = process.env['REDIS_URL'];
  if (external && !opts.private) {
    return { url: external, port: Number(new URL(external).port || 6379), external: true, stop: async () => undefined };
  }
  const port = await freePort();
  const bin = process.env['REDIS_SERVER_BIN'] ?? 'redis-server';
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failure: Error | undefined;
  child.once('error', (e) => (failure = new Error(`cannot start ${bin} (Debian: apt-get install -y redis-server): ${e.message}`)));
  child.once('exit', (code) => (failure ??= new Error(`${bin} exited with ${code} before listening on ${port}`)));
  const until = Date.now() + (opts.readyTimeoutMs ?? 10_000);
  // Readiness is the port accepting connections; each probe is a real connect attempt.
  while (!(await canConnect(port))) {
    if (failure) throw failure;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`${bin} did not listen on ${port} within ${opts.readyTimeoutMs ?? 10_000} ms`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  let stopping: Promise<void> | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    external: false,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      })()),
  };
}
