import { createConnection, createServer } from 'node:net';

/** A free loopback TCP port (bound then released), for test servers started by harnesses. */
export function freePort(): Promise<number> {
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

/** Resolves once something accepts connections on the loopback port, or rejects after timeoutMs. */
export async function waitForPort(port: number, timeoutMs: number, what = 'server'): Promise<void> {
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
    if (Date.now() > until) throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
