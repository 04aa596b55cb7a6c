import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ServiceId } from '@medagent/contracts';

/**
 * Test and benchmark harness: each service is its own OS process
 * (`node bin/medagent.js serve <name>`), exactly as deployed, against a given NATS (and
 * optionally Redis). Readiness is the line the process prints on stderr
 * (`medagent <name>: ready (distributed)`); nothing here sleeps for a fixed time.
 */

export type Env = Record<string, string | undefined>;

export interface ClusterOptions {
  natsUrl: string;
  redisUrl?: string;
  /** Env for every instance (on top of the inherited environment). `undefined` removes a variable. */
  env?: Env;
  /** Per start: how long an instance may take to print its ready line (default 120 s: the launcher may compile first). */
  readyTimeoutMs?: number;
  /** How long SIGTERM may take before SIGKILL follows (default 15 s). */
  stopTimeoutMs?: number;
  /** Run `tools/build.js` once before the first spawn (default true), so N processes do not all compile. */
  build?: boolean;
  /**
   * How instances are launched: `bin` = `node bin/medagent.js serve <name>` (the real launcher,
   * which recompiles dist/ first when sources changed); `dist` = the compiled CLI directly.
   * Default: `bin` for start(), `dist` for restart(), so a restarted process runs the same
   * build as its peers even if the tree changed (or stopped compiling) meanwhile.
   */
  launcher?: 'bin' | 'dist';
  /**
   * Launch `node <script> <name>` instead of the CLI's `serve <name>` (e.g. the bare-flow
   * bench's compiled dist/…/bare-service.js); it must print the same ready line.
   */
  script?: string;
  /** Every stderr line of every instance (debugging). */
  onLine?: (instance: ServiceInstance, line: string) => void;
}

export interface StartSpec {
  name: ServiceId;
  /** How many instances of this service (default 1); instances of one worker share its durable. */
  instances?: number;
  env?: Env;
  launcher?: 'bin' | 'dist';
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Lines of captured stderr kept per instance for failure messages. */
const STDERR_KEEP = 200;

export class ServiceInstance {
  readonly startedAt = Date.now();
  readyAt?: number;
  exit?: ExitInfo;
  readonly exited: Promise<ExitInfo>;
  private readonly lines: string[] = [];
  private partial = '';

  constructor(
    readonly name: ServiceId,
    /** `coordinator#1`, `worker-triage#2`, … (restarts get a new number). */
    readonly id: string,
    readonly child: ChildProcess,
    readonly env: Env,
  ) {
    this.exited = new Promise<ExitInfo>((resolve) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      }),
    );
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return this.exit === undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Captured output (last lines of stderr and stdout), for assertion messages. */
  stderr(): string {
    return [...this.lines, this.partial].filter(Boolean).join('\n');
  }

  /** @internal */
  feed(chunk: string, onLine: (line: string) => void): void {
    const text = this.partial + chunk;
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) {
      this.lines.push(line);
      if (this.lines.length > STDERR_KEEP) this.lines.shift();
      onLine(line);
    }
  }
}

/** The repository root: the nearest ancestor holding bin/medagent.js (works from src/ and from dist/). */
export function repoRoot(from = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'bin', 'medagent.js')) && existsSync(join(dir, 'tools', 'build.js'))) return dir;
    if (dirname(dir) === dir) throw new Error(`bin/medagent.js not found above ${from}`);
  }
}

/**
 * Runs the launcher's own build step once (compile dist/ when sources changed). `stale` is
 * whether dist/ would still be rebuilt by every launched process afterwards (the build
 * failed before tsc wrote its stamp): then starting N processes would only run N compiles.
 */
function runBuild(root: string): Promise<{ status: number | null; stale: boolean; output: string }> {
  const script = `const b = require(${JSON.stringify(join(root, 'tools', 'build.js'))});
const status = b.build({ quiet: true });
process.stdout.write('\\n@@' + JSON.stringify({ status, stale: b.isStale() }));`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', (e) => resolve({ status: 1, stale: true, output: `${output}\n${e.message}` }));
    child.once('exit', (code) => {
      const at = output.lastIndexOf('\n@@');
      if (at < 0) return resolve({ status: code ?? 1, stale: true, output });
      const r = JSON.parse(output.slice(at + 3)) as { status: number; stale: boolean };
      resolve({ ...r, output: output.slice(0, at) });
    });
  });
}

export class ServiceCluster {
  readonly root = repoRoot();
  private readonly all: ServiceInstance[] = [];
  private readonly counters = new Map<ServiceId, number>();
  private built?: Promise<void>;
  private preload?: string;
  private buildOutput = '';
  /** How long the pre-spawn build check/compile took (ms), once it ran. */
  buildMs?: number;
  private readonly killOnExit = () => {
    for (const i of this.all) if (i.running) i.child.kill('SIGKILL');
  };

  constructor(readonly opts: ClusterOptions) {
    // A crashed test runner must not leave service processes behind.
    process.once('exit', this.killOnExit);
  }

  /** Every instance ever started (including stopped ones), in start order. */
  instances(name?: ServiceId): ServiceInstance[] {
    return this.all.filter((i) => name === undefined || i.name === name);
  }

  /** Instances still running. */
  live(name?: ServiceId): ServiceInstance[] {
    return this.instances(name).filter((i) => i.running);
  }

  byPid(pid: number): ServiceInstance | undefined {
    return this.all.find((i) => i.pid === pid);
  }

  /** Starts all specs in parallel and resolves when every instance is ready. */
  async start(specs: StartSpec | StartSpec[]): Promise<ServiceInstance[]> {
    await this.ensureBuilt();
    const list = Array.isArray(specs) ? specs : [specs];
    const spawned = list.flatMap((s) =>
      Array.from({ length: s.instances ?? 1 }, () => this.spawnOne(s.name, s.env ?? {}, s.launcher ?? this.opts.launcher ?? 'bin')),
    );
    const results = await Promise.allSettled(spawned.map((i) => this.whenReady(i)));
    const failed = results.map((r, k) => ({ r, i: spawned[k] as ServiceInstance })).filter((x) => x.r.status === 'rejected');
    if (failed.length) {
      const why = failed.map((f) => (f.r as PromiseRejectedResult).reason as Error).map((e) => e.message).join('\n\n');
      throw new Error(`${failed.length} instance(s) did not become ready:\n${why}`);
    }
    return spawned;
  }

  /** SIGKILL (default) or SIGTERM one instance and wait for it to exit. */
  async kill(inst: ServiceInstance, signal: NodeJS.Signals = 'SIGKILL'): Promise<ExitInfo> {
    if (!inst.running) return inst.exit ?? (await inst.exited);
    inst.child.kill(signal);
    if (signal === 'SIGKILL') return inst.exited;
    const timeout = this.opts.stopTimeoutMs ?? 15_000;
    let timer: NodeJS.Timeout | undefined;
    const forced = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        if (inst.running) inst.child.kill('SIGKILL');
        resolve();
      }, timeout);
    });
    await Promise.race([inst.exited, forced]);
    clearTimeout(timer);
    return inst.exited;
  }

  /** Graceful stop (SIGTERM, SIGKILL after the stop timeout). */
  stop(inst: ServiceInstance): Promise<ExitInfo> {
    return this.kill(inst, 'SIGTERM');
  }

  /** Stops (if still running) and starts a fresh instance of the same service; `env` is merged over the old one. */
  async restart(inst: ServiceInstance, opts: { env?: Env; signal?: NodeJS.Signals } = {}): Promise<ServiceInstance> {
    if (inst.running) await this.kill(inst, opts.signal ?? 'SIGTERM');
    const [next] = await this.start({ name: inst.name, env: { ...inst.env, ...opts.env }, launcher: this.opts.launcher ?? 'dist' });
    return next as ServiceInstance;
  }

  /** Stops everything still running (SIGTERM in parallel, SIGKILL after the timeout). */
  async stopAll(): Promise<void> {
    await Promise.all(this.live().map((i) => this.stop(i)));
    process.removeListener('exit', this.killOnExit);
    if (this.preload) rmSync(dirname(this.preload), { recursive: true, force: true });
  }

  /** One line: build time and each instance's time to ready (start-up cost on a loaded machine). */
  summary(): string {
    const ready = this.all.map((i) => `${i.id} ${i.readyAt ? `${i.readyAt - i.startedAt} ms` : i.running ? 'starting' : 'exited'}`);
    return `build ${this.buildMs ?? '-'} ms; ${ready.join(', ')}`;
  }

  /** stderr of every instance, for a failing assertion's message. */
  diagnostics(): string {
    const parts = this.all.map((i) => {
      const state = i.running ? 'running' : `exited ${JSON.stringify(i.exit ?? {})}`;
      return `--- ${i.id} pid ${i.pid} (${state})\n${i.stderr()}`;
    });
    if (this.buildOutput.trim()) parts.unshift(`--- build\n${this.buildOutput.trim()}`);
    return parts.join('\n');
  }

  private ensureBuilt(): Promise<void> {
    if (this.opts.build === false) return Promise.resolve();
    // A type error elsewhere usually still emits dist/ and stamps it (tsc without noEmitOnError):
    // then the processes start and the output is kept for diagnostics. If dist/ stays stale,
    // every launched process would compile again and fail: fail once, here, instead.
    const t0 = Date.now();
    return (this.built ??= runBuild(this.root).then((r) => {
      this.buildMs = Date.now() - t0;
      if (r.status !== 0) this.buildOutput = r.output;
      if (r.status !== 0 && r.stale) {
        throw new Error(`the workspace does not compile, so no service can start (bin/medagent.js refuses stale sources):\n${r.output.trim()}`);
      }
    }));
  }

  /** `node -r <preload> dist/apps/cli/src/main.js`: the launcher minus its build step. */
  private distArgs(): string[] {
    if (!this.preload) {
      const dir = mkdtempSync(join(tmpdir(), 'medagent-cluster-'));
      this.preload = join(dir, 'alias.js');
      writeFileSync(this.preload, `require(${JSON.stringify(join(this.root, 'tools', 'alias.js'))}).register(${JSON.stringify(join(this.root, 'dist'))});\n`);
    }
    return ['-r', this.preload, join(this.root, 'dist', 'apps', 'cli', 'src', 'main.js')];
  }

  private spawnOne(name: ServiceId, extra: Env, launcher: 'bin' | 'dist'): ServiceInstance {
    const n = (this.counters.get(name) ?? 0) + 1;
    this.counters.set(name, n);
    const env: Env = {
      MEDAGENT_HTTP_PORT: '0',
      // Tests talk to loopback only.
      MEDAGENT_HTTP_HOST: '127.0.0.1',
      // The services under test speak to the bus; their HTTP API is not what these suites test.
      MEDAGENT_AUTH: 'none',
      ...this.opts.env,
      ...extra,
    };
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    // The cluster decides where the services connect, never an inherited variable.
    delete childEnv['REDIS_URL'];
    childEnv['NATS_URL'] = this.opts.natsUrl;
    if (this.opts.redisUrl) childEnv['REDIS_URL'] = this.opts.redisUrl;
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete childEnv[k];
      else childEnv[k] = v;
    }
    const script = this.opts.script;
    // MEDAGENT_MODEL=fake is the bench's, not a production setting: such a service runs
    // through `medagent bench serve`, which injects the fixed-latency fake model.
    const serveArgs = env['MEDAGENT_MODEL'] === 'fake' ? ['bench', 'serve', name] : ['serve', name];
    if (env['MEDAGENT_MODEL'] === 'fake') delete childEnv['MEDAGENT_MODEL'];
    const entry = script ? [script, name] : [...(launcher === 'bin' ? [join(this.root, 'bin', 'medagent.js')] : this.distArgs()), ...serveArgs];
    // Profiling aid: MEDAGENT_CHILD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p" reaches every service.
    const nodeArgs = (process.env['MEDAGENT_CHILD_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, ...entry], {
      cwd: this.root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const inst = new ServiceInstance(name, `${name}#${n}`, child, env);
    // stdout (Nest's logger) and stderr (the ready line, errors) land in one captured log.
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => inst.feed(chunk, (line) => this.opts.onLine?.(inst, line)));
    }
    this.all.push(inst);
    return inst;
  }

  private whenReady(inst: ServiceInstance): Promise<void> {
    const timeoutMs = this.opts.readyTimeoutMs ?? 120_000;
    const readyLine = `medagent ${inst.name}: ready (`;
    return new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        clearTimeout(timer);
        inst.child.stderr?.removeListener('data', onData);
        inst.child.removeListener('exit', onExit);
        inst.child.removeListener('error', onError);
        if (err) reject(err);
        else resolve();
      };
      const fail = (why: string) => {
        if (inst.running) inst.child.kill('SIGKILL');
        done(new Error(`${inst.id} (pid ${inst.pid}) ${why}\n${inst.stderr()}${this.buildOutput ? `\n--- build\n${this.buildOutput}` : ''}`));
      };
      const onData = () => {
        const err = inst.stderr();
        const at = err.indexOf(readyLine);
        if (at < 0) return;
        const mode = err.slice(at + readyLine.length).split(')')[0];
        if (mode !== 'distributed') return fail(`started in ${mode} mode, not distributed (NATS_URL not seen?)`);
        inst.readyAt = Date.now();
        done();
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`exited (${code ?? signal}) before it was ready`);
      const onError = (e: Error) => fail(`could not be spawned: ${e.message}`);
      const timer = setTimeout(() => fail(`not ready within ${timeoutMs} ms`), timeoutMs);
      // Listeners are attached before checking, so a line that already arrived is not missed.
      inst.child.stderr?.on('data', onData);
      inst.child.once('exit', onExit);
      inst.child.once('error', onError);
      setImmediate(onData);
    });
  }
}

/** Starts a cluster and its services in one call. */
export async function startCluster(opts: ClusterOptions, specs: StartSpec[]): Promise<ServiceCluster> {
  const cluster = new ServiceCluster(opts);
  try {
    await cluster.start(specs);
  } catch (e) {
    await cluster.stopAll();
    throw e;
  }
  return cluster;
}
