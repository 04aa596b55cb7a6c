import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BusUnavailableError } from '@medagent/contracts';
import { freePort } from './ports';

export interface NatsServerOptions {
  jetstream?: boolean;
  /** Extra nats-server config text (accounts, users, limits); written to a file and passed with -c. */
  config?: string;
  /** Ignore NATS_URL and always start a private server (e.g. a test that kills it). */
  private?: boolean;
  readyTimeoutMs?: number;
}

export interface NatsServerHandle {
  url: string;
  port: number;
  /** True when NATS_URL pointed at a server this harness did not start (stop() is then a no-op). */
  external: boolean;
  process?: ChildProcess;
  stop(): Promise<void>;
}


const CANDIDATES = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'];

/** Path to the binary: NATS_SERVER_BIN, a known location, else whatever PATH resolves. */
function binary(): string {
  const env = process.env['NATS_SERVER_BIN'];
  if (env) return env;
  return CANDIDATES.find((p) => existsSync(p)) ?? 'nats-server';
}

/**
 * Starts a real nats-server for a test on a free loopback port with its own store dir, and
 * resolves once the server logs that it is ready. A missing binary rejects (tests must
 * fail, not silently skip, when the broker they claim to test is absent).
 */
export async function startNatsServer(opts: NatsServerOptions = {}): Promise<NatsServerHandle> {
  const external = process.env['NATS_URL'];
  if (external && !opts.private) {
    const port = Number(new URL(external.replace(/^nats:/, 'http:')).port || 4222);
    return { url: external, port, external: true, stop: () => Promise.resolve() };
  }
  let lastError: unknown;
  // The free port can be taken between probing and binding; one retry covers that race.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(opts);
    } catch (e) {
      lastError = e;
      if (!String((e as Error).message).includes('address already in use')) break;
    }
  }
  throw lastError;
}

async function startOnce(opts: NatsServerOptions): Promise<NatsServerHandle> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'medagent-nats-'));
  const args = ['-a', '127.0.0.1', '-p', String(port)];
  if (opts.jetstream) args.push('-js', '-sd', join(dir, 'js'));
  if (opts.config) {
    const cfg = join(dir, 'nats.conf');
    await writeFile(cfg, opts.config);
    args.push('-c', cfg);
  }
  const bin = binary();
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const cleanup = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killTimer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new BusUnavailableError(`nats-server not ready after ${opts.readyTimeoutMs ?? 10_000} ms:\n${output}`)),
        opts.readyTimeoutMs ?? 10_000,
      );
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('Server is ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(new BusUnavailableError(`cannot start ${bin}: ${e.message}`, { cause: e }));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new BusUnavailableError(`nats-server exited with ${code}: ${output}`));
      });
    });
  } catch (e) {
    await cleanup();
    throw e;
  }
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  let stopping: Promise<void> | undefined;
  return { url: `nats://127.0.0.1:${port}`, port, external: false, process: child, stop: () => (stopping ??= cleanup()) };
}
