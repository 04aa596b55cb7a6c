import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey } from '@medagent/auth';
import { JetStreamBus } from '@medagent/bus';
import { startSecureNats } from './harness/secure-nats';
import { MedagentError, decodeEvent } from '@medagent/contracts';
import { repoRoot } from './harness/cluster';
import { busCase, httpCase, rng, type HttpCase, type Rand } from './hostile-cases';

export interface HostileOptions {
  cases: number;
  seed: number;
  /** In-flight HTTP cases (default 8). */
  concurrency?: number;
  /** Share of cases fed to the bus decoders (default 0.25); 1 in 25 of those is also published. */
  busShare?: number;
  /** Progress lines (stderr). */
  log?: (line: string) => void;
}

export interface SurfaceCounts {
  cases: number;
  statuses: Record<string, number>;
}

export interface HostileReport {
  cases: number;
  seed: number;
  /** The service process died or stopped answering its liveness probe. */
  crashes: number;
  http_5xx: number;
  /** Error answers (4xx) without a stable `error.code`: must be 0. */
  uncoded_rejections: number;
  /** `<status> <code>[:<rule>]` → count, over every HTTP answer ≥ 400 and every decoder refusal. */
  error_codes: Record<string, number>;
  surfaces: {
    http_body: SurfaceCounts;
    http_headers: SurfaceCounts;
    http_method_path: SurfaceCounts;
    /** decodeEvent over mutated envelopes of every event type, in this process. */
    bus_decoder: { cases: number; accepted: number; rejected: number; uncaught: number };
    /** Malformed messages published on the services' subjects; dead_lettered: seen on medagent_dlq.>. */
    bus_publish: { published: number; dead_lettered: number };
  };
  liveness: { probes: number; failed: number };
  /** Up to three inputs (first 300 characters) per finding: a 5xx, an uncoded answer, no answer, an uncaught decoder error. */
  findings: Record<string, string[]>;
  duration_ms: number;
}

const API_KEY = 'mak_hostile_bench_0123456789abcdef';

/** Sends one raw request; resolves with the status and body (or `closed` when the server only hung up). */
function send(port: number, raw: Buffer, timeoutMs = 10_000): Promise<{ status: number | 'closed' | 'timeout'; head: string; body: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const s = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      s.destroy();
      resolve({ status: 'timeout', head: '', body: '' });
    }, timeoutMs);
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => undefined);
    s.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const at = text.indexOf('\r\n\r\n');
      resolve({ status: m ? Number(m[1]) : 'closed', head: at >= 0 ? text.slice(0, at) : text, body: at >= 0 ? text.slice(at + 4) : '' });
    });
    // No half-close: Node drops a request whose client half-closed before the answer. An
    // incomplete request (a bad length, an unknown transfer coding) ends in the server's 408.
    s.write(raw);
  });
}

function codeOf(body: string, head: string): string | undefined {
  const header = /\r\nx-error-code: ([A-Z_]+)/i.exec(head)?.[1];
  if (!body && header) return header; // HEAD: no body, the code is in the header
  try {
    // A chunked body: take the JSON object inside.
    const j = JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as { error?: { code?: string; details?: { rule?: string }[] } };
    const code = j.error?.code;
    if (!code) return undefined;
    const rule = j.error?.details?.[0]?.rule;
    return rule ? `${code}:${rule}` : code;
  } catch {
    return undefined;
  }
}

async function probe(port: number): Promise<boolean> {
  const r = await send(port, Buffer.from('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 3000);
  return r.status === 200;
}

/** `serve all` as deployed (its own process, JetStream, API keys), answering on a free port. */
async function startService(natsUrl: string, credentialsDir: string, keysFile: string, dataDir: string): Promise<{ child: ChildProcess; port: number; exited: () => boolean }> {
  const root = repoRoot();
  const child = spawn(process.execPath, [join(root, 'bin', 'medagent.js'), 'serve', 'all'], {
    cwd: root,
    env: { ...process.env, NATS_URL: natsUrl, MEDAGENT_NATS_CREDENTIALS_DIR: credentialsDir, MEDAGENT_AUTH: 'apikey', MEDAGENT_API_KEYS_FILE: keysFile, MEDAGENT_HTTP_PORT: '0', MEDAGENT_HTTP_HOST: '127.0.0.1', MEDAGENT_HTTP_HEADERS_TIMEOUT_MS: '2000', MEDAGENT_HTTP_REQUEST_TIMEOUT_MS: '3000', MEDAGENT_DATA_DIR: dataDir, REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const onData = (d: Buffer) => {
      err += d.toString();
      const m = /http on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve(Number(m[1]));
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve all exited (${code}) before listening: ${err.slice(-500)}`)));
  });
  return { child, port, exited: () => exited };
}

/**
 * A seeded, deterministic fuzzer over the HTTP API (bodies, headers, methods and paths,
 * written byte for byte on raw sockets) and every bus decoder (mutated envelopes of each
 * event type fed to decodeEvent, and some published raw on the services' subjects), against
 * `serve all` running as its own process on a private nats-server. Liveness is probed
 * throughout and at the end.
 */
export async function runHostile(o: HostileOptions): Promise<HostileReport> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'medagent-hostile-'));
  const keysFile = join(dir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify([{ id: 'bench', sha256: hashApiKey(API_KEY), tenant: 'bench', user: 'svc-bench', roles: ['clinician'] }]));
  // Permissions on, as deployed: the services use their own nkeys; the fuzzer publishes as `admin` (signs nothing).
  const nats = await startSecureNats();
  let svc: Awaited<ReturnType<typeof startService>> | undefined;
  let bus: JetStreamBus | undefined;
  const report: HostileReport = {
    cases: o.cases,
    seed: o.seed,
    crashes: 0,
    http_5xx: 0,
    uncoded_rejections: 0,
    error_codes: {},
    surfaces: {
      http_body: { cases: 0, statuses: {} },
      http_headers: { cases: 0, statuses: {} },
      http_method_path: { cases: 0, statuses: {} },
      bus_decoder: { cases: 0, accepted: 0, rejected: 0, uncaught: 0 },
      bus_publish: { published: 0, dead_lettered: 0 },
    },
    liveness: { probes: 0, failed: 0 },
    findings: {},
    duration_ms: 0,
  };
  const finding = (k: string, input: string) => {
    const list = (report.findings[k] ??= []);
    if (list.length < 3) list.push(input.slice(0, 300));
  };
  const count = (k: string) => (report.error_codes[k] = (report.error_codes[k] ?? 0) + 1);
  try {
    svc = await startService(nats.url, nats.credentialsDir, keysFile, dir);
    bus = await nats.connect('admin', { name: 'hostile-bench', watchAdvisories: false });
    const dlq = bus.nc.subscribe('medagent_dlq.>', { callback: () => void report.surfaces.bus_publish.dead_lettered++ });
    const r: Rand = rng(o.seed);
    // Decide every case up front from the seed, so concurrency cannot change what is sent.
    type Case = { bus: ReturnType<typeof busCase>; publish: boolean } | { http: HttpCase };
    const plan: Case[] = Array.from({ length: o.cases }, (): Case => (r() < (o.busShare ?? 0.25) ? { bus: busCase(r), publish: r() < 0.04 } : { http: httpCase(r, API_KEY) }));
    const port = svc.port;
    const exited = svc.exited;
    const conn = bus;
    const alive = async () => {
      report.liveness.probes++;
      const ok = !exited() && (await probe(port));
      if (!ok) report.liveness.failed++;
      return ok;
    };
    let next = 0;
    let dead = false;
    const worker = async () => {
      while (!dead) {
        const i = next++;
        const c = plan[i];
        if (!c) return;
        if (i > 0 && i % 500 === 0) {
          if (!(await alive())) dead = true;
          log(`hostile: ${i}/${o.cases} cases, ${report.http_5xx} 5xx`);
        }
        if ('bus' in c) {
          const b = c.bus;
          report.surfaces.bus_decoder.cases++;
          try {
            decodeEvent(JSON.parse(b.text));
            report.surfaces.bus_decoder.accepted++;
          } catch (e) {
            if (e instanceof SyntaxError) count('decode JSON_INVALID');
            else if (e instanceof MedagentError) count(`decode ${e.code}`);
            else {
              report.surfaces.bus_decoder.uncaught++;
              finding(`decode uncaught ${e instanceof Error ? e.message.slice(0, 80) : ''}`, b.text);
              count(`decode uncaught:${e instanceof Error ? e.name : typeof e}`);
            }
            report.surfaces.bus_decoder.rejected++;
          }
          if (c.publish) {
            conn.nc.publish(b.subject, new TextEncoder().encode(b.text));
            report.surfaces.bus_publish.published++;
          }
          continue;
        }
        const h = c.http;
        const res = await send(port, h.raw);
        const s = report.surfaces[h.surface];
        s.cases++;
        s.statuses[String(res.status)] = (s.statuses[String(res.status)] ?? 0) + 1;
        if (typeof res.status === 'number' && res.status >= 500) {
          report.http_5xx++;
          finding(`${res.status}`, h.raw.toString('latin1'));
        }
        if (res.status === 'closed' || res.status === 'timeout') finding(`${h.surface} ${res.status}`, h.raw.toString('latin1'));
        if (typeof res.status === 'number' && res.status >= 400) {
          const code = codeOf(res.body, res.head);
          if (!code) {
            report.uncoded_rejections++;
            finding(`${res.status} uncoded`, `${h.raw.toString('latin1').slice(0, 200)} => ${res.body.slice(0, 100)}`);
          }
          count(`${res.status} ${code ?? 'UNCODED'}`);
        } else if (res.status === 'timeout') count('no answer (timeout)');
      }
    };
    await Promise.all(Array.from({ length: o.concurrency ?? 8 }, worker));
    await bus.nc.flush();
    // Give the services a moment to dead-letter what was published, then check they live.
    const until = Date.now() + 10_000;
    while (report.surfaces.bus_publish.dead_lettered < report.surfaces.bus_publish.published && Date.now() < until) await new Promise((res) => setTimeout(res, 200));
    dlq.unsubscribe();
    if (!(await alive()) || dead) report.crashes = 1;
  } finally {
    await bus?.close().catch(() => undefined);
    if (svc && !svc.exited()) {
      const child = svc.child;
      const gone = new Promise((res) => child.once('exit', res));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((res) => setTimeout(res, 10_000))]);
      if (!svc.exited()) svc.child.kill('SIGKILL');
    }
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  report.duration_ms = Date.now() - started;
  return report;
}
