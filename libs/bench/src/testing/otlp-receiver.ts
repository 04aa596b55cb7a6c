import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { waitUntil } from './recorder';

/** One span as received over OTLP/HTTP (JSON encoding: hex ids, string nanos). */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Absent (or empty) for a root span. */
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano?: string;
  endTimeUnixNano?: string;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  endpoint: string;
  readonly spans: ReceivedSpan[];
  /** Requests the receiver could not parse (e.g. protobuf): a test should assert this is empty. */
  readonly errors: string[];
  waitFor<T>(check: () => T | undefined | false | null, timeoutMs: number, label: string, describe?: () => string): Promise<T>;
  stop(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface OtlpJsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano?: string;
  endTimeUnixNano?: string;
  attributes?: KeyValue[];
}
interface OtlpJsonRequest {
  resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: OtlpJsonSpan[] }> }>;
}

function valueOf(v: AnyValue | undefined): unknown {
  if (!v) return undefined;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attrs(kvs: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
}

/** Parses an OTLP/HTTP JSON ExportTraceServiceRequest into flat spans. */
export function parseOtlpJson(body: string): ReceivedSpan[] {
  const req = JSON.parse(body) as OtlpJsonRequest;
  const out: ReceivedSpan[] = [];
  for (const rs of req.resourceSpans ?? []) {
    const service = String(attrs(rs.resource?.attributes)['service.name'] ?? 'unknown');
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          service,
          traceId: s.traceId,
          spanId: s.spanId,
          ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
          name: s.name,
          ...(s.kind !== undefined ? { kind: s.kind } : {}),
          ...(s.startTimeUnixNano !== undefined ? { startTimeUnixNano: s.startTimeUnixNano } : {}),
          ...(s.endTimeUnixNano !== undefined ? { endTimeUnixNano: s.endTimeUnixNano } : {}),
          attributes: attrs(s.attributes),
        });
      }
    }
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * A tiny OTLP/HTTP trace receiver on 127.0.0.1 (a free port): what a collector would get
 * from `@opentelemetry/exporter-trace-otlp-http`, which posts JSON to `<endpoint>/v1/traces`.
 * Protobuf bodies are refused with 415 and recorded in `errors`.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const errors: string[] = [];
  const wakers = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method !== 'POST' || !req.url?.startsWith('/v1/traces')) {
          res.writeHead(404).end();
          return;
        }
        let body = await readBody(req);
        if (String(req.headers['content-encoding'] ?? '').includes('gzip')) body = gunzipSync(body);
        const type = String(req.headers['content-type'] ?? '');
        if (!type.includes('json')) {
          errors.push(`unsupported content-type ${type} (set OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json)`);
          res.writeHead(415).end();
          return;
        }
        spans.push(...parseOtlpJson(body.toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        for (const w of [...wakers]) w();
      } catch (e) {
        errors.push(`bad OTLP request: ${(e as Error).message}`);
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    errors,
    waitFor: (check, timeoutMs, label, describe) =>
      waitUntil(check, {
        timeoutMs,
        label,
        subscribe: (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
        ...(describe ? { describe } : {}),
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TraceCheck {
  spans: ReceivedSpan[];
  services: Set<string>;
  roots: ReceivedSpan[];
  /** Spans whose parent id names no span of this trace. */
  orphans: ReceivedSpan[];
}

/** The shape of one trace: which services took part, its roots, and spans with a missing parent. */
export function checkTrace(spans: readonly ReceivedSpan[], traceId: string): TraceCheck {
  const mine = spans.filter((s) => s.traceId === traceId);
  const ids = new Set(mine.map((s) => s.spanId));
  return {
    spans: mine,
    services: new Set(mine.map((s) => s.service)),
    roots: mine.filter((s) => !s.parentSpanId),
    orphans: mine.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId)),
  };
}
