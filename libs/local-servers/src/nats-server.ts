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
  /**
   * A broker outage: SIGKILLs the server, keeping its port and store (private servers only).
   * `revive()` starts it again on both, with what it had stored (file storage), optionally
   * with new config text (e.g. changed credentials).
   */
  crash(): Promise<void>;
  revive(opts?: { config?: string }): Promise<void>;
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
    const notOurs = () => Promise.reject(new BusUnavailableError('NATS_URL names a server this harness did not start'));
    return { url: external, port, external: true, stop: () => Promise.resolve(), crash: notOurs, revive: notOurs };
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
  const cfg = join(dir, 'nats.conf');
  if (opts.config) {
    await writeFile(cfg, opts.config);
    args.push('-c', cfg);
  }
  let child: ChildProcess;
  try {
    child = await spawnReady(args, opts.readyTimeoutMs ?? 10_000);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  let stopping: Promise<void> | undefined;
  const handle: NatsServerHandle = {
    url: `nats://127.0.0.1:${port}`,
    port,
    external: false,
    process: child,
    stop: () =>
      (stopping ??= (async () => {
        await kill(child, 'SIGTERM');
        await rm(dir, { recursive: true, force: true });
      })()),
    crash: () => kill(child, 'SIGKILL'),
    revive: async (o = {}) => {
      if (stopping) throw new BusUnavailableError('nats-server was stopped');
      if (isRunning(child)) throw new BusUnavailableError('nats-server is still running: crash() it first');
      if (o.config !== undefined) {
        if (!opts.config) throw new BusUnavailableError('revive({ config }) needs a server started with config');
        await writeFile(cfg, o.config);
      }
      child = await spawnReady(args, opts.readyTimeoutMs ?? 10_000);
      handle.process = child;
    },
  };
  return handle;
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Signals the server and resolves once it exited (SIGKILL after 5 s of SIGTERM). */
async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const killTimer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killTimer);
}

/** Starts nats-server with `args` and resolves once it logs that it is ready. */
async function spawnReady(args: string[], readyTimeoutMs: number): Promise<ChildProcess> {
  const bin = binary();
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new BusUnavailableError(`nats-server not ready after ${readyTimeoutMs} ms:\n${output}`)), readyTimeoutMs);
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
    await kill(child, 'SIGTERM');
    throw e;
  }
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}
