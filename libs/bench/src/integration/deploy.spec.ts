/**
 * deploy/ must agree with the code. Static checks over docker-compose.yml, deploy/k8s/*.yaml,
 * deploy/nats/*.conf, the authorization `medagent secrets init` generates and the Dockerfile
 * (nothing of it can run on this machine), plus one live check that CAN run here: the five
 * real services, each on its own generated nkey identity, answer a request end to end on a
 * real nats-server, and the CLI does too as `ingress` and `ops`.
 */
import { RUNTIME_ENV, loadRuntimeConfig, MedagentClient, REQUEST_BUCKET, startService, connectInfra, type Infra, BUS_IDENTITIES, IDENTITY_PRODUCERS, secretsInit } from '@medagent/runtime';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import {
  EVENT_TYPES,
  SERVICE_IDS,
  WORKER_ROLES,
  parseSubject,
  subjectFor,
  type EventType,
  type ServiceId,
  type WorkerRole,
} from '@medagent/contracts';
import { COORDINATOR_ENV_VARS, RESULT_SCAN_READER, loadCoordinatorConfig } from '@medagent/coordinator-core';
import { approvalReaderFor } from '@medagent/worker-core';
import { AUDIT_READER, DEFAULT_TOPOLOGY, JetStreamBus, inboxPrefixFor, type TrustFile } from '@medagent/bus';
import { InMemoryMemoryStore } from '@medagent/memory';
import { startSecureNats, type SecureNats } from '../harness/secure-nats';

// `yaml` is already in node_modules (a dependency of the Nx tooling); parse only.
const YAML = require('yaml') as {
  parse(src: string, opts?: { merge?: boolean }): unknown;
  parseAllDocuments(src: string, opts?: { merge?: boolean }): Array<{ errors: unknown[]; toJSON(): unknown }>;
};

const ROOT = resolve(__dirname, '../../../..');
const read = (p: string): string => readFileSync(join(ROOT, p), 'utf8');

/* ------------------------------------------------------------------ NATS config (subset) */

type ConfValue = string | ConfValue[] | { [k: string]: ConfValue };

/**
 * The subset of the nats-server config syntax our files use: maps with `=`/`:`/no separator,
 * lists, quoted strings, bare words and $VARIABLE references (kept as text), `#` comments,
 * `include <file>` (skipped).
 */
function parseNatsConf(text: string): Record<string, ConfValue> {
  const tokens: string[] = [];
  const re = /\s+|#[^\n]*|\/\/[^\n]*|"([^"]*)"|([{}[\],=:;])|([^\s{}[\],=:;#"]+)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    if (m[1] !== undefined) tokens.push(`"${m[1]}`);
    else if (m[2] !== undefined) tokens.push(m[2]);
    else if (m[3] !== undefined) tokens.push(m[3]);
  }
  if (re.lastIndex < text.length)
    throw new Error(`cannot tokenise at ${text.slice(re.lastIndex, re.lastIndex + 40)}`);
  let i = 0;
  const word = (t: string): string => (t.startsWith('"') ? t.slice(1) : t);
  const value = (): ConfValue => {
    const t = tokens[i++];
    if (t === '{') return map('}');
    if (t === '[') {
      const out: ConfValue[] = [];
      while (tokens[i] !== ']') {
        if (tokens[i] === ',') i++;
        else out.push(value());
      }
      i++;
      return out;
    }
    if (t === undefined) throw new Error('unexpected end of config');
    return word(t);
  };
  const map = (end: string | undefined): Record<string, ConfValue> => {
    const out: Record<string, ConfValue> = {};
    while (i < tokens.length && tokens[i] !== end) {
      const k = tokens[i++] as string;
      if (k === ',' || k === ';') continue;
      if (k === 'include') {
        i++;
        continue;
      }
      if (tokens[i] === '=' || tokens[i] === ':') i++;
      out[word(k)] = value();
    }
    i++;
    return out;
  };
  return map(undefined);
}

interface Perms {
  pubAllow: string[];
  pubDeny: string[];
  subAllow: string[];
  subDeny: string[];
}

const list = (v: ConfValue | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? (v as string[]) : [v as string];
function toPerms(v: ConfValue): Perms {
  const p = v as Record<string, Record<string, ConfValue>>;
  return {
    pubAllow: list(p['publish']?.['allow']),
    pubDeny: list(p['publish']?.['deny']),
    subAllow: list(p['subscribe']?.['allow']),
    subDeny: list(p['subscribe']?.['deny']),
  };
}

/** NATS subject matching: `*` one token, `>` one or more trailing tokens. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let k = 0; k < p.length; k++) {
    if (p[k] === '>') return s.length > k;
    if (k >= s.length) return false;
    if (p[k] !== '*' && p[k] !== s[k]) return false;
  }
  return p.length === s.length;
}
const mayPublish = (p: Perms, subject: string): boolean =>
  p.pubAllow.some((a) => matches(a, subject)) && !p.pubDeny.some((d) => matches(d, subject));
const maySubscribe = (p: Perms, subject: string): boolean =>
  p.subAllow.some((a) => matches(a, subject)) && !p.subDeny.some((d) => matches(d, subject));

const permissionsConf = parseNatsConf(read('deploy/nats/permissions.conf'));
// The production users file is generated (`medagent secrets init`): check what it writes.
const GENERATED = mkdtempSync(join(tmpdir(), 'medagent-deploy-spec-'));
secretsInit({ out: GENERATED });
const readGenerated = (f: string): string => readFileSync(join(GENERATED, f), 'utf8');
const TRUST = JSON.parse(readGenerated('trust.json')) as TrustFile;
const identityOfKey = (key: string): string =>
  Object.entries(TRUST.identities).find(([, t]) => t.public_keys.includes(key))?.[0] ?? `unknown:${key}`;
const usersConf = parseNatsConf(readGenerated('users.conf'));
const usersTestConf = parseNatsConf(read('deploy/nats/users.test.conf'));

interface NatsUser {
  user: string;
  password?: string;
  nkey?: string;
  permissions: string;
}
function accountUsers(conf: Record<string, ConfValue>): { account: string; users: NatsUser[] } {
  const accounts = conf['accounts'] as Record<string, Record<string, ConfValue>>;
  const names = Object.keys(accounts);
  expect(names).toHaveLength(1);
  const account = names[0] as string;
  return { account, users: accounts[account]?.['users'] as unknown as NatsUser[] };
}
const PROD = ((a) => ({ ...a, users: a.users.map((u) => ({ ...u, user: identityOfKey(u.nkey ?? '') })) }))(accountUsers(usersConf));
const TEST = accountUsers(usersTestConf);
const NATS_USERS = PROD.users.map((u) => u.user);
const PERMS = new Map<string, Perms>(
  PROD.users.map((u) => {
    const ref = u.permissions.replace(/^\$/, '');
    const block = permissionsConf[ref];
    if (!block) throw new Error(`users.conf: ${u.user} references unknown ${u.permissions}`);
    return [u.user, toPerms(block)];
  }),
);
const perms = (user: string): Perms => {
  const p = PERMS.get(user);
  if (!p) throw new Error(`no NATS user ${user}`);
  return p;
};

/* ------------------------------------------------------------------ durables in the code */

interface Durable {
  durable: string;
  filter: string;
  owner: ServiceId;
}
function codeDurables(): Durable[] {
  const out: Durable[] = [];
  const coord = read('libs/coordinator-core/src/coordinator.controller.ts');
  for (const m of coord.matchAll(/@EventPattern\('([^']+)',\s*c\('([a-z_]+)'(?:,\s*[A-Z_]+)?\)\)/g))
    out.push({ filter: m[1] as string, durable: m[2] as string, owner: 'coordinator' });
  const lead = read('libs/lead-core/src/lead.controller.ts');
  for (const m of lead.matchAll(/@EventPattern\('([^']+)',\s*consumer\('([a-z_]+)'\)\)/g))
    out.push({ filter: m[1] as string, durable: m[2] as string, owner: 'lead' });
  const worker = read('libs/worker-core/src/worker.module.ts');
  expect(worker).toContain("@EventPattern(subjectFor('task.assigned', opts.role)");
  expect(worker).toContain('durable: `worker_${opts.role}`');
  for (const role of WORKER_ROLES)
    out.push({
      filter: subjectFor('task.assigned', role),
      durable: `worker_${role}`,
      owner: `worker-${role}`,
    });
  return out;
}
const DURABLES = codeDurables();

/* ------------------------------------------------------------------ environment variables */

const COORDINATOR_ONLY = new Set(COORDINATOR_ENV_VARS);
const RUNTIME_VARS = new Set(Object.keys(RUNTIME_ENV));
/** Standard OpenTelemetry SDK variables (read by the SDK/exporter, not by our config). */
const STANDARD_OTEL = new Set([
  'OTEL_SERVICE_NAME',
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TIMEOUT',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_PROPAGATORS',
  'OTEL_LOG_LEVEL',
  'OTEL_SDK_DISABLED',
]);
/** Not read by medagent: NODE_OPTIONS (Node itself). */
const NON_RUNTIME = new Set(['NODE_OPTIONS']);

/** Why a variable set on a medagent service container is not acceptable, or undefined. */
function envProblem(name: string, service: ServiceId): string | undefined {
  if (COORDINATOR_ONLY.has(name))
    return service === 'coordinator' ? undefined : `${name} is coordinator configuration`;
  if (RUNTIME_VARS.has(name) || STANDARD_OTEL.has(name) || NON_RUNTIME.has(name)) return undefined;
  return `${name} is read by nothing (not in RUNTIME_ENV, COORDINATOR_ENV_VARS or the standard OTEL_* set)`;
}

/** Credentials inside a URL (none may remain: identities are nkeys). */
const urlHasCredentials = (url: string): boolean => /^nats:\/\/[^/]*@/.test(url);

/* ------------------------------------------------------------------ files */

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string | number> | string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, unknown>;
  volumes?: string[];
}
const compose = YAML.parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const envOf = (s: ComposeService): Record<string, string> => {
  const e = s.environment ?? {};
  if (Array.isArray(e))
    return Object.fromEntries(e.map((x) => [x.split('=')[0], x.split('=').slice(1).join('=')]));
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, String(v)]));
};
const INFRA_SERVICES = ['nats', 'redis', 'elasticsearch', 'otel-collector', 'jaeger'];

interface K8sDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
    resourceFieldRef?: { resource: string; divisor?: string };
  };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name: string; containerPort: number }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
}
const K8S_DIR = 'deploy/k8s';
const k8sFiles = readdirSync(join(ROOT, K8S_DIR)).filter((f) => f.endsWith('.yaml'));
const k8sDocs: Array<K8sDoc & { file: string }> = k8sFiles.flatMap((file) =>
  YAML.parseAllDocuments(read(`${K8S_DIR}/${file}`)).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${String(d.errors[0])}`);
    return { ...(d.toJSON() as K8sDoc), file };
  }),
);
const ofKind = (kind: string) => k8sDocs.filter((d) => d.kind === kind);
const containerOf = (d: K8sDoc): Container =>
  (d.spec?.['template'] as { spec: { containers: Container[] } }).spec.containers[0] as Container;

/* ================================================================== static checks */

describe('deploy/nats: users and permissions', () => {
  it('one nkey user per bus identity (services, ingress, ops, admin), the same permissions as users.test.conf, one account with JetStream', () => {
    expect(NATS_USERS.sort()).toEqual([...BUS_IDENTITIES].sort());
    expect([...BUS_IDENTITIES].sort()).toEqual([...SERVICE_IDS, 'ingress', 'ops', 'admin'].sort());
    expect(TEST.users.map((u) => [u.user, u.permissions])).toEqual(
      PROD.users.map((u) => [u.user, u.permissions]),
    );
    expect(TEST.account).toBe(PROD.account);
    const acc = (usersConf['accounts'] as Record<string, Record<string, ConfValue>>)[PROD.account];
    expect(acc?.['jetstream']).toBe('enabled');
    // No password in production: each user is its public key, the seed never leaves its owner.
    for (const u of PROD.users) expect([u.user, u.password, u.nkey]).toEqual([u.user, undefined, TRUST.identities[u.user]?.public_keys[0]]);
    for (const u of TEST.users) expect(u.password).not.toMatch(/^\$/);
    // Who may sign for which producer (admin and ops sign nothing: they can only replay or read).
    for (const id of BUS_IDENTITIES) expect(TRUST.identities[id]?.producers).toEqual(IDENTITY_PRODUCERS[id]);
    expect(IDENTITY_PRODUCERS.admin).toEqual([]);
    expect(readGenerated('permissions.conf')).toBe(read('deploy/nats/permissions.conf'));
    expect(readGenerated('nats-server.conf')).toBe(read('deploy/nats/nats-server.conf'));
    // Every permission block is used (nats-server rejects an unused variable) and no user shares one.
    expect(Object.keys(permissionsConf).sort()).toEqual(PROD.users.map((u) => u.permissions.slice(1)).sort());
    expect(read('deploy/nats/nats-server.conf')).toMatch(/^include \.\/users\.conf$/m);
    expect(read('deploy/nats/nats-server.conf')).toMatch(/^jetstream \{/m);
    expect(readGenerated('users.conf')).toMatch(/^include \.\/permissions\.conf$/m);
    expect(read('deploy/nats/users.test.conf')).toMatch(/^include \.\/permissions\.conf$/m);
  });

  it('every subject parses: known prefixes, whole-token wildcards, medagent subjects per the contract, known streams and durables', () => {
    const streams = new Set([
      DEFAULT_TOPOLOGY.stream,
      DEFAULT_TOPOLOGY.dlqStream,
      DEFAULT_TOPOLOGY.advisoryStream,
      `KV_${REQUEST_BUCKET}`,
      `OBJ_${DEFAULT_TOPOLOGY.payloadBucket}`,
    ]);
    // Plus the named readers, each deleted after use: the coordinator's start-up scan of its
    // results, ops's audit read and each worker's read of approval decisions it missed.
    const durables = new Set([
      ...DURABLES.map((d) => d.durable),
      DEFAULT_TOPOLOGY.advisoryConsumer,
      RESULT_SCAN_READER,
      AUDIT_READER,
      ...WORKER_ROLES.map(approvalReaderFor),
    ]);
    const problems: string[] = [];
    for (const [user, p] of PERMS) {
      if (!p.subAllow.includes(`${inboxPrefixFor(user)}.>`)) problems.push(`${user}: cannot read its own inbox ${inboxPrefixFor(user)}.>`);
      for (const s of [...p.pubAllow, ...p.pubDeny, ...p.subAllow, ...p.subDeny]) {
        const t = s.split('.');
        const bad = (why: string) => problems.push(`${user}: ${s}: ${why}`);
        if (t.some((x) => x === '' || (x !== '*' && x !== '>' && /[*>]/.test(x))))
          bad('wildcards must be whole tokens');
        if (t.slice(0, -1).includes('>')) bad('> must be last');
        if (t[0] === 'medagent') {
          const lit = (x: string | undefined): x is string => x !== undefined && x !== '*' && x !== '>';
          if (t.length > 4 || (t.length < 4 && t[t.length - 1] !== '>'))
            bad('not a medagent.<event>.<role> subject');
          if (lit(t[1]) && lit(t[2]) && !(EVENT_TYPES as readonly string[]).includes(`${t[1]}.${t[2]}`))
            bad('unknown event type');
          if (lit(t[3]) && !([...WORKER_ROLES, ...SERVICE_IDS, 'ingress'] as string[]).includes(t[3]))
            bad('unknown role');
          if (t.length === 4 && t.every(lit)) {
            try {
              parseSubject(s);
            } catch {
              bad('not a medagent.<event>.<role> subject');
            }
          }
        } else if (t[0] === 'medagent_dlq') {
          // dead letters: medagent_dlq.<original subject>
        } else if (s.startsWith('$JS.API.')) {
          const m = /^\$JS\.API\.(STREAM|CONSUMER|DIRECT)\.(?:MSG\.)?([A-Z]+)\.([^.]+)(?:\.([^.]+))?/.exec(s);
          if (m && !['*', '>'].includes(m[3] as string) && !streams.has(m[3] as string))
            bad(`unknown stream ${m[3]}`);
          const c = /^\$JS\.API\.CONSUMER\.(?:INFO|CREATE|DELETE|MSG\.NEXT)\.([^.]+)\.([^.]+)/.exec(s);
          if (
            c &&
            ['MEDAGENT', 'MEDAGENT_ADVISORIES'].includes(c[1] as string) &&
            !['*', '>'].includes(c[2] as string) &&
            !durables.has(c[2] as string)
          )
            bad(`unknown durable ${c[2]}`);
        } else if (s.startsWith('$JS.ACK.')) {
          const [, , stream, durable] = t;
          if (!streams.has(stream as string) && stream !== '*') bad(`unknown stream ${stream}`);
          if (durable && !['*', '>'].includes(durable) && !durables.has(durable))
            bad(`unknown durable ${durable}`);
        } else if (
          s.startsWith(`$KV.${REQUEST_BUCKET}.`) ||
          s === '$KV.>' ||
          s.startsWith(`$O.${DEFAULT_TOPOLOGY.payloadBucket}.`) ||
          s === '$O.>'
        ) {
          // the request KV bucket / the payload object store
        } else if (t[0]?.startsWith('_INBOX')) {
          // Replies: each user reads its own inbox only, the prefix its clients connect with.
          if (s !== `${inboxPrefixFor(user)}.>` || !p.subAllow.includes(s)) bad(`not ${user}'s own inbox (${inboxPrefixFor(user)}.>)`);
        } else if (!/^(\$JS\.API\.INFO|\$JS\.API\.STREAM\.(NAMES|LIST)|\$JS\.EVENT\.>|\$JS\.FC\.>)$/.test(s)) {
          bad('unexpected subject namespace');
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the publish matrix over every event subject follows the contract (who may emit what)', () => {
    const roles = [...WORKER_ROLES, ...SERVICE_IDS, 'ingress'] as const;
    const expected = (type: EventType, role: string): string[] => {
      const worker = (WORKER_ROLES as readonly string[]).includes(role) ? `worker-${role}` : undefined;
      switch (type) {
        case 'request.submitted':
          return role === 'ingress' ? ['coordinator', 'ingress'] : [];
        case 'plan.requested':
        case 'synthesis.requested':
        case 'request.completed':
        case 'request.failed':
          return role === 'coordinator' ? ['coordinator'] : [];
        case 'plan.produced':
        case 'synthesis.produced':
          return role === 'lead' ? ['lead'] : [];
        case 'task.assigned':
          return worker ? ['coordinator'] : [];
        case 'approval.resolved':
          return worker ? ['coordinator', 'ingress'] : [];
        default: // task.started/completed/failed/refused, artifact.produced, approval.requested
          return worker ? [worker] : [];
      }
    };
    const diff: string[] = [];
    for (const type of EVENT_TYPES) {
      for (const role of roles) {
        const subject = subjectFor(type, role as never);
        // admin may put any stored event back (dlq redrive) but signs nothing: checked below.
        const got = NATS_USERS.filter((u) => u !== 'admin' && mayPublish(perms(u), subject)).sort();
        const want = expected(type, role).sort();
        if (got.join() !== want.join())
          diff.push(`${subject}: ${got.join(',') || 'nobody'} (expected ${want.join(',') || 'nobody'})`);
      }
    }
    expect(diff).toEqual([]);
    expect(mayPublish(perms('admin'), 'medagent.synthesis.produced.lead')).toBe(true);
    for (const s of [`$KV.${REQUEST_BUCKET}.req.x`, 'medagent_dlq.medagent.task.assigned.triage', '$JS.API.CONSUMER.CREATE.MEDAGENT.worker_triage.medagent.task.assigned.triage', '$JS.ACK.MEDAGENT.worker_triage.1.2.3.4.5', '$JS.API.STREAM.PURGE.MEDAGENT_DLQ'])
      expect([s, mayPublish(perms('admin'), s)]).toEqual([s, false]);
    expect(maySubscribe(perms('admin'), 'medagent.>')).toBe(false);
    // The hard rules, spelled out.
    for (const r of WORKER_ROLES) {
      const p = perms(`worker-${r}`);
      for (const other of WORKER_ROLES) {
        expect(mayPublish(p, `medagent.task.assigned.${other}`)).toBe(false);
        expect(mayPublish(p, `medagent.artifact.produced.${other}`)).toBe(other === r);
      }
      expect(maySubscribe(p, `medagent.approval.resolved.${r}`)).toBe(true);
      expect(maySubscribe(p, 'medagent.task.assigned.triage')).toBe(false);
    }
    expect(maySubscribe(perms('ingress'), 'medagent.request.completed.coordinator')).toBe(true);
    expect(maySubscribe(perms('ingress'), 'medagent.request.failed.coordinator')).toBe(true);
    expect(maySubscribe(perms('ingress'), 'medagent.task.assigned.triage')).toBe(false);
    expect(perms('ingress').pubAllow.some((s) => s.startsWith('$JS.'))).toBe(false);
    expect(
      perms('ops').pubAllow.some(
        (s) => s.startsWith('medagent') || s.startsWith('$KV') || s.startsWith('$O'),
      ),
    ).toBe(false);
    // Request state: only the coordinator writes the KV bucket.
    expect(NATS_USERS.filter((u) => mayPublish(perms(u), `$KV.${REQUEST_BUCKET}.req.x`))).toEqual([
      'coordinator',
    ]);
    expect(
      NATS_USERS.filter((u) =>
        mayPublish(perms(u), `$JS.API.DIRECT.GET.KV_${REQUEST_BUCKET}.$KV.${REQUEST_BUCKET}.req.x`),
      ).sort(),
    ).toEqual(['coordinator', 'ops']);
  });

  it('each durable in the code is creatable only by its owner and only with its own filter; acks and pulls likewise', () => {
    expect(DURABLES.length).toBeGreaterThanOrEqual(13); // the parser found them all: coordinator 8, lead 2, one per worker
    for (const d of DURABLES) {
      const create = `$JS.API.CONSUMER.CREATE.MEDAGENT.${d.durable}.${d.filter}`;
      const next = `$JS.API.CONSUMER.MSG.NEXT.MEDAGENT.${d.durable}`;
      const ack = `$JS.ACK.MEDAGENT.${d.durable}.1.2.3.4.5`;
      for (const u of NATS_USERS) {
        const owner = u === d.owner;
        expect([u, create, mayPublish(perms(u), create)]).toEqual([u, create, owner]);
        expect([u, next, mayPublish(perms(u), next)]).toEqual([u, next, owner]);
        expect([u, ack, mayPublish(perms(u), ack)]).toEqual([u, ack, owner]);
      }
      expect(mayPublish(perms(d.owner), `$JS.API.CONSUMER.CREATE.MEDAGENT.${d.durable}.medagent.>`)).toBe(
        false,
      );
    }
  });
});

describe('docker-compose.yml', () => {
  const services = compose.services;
  const medagent = Object.entries(services).filter(
    ([n, s]) => n !== 'secrets-init' && (s.build !== undefined || s.image?.startsWith('medagent')),
  );

  it('runs the infrastructure and exactly the five services, each `serve <itself>` from the one image', () => {
    expect(Object.keys(services).sort()).toEqual([...INFRA_SERVICES, 'secrets-init', ...SERVICE_IDS].sort());
    expect(medagent.map(([n]) => n).sort()).toEqual([...SERVICE_IDS].sort());
    for (const [name, s] of medagent) {
      expect(s.build).toEqual({ context: '.', dockerfile: 'deploy/docker/Dockerfile' });
      expect(s.command).toEqual(['serve', name]);
      expect(Object.keys(s.depends_on ?? {})).toEqual(
        expect.arrayContaining(['nats', 'redis', 'elasticsearch', 'secrets-init']),
      );
      expect(s.volumes).toContain('medagent-secrets:/secrets:ro');
    }
    // Generated secrets, never defaults: a one-shot `secrets init` fills the volume NATS and the services read.
    const init = services['secrets-init'] as ComposeService;
    expect(init.command).toEqual(['secrets', 'init', '--out', '/secrets']);
    expect(init.volumes).toEqual(['medagent-secrets:/secrets']);
    const nats = services['nats'] as ComposeService;
    expect(nats.image).toMatch(/^nats:2\.(1\d|[2-9]\d)/);
    expect(nats.command).toEqual(['-js', '-c', '/secrets/nats-server.conf']);
    expect(nats.volumes).toContain('medagent-secrets:/secrets:ro');
    expect(Object.keys(nats.depends_on ?? {})).toEqual(['secrets-init']);
    expect(nats.environment).toBeUndefined();
    expect(read('docker-compose.yml')).not.toMatch(/dev-|PASSWORD/);
    expect(services['redis']?.image).toMatch(/^redis:7/);
    expect(services['elasticsearch']?.image).toMatch(/elasticsearch:8\./);
    expect(envOf(services['elasticsearch'] as ComposeService)['xpack.security.enabled']).toBe('false');
    expect(services['otel-collector']?.image).toMatch(/^otel\/opentelemetry-collector-contrib:/);
    expect(services['otel-collector']?.volumes).toContain(
      './deploy/otel/collector.yaml:/etc/otelcol-contrib/config.yaml:ro',
    );
    expect(envOf(services['jaeger'] as ComposeService)['COLLECTOR_OTLP_ENABLED']).toBe('true');
    expect(read('deploy/otel/collector.yaml')).toMatch(/endpoint: jaeger:4317/);
  });

  it('sets only variables the runtime reads, its own nkey identity, and probes the port it configures', () => {
    const problems: string[] = [];
    for (const [name, s] of medagent) {
      const env = envOf(s);
      for (const k of Object.keys(env)) {
        const why = envProblem(k, name as ServiceId);
        if (why) problems.push(`${name}: ${why}`);
      }
      expect([name, env['NATS_URL']]).toEqual([name, 'nats://nats:4222']);
      expect([name, env['MEDAGENT_NATS_SEED_FILE'], env['MEDAGENT_NATS_TRUST_FILE']]).toEqual([name, `/secrets/${name}.nk`, '/secrets/trust.json']);
      expect(env['OTEL_SERVICE_NAME']).toBe(name);
      expect(env['OTEL_TRACES_EXPORTER']).toBe('otlp');
      expect(env['OTEL_EXPORTER_OTLP_ENDPOINT']).toMatch(/^http:\/\/otel-collector:431[78]$/);
      expect(env['REDIS_URL']).toMatch(/^redis:\/\/redis:6379/);
      expect(env['ELASTICSEARCH_URL']).toMatch(/^http:\/\/elasticsearch:9200/);
      const probe = (s.healthcheck?.test ?? []).join(' ');
      const port = name === 'coordinator' ? env['MEDAGENT_HTTP_PORT'] : env['MEDAGENT_HEALTH_PORT'];
      expect(port).toMatch(/^\d+$/);
      expect(probe).toContain(`http://127.0.0.1:${port}/${name === 'coordinator' ? 'readyz' : 'healthz'}`);
    }
    expect(problems).toEqual([]);
  });

  it('the Dockerfile builds one image: node:20-bookworm-slim, npm ci, npm run build, `node bin/medagent.js`', () => {
    const df = read('deploy/docker/Dockerfile');
    expect(df).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(df).toMatch(/^RUN npm ci\b/m);
    expect(df).toMatch(/^RUN npm run build$/m);
    expect(df).toMatch(/^ENTRYPOINT \["node", "bin\/medagent\.js"\]$/m);
  });
});

describe('deploy/k8s', () => {
  const deployments = ofKind('Deployment');
  const secret = ofKind('Secret')[0];
  const configMap = ofKind('ConfigMap').find((c) => c.metadata.name === 'medagent-config');

  it('every document parses; one namespace; Deployments are exactly the five services, each `serve <itself>`', () => {
    expect(
      k8sDocs
        .filter(
          (d) => d.kind !== 'Kustomization' && d.kind !== 'Namespace' && d.metadata.namespace !== 'medagent',
        )
        .map((d) => d.file),
    ).toEqual([]);
    expect(ofKind('Namespace').map((d) => d.metadata.name)).toEqual(['medagent']);
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICE_IDS].sort());
    for (const d of deployments) expect(containerOf(d).args).toEqual(['serve', d.metadata.name]);
    const kustomization = YAML.parse(read(`${K8S_DIR}/kustomization.yaml`)) as { resources: string[] };
    expect(kustomization.resources.sort()).toEqual(
      k8sFiles.filter((f) => f !== 'kustomization.yaml' && f !== 'secret.template.yaml').sort(),
    );
  });

  it('containers: known variables only, own nkey seed (mounted alone) and trust map, probes on the configured port, requests and limits', () => {
    const problems: string[] = [];
    for (const [k] of Object.entries(configMap?.data ?? {})) {
      if (COORDINATOR_ONLY.has(k)) problems.push(`ConfigMap: ${k} is coordinator-only`);
      else if (!RUNTIME_VARS.has(k) && !STANDARD_OTEL.has(k))
        problems.push(`ConfigMap: ${k} is read by nothing`);
    }
    const secretKeys = new Set(Object.keys(secret?.stringData ?? {}));
    for (const d of deployments) {
      const name = d.metadata.name as ServiceId;
      const c = containerOf(d);
      const env = new Map((c.env ?? []).map((e) => [e.name, e]));
      for (const k of env.keys()) {
        const why = envProblem(k, name);
        if (why) problems.push(`${name}: ${why}`);
      }
      for (const e of env.values()) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && (ref.name !== secret?.metadata.name || !secretKeys.has(ref.key)))
          problems.push(`${name}: unknown secret ${ref.name}/${ref.key}`);
      }
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'medagent-config' } }]);
      expect(urlHasCredentials(env.get('NATS_URL')?.value ?? '')).toBe(false);
      expect(env.get('MEDAGENT_NATS_SEED_FILE')?.value).toBe(`/etc/medagent/nats/${name}.nk`);
      expect(env.get('MEDAGENT_NATS_TRUST_FILE')?.value).toBe('/etc/medagent/nats/trust.json');
      // The pod mounts its own seed and the trust map from the generated Secret, nothing else of it.
      const podSpec = (d.spec?.['template'] as { spec: { volumes: Array<{ name: string; secret?: { secretName: string; items: Array<{ key: string; path: string }> } }> } }).spec;
      const creds = podSpec.volumes.find((v) => v.name === 'nats-credentials');
      expect(creds?.secret?.secretName).toBe('medagent-nats-credentials');
      expect(creds?.secret?.items.map((i) => i.key).sort()).toEqual([`${name}.nk`, 'trust.json'].sort());
      expect((c as { volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }> }).volumeMounts).toContainEqual({ name: 'nats-credentials', mountPath: '/etc/medagent/nats', readOnly: true });
      expect(env.get('OTEL_SERVICE_NAME')?.value).toBe(name);
      const portVar = name === 'coordinator' ? 'MEDAGENT_HTTP_PORT' : 'MEDAGENT_HEALTH_PORT';
      const port = c.ports?.[0];
      expect(String(port?.containerPort)).toBe(env.get(portVar)?.value);
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: port?.name });
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: port?.name });
      expect(Object.keys(c.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
    }
    expect(problems).toEqual([]);
    // No NATS password anywhere: the Secret template holds the model key only; NATS reads the generated users.conf.
    expect([...secretKeys]).toEqual(['openai-api-key']);
    for (const f of k8sFiles) expect([f, /PASSWORD|dev-|CHANGE_ME/.test(read(`${K8S_DIR}/${f}`))]).toEqual([f, false]);
    const natsContainer = containerOf(ofKind('StatefulSet').find((s) => s.metadata.name === 'nats') as K8sDoc);
    expect((natsContainer.env ?? []).map((e) => e.name)).toEqual(['GOMAXPROCS']);
    // The broker's Go runtime sizes itself to its CPU limit, not to the node's cores.
    const procs = (natsContainer.env ?? []).find((e) => e.name === 'GOMAXPROCS');
    expect(procs?.valueFrom?.resourceFieldRef).toEqual({ resource: 'limits.cpu', divisor: '1' });
    expect(natsContainer.resources?.limits?.['cpu']).toBeDefined();
  });

  it('the coordinator has a Service (and Ingress) on its HTTP port', () => {
    const svc = ofKind('Service').find((s) => s.metadata.name === 'coordinator');
    expect((svc?.spec?.['ports'] as Array<{ targetPort: string }>)[0]?.targetPort).toBe('http');
    const ing = ofKind('Ingress').find((s) => s.metadata.name === 'coordinator');
    expect(JSON.stringify(ing?.spec)).toContain('"name":"coordinator"');
  });

  it('KEDA ScaledObjects: one per worker and one for the lead, on existing Deployments and the durables the code uses', () => {
    const scaled = ofKind('ScaledObject');
    expect(scaled.map((s) => s.metadata.name).sort()).toEqual(
      ['lead', ...WORKER_ROLES.map((r) => `worker-${r}`)].sort(),
    );
    const deploymentNames = new Set(deployments.map((d) => d.metadata.name));
    const natsService = ofKind('Service').find((s) => s.metadata.name === 'nats');
    expect((natsService?.spec?.['ports'] as Array<{ port: number }>).map((p) => p.port)).toContain(8222);
    for (const s of scaled) {
      const spec = s.spec as {
        scaleTargetRef: { name: string; kind?: string };
        minReplicaCount: number;
        triggers: Array<{ type: string; metadata: Record<string, string> }>;
      };
      expect(deploymentNames.has(spec.scaleTargetRef.name)).toBe(true);
      expect(spec.scaleTargetRef.kind ?? 'Deployment').toBe('Deployment');
      expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      const owned = DURABLES.filter((d) => d.owner === spec.scaleTargetRef.name)
        .map((d) => d.durable)
        .sort();
      expect(spec.triggers.map((t) => t.metadata['consumer']).sort()).toEqual(owned);
      for (const t of spec.triggers) {
        expect(t.type).toBe('nats-jetstream');
        expect(t.metadata['stream']).toBe(DEFAULT_TOPOLOGY.stream);
        expect(t.metadata['account']).toBe(PROD.account);
        expect(t.metadata['natsServerMonitoringEndpoint']).toBe('nats.medagent.svc.cluster.local:8222');
        expect(Number(t.metadata['lagThreshold'])).toBeGreaterThan(0);
      }
    }
  });
});

/* ================================================================== live check */

describe('live: the five services under the generated nkey authorization (real nats-server)', () => {
  let server: SecureNats;
  const buses = new Map<ServiceId, JetStreamBus>();
  const apps: INestMicroservice[] = [];
  const infras: Infra[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startSecureNats();
    const runtime = loadRuntimeConfig({});
    const memory = new InMemoryMemoryStore();
    for (const name of SERVICE_IDS) {
      // The production path: one pod's own seed file and the trust map, as the manifests mount them;
      // connectInfra connects with the nkey and opens the KV for the coordinator only.
      const infra = await connectInfra(
        loadRuntimeConfig({ MEDAGENT_NATS_SEED_FILE: join(server.credentialsDir, `${name}.nk`), MEDAGENT_NATS_TRUST_FILE: join(server.credentialsDir, 'trust.json') }, { natsUrl: server.url }),
        name,
      );
      infras.push(infra);
      buses.set(name, infra.bus as JetStreamBus);
      apps.push(
        await startService(name, {
          bus: infra.bus,
          kv: infra.kv,
          memory,
          runtime,
          coordinator: loadCoordinatorConfig({}),
          logLevels: false,
        }),
      );
    }
  }, 90_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await Promise.all(infras.map((i) => i.close()));
    await server?.stop();
  });

  it('a three-task request completes end to end with every service on its own user, without a permissions violation', async () => {
    const client = new MedagentClient(buses.get('coordinator') as JetStreamBus);
    const seen = new Set<string>();
    const r = await client.ask(
      {
        message:
          '我最近餐后血糖偏高、偶尔头晕，严重吗？日常饮食和运动如何调整？请给出最新糖尿病临床指南依据。',
        user_id: 'u-deploy',
        session_id: 's1',
      },
      { onEvent: (_e, subject) => seen.add(subject), timeoutMs: 60_000 },
    );
    expect(r.status).toBe('completed');
    expect(r.record.contributions.map((c) => c.agent).sort()).toEqual(
      [...WORKER_ROLES].sort() as WorkerRole[],
    );
    for (const s of [
      'medagent.request.submitted.ingress',
      'medagent.plan.requested.coordinator',
      'medagent.plan.produced.lead',
      'medagent.task.assigned.triage',
      'medagent.artifact.produced.research',
      'medagent.synthesis.produced.lead',
      'medagent.request.completed.coordinator',
    ])
      expect([...seen]).toContain(s);
    expect(errors.filter((e) => /permission/i.test(e))).toEqual([]);
  }, 90_000);

  it('the CLI against that deployment: `ask --nats` as ingress gets the answer (no progress: not ingress’s to read); `replay` as ops reads its timeline', async () => {
    const cli = (...args: string[]): Promise<{ code: number | null; out: string; err: string }> =>
      new Promise((res, rej) => {
        const env = { ...process.env, MEDAGENT_NATS_CREDENTIALS_DIR: server.credentialsDir };
        const child = spawn(process.execPath, [join(ROOT, 'bin/medagent.js'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('error', rej);
        child.on('close', (code) => res({ code, out, err }));
      });
    const asked = await cli('ask', '--nats', server.url, '--json', '--user', 'u-cli', '--timeout-ms', '60000', '头晕两天了，需要注意什么？');
    expect(asked.err).not.toMatch(/SU[A-Z2-7]{50,}/); // no seed in any output
    expect(asked.err).toContain('progress: this NATS user may not read progress events');
    expect(asked.err).not.toContain('[nats]');
    expect(asked.code).toBe(0);
    const record = JSON.parse(asked.out) as { request_id: string; status: string; answer?: { text: string } };
    expect(record.status).toBe('completed');
    expect(record.answer?.text.length).toBeGreaterThan(0);

    const replayed = await cli('replay', record.request_id, '--json', '--nats', server.url);
    expect(replayed.err).toBe('');
    expect(replayed.code).toBe(0);
    const events = (JSON.parse(replayed.out) as { event: string }[]).map((l) => l.event);
    expect(events[0]).toBe('request.submitted');
    expect(events).toContain('request.completed');

    // Dead letters as on-call reads them (ops): the stream's count and the newest first.
    const dlq = await cli('dlq', 'list', '--json', '--nats', server.url);
    expect([dlq.code, dlq.err]).toEqual([0, '']);
    expect(JSON.parse(dlq.out)).toMatchObject({ stored: expect.any(Number), lines: expect.any(Array) });
  }, 90_000);
});
