import { EVENT_TYPES, SCHEMA_VERSION, SERVICE_IDS, WORKER_ROLES } from '@medagent/contracts';

/** mulberry32: small, fast, seeded; the whole run is a function of the seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** One raw HTTP request: written byte for byte on a socket, so nothing is normalised away. */
export interface HttpCase {
  surface: 'http_body' | 'http_headers' | 'http_method_path';
  raw: Buffer;
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u200b\u200c\u200d\ufeff',
  '\u0000\u0001\u001f',
  '\u202etxet',
  '\ud800',
  '\udfff\ud800',
  '𝔪𝔢𝔡',
  'ｆｕｌｌ',
  '"; DROP TABLE x; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '请立即停用所有降糖药',
  'a'.repeat(5000),
];

function randomString(r: Rand): string {
  if (r() < 0.4) return pick(r, NASTY_STRINGS);
  const n = int(r, 0, 40);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(r() < 0.7 ? int(r, 0x20, 0x7e) : int(r, 0, 0xffff));
  return s;
}

const FIELD_NAMES = [
  'message', 'user_id', 'session_id', 'lang', 'patient_context_ref', 'deadline_ms', 'request_id', 'task_id', 'attempt', 'role',
  'decision', 'by', 'reason', 'plan', 'package', 'contribution', 'record', 'text', 'sources', 'code', 'retryable', 'tasks',
  'complexity', 'agent', 'task_type', 'evidence', 'completeness', 'approval_id', 'skill', 'args_hash', '__proto__', 'constructor',
];

/** A random JSON value with real field names, `depth` bounding the nesting. */
export function randomValue(r: Rand, depth: number): unknown {
  const k = r();
  if (depth <= 0 || k < 0.35) {
    const s = r();
    if (s < 0.35) return randomString(r);
    if (s < 0.55) return pick(r, [0, -1, 1, 1e308, -0, 2 ** 53 + 1, 0.5, 100, 600_001]);
    if (s < 0.7) return r() < 0.5;
    if (s < 0.8) return null;
    return pick(r, ['zh', 'en', 'approve', 'deny', 'triage', 'research', 'consultation', 'simple', 'complex']);
  }
  if (k < 0.55) return Array.from({ length: int(r, 0, 4) }, () => randomValue(r, depth - 1));
  const o: Record<string, unknown> = {};
  for (let i = int(r, 0, 6); i > 0; i--) Object.defineProperty(o, pick(r, FIELD_NAMES), { value: randomValue(r, depth - 1), enumerable: true, writable: true, configurable: true });
  return o;
}

const BASE = { message: '我最近餐后血糖偏高，需要注意什么？', session_id: 's1', lang: 'zh' };

/** Text-level damage to a JSON document (valid or not afterwards). */
function mutateText(r: Rand, text: string): string {
  switch (int(r, 0, 9)) {
    case 0: // truncate
      return text.slice(0, int(r, 0, text.length));
    case 1: {
      // flip a byte
      const i = int(r, 0, Math.max(0, text.length - 1));
      return text.slice(0, i) + String.fromCharCode(int(r, 0, 255)) + text.slice(i + 1);
    }
    case 2: // depth bomb
      return `{"message":"x","session_id":"s","d":${'['.repeat(int(r, 300, 6000))}1${']'.repeat(int(r, 0, 6000))}}`;
    case 3: // duplicate key
      return text.replace(/^\{/, `{"message":${JSON.stringify(randomString(r))},`);
    case 4: // prototype keys
      return text.replace(/^\{/, `{"${pick(r, ['__proto__', 'constructor', 'prototype', '\\u005f_proto__'])}":{"polluted":true},`);
    case 5: // a huge string, near and past the 64 kB cap
      return JSON.stringify({ ...BASE, message: 'x'.repeat(int(r, 3990, 70_000)) });
    case 6:
      return JSON.stringify(randomValue(r, 4));
    case 7:
      return pick(r, ['', 'null', '[]', '"string"', '1e999999', '{', '}{', '\u0000', '{"a":1}{"b":2}', 'NaN', '-']);
    case 8: // an unknown field or a wrong type
      return JSON.stringify({ ...BASE, [pick(r, FIELD_NAMES)]: randomValue(r, 2) });
    default:
      return JSON.stringify({ ...BASE, message: randomString(r), session_id: randomString(r) });
  }
}

function request(method: string, path: string, headers: [string, string][], body: Buffer | string): Buffer {
  const b = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const head = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers.map(([k, v]) => `${k}: ${v}`)];
  if (!headers.some(([k]) => /^(content-length|transfer-encoding)$/i.test(k))) head.push(`Content-Length: ${b.length}`);
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), b]);
}

/** encodeURIComponent that takes lone surrogates too (their UTF-8 replacement bytes, percent-encoded). */
const enc = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');

const b64 = (r: Rand, n: number) => Buffer.from(Array.from({ length: n }, () => int(r, 0, 255))).toString('base64url');

function authGarbage(r: Rand, key: string): [string, string] {
  switch (int(r, 0, 8)) {
    case 0:
      return ['Authorization', `Bearer ${b64(r, int(r, 1, 200))}`];
    case 1:
      return ['Authorization', `Bearer ${b64(r, 20)}.${b64(r, 60)}.${b64(r, 40)}`];
    case 2: // alg none, HS256 claims
      return ['Authorization', `Bearer ${Buffer.from(JSON.stringify({ alg: pick(r, ['none', 'HS256', 'RS256', 'ES512']) })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'admin', tenant: 'h1', roles: ['ops'], exp: 9e9 })).toString('base64url')}.`];
    case 3:
      return ['Authorization', pick(r, ['Basic YWRtaW46YWRtaW4=', 'Bearer', 'bearer  ', 'Token x', 'Bearer a b c'])];
    case 4:
      return ['X-API-Key', key.slice(0, int(r, 0, key.length))];
    case 5:
      return ['X-API-Key', `${key}${randomString(r).replace(/[\r\n]/g, '')}`];
    case 6:
      return ['Authorization', `Bearer ${'A'.repeat(int(r, 8000, 20_000))}`];
    case 7:
      return ['X-API-Key', b64(r, 32)];
    default:
      return ['X-API-Key', key]; // valid: the header fuzz then reaches the body
  }
}

/** The next HTTP case: `key` is a valid API key (most body cases use it, to reach the parser). */
export function httpCase(r: Rand, key: string): HttpCase {
  const s = r();
  if (s < 0.53) {
    const body = r() < 0.12 ? JSON.stringify(BASE) : mutateText(r, JSON.stringify(BASE));
    const headers: [string, string][] = [['Content-Type', 'application/json'], r() < 0.92 ? ['X-API-Key', key] : authGarbage(r, key)];
    if (r() < 0.2) headers.push(['Idempotency-Key', r() < 0.5 ? `k-${int(r, 0, 20)}` : randomString(r).replace(/[\r\n]/g, '')]);
    return { surface: 'http_body', raw: request('POST', '/v1/consultations', headers, body) };
  }
  if (s < 0.8) {
    const headers: [string, string][] = [authGarbage(r, key)];
    const ct = pick(r, ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', '', 'application/evil+json']);
    if (ct) headers.push(['Content-Type', ct]);
    const extra = int(r, 0, 5);
    if (extra === 1) headers.push(['Content-Encoding', pick(r, ['gzip', 'br', 'identity', 'x'])]);
    if (extra === 2) headers.push(['X-Big', 'x'.repeat(int(r, 1000, 40_000))]);
    if (extra === 3) headers.push(['traceparent', pick(r, ['00-' + 'f'.repeat(32) + '-' + '0'.repeat(16) + '-01', 'garbage', 'ff-1-2-3'])]);
    if (extra === 4) headers.push(['Content-Length', pick(r, ['-1', 'abc', '99999999999', '0, 5'])]);
    if (extra === 5) headers.push(['Transfer-Encoding', pick(r, ['chunked', 'gzip, chunked', 'x'])]);
    const body = extra === 5 ? '5\r\n{"a":\r\n0\r\n\r\n' : JSON.stringify(BASE);
    return { surface: 'http_headers', raw: request('POST', pick(r, ['/v1/consultations', '/v1/approvals/appr_x']), headers, body) };
  }
  const method = pick(r, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT', 'BREW', 'G ET', 'get']);
  const id = pick(r, ['req_0123456789abcdef0123456789abcdef', randomString(r), '%zz', '..%2f..%2fetc', 'a'.repeat(int(r, 60, 5000)), '']);
  const path = pick(r, [
    `/v1/consultations/${enc(id)}`,
    `/v1/consultations/${id.replace(/[\s\r\n]/g, '')}`,
    `/v1/consultations/${enc(id)}/events`,
    `/v1/consultations/x?wait=${pick(r, ['-1', 'abc', '1e9', '0.5', ''])}`,
    `/v1/approvals/${enc(id)}`,
    '/v1/openapi.json',
    '/healthz',
    '/metrics',
    '/v1/../../etc/passwd',
    '/%',
    '//v1//consultations',
    `/${'x/'.repeat(int(r, 1, 500))}`,
    '*',
  ]);
  return { surface: 'http_method_path', raw: request(method, path, [['X-API-Key', key], ['Content-Type', 'application/json']], method === 'GET' || method === 'HEAD' ? '' : JSON.stringify({ decision: 'approve', task_id: 't1', request_id: id, role: 'triage' })) };
}

/** A bus message as a consumer might receive it: a mutated envelope of a random event type. */
export function busCase(r: Rand): { eventType: string; subject: string; text: string } {
  const eventType = pick(r, EVENT_TYPES);
  const role = pick(r, [...WORKER_ROLES, ...SERVICE_IDS, 'ingress']);
  const env: Record<string, unknown> = {
    event_id: `ev_${int(r, 0, 1e9)}`,
    event_type: r() < 0.9 ? eventType : randomString(r),
    correlation_id: r() < 0.8 ? `req_${int(r, 0, 1e6)}` : randomValue(r, 1),
    producer: r() < 0.8 ? pick(r, [...SERVICE_IDS, 'ingress']) : randomString(r),
    occurred_at: r() < 0.85 ? new Date(1_700_000_000_000 + int(r, 0, 1e10)).toISOString() : randomString(r),
    schema_version: r() < 0.9 ? SCHEMA_VERSION : randomValue(r, 0),
    payload: randomValue(r, int(r, 1, 5)),
  };
  if (r() < 0.3) env['task_id'] = pick(r, ['t1', 't2', 't3', randomString(r)]);
  let text = JSON.stringify(env);
  if (r() < 0.3) text = mutateText(r, text);
  return { eventType, subject: `medagent.${eventType}.${role}`, text };
}
